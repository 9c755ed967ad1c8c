//! The benchmark and experiment harness: frozen scenarios → experiments (one folder each, on one spine of arm
//! ids, intervals, verdicts, records, presentation and plots) → run folder → report.

// The API is what this file re-exports; test builds keep `pub` on the test-only helpers the integration tests share.
#![cfg_attr(not(test), warn(unreachable_pub))]

/// The answer first: the run's findings as plain sentences, each a question answered with its figures.
mod answer;
/// The one arm id: every experiment's arm as typed fields, its label, title and file stem derived in one place.
mod arm;
/// What this binary was built from: version, git revision, rustc (captured by `build.rs`).
mod build_info;
/// Callgrind instruction counts of the measured operation, in child processes, kept by what decides them.
mod callgrind;
/// The child processes a run starts die with it; SIGINT and SIGTERM mark the run folder interrupted.
mod children;
/// The command line: the subcommand list, parsing, and dispatch to `commands`.
mod cli;
/// One file per subcommand: parse its arguments, call the stages.
mod commands;
/// `harness compare`: two revisions built alike, run alternately, counts checked, ratios with verdicts.
mod compare;
/// Standard output that never panics when its reader goes away.
mod console;
/// The evaluator choice shared by the CLI and the benchmarks.
mod evaluators;
/// The catalogue-eviction experiment's rules by name.
mod eviction_policy;
/// Exit statuses (0 ok, 1 runtime, 2 bad input, 3 mismatch) and the failure classes commands report.
mod exit;
/// The main job's experiments on one spine: the `Experiment` trait, the ordered list, one folder each.
mod experiments;
/// The main job: verify, run the experiments in order, write the shared files, render the report.
mod job;
/// In-process timing: warm-up, interleaved variants, medians with 95% intervals, paired ratios.
mod measure;
/// The measured operation shared by the stages: one family's expansion per arm (counted, timed, sampled, profiled),
/// and the parity of its counts.
mod operation;
/// Deterministic work on every free core, one token per core, so the timed lane never shares its core.
mod parallel;
/// Chart helpers for the reports: line and dot-and-interval charts, one SVG each, embedded font.
mod plot;
/// Numbers and tables for people: units, separators, one ratio direction, markdown and console tables.
mod present;
/// Progress on stderr (stages, enumerations, heartbeats): a bar on a terminal, a line every 10 s otherwise.
mod progress;
/// Run metadata, run folders, tidy CSV and atomic writes.
mod record;
/// The evaluators a downstream binary registers, selectable by name wherever `--eval` is accepted.
mod registry;
/// The plotted report: header and At a glance, then each experiment's section with charts.
mod report;
/// The one short form of a git revision people read.
mod revision;
/// Frozen scenario files: format, loading, generation, independent verification.
mod scenario;
/// A report section as experiments write it: markdown, its charts, and the run tables it reads.
mod section;
/// The one statistics module: Student-t quantiles, mean and median intervals, paired ratios.
mod statistics;
/// Playing strength: matches between bots (SPRT, Elo), deadline qualification, Elo per doubling of the per-move
/// budget and the Elo a speedup predicts.
mod strength;
/// The integration tests' support (scratch folders, fixtures, the independent rules model), shared with the unit
/// tests so that one copy serves both.
#[cfg(test)]
#[path = "../tests/support/mod.rs"]
mod test_support;
/// Validating parsers for command-line values (names from a closed set, lists without repeats, non-zero numbers).
mod values;
/// The one verdict of an interval against a baseline with a practical threshold, worded per context.
mod verdict;

// The API: what a downstream binary needs to register its evaluators, and the kernels the benches and examples
// time. Every module above is private; this list is the whole of what other crates can name.
pub use cli::{main_with, main_with_args};
pub use exit::{Failure, exit_code};
pub use registry::{MAX_USER_EVALUATORS, Registry};

pub use arm::ArmId;
pub use evaluators::{CountingEvaluator, EvaluatorKind, WorkRounds, counter_value};
pub use experiments::catalogue_eviction::PolicyKind;
pub use experiments::catalogue_eviction::mrc::lru_hits_by_budget;
pub use experiments::catalogue_eviction::stream::{
    BoardPlan, EstimateRule, LookupStream, StreamConfig,
};
pub use experiments::tt_pressure::{TableArm, fix_game, main_job_slice, run_arm};
pub use operation::search::{SearchArm, TABLE_ENTRIES, search_roots, search_section};
pub use operation::{Arm, CountResult, check_parity, count_family, timed_operation};
pub use scenario::family::Family;
pub use scenario::load::{load, load_dir, scenario_path};
// The allocation kernels, for the test programs that install dhat's allocator (a process of their own each).
pub use experiments::allocations::profile_operation;
pub use operation::growth::growth_blocks;
pub use operation::probes::probe_family;

/// dhat, for [`alloc_profile_main!`]'s global allocator (a downstream crate need not depend on it).
#[doc(hidden)]
pub use dhat;
/// The `main` that [`alloc_profile_main!`] expands to.
#[doc(hidden)]
pub use experiments::allocations::binary::main_with as alloc_profile_main_with;
