//! Stage 4: deterministic profiles of the operation: the optimized cache's probe lengths, callgrind instruction
//! counts (child processes), and dhat allocation profiles (a separate binary).

use super::Job;
use crate::evaluators::EvaluatorKind;
use crate::record::{CountRow, RunFolder};
use crate::run::probes::{FamilyProbes, probe_family};
use crate::scenario::LoadedScenario;
use crate::status;
use engine::GameState;
use engine::chance::Traversal;
use std::time::Instant;

/// The profiles that join `counts.csv` and `probes.csv`.
pub struct Profiles {
    /// Probe statistics per family.
    pub probes: Vec<FamilyProbes>,
    /// Instruction count rows (empty when skipped or unavailable).
    pub instruction_rows: Vec<CountRow>,
    /// How the instruction counts were measured, or why they are missing.
    pub instructions_note: String,
}

/// Probes every family (evaluator `material`, traversal cache on: the report's headline slice, whatever the run's
/// filters) and counts instructions unless `--skip-profiles`.
pub fn profile(
    scenarios: &[LoadedScenario],
    job: &Job,
    folder: &RunFolder,
) -> anyhow::Result<Profiles> {
    let probes = scenarios
        .iter()
        .map(|scn| {
            let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
            probe_family(
                scn.family.name(),
                &states,
                scn.depth,
                EvaluatorKind::Material,
                Traversal::Cached,
            )
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let start = Instant::now();
    let (instruction_rows, instructions_note) = if job.skip_profiles {
        (
            Vec::new(),
            "skipped (--skip-profiles): no instruction counts were measured".to_string(),
        )
    } else {
        crate::instructions::main_job::instruction_rows(
            &job.scenarios_dir,
            &family_names(scenarios),
            &job.caches,
            &folder.path().join("callgrind"),
        )
    };
    status!(
        "instructions: {instructions_note} ({:.1} s)",
        start.elapsed().as_secs_f64()
    );
    Ok(Profiles {
        probes,
        instruction_rows,
        instructions_note,
    })
}

/// Runs the allocation profiles into the run folder; returns the status line.
pub fn allocations(scenarios: &[LoadedScenario], job: &Job, folder: &RunFolder) -> String {
    let start = Instant::now();
    let note = if job.skip_profiles {
        "allocations: skipped (--skip-profiles)".to_string()
    } else {
        crate::alloc::run_alloc_profile(folder.path(), &job.scenarios_dir, &family_names(scenarios))
    };
    format!("{note} ({:.1} s)", start.elapsed().as_secs_f64())
}

fn family_names(scenarios: &[LoadedScenario]) -> Vec<&str> {
    scenarios.iter().map(|s| s.family.name()).collect()
}
