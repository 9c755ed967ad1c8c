//! How far each rule stays from the demand-paged optimum: Belady's hit rate minus the rule's, paired over seeds.

use super::metrics::{is_bound, pct};
use crate::experiments::catalogue_eviction::experiment::{Outcome, PlanResults};
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::statistics::Interval;

/// Per rule run (bounds left out), Belady minus the rule in points at each of `budgets`; empty when Belady was not
/// run.
pub(crate) fn belady_gaps(
    outcome: &Outcome,
    p: &PlanResults,
    budgets: &[usize],
) -> Vec<(PolicyKind, Vec<Interval>)> {
    if !outcome.policies.contains(&PolicyKind::Belady) {
        return Vec::new();
    }
    outcome
        .policies
        .iter()
        .copied()
        .filter(|&k| !is_bound(k))
        .map(|k| {
            let gaps = budgets
                .iter()
                .map(|&b| p.difference(PolicyKind::Belady, k, b, pct))
                .collect();
            (k, gaps)
        })
        .collect()
}
