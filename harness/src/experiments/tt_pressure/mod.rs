//! The TT-pressure experiment: every transposition-table replacement scheme at small sizes over one seeded
//! self-play game, against an unbounded table; `tt_pressure.csv`. `harness tt-pressure` runs the full sweep.

mod run;

pub use run::{TtPressureOutcome, main_job_slice, run_tt_pressure};

use super::{Experiment, MainRun};

/// The TT-pressure experiment (see the module docs).
pub struct TtPressure;

impl Experiment for TtPressure {
    fn name(&self) -> &'static str {
        "tt_pressure"
    }
    fn about(&self) -> &'static str {
        "TT replacement schemes at 2^6, 2^10, 2^14 entries over an 8-move game (tt_pressure.csv)"
    }
    fn legacy_skip_flag(&self) -> Option<&'static str> {
        Some("--skip-tt-pressure")
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let slice = main_job_slice(run.job.seed);
        run.findings.tt_pressure = Some(run_tt_pressure(&slice, run.folder.path(), run.meta)?);
        Ok(())
    }
}
