//! `harness scenarios freeze|verify`: regenerate the frozen scenario files from their seeds, or recompute every
//! expected value by independent exhaustive path generation.

use crate::record::write_atomic;
use crate::scenario::families;
use crate::scenario::generate::{DEFAULT_SEED, freeze_family};
use crate::scenario::verify::verify;
use crate::scenario::{load, scenario_path};
use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `harness scenarios`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// `freeze` or `verify`.
#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Regenerate the scenario files deterministically from the master seed.
    Freeze(FreezeArgs),
    /// Recompute every frozen value by independent exhaustive path generation and compare exactly.
    Verify(CommonArgs),
}

/// Options shared by both actions.
#[derive(clap::Args, Debug)]
pub struct CommonArgs {
    /// Folder holding the scenario files.
    #[arg(long, default_value = "scenarios")]
    pub dir: PathBuf,
    /// Only these families (comma-separated): sparse, middlegame, transposition-rich, promotion-en-passant.
    #[arg(long, value_delimiter = ',')]
    pub scenario: Vec<String>,
}

/// Options of `freeze`.
#[derive(clap::Args, Debug)]
pub struct FreezeArgs {
    /// Folder and family filter.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Master seed; each family derives its own.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.action {
        Action::Freeze(a) => freeze(a),
        Action::Verify(a) => {
            for family in families(&a.scenario)? {
                let path = scenario_path(&a.dir, family);
                let start = Instant::now();
                let scn = load(&path)?;
                let report = verify(&scn, || {})?;
                println!(
                    "{}: ok ({} roots, {} successors, {} values, depth {}, {:.1} s)",
                    path.display(),
                    report.roots,
                    report.successors,
                    report.values,
                    scn.depth.layers(),
                    start.elapsed().as_secs_f64()
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn freeze(a: FreezeArgs) -> anyhow::Result<ExitCode> {
    std::fs::create_dir_all(&a.common.dir)
        .with_context(|| format!("cannot create scenario folder {}", a.common.dir.display()))?;
    println!("master seed {}", a.seed);
    let command = if a.seed == DEFAULT_SEED {
        "cargo run --release -- scenarios freeze".to_owned()
    } else {
        format!("cargo run --release -- scenarios freeze --seed {}", a.seed)
    };
    for family in families(&a.common.scenario)? {
        let start = Instant::now();
        let file = freeze_family(family, a.seed, &command);
        let path = scenario_path(&a.common.dir, family);
        write_atomic(&path, file.to_json().as_bytes())?;
        println!(
            "{}: {} roots, {} successors, depth {}, seed {} ({:.1} s)",
            path.display(),
            file.roots.len(),
            file.successor_count(),
            file.depth,
            file.header.seed,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(ExitCode::SUCCESS)
}
