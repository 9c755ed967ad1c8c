//! The benchmark and experiment harness: scenario → run → measure → record → report.

/// Allocation profiles (dhat) in a separate process: figures per arm and the child protocol.
pub mod alloc;
/// The one arm id: every experiment's arm as typed fields, its label, title and file stem derived in one place.
pub mod arm;
/// The bounded evaluation cache measured against the unbounded one, in nested expansion and search.
pub mod bounded;
/// The break-even map: predicted and measured cache speedups over the evaluator's cost.
pub mod break_even;
/// What this binary was built from: version, git revision, rustc (captured by `build.rs`).
pub mod build_info;
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
/// The catalogue-eviction experiment: lookup stream, eviction policies, replay, results.
pub mod eviction;
/// Exit statuses (0 ok, 1 runtime, 2 bad input, 3 mismatch) and the failure classes commands report.
pub mod exit;
/// The main job as an ordered list of experiments on one spine: the `Experiment` trait, the list, one folder each,
/// and the job that runs them (`experiments::main_job`).
pub mod experiments;
/// Instruction counts of the main job's operation under callgrind (a child process per arm).
pub mod instructions;
/// In-process timing: warm-up, interleaved variants, medians with 95% intervals, paired ratios.
pub mod measure;
/// Chart helpers for the reports: line and bar charts with error bars, SVG and PNG, embedded font.
pub mod plot;
/// Numbers and tables for people: units, separators, one ratio direction, markdown and console tables.
pub mod present;
/// Progress on stderr (stages, enumerations, heartbeats): a bar on a terminal, a line every 10 s otherwise.
pub mod progress;
/// Run metadata, run folders, tidy CSV and atomic writes.
pub mod record;
/// The plotted report: counts, timings, instructions and allocations sections with charts.
pub mod report;
/// Runs: family x cache variant x evaluator x traversal, parity, timing, tables.
pub mod run;
/// Frozen scenario files: format, loading, generation, independent verification.
pub mod scenario;
/// The search section: family roots x depth x pruning x table x cache, parity first, then counts.
pub mod search_arms;
/// What a run covers: families, cache variants, evaluators, traversal modes, parsed from their names.
pub mod selection;
/// The one statistics module: Student-t quantiles, mean and median intervals, paired ratios.
pub mod statistics;
/// Transposition-table replacement schemes under memory pressure: one fixed self-play game, every scheme x size.
pub mod tt_pressure;
/// Validating parsers for command-line values (names from a closed set, lists without repeats, non-zero numbers).
pub mod values;
/// The one verdict of an interval against a baseline with a practical threshold, worded per context.
pub mod verdict;
