//! `harness break-even`: the break-even map of every chosen family x traversal setting x cache variant over the
//! evaluator ladder (`docs/break-even.md`); the experiment is [`crate::experiments::break_even`].

use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::experiments::break_even::{BreakEvenGrid, full_ladder, run_break_even};
use crate::measure::kernel::Sessions;
use crate::record::{Provenance, RunMetadata};
use crate::scenario::{Family, load_dir};
use crate::status;
use crate::values::{List, evaluators, families, list, or_all};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::PathBuf;

/// Arguments of `harness break-even`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Scenario families (comma-separated, each once); `all` is every family file of `--scenarios-dir`.
    #[arg(long, value_parser = families, default_value = Family::EVERY)]
    pub scenario: List<Family>,
    /// Cache variants (comma-separated, each once); `none` is every ratio's baseline and always measured.
    #[arg(long, value_parser = list::<CacheKind>, default_value = "fx,optimized")]
    pub cache: List<CacheKind>,
    /// Evaluator rungs (comma-separated, each once; `work:N` with N a power of two); default: material,
    /// aggressive, mobility, network, work:1,4,16,64,256. `--eval` is the same option, as other commands name it.
    #[arg(long, value_parser = evaluators, visible_alias = "eval")]
    pub rungs: Option<List<EvaluatorKind>>,
    /// Traversal-cache modes (comma-separated, each once): on,off.
    #[arg(long, value_parser = list::<Traversal>, default_value = Traversal::ALL_NAMES)]
    pub traversal: List<Traversal>,
    /// Folder holding the frozen scenario files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
    /// Where `break_even.csv` is written (created if missing).
    #[arg(long, default_value = "results-private/break-even")]
    pub out: PathBuf,
    /// Seed of the timing order shuffle (printed and recorded).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs the map: exit status 2 when the output folder cannot be written, 1 without valgrind.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    crate::record::check_output_folder("out", &args.out)?;
    let scenarios = load_dir(&args.scenarios_dir, &args.scenario)?;
    let meta = RunMetadata::collect(args.seed);
    status!("break-even map: seed {}", args.seed);
    let grid = BreakEvenGrid {
        traversals: or_all(&args.traversal),
        variants: or_all(&args.cache),
        rungs: args.rungs.clone().unwrap_or_else(full_ladder),
        sessions: Sessions::of(false, crate::experiments::sample_ms(false), args.seed),
        evaluator_cost: crate::operation::evaluator_cost::Plan::of_run(false, args.seed),
    };
    let measured = run_break_even(
        &scenarios,
        &args.scenarios_dir,
        &grid,
        &Provenance::of(&meta),
        &args.out,
        // A standalone map has no expansion stage: its own timing gives every rung's verdict.
        &crate::record::schema::IntervalTable::default(),
        None,
    )?;
    if measured.is_none() {
        return Err(Failure::Runtime.because(
            "valgrind is not installed (or not on PATH): the break-even map needs callgrind",
        ));
    }
    status!("wrote {}", args.out.join("break_even.csv").display());
    Ok(())
}
