//! Deterministic profiles of the expansion operation: the optimized cache's probe lengths (in process) and
//! callgrind instruction counts (a child process per arm).

use crate::evaluators::EvaluatorKind;
use crate::experiments::Job;
use crate::experiments::expansion::operation::probes::{FamilyProbes, probe_family};
use crate::record::{CountRow, RunFolder};
use crate::scenario::LoadedScenario;
use crate::status;
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::time::Instant;

/// Probes every family with evaluator `eval` (the report's, [`crate::experiments::job::report_evaluator`]) and the
/// traversal cache on (the report's headline slice, whatever the run's other filters).
pub fn probe_families(
    scenarios: &[LoadedScenario],
    eval: EvaluatorKind,
) -> anyhow::Result<Vec<FamilyProbes>> {
    scenarios
        .iter()
        .map(|scn| {
            let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
            probe_family(
                scn.family.name(),
                &states,
                scn.depth,
                eval,
                Traversal::Cached,
            )
        })
        .collect()
}

/// Callgrind instruction counts of every family x cache variant and how they were measured (or why they are
/// missing).
pub fn instruction_rows(
    scenarios: &[LoadedScenario],
    job: &Job,
    folder: &RunFolder,
) -> (Vec<CountRow>, String) {
    let start = Instant::now();
    // A short run counts the headline configurations only (no cache and the optimized one), which keeps the
    // break-even figures; the other variants' counts come with the full run.
    let caches: Vec<CacheKind> = if job.quick {
        job.caches
            .iter()
            .copied()
            .filter(|c| matches!(c, CacheKind::None | CacheKind::Optimized))
            .collect()
    } else {
        job.caches.clone()
    };
    let (rows, note) = crate::experiments::instructions::main_job::instruction_rows(
        &job.scenarios_dir,
        &family_names(scenarios),
        &caches,
        &job.evaluators,
        &folder.path().join("callgrind"),
        Some(&super::count_cache::folder_under(&job.out)),
    );
    status!(
        "instructions: {note} ({:.1} s)",
        start.elapsed().as_secs_f64()
    );
    (rows, note)
}

/// Runs the allocation profiles into the run folder; returns the status line.
pub fn allocations(scenarios: &[LoadedScenario], job: &Job, folder: &RunFolder) -> String {
    let start = Instant::now();
    let progress = crate::progress::Progress::working("allocations");
    progress.set_message("dhat children on every core");
    let note = crate::experiments::allocations::run_alloc_profile(
        folder.path(),
        &job.scenarios_dir,
        &family_names(scenarios),
        &job.evaluators,
    );
    progress.clear();
    format!("{note} ({:.1} s)", start.elapsed().as_secs_f64())
}

fn family_names(scenarios: &[LoadedScenario]) -> Vec<&str> {
    scenarios.iter().map(|s| s.family.name()).collect()
}
