//! Any trace through every rule: a libCacheSim CSV read from a file, replayed at every chosen budget, with the
//! exact LRU miss-ratio curve beside it. Same replay and stream check as the catalogue experiment.

use super::experiment::{Provenance, csv_bytes, default_budgets, parallel_map, with_provenance};
use super::mrc::lru_hits_by_budget;
use super::replay::{StreamCheck, replay_keys};
use super::spec::PolicyKind;
use super::trace::Trace;
use anyhow::Result;
use indicatif::ProgressBar;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One row of `eviction_trace.csv`: one rule at one budget over the trace.
#[derive(Debug, Clone, Serialize)]
pub struct TraceRow {
    /// File name of the trace.
    pub trace: String,
    /// Policy name.
    pub policy: String,
    /// Budget (entries).
    pub budget: usize,
    /// Budget over the trace's distinct objects.
    pub budget_fraction: f64,
    /// Lookups replayed.
    pub lookups: u64,
    /// Lookups answered from the table.
    pub hits: u64,
    /// hits / lookups.
    pub hit_rate: f64,
    /// Misses on an object missed before.
    pub re_evaluations: u64,
    /// lookups - hits.
    pub misses: u64,
    /// Distinct objects of the trace.
    pub distinct_keys: usize,
}

/// One row of `lru_mrc.csv`: the exact LRU curve at one budget.
#[derive(Debug, Clone, Serialize)]
struct MrcRow {
    budget: usize,
    budget_fraction: f64,
    lru_hits: u64,
    lru_miss_ratio: f64,
}

/// What a trace replay wrote.
#[derive(Debug, Clone)]
pub struct TraceOutcome {
    /// The rows, policy-major in the order given, budgets ascending.
    pub rows: Vec<TraceRow>,
    /// `eviction_trace.csv`.
    pub csv: PathBuf,
    /// `lru_mrc.csv`.
    pub mrc_csv: PathBuf,
}

/// Replays `trace` through `policies` at `budgets` (default: a √2 sweep up to the distinct objects) on `threads`
/// threads and writes the two CSVs into `out_dir`.
pub fn run_trace(
    trace: &Trace,
    policies: &[PolicyKind],
    budgets: Option<&[usize]>,
    threads: usize,
    out_dir: &Path,
    progress: &ProgressBar,
) -> Result<TraceOutcome> {
    let provenance = Provenance::collect();
    let budgets = budgets.map_or_else(|| default_budgets(trace.universe), <[usize]>::to_vec);
    let check = StreamCheck::of_keys(&trace.keys);
    let jobs: Vec<(PolicyKind, usize)> = policies
        .iter()
        .flat_map(|&p| budgets.iter().map(move |&b| (p, b)))
        .collect();
    let name = trace.source.file_name().map_or_else(
        || trace.source.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    progress.set_message("replaying the trace");
    progress.set_length(jobs.len() as u64);
    let distinct = trace.universe.max(1);
    let rows = parallel_map(&jobs, threads, progress, |&(policy, budget)| {
        let r = replay_keys(policy, budget, &trace.keys, trace.universe, &check)?;
        Ok(TraceRow {
            trace: name.clone(),
            policy: policy.to_string(),
            budget,
            budget_fraction: budget as f64 / distinct as f64,
            lookups: r.tally.lookups,
            hits: r.tally.hits,
            hit_rate: r.tally.hit_rate(),
            re_evaluations: r.tally.re_evaluations,
            misses: r.tally.misses(),
            distinct_keys: trace.universe,
        })
    })?;
    std::fs::create_dir_all(out_dir)?;
    let csv = out_dir.join("eviction_trace.csv");
    crate::record::write_atomic(&csv, &with_provenance(&csv_bytes(&rows)?, &provenance)?)?;
    let lookups = trace.keys.len().max(1) as f64;
    let curve = lru_hits_by_budget(&trace.keys, trace.universe);
    let mrc_rows = curve.iter().enumerate().skip(1).map(|(b, &h)| MrcRow {
        budget: b,
        budget_fraction: b as f64 / distinct as f64,
        lru_hits: h,
        lru_miss_ratio: 1.0 - h as f64 / lookups,
    });
    let mrc_csv = out_dir.join("lru_mrc.csv");
    crate::record::write_atomic(
        &mrc_csv,
        &with_provenance(&csv_bytes(mrc_rows)?, &provenance)?,
    )?;
    progress.finish_and_clear();
    Ok(TraceOutcome { rows, csv, mrc_csv })
}
