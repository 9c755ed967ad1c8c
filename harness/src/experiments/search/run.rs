//! The search stage of the main job: every family's frozen roots searched one turn deeper than the family's
//! expansion depth, by every arm (pruning x transposition table x evaluation cache). Parity first (every arm the
//! same root values, each best path worth its root's value), then the counts of that pass, then the timing
//! kernel's sessions ([`super::timing`]); rows go to `search.csv`, the timing's plan to `timing_plan.csv`.

use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::experiments::Job;
use crate::experiments::search::SearchRecord;
use crate::experiments::search::findings::SearchFindings;
use crate::experiments::search::sampler::family_roots;
use crate::operation::search::{SearchArm, SearchRow, search_section};
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::record::schema::write_records;
use crate::record::{Provenance, RunFolder, RunMetadata};
use crate::scenario::LoadedScenario;
use crate::statistics::Interval;
use crate::{outln, status};
use anyhow::Result;
use engine::GameState;
use std::time::Instant;

/// The evaluator of the search section (the frozen scenario values use it too).
pub(crate) const SEARCH_EVALUATOR: EvaluatorKind = EvaluatorKind::Material;

/// Runs the stage and writes `search.csv`; a parity failure is a [`Failure::Mismatch`] (nothing written).
pub(crate) fn run_search(
    scenarios: &[LoadedScenario],
    job: &Job,
    meta: &RunMetadata,
    folder: &RunFolder,
) -> Result<SearchFindings> {
    let start = Instant::now();
    let arms = SearchArm::all();
    // The counting passes (parity against the nested expansion) of every family on every core at once: they are
    // deterministic and nothing is timed meanwhile.
    let threads = crate::parallel::cores();
    let per_family = parallel_map(scenarios, threads, &Progress::hidden(), |s| {
        let (depth, roots) = family_roots(s, job.quick.then_some(1))?;
        let family = s.family.name().to_string();
        let rows = match search_section(
            &[(family.clone(), roots.clone())],
            depth,
            &arms,
            SEARCH_EVALUATOR,
        ) {
            Ok(rows) => rows,
            Err(e) => return Ok(Err(format!("{e:#}"))),
        };
        // A registered evaluator's declared bounds are what Star1 and Star2 prune with: its every arm must agree
        // with unpruned expectimax too (a wrong bound is caught here, before anything is timed or written).
        for &eval in job.evaluators.iter().filter(|e| e.is_user()) {
            if let Err(e) = search_section(&[(family.clone(), roots.clone())], depth, &arms, eval) {
                return Ok(Err(format!(
                    "{e:#} (evaluator {eval}: are its declared bounds right?)"
                )));
            }
        }
        Ok(Ok((rows, roots)))
    })?;
    let mut counted: Vec<(SearchRow, Vec<GameState>)> = Vec::new();
    for family in per_family {
        match family {
            Ok((rows, roots)) => counted.extend(rows.into_iter().map(|r| (r, roots.clone()))),
            Err(e) => {
                return Err(Failure::Mismatch.because(format!(
                    "{e}\nsearch parity failed: no result file was kept"
                )));
            }
        }
    }
    status!(
        "search parity: {} arms agree on {} families in {:.1} s",
        arms.len(),
        scenarios.len(),
        start.elapsed().as_secs_f64()
    );
    let rows: Vec<SearchRow> = counted.iter().map(|(r, _)| r.clone()).collect();
    let schedule = crate::experiments::job::search_schedule(job.quick, job.schedule.streams);
    let (times, plan) = super::timing::time_search(scenarios, &rows, job, &schedule)?;
    crate::experiments::expansion::append_plan(plan, meta, folder)?;
    let prov = Provenance::of(meta);
    let records: Vec<SearchRecord> = counted
        .iter()
        .zip(&times)
        .map(|((row, roots), t)| {
            record(row, roots.len(), &t.time, &prov)
                .with_speedup(t.speedup)
                .with_cache_speedup(t.cache_speedup)
        })
        .collect();
    let path = folder.path().join("search.csv");
    folder.write("search.csv", &write_records(records.clone(), &path)?)?;
    // The main job copies Elo per doubling into the run folder before any stage runs.
    let findings = SearchFindings::of(&records)
        .with_strength(crate::strength::Strength::of_run(folder.path())?);
    outln!("{}", findings.table().plain());
    for line in findings.glance_lines() {
        outln!("{line}");
    }
    status!(
        "search stage finished in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(findings)
}

fn record(row: &SearchRow, roots: usize, t: &Interval, prov: &Provenance) -> SearchRecord {
    let c = &row.counters;
    SearchRecord {
        scenario: row.family.clone(),
        depth_turns: row.depth.turns(),
        pruning: row.arm.pruning.to_string(),
        tt: row.arm.table_name().to_string(),
        variant: row.arm.cache.name().to_string(),
        evaluator: SEARCH_EVALUATOR.to_string(),
        roots: roots as u64,
        nodes: c.nodes,
        leaves: c.leaves,
        evaluator_calls: c.evaluator_calls,
        cache_hits: c.cache_hits,
        tt_probes: c.tt_probes,
        tt_hits: c.tt_hits,
        tt_cutoffs: c.tt_cutoffs,
        tt_stores: c.tt_stores,
        tt_overwrites: c.tt_overwrites,
        loss_tainted_rolls: c.loss_tainted_rolls,
        ..SearchRecord::default()
    }
    .with_time(t)
    .with_provenance(prov)
}
