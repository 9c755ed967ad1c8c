//! `harness scenarios freeze|verify`: regenerate the shipped scenario files from their seeds, freeze a user's
//! positions as a family of their own (`freeze --from FILE --family NAME`), or recompute every expected value by
//! independent exhaustive path generation.

use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::outln;
use crate::record::write_atomic;
use crate::scenario::generate::{DEFAULT_SEED, freeze_family};
use crate::scenario::positions::{freeze_positions, read_positions};
use crate::scenario::verify::verify;
use crate::scenario::{Family, FamilyName, load_family, parse, scenario_path, select};
use crate::values::{List, evaluators, families};
use engine::chance::ChanceDepth;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `harness scenarios`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// `freeze` or `verify`.
#[derive(clap::Subcommand, Debug)]
pub(crate) enum Action {
    /// Regenerate the scenario files deterministically from the master seed.
    Freeze(FreezeArgs),
    /// Recompute every frozen value by independent exhaustive path generation and compare exactly.
    Verify(CommonArgs),
}

/// Options shared by both actions.
#[derive(clap::Args, Debug)]
pub(crate) struct CommonArgs {
    /// Folder holding the scenario files.
    #[arg(long, visible_alias = "scenarios-dir", default_value = "scenarios")]
    pub dir: PathBuf,
    /// Only these families (comma-separated, each once); `all` is every family file of the folder (for
    /// `freeze` without `--from`, every shipped family: sparse, middlegame, transposition-rich,
    /// promotion-en-passant, played, played-endgame).
    #[arg(long, value_parser = families, default_value = Family::EVERY)]
    pub scenario: List<Family>,
}

/// Options of `freeze`.
#[derive(clap::Args, Debug)]
pub(crate) struct FreezeArgs {
    /// Folder and family filter.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Master seed; each family derives its own.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Freeze the positions of this file instead (one DFEN with rolled dice per line; blank lines and `#`
    /// comments are skipped) as the family `--family`, written to `<dir>/<family>.json`.
    #[arg(long, requires = "family", conflicts_with_all = ["seed", "scenario"])]
    pub from: Option<PathBuf>,
    /// The family name of `--from`'s positions: lowercase letters, digits, '-' and '_'.
    #[arg(long, requires = "from", value_parser = FamilyName::new)]
    pub family: Option<FamilyName>,
    /// Chance depth of `--from`'s expansions: 1 or 2 (two layers cost about 216 times more).
    #[arg(long, requires = "from", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub depth: u8,
    /// Evaluators whose exact values `--from`'s file carries besides material and constant (always frozen: parity
    /// compares every arm with them).
    #[arg(long, requires = "from", value_parser = evaluators, default_value = "material")]
    pub eval: List<EvaluatorKind>,
}

/// Runs the command.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    match args.action {
        Action::Freeze(a) => freeze(a),
        Action::Verify(a) => {
            for family in select(&a.dir, &a.scenario)? {
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
    if let (Some(from), Some(name)) = (&a.from, a.family) {
        let depth = ChanceDepth::from_layers(a.depth).expect("clap admits 1 and 2 only");
        return freeze_from(from, Family::Named(name), depth, &a.eval, &a.common.dir);
    }
    let shipped = if a.common.scenario.is_empty() {
        Family::ALL.to_vec()
    } else {
        a.common.scenario.clone()
    };
    if let Some(user) = shipped.iter().find(|f| !f.is_shipped()) {
        return Err(Failure::BadInput.because(format!(
            "invalid value '{user}' for '--scenario': only the shipped families are regenerated from seeds; \
             freeze your own positions with `--from FILE --family {user}`"
        )));
    }
    outln!("master seed {}", a.seed);
    let command = if a.seed == DEFAULT_SEED {
        "cargo run --release -- scenarios freeze".to_owned()
    } else {
        format!("cargo run --release -- scenarios freeze --seed {}", a.seed)
    };
    for family in shipped {
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

/// `freeze --from`: reads and checks every line first, freezes, verifies the file with the independent oracle as
/// `scenarios verify` does, and only then writes it (a bad line is status 2, a disagreement status 3; either way
/// nothing is written).
fn freeze_from(
    from: &Path,
    family: Family,
    depth: ChanceDepth,
    extra: &[EvaluatorKind],
    dir: &Path,
) -> anyhow::Result<()> {
    let start = Instant::now();
    let roots = read_positions(from)?;
    let path = scenario_path(dir, family);
    let eval_names: Vec<String> = extra.iter().map(|e| e.to_string()).collect();
    let command = format!(
        "harness scenarios freeze --from {} --family {family} --depth {} --eval {} --dir {}",
        from.display(),
        depth.layers(),
        eval_names.join(","),
        dir.display()
    );
    let file = freeze_positions(&roots, family, depth, extra, from, &command);
    let json = file.to_json();
    // The loader's checks and the oracle's recomputation, on the text about to be written.
    let loaded = parse(&path, &json)?;
    let report = verify(&loaded, || {})?;
    write_atomic(&path, json.as_bytes())?;
    outln!(
        "{}: {} roots from {}, {} successors, {} values verified, depth {} ({:.1} s)",
        path.display(),
        report.roots,
        from.display(),
        report.successors,
        report.values,
        depth.layers(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
