//! The game-search traces analysed: the catalogue trace and one dice-chess evaluation-lookup trace per scenario
//! family, each replayed through every rule at budgets that are fixed fractions of its own working set, so traces
//! of very different sizes compare on one axis. The result is a typed findings value; the report only formats it.

use super::dice_trace::record_family;
use super::experiment::parallel_map;
use super::replay::{StreamCheck, replay_keys};
use super::spec::PolicyKind;
use crate::scenario::{Family, load_dir};
use anyhow::Result;
use engine::chance::Traversal;
use indicatif::ProgressBar;
use serde::Serialize;
use std::path::Path;

/// Budgets as fractions of each trace's working set (its distinct keys).
pub const BUDGET_FRACTIONS: [f64; 6] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5];

/// The recency rules the question sets against the frequency rules.
pub const RECENCY: [PolicyKind; 3] = [PolicyKind::Lru, PolicyKind::Sieve, PolicyKind::Clock];

/// The frequency rules (ageing LFU stands for every period run; the best on the trace is reported).
pub const FREQUENCY: [PolicyKind; 2] = [PolicyKind::Lfu, PolicyKind::WTinyLfu];

/// A trace to analyse: a name and its dense key stream.
#[derive(Clone, Debug)]
pub struct NamedTrace {
    /// `catalogue` or `dice <family>`.
    pub name: String,
    /// Dense ids in first-seen order.
    pub keys: Vec<u32>,
    /// Distinct keys.
    pub universe: usize,
}

/// The dice-chess traces of `families` (material evaluator, traversal cache as given).
pub fn dice_traces(
    scenarios_dir: &Path,
    families: &[Family],
    traversal: Traversal,
) -> Result<Vec<NamedTrace>> {
    Ok(load_dir(scenarios_dir, families)?
        .iter()
        .map(|s| {
            let t = record_family(s, traversal);
            NamedTrace {
                name: format!("dice {}", t.family),
                keys: t.keys,
                universe: t.universe,
            }
        })
        .collect())
}

/// One rule at one budget on one trace: a row of `game_search.csv`.
#[derive(Clone, Debug, Serialize)]
pub struct GameSearchRow {
    /// Trace name.
    pub trace: String,
    /// Policy name.
    pub policy: String,
    /// Budget over the trace's working set.
    pub budget_fraction: f64,
    /// Budget (entries): the fraction of the working set, rounded, at least 1.
    pub budget: usize,
    /// Lookups replayed.
    pub lookups: u64,
    /// Lookups answered from the table.
    pub hits: u64,
    /// 1 - hits / lookups.
    pub miss_ratio: f64,
    /// Distinct keys of the trace.
    pub distinct_keys: usize,
}

/// Frequency against recency on one trace at one budget.
#[derive(Clone, Debug)]
pub struct Duel {
    /// Budget over the working set.
    pub fraction: f64,
    /// The best recency rule and its hit rate.
    pub recency: (PolicyKind, f64),
    /// The best frequency rule and its hit rate.
    pub frequency: (PolicyKind, f64),
    /// Belady's hit rate.
    pub belady: f64,
}

impl Duel {
    /// Frequency's hit rate minus recency's, as a fraction of lookups (0.01 = one percentage point).
    pub fn difference(&self) -> f64 {
        self.frequency.1 - self.recency.1
    }
}

/// What one trace showed.
#[derive(Clone, Debug)]
pub struct TraceFindings {
    /// Trace name.
    pub name: String,
    /// Lookups.
    pub lookups: usize,
    /// Distinct keys.
    pub universe: usize,
    /// The ageing period with the highest mean hit rate over the budgets, if ageing LFU was run.
    pub best_aging: Option<PolicyKind>,
    /// Frequency against recency at every budget fraction.
    pub duels: Vec<Duel>,
}

impl TraceFindings {
    /// Budgets where frequency won, tied (within `tie`, a fraction of lookups) and lost against recency.
    pub fn tally(&self, tie: f64) -> (usize, usize, usize) {
        let won = self.duels.iter().filter(|d| d.difference() > tie).count();
        let lost = self.duels.iter().filter(|d| d.difference() < -tie).count();
        (won, self.duels.len() - won - lost, lost)
    }
}

/// The whole analysis: every row, and per trace the findings.
#[derive(Clone, Debug)]
pub struct GameSearchFindings {
    /// Traversal cache setting of the dice-chess traces.
    pub traversal: Traversal,
    /// Every replay.
    pub rows: Vec<GameSearchRow>,
    /// Per trace, in input order.
    pub traces: Vec<TraceFindings>,
}

/// The budget for `fraction` of `universe` keys.
///
/// ```
/// use harness::eviction::game_search::budget_for;
/// assert_eq!(budget_for(0.01, 50), 1);
/// assert_eq!(budget_for(0.2, 1_000), 200);
/// ```
pub fn budget_for(fraction: f64, universe: usize) -> usize {
    ((fraction * universe as f64).round() as usize).max(1)
}

