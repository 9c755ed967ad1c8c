//! Stage 1: load the frozen scenarios and verify every expected value by independent exhaustive generation.

use super::Job;
use crate::progress::Progress;
use crate::scenario::verify::verify;
use crate::scenario::{LoadedScenario, load_dir};

/// The job's scenarios, verified.
pub(crate) fn verify_scenarios(job: &Job) -> anyhow::Result<Vec<LoadedScenario>> {
    let scenarios = load_dir(&job.scenarios_dir, &job.families)?;
    let total: usize = scenarios.iter().map(|s| s.successors.len()).sum();
    let progress = Progress::new("verify", total as u64);
    for scn in &scenarios {
        progress.set_message(scn.family.name());
        if let Err(e) = verify(scn, || progress.inc(1)) {
            progress.abandon();
            return Err(e.into());
        }
    }
    progress.finish(format!("{total} successors match the exhaustive oracle"));
    Ok(scenarios)
}
