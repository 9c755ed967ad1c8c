//! The per-run quantities the report's findings are computed from, and the budgets it quotes.

use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::experiment::{HEADLINE_BUDGETS, PlanResults};
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::statistics::Interval;

/// Hit rate in percent.
pub(crate) fn pct(r: &EvictionRecord) -> f64 {
    100.0 * r.hit_rate
}

/// Re-evaluations (misses on a key missed before).
pub(crate) fn reevals(r: &EvictionRecord) -> f64 {
    r.re_evaluations as f64
}

/// The estimate over seeds of `f` for `k` at budget `b`; `None` when that cell was not run.
pub(crate) fn cell(
    p: &PlanResults,
    k: PolicyKind,
    b: usize,
    f: impl Fn(&EvictionRecord) -> f64,
) -> Option<Interval> {
    (!p.cell(k, b).is_empty()).then(|| p.estimate(k, b, f))
}

/// Whether `k` is one of the bounds (Belady's optimum, the unbounded table), drawn dashed on the charts.
pub(crate) fn is_bound(k: PolicyKind) -> bool {
    matches!(k, PolicyKind::Belady | PolicyKind::Unbounded)
}

/// The ageing-LFU rules among `policies`, in order.
pub(crate) fn aging(policies: &[PolicyKind]) -> Vec<PolicyKind> {
    policies
        .iter()
        .copied()
        .filter(|k| matches!(k, PolicyKind::AgingLfu { .. }))
        .collect()
}

/// The headline budgets the plan ran.
pub(crate) fn headline(p: &PlanResults) -> Vec<usize> {
    HEADLINE_BUDGETS
        .iter()
        .copied()
        .filter(|b| p.budgets.contains(b))
        .collect()
}
