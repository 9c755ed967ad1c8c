//! Any trace through every rule: a libCacheSim CSV read from a file, replayed at every chosen budget, with the
//! exact LRU miss-ratio curve beside it. Same replay and stream check as the catalogue experiment.

use super::experiment::{default_budgets, write_csv};
use super::mrc::lru_hits_by_budget;
use super::replay::{StreamCheck, replay_keys};
use super::spec::PolicyKind;
use super::trace::Trace;
use crate::experiments::catalogue_eviction::LruMrcRecord;
use crate::experiments::catalogue_eviction::TraceRunRecord;
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::record::{Provenance, RunMetadata};
use anyhow::Result;
use std::path::{Path, PathBuf};

/// What a trace replay wrote.
#[derive(Debug, Clone)]
pub(crate) struct TraceOutcome {
    /// The rows as written, policy-major in the order given, budgets ascending.
    pub rows: Vec<TraceRunRecord>,
    /// `eviction_trace.csv`.
    pub csv: PathBuf,
    /// `lru_mrc.csv`.
    pub mrc_csv: PathBuf,
}

/// Replays `trace` through `policies` at `budgets` (default: a √2 sweep up to the distinct objects) on `threads`
/// threads and writes the two CSVs into `out_dir`.
pub(crate) fn run_trace(
    trace: &Trace,
    policies: &[PolicyKind],
    budgets: Option<&[usize]>,
    threads: usize,
    out_dir: &Path,
    progress: &Progress,
) -> Result<TraceOutcome> {
    // A replayed trace comes from no seed.
    let prov = Provenance::of(&RunMetadata::collect(0));
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
        let r = replay_keys(policy, budget, &trace.keys, trace.universe, &check)
            .map_err(|e| crate::exit::Failure::Mismatch.tag(e))?;
        Ok(TraceRunRecord {
            trace: name.clone(),
            policy: policy.to_string(),
            budget: budget as u64,
            budget_fraction: budget as f64 / distinct as f64,
            lookups: r.tally.lookups,
            hits: r.tally.hits,
            hit_rate: r.tally.hit_rate(),
            re_evaluations: r.tally.re_evaluations,
            misses: r.tally.misses(),
            distinct_keys: trace.universe as u64,
            ..TraceRunRecord::default()
        }
        .with_provenance(&prov))
    })?;
    std::fs::create_dir_all(out_dir)?;
    let csv = write_csv(out_dir, "eviction_trace.csv", rows.iter().cloned())?;
    let lookups = trace.keys.len().max(1) as f64;
    let curve = lru_hits_by_budget(&trace.keys, trace.universe);
    let mrc_csv = write_csv(
        out_dir,
        "lru_mrc.csv",
        curve.iter().enumerate().skip(1).map(|(b, &h)| {
            LruMrcRecord {
                budget: b as u64,
                budget_fraction: b as f64 / distinct as f64,
                lru_hits: h,
                lru_miss_ratio: 1.0 - h as f64 / lookups,
                ..LruMrcRecord::default()
            }
            .with_provenance(&prov)
        }),
    )?;
    Ok(TraceOutcome { rows, csv, mrc_csv })
}
