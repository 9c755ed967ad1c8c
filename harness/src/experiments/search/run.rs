//! The search stage of the main job: every family's frozen roots searched one turn deeper than the family's
//! expansion depth, by every arm (pruning x transposition table x evaluation cache). Parity first (every arm the
//! same root values, each best path worth its root's value), then the counts of that pass, then interleaved
//! timing; rows go to `search.csv`.

use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::experiments::Job;
use crate::experiments::search::arms::{
    SearchArm, SearchRow, TABLE_ENTRIES, search_roots, search_section,
};
use crate::experiments::search::findings::SearchFindings;
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::record::schema::{SearchRecord, write_search};
use crate::record::{Provenance, RunFolder, RunMetadata};
use crate::scenario::LoadedScenario;
use crate::statistics::{paired_ratio, summarize};
use crate::{outln, status};
use anyhow::{Context, Result};
use engine::GameState;
use engine::memo::CacheKind;
use engine::search::{SearchDepth, TranspositionTable};
use std::time::Instant;

/// The evaluator of the search section (the frozen scenario values use it too).
pub(crate) const SEARCH_EVALUATOR: EvaluatorKind = EvaluatorKind::Material;

/// Timed passes per arm: 6, the fewest whose median interval reaches 95% (a seventh or eighth pass gives the same
/// interval ranks, min to max, and can only widen it: [`crate::measure::interleave::fewest_as_narrow`]).
const SAMPLES: usize = 6;

/// The roots the stage searches for one family, and the depth: one turn deeper than the family's expansion
/// (so the nested expansion is the oracle), all roots in a full run, the first one with `--quick`.
fn family_roots(s: &LoadedScenario, quick: bool) -> Result<(SearchDepth, Vec<GameState>)> {
    let depth = match s.depth.layers() {
        1 => SearchDepth::Two,
        _ => SearchDepth::Three,
    };
    let take = if quick { 1 } else { s.file.roots.len() };
    let roots = s.file.roots[..take]
        .iter()
        .map(|r| {
            GameState::from_dfen(&r.dfen)
                .with_context(|| format!("{}: root {}: field `dfen`", s.path.display(), r.name))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((depth, roots))
}

/// Runs the stage and writes `search.csv`; a parity failure is a [`Failure::Mismatch`] (nothing written).
pub fn run_search(
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
        let (depth, roots) = family_roots(s, job.quick)?;
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
    let times = time_rows(&counted, SAMPLES);
    let prov = Provenance::of(meta);
    let records: Vec<SearchRecord> = counted
        .iter()
        .zip(&times)
        .enumerate()
        .map(|(i, ((row, roots), t))| {
            let speedup = unpruned_of(&counted, i).and_then(|p| paired_ratio(&times[p], t));
            let cache = uncached_of(&counted, i).and_then(|u| paired_ratio(&times[u], t));
            record(row, roots.len(), t, &prov)
                .with_speedup(speedup)
                .with_cache_speedup(cache)
        })
        .collect();
    let path = folder.path().join("search.csv");
    folder.write("search.csv", &write_search(&records, &path)?)?;
    // The main job copies Elo per doubling into the run folder before any stage runs.
    let findings = SearchFindings::of(&records).with_strength(
        crate::experiments::strength::Strength::of_run(folder.path())?,
    );
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

/// The row of unpruned expectimax (no pruning, no table, no cache) of row `i`'s family: the baseline of its
/// speedup, timed in the same rounds.
fn unpruned_of(rows: &[(SearchRow, Vec<GameState>)], i: usize) -> Option<usize> {
    let family = &rows[i].0.family;
    rows.iter()
        .position(|(r, _)| &r.family == family && r.arm.is_plain())
}

/// For a row with an evaluation cache, the row of its family with the same pruning and table and no cache: the
/// baseline of the cache's speedup inside that search, timed in the same rounds (so the two pair per round).
/// `None` for a row without a cache.
fn uncached_of(rows: &[(SearchRow, Vec<GameState>)], i: usize) -> Option<usize> {
    let (row, _) = &rows[i];
    if row.arm.cache == CacheKind::None {
        return None;
    }
    let want = SearchArm {
        cache: CacheKind::None,
        ..row.arm
    };
    rows.iter()
        .position(|(r, _)| r.family == row.family && r.arm == want)
}

/// Every row's timed passes, interleaved: each round times every arm of a family once, starting one arm later
/// than the round before and in reverse order on odd rounds, so a drift of the machine spreads over all arms.
fn time_rows(rows: &[(SearchRow, Vec<GameState>)], samples: usize) -> Vec<Vec<f64>> {
    let table = TranspositionTable::new(TABLE_ENTRIES).expect("a power of two");
    let mut times = vec![Vec::with_capacity(samples); rows.len()];
    let progress = Progress::new("search timing", (rows.len() * samples) as u64);
    let mut families: Vec<&str> = rows.iter().map(|(r, _)| r.family.as_str()).collect();
    families.dedup();
    for family in families {
        let members: Vec<usize> = (0..rows.len())
            .filter(|&i| rows[i].0.family == family)
            .collect();
        for round in 0..samples {
            let n = members.len();
            for step in 0..n {
                let k = if round % 2 == 0 { step } else { n - 1 - step };
                let i = members[(k + round) % n];
                let (row, roots) = &rows[i];
                let t = Instant::now();
                let out = search_roots(roots, row.depth, row.arm, SEARCH_EVALUATOR, &table);
                times[i].push(t.elapsed().as_nanos() as f64);
                std::hint::black_box(out);
                progress.inc(1);
            }
        }
    }
    progress.finish("done");
    times
}

fn record(row: &SearchRow, roots: usize, times: &[f64], prov: &Provenance) -> SearchRecord {
    let t = summarize(times).expect("at least one sample");
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
        samples: t.n as u64,
        median_ns: t.point,
        ci_low_ns: t.low,
        ci_high_ns: t.high,
        machine: String::new(),
        rustc: String::new(),
        git_revision: String::new(),
        seed: 0,
        ..SearchRecord::default()
    }
    .with_provenance(prov)
}
