//! The original experiment's asserted inversion: LRU at a small budget above the offline best-N table of the same
//! size. Counted per seed, and as a paired difference for the one-board-size controls.

use super::metrics::pct;
use crate::experiments::catalogue_eviction::experiment::PlanResults;
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::statistics::Interval;

/// On how many of the plan's seeds LRU at `budget` hit more often than best-`budget`: `(seeds where it did,
/// seeds compared)`, `None` when either cell was not run.
pub(crate) fn inversion_wins(p: &PlanResults, budget: usize) -> Option<(usize, usize)> {
    let lru = p.cell(PolicyKind::Lru, budget);
    let best = p.cell(PolicyKind::BestN, budget);
    if lru.is_empty() || best.is_empty() {
        return None;
    }
    let wins = lru
        .iter()
        .zip(&best)
        .filter(|(a, b)| a.hits > b.hits)
        .count();
    Some((wins, lru.len().min(best.len())))
}

/// LRU's hit rate minus best-`budget`'s, in points, paired over seeds; `None` when either cell was not run.
pub(crate) fn lru_minus_best(p: &PlanResults, budget: usize) -> Option<Interval> {
    (!p.cell(PolicyKind::Lru, budget).is_empty() && !p.cell(PolicyKind::BestN, budget).is_empty())
        .then(|| p.difference(PolicyKind::Lru, PolicyKind::BestN, budget, pct))
}
