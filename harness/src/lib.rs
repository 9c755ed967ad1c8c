//! The benchmark and experiment harness: scenario → run → measure → record → report.

pub mod cli;
pub mod commands;
/// The catalogue-eviction experiment: lookup stream, eviction policies, replay, results.
pub mod eviction;
/// Chart helpers for the reports: line and bar charts with error bars, SVG and PNG, embedded font.
pub mod plot;
