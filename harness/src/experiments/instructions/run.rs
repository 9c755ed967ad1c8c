//! Deterministic profiles of the expansion operation: the optimized cache's probe lengths (in process) and
//! callgrind instruction counts (a child process per arm).

use crate::evaluators::EvaluatorKind;
use crate::experiments::Job;
use crate::experiments::expansion::operation::probes::{FamilyProbes, probe_family};
use crate::record::{CountRow, Metric, RunFolder};
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
///
/// `counts` are the run's counting-pass rows so far: each family's evaluations per successor (lookups with no
/// cache) stand for the cost of its children, so the dearest families' children start first.
pub fn instruction_rows(
    scenarios: &[LoadedScenario],
    job: &Job,
    folder: &RunFolder,
    counts: &[CountRow],
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
    let families = family_names(scenarios);
    let per_successor = |fam: &str, metric: Metric| {
        counts
            .iter()
            .find(|r| {
                (r.key.scenario.as_str(), r.key.variant.as_str(), r.metric)
                    == (fam, CacheKind::None.name(), metric)
                    && r.key.traversal == Traversal::Cached.name()
            })
            .map_or(0.0, |r| r.value as f64)
    };
    let weighted: Vec<(&str, f64)> = families
        .iter()
        .map(|&f| {
            let w = per_successor(f, Metric::EvaluatorCalls)
                / per_successor(f, Metric::Successors).max(1.0);
            (f, w)
        })
        .collect();
    let (rows, note) = crate::experiments::instructions::main_job::instruction_rows(
        &weighted,
        &job.scenarios_dir,
        !job.quick,
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

fn family_names(scenarios: &[LoadedScenario]) -> Vec<&str> {
    scenarios.iter().map(|s| s.family.name()).collect()
}
