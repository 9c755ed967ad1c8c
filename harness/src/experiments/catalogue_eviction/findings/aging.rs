//! Does ageing overtake recency: the best ageing period, its paired difference to LRU per budget, and the same
//! choice held out (picked on half the seeds, scored on the other half).

use super::metrics::{aging, headline, pct};
use crate::experiments::catalogue_eviction::experiment::{Outcome, PlanResults};
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::present::number::Estimate;
use crate::statistics::Interval;
use crate::verdict::{OVERTAKES, Verdict};

/// The ageing period whose hit rate is highest on average over the headline budgets.
pub(crate) fn best_aging(outcome: &Outcome, p: &PlanResults) -> Option<PolicyKind> {
    let bs = headline(p);
    aging(&outcome.policies).into_iter().max_by(|a, b| {
        let score = |k: PolicyKind| bs.iter().map(|&x| p.estimate(k, x, pct).point).sum::<f64>();
        score(*a).total_cmp(&score(*b))
    })
}

/// How a paired difference of hit rates (points) reads: the one verdict against 0 with no practical threshold.
pub(crate) fn verdict(d: &Interval) -> &'static str {
    Verdict::of(d, 0.0, 0.0).label(&OVERTAKES)
}

/// Ageing against LRU at one budget: the best K and the verdict, in one sentence.
pub(crate) fn aging_sentence(outcome: &Outcome, p: &PlanResults, b: usize) -> Option<String> {
    if p.cell(PolicyKind::Lru, b).is_empty() {
        return None;
    }
    // No ageing period run: no best margin.
    let (k, d) = best_margin(outcome, p, PolicyKind::Lru, b)?;
    Some(format!(
        "at {b} entries the best ageing period is `{k}`; it {} LRU (ageing minus LRU: {} points)",
        verdict(&d),
        d.show(2)
    ))
}

/// The best ageing period chosen on the first half of the seeds and scored (against LRU) on the second half, so
/// the margin is not inflated by picking the best of many periods on the same seeds.
pub(crate) fn held_out_aging(
    outcome: &Outcome,
    p: &PlanResults,
    b: usize,
) -> Option<(PolicyKind, Interval, usize)> {
    let ks = aging(&outcome.policies);
    let lru = p.cell(PolicyKind::Lru, b);
    if ks.is_empty() || lru.len() < 4 {
        return None;
    }
    let half = lru.len() / 2;
    let diffs = |k: PolicyKind| -> Vec<f64> {
        p.cell(k, b)
            .iter()
            .zip(&lru)
            .map(|(a, l)| pct(a) - pct(l))
            .collect()
    };
    let (k, _) = ks
        .iter()
        .map(|&k| (k, Interval::mean(&diffs(k)[..half]).point))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    Some((k, Interval::mean(&diffs(k)[half..]), half))
}

/// Every ageing period's paired difference against `base` (points) at each of `budgets`.
pub(crate) fn aging_differences(
    outcome: &Outcome,
    p: &PlanResults,
    base: PolicyKind,
    budgets: &[usize],
) -> Vec<(PolicyKind, Vec<Interval>)> {
    aging(&outcome.policies)
        .into_iter()
        .map(|k| {
            let d = budgets
                .iter()
                .map(|&b| p.difference(k, base, b, pct))
                .collect();
            (k, d)
        })
        .collect()
}

/// At one budget, the ageing period with the largest mean margin over `base` and that margin (points, paired).
pub(crate) fn best_margin(
    outcome: &Outcome,
    p: &PlanResults,
    base: PolicyKind,
    b: usize,
) -> Option<(PolicyKind, Interval)> {
    aging(&outcome.policies)
        .into_iter()
        .map(|k| (k, p.difference(k, base, b, pct)))
        .max_by(|x, y| x.1.point.total_cmp(&y.1.point))
}
