//! The benchmark and experiment harness: scenario → run → measure → record → report.

pub mod cli;
