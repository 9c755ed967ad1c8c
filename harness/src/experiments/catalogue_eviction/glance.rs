//! "At a glance", the analysis half: for every headline budget, the online rule with the best mean hit rate, its
//! paired gap to LRU and to Belady in hit-rate points with 95% intervals over seeds. Typed findings only; the
//! report renders them.

use super::experiment::PlanResults;
use super::findings::metrics::headline;
use super::spec::PolicyKind;
use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::statistics::Interval;

/// The finding at one budget.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BudgetFinding {
    /// The budget (entries).
    pub budget: usize,
    /// The online rule with the highest mean hit rate (ties: the earlier in the run's policy list).
    pub best: PolicyKind,
    /// Its hit rate (fraction of lookups).
    pub hit_rate: Interval,
    /// Its hit rate minus LRU's, paired per seed (fraction; `None` when LRU was not run).
    pub over_lru: Option<Interval>,
    /// Belady's hit rate minus its, paired per seed (fraction; `None` when Belady was not run).
    pub under_belady: Option<Interval>,
}

fn rate(r: &EvictionRecord) -> f64 {
    r.hit_rate
}

/// The findings at the headline budgets the run has (all budgets when none of them was run).
pub(crate) fn at_a_glance(plan: &PlanResults, policies: &[PolicyKind]) -> Vec<BudgetFinding> {
    let mut budgets = headline(plan);
    if budgets.is_empty() {
        budgets = plan.budgets.clone();
    }
    let has = |k: PolicyKind| policies.contains(&k);
    budgets
        .into_iter()
        .filter_map(|budget| {
            let mut best: Option<(PolicyKind, Interval)> = None;
            for &k in policies.iter().filter(|k| k.is_online()) {
                let e = plan.estimate(k, budget, rate);
                if e.n == 0 {
                    continue;
                }
                if best.is_none_or(|(_, b)| e.point > b.point) {
                    best = Some((k, e));
                }
            }
            let (best, hit_rate) = best?;
            let over_lru =
                has(PolicyKind::Lru).then(|| plan.difference(best, PolicyKind::Lru, budget, rate));
            let under_belady = has(PolicyKind::Belady)
                .then(|| plan.difference(PolicyKind::Belady, best, budget, rate));
            Some(BudgetFinding {
                budget,
                best,
                hit_rate,
                over_lru,
                under_belady,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn at_a_glance_examples() {
        use crate::experiments::catalogue_eviction::EvictionRecord;
        use crate::experiments::catalogue_eviction::PolicyKind;
        use crate::experiments::catalogue_eviction::experiment::PlanResults;
        use crate::experiments::catalogue_eviction::glance::at_a_glance;
        let row = |seed, policy: &str, hits| EvictionRecord {
            seed,
            policy: policy.into(),
            budget: 10,
            lookups: 100,
            hits,
            hit_rate: hits as f64 / 100.0,
            ..EvictionRecord::default()
        };
        let plan = PlanResults {
            name: "main".into(),
            plan: "4x5:1".parse().unwrap(),
            budgets: vec![10],
            streams: vec![],
            rows: vec![
                row(1, "lru", 60),
                row(2, "lru", 62),
                row(1, "sieve", 70),
                row(2, "sieve", 71),
                row(1, "belady", 80),
                row(2, "belady", 80),
            ],
        };
        let kinds = [PolicyKind::Lru, PolicyKind::Sieve, PolicyKind::Belady];
        let f = &at_a_glance(&plan, &kinds)[0];
        assert_eq!(f.best, PolicyKind::Sieve);
        assert!((f.over_lru.unwrap().point - 0.095).abs() < 1e-12);
        assert!((f.under_belady.unwrap().point - 0.095).abs() < 1e-12);
    }
}
