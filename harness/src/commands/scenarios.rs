//! `harness scenarios freeze|verify`: regenerate the frozen scenario files from their seeds, or recompute every
//! expected value by independent exhaustive path generation.

use crate::outln;
use crate::record::write_atomic;
use crate::scenario::generate::{DEFAULT_SEED, freeze_family};
use crate::scenario::verify::verify;
use crate::scenario::{Family, load_family, scenario_path};
use crate::values::{List, list, or_all};
use std::path::PathBuf;
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
    /// Only these families (comma-separated, each once): sparse, middlegame, transposition-rich,
    /// promotion-en-passant, played, played-endgame.
    #[arg(long, value_parser = list::<Family>, default_value = Family::ALL_NAMES)]
    pub scenario: List<Family>,
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

/// The family filter lives in [`crate::scenario`], shared with the child processes.
pub use crate::scenario::families;

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.action {
        Action::Freeze(a) => freeze(a),
        Action::Verify(a) => {
            for family in or_all(&a.scenario) {
                let start = Instant::now();
                // The main job's loader and checks, then its verification: one definition of a valid file.
                let scn = load_family(&a.dir, family)?;
                let report = verify(&scn, || {})?;
                let more = outln!(
                    "{}: ok ({} roots, {} successors, {} values, depth {}, {:.1} s)",
                    scn.path.display(),
                    report.roots,
                    report.successors,
                    report.values,
                    scn.depth.layers(),
                    start.elapsed().as_secs_f64()
                );
                if !more {
                    break;
                }
            }
            Ok(())
        }
    }
}

fn freeze(a: FreezeArgs) -> anyhow::Result<()> {
    // Before any generation: the folder exists (or is created) and accepts files.
    crate::record::check_output_folder("dir", &a.common.dir)?;
    outln!("master seed {}", a.seed);
    let command = if a.seed == DEFAULT_SEED {
        "cargo run --release -- scenarios freeze".to_owned()
    } else {
        format!("cargo run --release -- scenarios freeze --seed {}", a.seed)
    };
    for family in or_all(&a.common.scenario) {
        let start = Instant::now();
        let file = freeze_family(family, a.seed, &command);
        let path = scenario_path(&a.common.dir, family);
        write_atomic(&path, file.to_json().as_bytes())?;
        outln!(
            "{}: {} roots, {} successors, depth {}, seed {} ({:.1} s)",
            path.display(),
            file.roots.len(),
            file.successor_count(),
            file.depth,
            file.header.seed,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
