//! The benchmark and experiment harness: frozen scenarios → experiments (one folder each, on one spine of arm
//! ids, intervals, verdicts, records, presentation and plots) → run folder → report.

/// The answer first: the run's findings as plain sentences, each a question answered with its figures.
pub mod answer;
/// The one arm id: every experiment's arm as typed fields, its label, title and file stem derived in one place.
pub mod arm;
/// What this binary was built from: version, git revision, rustc (captured by `build.rs`).
pub mod build_info;
/// Callgrind instruction counts of the measured operation, in child processes, kept by what decides them.
pub mod callgrind;
/// The child processes a run starts die with it; SIGINT and SIGTERM mark the run folder interrupted.
pub(crate) mod children;
/// The command line: the subcommand list, parsing, and dispatch to `commands`.
pub mod cli;
/// One file per subcommand: parse its arguments, call the stages.
pub mod commands;
/// `harness compare`: two revisions built alike, run alternately, counts checked, ratios with verdicts.
pub mod compare;
/// Standard output that never panics when its reader goes away.
pub mod console;
/// The evaluator choice shared by the CLI and the benchmarks.
pub mod evaluators;
/// The catalogue-eviction experiment's rules by name.
pub mod eviction_policy;
/// Exit statuses (0 ok, 1 runtime, 2 bad input, 3 mismatch) and the failure classes commands report.
pub mod exit;
/// The main job's experiments on one spine: the `Experiment` trait, the ordered list, one folder each.
pub mod experiments;
/// The main job: verify, run the experiments in order, write the shared files, render the report.
pub mod job;
/// In-process timing: warm-up, interleaved variants, medians with 95% intervals, paired ratios.
pub mod measure;
/// The measured operation shared by the stages: one family's expansion per arm (counted, timed, sampled, profiled),
/// and the parity of its counts.
pub mod operation;
/// Progress on stderr (stages, enumerations, heartbeats): a bar on a terminal, a line every 10 s otherwise.
pub(crate) mod parallel;
/// Chart helpers for the reports: line and dot-and-interval charts, one SVG each, embedded font.
pub mod plot;
/// Numbers and tables for people: units, separators, one ratio direction, markdown and console tables.
pub mod present;
pub mod progress;
pub use cli::main_with;
/// dhat, for [`alloc_profile_main!`]'s global allocator (a downstream crate need not depend on it).
#[doc(hidden)]
pub use dhat;

/// Run metadata, run folders, tidy CSV and atomic writes.
pub mod record;
/// The evaluators a downstream binary registers, selectable by name wherever `--eval` is accepted.
pub mod registry;
/// The plotted report: header and At a glance, then each experiment's section with charts.
pub mod report;
pub mod revision;
/// Frozen scenario files: format, loading, generation, independent verification.
pub mod scenario;
/// A report section as experiments write it: markdown, its charts, and the run tables it reads.
pub mod section;
/// What a run covers: families, cache variants, evaluators, traversal modes, parsed from their names.
pub mod selection;
/// The one statistics module: Student-t quantiles, mean and median intervals, paired ratios.
pub mod statistics;
/// Playing strength: matches between bots (SPRT, Elo), deadline qualification, Elo per doubling of the per-move
/// budget and the Elo a speedup predicts.
pub mod strength;
/// Validating parsers for command-line values (names from a closed set, lists without repeats, non-zero numbers).
pub mod values;
/// The one verdict of an interval against a baseline with a practical threshold, worded per context.
pub mod verdict;
