//! The options of `harness compare`, parsed by clap.

use crate::evaluators::EvaluatorKind;
use crate::scenario::Family;
use crate::values::{List, families, list, positive};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::PathBuf;

/// Arguments of `harness compare`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Baseline: a git revision (hash, branch, tag, `HEAD~1`); with --prebuilt, a harness executable.
    pub a: String,
    /// The revision judged against the baseline (same forms as A).
    pub b: String,
    /// A and B are paths to already-built harness executables: no checkout, no build.
    #[arg(long)]
    pub prebuilt: bool,
    /// Fewest paired timing rounds (each times every arm once in A's process and once in B's; the time budget
    /// usually gives many more). With a side that has no interleaved timing child (an older revision): pairs of
    /// whole main-job runs, timed as before. At least 6 are needed for a 95% interval of the time ratio.
    #[arg(long, default_value = "6", value_parser = positive::<usize>)]
    pub rounds: usize,
    /// Seconds of interleaved timing rounds, over all sessions.
    #[arg(long, default_value_t = 34, value_parser = positive::<u64>)]
    pub time_budget: u64,
    /// Sessions of interleaved rounds, each a fresh pair of processes (so that one process's memory layout does
    /// not stand for its binary), run in one stream per core; the time interval is taken over sessions, so at
    /// least 2 are needed for a verdict.
    #[arg(long, default_value_t = 40, value_parser = positive::<usize>)]
    pub sessions: usize,
    /// Test-only: side B's timing children add work calibrated to this fraction of each operation's time (e.g.
    /// 0.03), so a comparison of one binary with itself shows whether a 3% slowdown is seen. Recorded in the
    /// comparison's metadata.
    #[arg(long, hide = true)]
    pub planted_slowdown_b: Option<f64>,
    /// How many of the first pairs of main-job runs also count instructions (callgrind) and allocations (dhat).
    /// The counts of one binary repeat exactly, so 1 is enough; 2 checks that they do; 0 skips instruction ratios.
    #[arg(long, default_value_t = 1)]
    pub instruction_rounds: usize,
    /// Instruction ratios within this fraction of 1 get no verdict: two builds differ by memory layout alone by a
    /// few tenths of a percent (0 judges the raw counts).
    #[arg(long, default_value_t = 0.005)]
    pub instruction_tolerance: f64,
    /// Each run uses the main job's full timing plan instead of `--quick` (about 4x longer per run).
    #[arg(long)]
    pub full: bool,
    /// Only these scenario families (comma-separated, each once; default `all`, every family file of
    /// `--scenarios-dir`).
    #[arg(long, value_parser = families, default_value = Family::EVERY)]
    pub scenario: List<Family>,
    /// Only these cache variants (comma-separated, each once; default all).
    #[arg(long, value_parser = list::<CacheKind>, default_value = CacheKind::ALL_NAMES)]
    pub cache: List<CacheKind>,
    /// Evaluators (comma-separated, each once).
    #[arg(long, value_parser = crate::values::evaluators, default_value = "material")]
    pub eval: List<EvaluatorKind>,
    /// Traversal-cache modes (comma-separated, each once): on,off.
    #[arg(long, value_parser = list::<Traversal>, default_value = "on")]
    pub traversal: List<Traversal>,
    /// Folder holding the frozen scenario files; both sides run on these same files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
    /// Where the comparison folder `compare-<UTC timestamp>/` is created.
    #[arg(long, default_value = "results-private")]
    pub out: PathBuf,
    /// Where revisions are checked out and built (one folder per commit, reused by later comparisons).
    #[arg(long, default_value = "target/compare")]
    pub work_dir: PathBuf,
    /// Base seed: pair i of main-job runs runs both sides with seed + i; the interleaved rounds of session s draw
    /// their orders and coins from seed + s * 2^32.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}
