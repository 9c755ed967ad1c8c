//! The allocation experiment: dhat heap profiles of one expansion operation per arm, in a separate binary
//! (`allocations.csv`).

use super::{Experiment, MainRun};

/// The allocation experiment (see the module docs).
pub struct Allocations;

impl Experiment for Allocations {
    fn name(&self) -> &'static str {
        "allocations"
    }
    fn about(&self) -> &'static str {
        "dhat allocation profiles per family x cache variant (allocations.csv; a child process)"
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let note = super::instructions::allocations(run.scenarios, run.job, run.folder);
        crate::status!("{note}");
        Ok(())
    }
}