/// Replays every trace through `policies` at [`BUDGET_FRACTIONS`] and works out the findings.
pub fn analyse(
    traces: &[NamedTrace],
    policies: &[PolicyKind],
    traversal: Traversal,
    threads: usize,
    progress: &ProgressBar,
) -> Result<GameSearchFindings> {
    let checks: Vec<StreamCheck> = traces
        .iter()
        .map(|t| StreamCheck::of_keys(&t.keys))
        .collect();
    let jobs: Vec<(usize, PolicyKind, f64)> = (0..traces.len())
        .flat_map(|t| {
            policies
                .iter()
                .flat_map(move |&p| BUDGET_FRACTIONS.iter().map(move |&f| (t, p, f)))
        })
        .collect();
    progress.set_message("replaying game-search traces");
    progress.set_length(jobs.len() as u64);
    progress.set_position(0);
    let rows = parallel_map(&jobs, threads, progress, |&(t, policy, fraction)| {
        let trace = &traces[t];
        let budget = budget_for(fraction, trace.universe);
        let r = replay_keys(policy, budget, &trace.keys, trace.universe, &checks[t])?;
        Ok(GameSearchRow {
            trace: trace.name.clone(),
            policy: policy.to_string(),
            budget_fraction: fraction,
            budget,
            lookups: r.tally.lookups,
            hits: r.tally.hits,
            miss_ratio: 1.0 - r.tally.hit_rate(),
            distinct_keys: trace.universe,
        })
    })?;
    let findings = traces
        .iter()
        .map(|t| trace_findings(t, policies, &rows))
        .collect();
    Ok(GameSearchFindings {
        traversal,
        rows,
        traces: findings,
    })
}

fn trace_findings(
    t: &NamedTrace,
    policies: &[PolicyKind],
    rows: &[GameSearchRow],
) -> TraceFindings {
    let hit = |k: PolicyKind, f: f64| -> Option<f64> {
        let name = k.to_string();
        rows.iter()
            .find(|r| r.trace == t.name && r.policy == name && r.budget_fraction == f)
            .map(|r| 1.0 - r.miss_ratio)
    };
    let mean_hit = |k: PolicyKind| -> f64 {
        BUDGET_FRACTIONS
            .iter()
            .filter_map(|&f| hit(k, f))
            .sum::<f64>()
            / BUDGET_FRACTIONS.len() as f64
    };
    let best_aging = policies
        .iter()
        .copied()
        .filter(|k| matches!(k, PolicyKind::AgingLfu { .. }))
        .max_by(|a, b| mean_hit(*a).total_cmp(&mean_hit(*b)));
    let best_of = |set: &[PolicyKind], f: f64| -> Option<(PolicyKind, f64)> {
        set.iter()
            .filter_map(|&k| hit(k, f).map(|h| (k, h)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
    };
    let frequency: Vec<PolicyKind> = FREQUENCY.iter().copied().chain(best_aging).collect();
    let duels = BUDGET_FRACTIONS
        .iter()
        .filter_map(|&f| {
            Some(Duel {
                fraction: f,
                recency: best_of(&RECENCY, f)?,
                frequency: best_of(&frequency, f)?,
                belady: hit(PolicyKind::Belady, f)?,
            })
        })
        .collect();
    TraceFindings {
        name: t.name.clone(),
        lookups: t.keys.len(),
        universe: t.universe,
        best_aging,
        duels,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_duel_picks_each_family_s_best_rule_and_frequency_wins_a_hot_key_behind_scans() {
        // One hot key between runs of ten cold keys: at a budget of ten entries its reuse distance (eleven) is
        // past LRU's reach, while a counting rule keeps it.
        let keys: Vec<u32> = (0..100u32)
            .flat_map(|run| std::iter::once(0).chain((1..=10).map(move |c| run * 10 + c)))
            .collect();
        let trace = NamedTrace {
            name: "scans".into(),
            universe: 1_001,
            keys,
        };
        let policies = [
            PolicyKind::Lru,
            PolicyKind::Sieve,
            PolicyKind::Clock,
            PolicyKind::Lfu,
            PolicyKind::WTinyLfu,
            PolicyKind::Belady,
        ];
        let f = analyse(
            &[trace],
            &policies,
            Traversal::Plain,
            1,
            &ProgressBar::hidden(),
        )
        .unwrap();
        assert_eq!(f.rows.len(), policies.len() * BUDGET_FRACTIONS.len());
        let t = &f.traces[0];
        assert_eq!(t.duels.len(), BUDGET_FRACTIONS.len());
        let hit = |p: &str, frac: f64| {
            let r = f
                .rows
                .iter()
                .find(|r| r.policy == p && r.budget_fraction == frac);
            1.0 - r.unwrap().miss_ratio
        };
        for d in &t.duels {
            let best =
                |names: &[&str]| names.iter().map(|p| hit(p, d.fraction)).fold(0.0, f64::max);
            assert_eq!(d.recency.1, best(&["lru", "sieve", "clock"]));
            assert_eq!(d.frequency.1, best(&["lfu", "wtinylfu"]));
            assert!(d.belady >= d.frequency.1 && d.belady >= d.recency.1);
        }
        let small = &t.duels[0];
        assert_eq!(small.fraction, 0.01);
        assert!(small.difference() > 0.05, "{small:?}");
    }
}
