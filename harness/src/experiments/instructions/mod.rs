//! The instruction-count experiment: callgrind counts of one expansion operation per family x cache variant, in
//! child processes (`counts.csv`'s instruction rows, `instructions-status.txt`). Deterministic, so a stable figure
//! where timings are noisy; for the same reason the children run on every free core at once, beside the main job's
//! timings ([`crate::experiments::lanes`]), and a child whose binary,
//! scenario file, valgrind and arguments ran before is not run again ([`crate::callgrind::count_cache`]; the status file says how
//! many were reused).

mod run;
pub(crate) mod section;

pub(crate) use run::{instruction_rows, probe_families};

use super::{Experiment, MainRun};
use crate::section::{Section, SectionContext};

pub(crate) mod break_even;
pub(crate) mod main_job;

/// The instruction-count experiment (see the module docs).
pub(crate) struct Instructions;

/// The file that says how the instruction counts were measured, or why they are missing.
pub(crate) const STATUS_FILE: &str = "instructions-status.txt";

impl Experiment for Instructions {
    fn runs_children(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "instructions"
    }
    fn measures_time(&self) -> bool {
        false
    }
    fn about(&self) -> &'static str {
        "callgrind instruction counts per family x cache variant (counts.csv; needs valgrind)"
    }
    fn read_by_compare(&self) -> bool {
        true
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let (rows, note) = instruction_rows(run.scenarios, run.job, run.folder);
        run.counts.extend(rows);
        run.folder.write(STATUS_FILE, note.as_bytes())?;
        Ok(())
    }
    fn skipped(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        run.folder.write(
            STATUS_FILE,
            b"skipped (--skip instructions): no instruction counts were measured",
        )?;
        Ok(())
    }
    fn section(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Option<Section>> {
        section::section(ctx).map(Some)
    }
}
