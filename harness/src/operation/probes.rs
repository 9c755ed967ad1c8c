//! The optimized cache's table statistics over the main job's operation: every successor of a family expanded with
//! a fresh [`InstrumentedCache`], the probe-length histograms summed over successors.
//!
//! The instrumented cache is the optimized cache with a [`ProbeStats`] observer; it returns the same values and
//! counters (checked here against the plain cache's counting pass), so the histogram describes the timed arm.

use super::growth::growth_blocks;
use super::{Arm, count_family};
use crate::evaluators::EvaluatorKind;
use crate::record::schema::ProbeRow;
use crate::record::{CountRow, Metric};
use anyhow::{Result, bail};
use engine::chance::{ChanceDepth, Traversal, expand_chance_with};
use engine::memo::{CacheKind, EvaluationMemo, InstrumentedCache, Plain, ProbeStats};
use engine::telemetry::NoTelemetry;
use engine::{Color, GameState};

type EvalFn = fn(&GameState, Color) -> i32;

/// Table statistics of one successor's fresh cache.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuccessorProbes {
    /// The observer's statistics.
    pub stats: ProbeStats,
    /// Lookups (evaluator calls + cache hits).
    pub lookups: u64,
    /// Evaluator calls (misses).
    pub evaluator_calls: u64,
    /// Entries retained at the end.
    pub entries: u64,
}

impl SuccessorProbes {
    /// Lookups that found no slot array yet (the first lookup of a fresh cache inspects no slot, and the observer
    /// is not told): lookups minus the histogram's total.
    pub(crate) fn tableless_lookups(&self) -> u64 {
        self.lookups - self.stats.probe_lengths.iter().sum::<u64>()
    }
}

/// One family's table statistics, per successor.
#[derive(Clone, Debug)]
pub struct FamilyProbes {
    /// Family name.
    pub scenario: String,
    /// The arm measured (cache `optimized`).
    pub arm: Arm,
    /// One entry per successor, in file order.
    pub successors: Vec<SuccessorProbes>,
}

impl FamilyProbes {
    /// The probe-length histogram summed over successors: index 0 = lookups with no table yet, index `i` = lookups
    /// that inspected `i` slots (the last tracked length, [`ProbeStats::MAX_TRACKED_PROBE`], collects longer ones).
    pub(crate) fn histogram(&self) -> Vec<u64> {
        let mut h = vec![0u64];
        for s in &self.successors {
            h[0] += s.tableless_lookups();
            for (i, &n) in s.stats.probe_lengths.iter().enumerate() {
                if h.len() <= i + 1 {
                    h.resize(i + 2, 0);
                }
                h[i + 1] += n;
            }
        }
        h
    }

    /// Count rows for `counts.csv` (deterministic): lookups, signature matches and collisions, growth
    /// events, and the heap blocks the growth schedule predicts (see [`growth_blocks`]).
    pub(crate) fn count_rows(&self) -> Vec<CountRow> {
        let key = self.arm.key(&self.scenario);
        let sum = |f: &dyn Fn(&SuccessorProbes) -> u64| -> i128 {
            self.successors.iter().map(|s| f(s) as i128).sum()
        };
        let pairs = [
            (Metric::ProbeLookups, sum(&|s| s.lookups)),
            (
                Metric::ProbeSignatureMatches,
                sum(&|s| s.stats.signature_matches),
            ),
            (
                Metric::ProbeSignatureCollisions,
                sum(&|s| s.stats.signature_collisions),
            ),
            (Metric::GrowthEvents, sum(&|s| s.stats.growth_events)),
            (
                Metric::GrowthBlocksExpected,
                sum(&|s| growth_blocks(s.stats.growth_events, s.entries)),
            ),
        ]
        .into_iter();
        CountRow::rows(&key, pairs)
    }

    /// The histogram as `probes.csv` rows: one per probe length with lookups (0 = no table yet).
    pub(crate) fn probe_rows(&self) -> Vec<ProbeRow> {
        let key = self.arm.key(&self.scenario);
        self.histogram()
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(len, &lookups)| ProbeRow {
                key: key.clone(),
                probe_length: len as u64,
                lookups,
            })
            .collect()
    }
}

/// Expands every successor with a fresh [`InstrumentedCache`] bound to `eval` and collects its table statistics.
/// Fails if the instrumented cache's counters differ from the plain optimized cache's counting pass.
pub fn probe_family(
    scenario: &str,
    states: &[GameState],
    depth: ChanceDepth,
    eval: EvaluatorKind,
    traversal: Traversal,
) -> Result<FamilyProbes> {
    let arm = Arm {
        cache: CacheKind::Optimized,
        eval,
        traversal,
    };
    let f: EvalFn = eval.function();
    let mut successors = Vec::with_capacity(states.len());
    let (mut calls, mut hits) = (0u64, 0u64);
    for s in states {
        let cache = InstrumentedCache::<Plain<EvalFn>>::with_observer(Plain(f));
        let Ok(_) = expand_chance_with(s, depth, &cache, traversal, &mut NoTelemetry);
        let c = cache.counters();
        calls += c.evaluator_calls;
        hits += c.cache_hits;
        successors.push(SuccessorProbes {
            stats: cache.probe_stats(),
            lookups: c.evaluator_calls + c.cache_hits,
            evaluator_calls: c.evaluator_calls,
            entries: c.entry_count as u64,
        });
    }
    let plain = count_family(states, depth, arm).memo;
    if (calls, hits) != (plain.evaluator_calls, plain.cache_hits) {
        bail!(
            "{scenario}: the instrumented cache counted {calls} calls and {hits} hits, the optimized cache {} and {}",
            plain.evaluator_calls,
            plain.cache_hits
        );
    }
    Ok(FamilyProbes {
        scenario: scenario.to_owned(),
        arm,
        successors,
    })
}
