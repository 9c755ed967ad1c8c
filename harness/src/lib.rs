//! The benchmark and experiment harness: scenario → run → measure → record → report.

pub mod cli;
pub mod commands;
/// The evaluator choice shared by the CLI and the benchmarks.
pub mod evaluators;
/// The catalogue-eviction experiment: lookup stream, eviction policies, replay, results.
pub mod eviction;
