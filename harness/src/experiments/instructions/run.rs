//! Deterministic profiles of the expansion operation: the optimized cache's probe lengths (in process) and
//! callgrind instruction counts (a child process per arm).

use crate::evaluators::EvaluatorKind;
use crate::experiments::Job;
use crate::operation::probes::{FamilyProbes, probe_family};
use crate::operation::{Arm, count_family};
use crate::progress::Progress;
use crate::record::{CountRow, RunFolder};
use crate::scenario::LoadedScenario;
use crate::status;
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::time::Instant;

/// Probes every family with evaluator `eval` (the report's, [`crate::experiments::job::report_evaluator`]) and the
/// traversal cache on (the report's headline slice, whatever the run's other filters), the families on every
/// core free (deterministic counts: side by side they change no figure).
pub(crate) fn probe_families(
    scenarios: &[LoadedScenario],
    eval: EvaluatorKind,
) -> anyhow::Result<Vec<FamilyProbes>> {
    let threads = crate::parallel::cores();
    crate::parallel::parallel_map(scenarios, threads, &Progress::hidden(), |scn| {
        let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
        probe_family(
            scn.family.name(),
            &states,
            scn.depth,
            eval,
            Traversal::Cached,
        )
    })
}

/// Callgrind instruction counts of every family x cache variant and how they were measured (or why they are
/// missing).
///
/// Each family's evaluations per successor with no cache stand for the cost of its children, so the dearest
/// families' children start first. They are counted here (an uncached expansion per family, a small part of one
/// child's work) rather than read from the expansion's counting pass, so this stage can run beside the timings.
pub(crate) fn instruction_rows(
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
    let weighted: Vec<(&str, f64)> = scenarios
        .iter()
        .map(|scn| {
            let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
            let uncached = Arm {
                cache: CacheKind::None,
                eval: EvaluatorKind::Constant,
                traversal: Traversal::Cached,
            };
            let evaluations = count_family(&states, scn.depth, uncached)
                .memo
                .evaluator_calls;
            (
                scn.family.name(),
                evaluations as f64 / states.len().max(1) as f64,
            )
        })
        .collect();
    let (rows, note) = crate::experiments::instructions::main_job::instruction_rows(
        &weighted,
        &job.scenarios_dir,
        !job.quick,
        &caches,
        &job.evaluators,
        &folder.path().join("callgrind"),
        Some(&crate::callgrind::count_cache::folder_under(&job.out)),
    );
    status!(
        "instructions: {note} ({:.1} s)",
        start.elapsed().as_secs_f64()
    );
    (rows, note)
}
