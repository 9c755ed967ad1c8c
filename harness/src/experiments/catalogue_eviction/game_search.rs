//! The game-search traces analysed: the catalogue trace and the dice-chess evaluation-lookup traces (every scenario
//! family x [`TraceSource`]: expansion with the traversal cache off and on, search with and without a TT), each replayed through every rule at budgets that are fixed fractions of its own working set, so traces
//! of very different sizes compare on one axis. The result is a typed findings value; the report only formats it.

use super::dice_trace::{TraceSource, record_family};
use super::replay::{StreamCheck, replay_keys};
use super::spec::PolicyKind;
use crate::experiments::catalogue_eviction::GameSearchRecord;
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::scenario::{Family, load_dir};
use crate::statistics::Interval;
use crate::verdict::Verdict;
use anyhow::Result;
use std::path::Path;

/// Budgets as fractions of each trace's working set (its distinct keys).
pub(crate) const BUDGET_FRACTIONS: [f64; 6] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5];

/// The recency rules the question sets against the frequency rules.
pub(crate) const RECENCY: [PolicyKind; 3] = [PolicyKind::Lru, PolicyKind::Sieve, PolicyKind::Clock];

/// The frequency rules (ageing LFU stands for every period run; the best on the trace is reported).
pub(crate) const FREQUENCY: [PolicyKind; 2] = [PolicyKind::Lfu, PolicyKind::WTinyLfu];

/// A difference no larger than this (a fraction of lookups: a tenth of a point) is called a tie: the practical
/// threshold of each duel's [`Verdict`]. The traces are
/// deterministic, so there is no sampling noise to allow for; below a tenth of a point no budget choice would
/// notice the rule.
pub(crate) const TIE: f64 = 0.001;

/// A trace to analyse: a name and its dense key stream.
#[derive(Clone, Debug)]
pub(crate) struct NamedTrace {
    /// `catalogue (seed N)` or `dice <family> <source>`.
    pub name: String,
    /// The dice-chess family and stream, `None` for the catalogue trace.
    pub origin: Option<(Family, TraceSource)>,
    /// Dense ids in first-seen order.
    pub keys: Vec<u32>,
    /// Distinct keys.
    pub universe: usize,
}

/// The dice-chess traces of every family file of `scenarios_dir` x every [`TraceSource`] (material evaluator),
/// families outer. Each trace is recorded on its own (a fresh recorder, no shared state), so they are recorded on
/// `threads` workers and come back in that order, the same traces a sequential pass records.
pub(crate) fn dice_traces(
    scenarios_dir: &Path,
    threads: usize,
    progress: &Progress,
) -> Result<Vec<NamedTrace>> {
    let scenarios = load_dir(scenarios_dir, &[])?;
    let jobs: Vec<(usize, TraceSource)> = (0..scenarios.len())
        .flat_map(|s| TraceSource::ALL.map(|source| (s, source)))
        .collect();
    progress.set_message("recording dice-chess traces");
    progress.set_length(jobs.len() as u64);
    parallel_map(&jobs, threads, progress, |&(s, source)| {
        let t = record_family(&scenarios[s], source)?;
        Ok(NamedTrace {
            name: format!("dice {} {}", t.family, source.name()),
            origin: Some((t.family, source)),
            keys: t.keys,
            universe: t.universe,
        })
    })
}

/// Frequency against recency on one trace at one budget.
#[derive(Clone, Debug)]
pub(crate) struct Duel {
    /// Budget over the working set.
    pub fraction: f64,
    /// The best recency rule and its hit rate.
    pub recency: (PolicyKind, f64),
    /// The best frequency rule and its hit rate.
    pub frequency: (PolicyKind, f64),
}

impl Duel {
    /// Frequency's hit rate minus recency's, as a fraction of lookups (0.01 = one percentage point).
    pub(crate) fn difference(&self) -> f64 {
        self.frequency.1 - self.recency.1
    }

    /// Frequency won (`Better`), lost (`Worse`) or tied (`WithinNoise`): its exact difference against 0 with the
    /// threshold [`TIE`].
    pub(crate) fn verdict(&self) -> Verdict {
        Verdict::of(&Interval::exact(self.difference()), 0.0, TIE)
    }
}

/// What one trace showed.
#[derive(Clone, Debug)]
pub(crate) struct TraceFindings {
    pub name: String,
    /// The dice-chess family and stream, `None` for the catalogue trace.
    pub origin: Option<(Family, TraceSource)>,
    pub lookups: usize,
    /// Distinct keys.
    pub universe: usize,
    /// The ageing period with the highest mean hit rate over the budgets, if ageing LFU was run.
    pub best_aging: Option<PolicyKind>,
    /// Frequency against recency at every budget fraction.
    pub duels: Vec<Duel>,
}

impl TraceFindings {
    /// Budgets where frequency won, tied and lost against recency ([`Duel::verdict`]).
    pub(crate) fn tally(&self) -> (usize, usize, usize) {
        let n = |v: Verdict| self.duels.iter().filter(|d| d.verdict() == v).count();
        let (won, lost) = (n(Verdict::Better), n(Verdict::Worse));
        (won, self.duels.len() - won - lost, lost)
    }

    /// The duels where frequency did worst and best, if any.
    pub(crate) fn extremes(&self) -> Option<(&Duel, &Duel)> {
        let by = |a: &&Duel, b: &&Duel| a.difference().total_cmp(&b.difference());
        Some((self.duels.iter().min_by(by)?, self.duels.iter().max_by(by)?))
    }

    /// The unbounded hit rate: every lookup but each key's first.
    pub(crate) fn unbounded_hit_rate(&self) -> f64 {
        1.0 - self.universe as f64 / self.lookups.max(1) as f64
    }
}

/// Which way the duels went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lead {
    /// Frequency won more trace-budget pairs than it lost.
    Frequency,
    /// Recency won more than it lost.
    Recency,
    /// As many won as lost.
    Even,
}

/// Frequency against recency over one kind of trace (the catalogue, or one dice-chess source over every family),
/// every budget together: its duels' verdicts counted.
#[derive(Clone, Debug)]
pub(crate) struct SourceTally {
    /// The dice-chess source, `None` for the catalogue trace.
    pub source: Option<TraceSource>,
    /// Traces of this kind.
    pub traces: usize,
    /// Trace-budget pairs frequency won ([`Duel::verdict`]).
    pub won: usize,
    pub tied: usize,
    /// Pairs recency won.
    pub lost: usize,
    /// The smallest frequency-minus-recency difference (fraction of lookups).
    pub least: f64,
    /// The largest.
    pub most: f64,
    /// The mean difference over the pairs.
    pub mean: f64,
    /// At the largest budget, the most any trace's better family leaves below the unbounded hit rate.
    pub gap_at_largest: f64,
}

impl SourceTally {
    pub(crate) fn lead(&self) -> Lead {
        match self.won.cmp(&self.lost) {
            std::cmp::Ordering::Greater => Lead::Frequency,
            std::cmp::Ordering::Less => Lead::Recency,
            std::cmp::Ordering::Equal => Lead::Even,
        }
    }

    fn of(source: Option<TraceSource>, traces: &[&TraceFindings]) -> Option<SourceTally> {
        let differences: Vec<f64> = traces
            .iter()
            .flat_map(|t| t.duels.iter().map(Duel::difference))
            .collect();
        if differences.is_empty() {
            return None;
        }
        let (won, tied, lost) = traces.iter().fold((0, 0, 0), |acc, t| {
            let (w, e, l) = t.tally();
            (acc.0 + w, acc.1 + e, acc.2 + l)
        });
        let gap_at_largest = traces
            .iter()
            .filter_map(|t| {
                let d = t.duels.last()?;
                Some(t.unbounded_hit_rate() - d.recency.1.max(d.frequency.1))
            })
            .fold(0.0, f64::max);
        Some(SourceTally {
            source,
            traces: traces.len(),
            won,
            tied,
            lost,
            least: differences.iter().copied().fold(f64::INFINITY, f64::min),
            most: differences
                .iter()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max),
            mean: differences.iter().sum::<f64>() / differences.len() as f64,
            gap_at_largest,
        })
    }
}

/// The whole analysis: every row, and per trace the findings.
#[derive(Clone, Debug)]
pub(crate) struct GameSearchFindings {
    /// The rules replayed, in run order.
    pub policies: Vec<PolicyKind>,
    pub rows: Vec<GameSearchRecord>,
    /// Per trace, in input order.
    pub traces: Vec<TraceFindings>,
    /// The catalogue, then each dice-chess source in [`TraceSource::ALL`] order (kinds without traces left out).
    pub verdicts: Vec<SourceTally>,
    /// Families whose search traces with and without a TT are the same stream (the table cut no leaf lookup),
    /// so their two kinds' figures coincide and count twice in the overall tally.
    pub table_cuts_nothing: Vec<Family>,
}

impl GameSearchFindings {
    /// The family whose curves the report draws for every source: the one with the most lookups in its
    /// traversal-off expansion trace, the longest stream and so the most reuse for a rule to exploit.
    pub(crate) fn showcase_family(&self) -> Option<Family> {
        self.traces
            .iter()
            .filter_map(|t| match t.origin {
                Some((family, TraceSource::Expansion(engine::chance::Traversal::Plain))) => {
                    Some((family, t.lookups))
                }
                _ => None,
            })
            .max_by_key(|&(_, lookups)| lookups)
            .map(|(family, _)| family)
    }

    /// Every dice-chess trace-budget pair together.
    pub(crate) fn dice_verdict(&self) -> Option<SourceTally> {
        let dice: Vec<&TraceFindings> = self.traces.iter().filter(|t| t.origin.is_some()).collect();
        SourceTally::of(None, &dice)
    }
}

fn verdicts(traces: &[TraceFindings]) -> Vec<SourceTally> {
    let kind = |source: Option<TraceSource>| -> Vec<&TraceFindings> {
        traces
            .iter()
            .filter(|t| t.origin.map(|o| o.1) == source)
            .collect()
    };
    std::iter::once(None)
        .chain(TraceSource::ALL.map(Some))
        .filter_map(|source| SourceTally::of(source, &kind(source)))
        .collect()
}

/// The budget for `fraction` of `universe` keys.
pub(crate) fn budget_for(fraction: f64, universe: usize) -> usize {
    ((fraction * universe as f64).round() as usize).max(1)
}

/// Replays every trace through `policies` at [`BUDGET_FRACTIONS`] and works out the findings.
pub(crate) fn analyse(
    traces: &[NamedTrace],
    policies: &[PolicyKind],
    threads: usize,
    progress: &Progress,
) -> Result<GameSearchFindings> {
    // A trace that is the same stream as an earlier one (a family whose TT cuts no leaf lookup records its two
    // search traces alike) is replayed once: a replay is a function of the keys alone, so the earlier trace's
    // rows, renamed, are exactly what its own replays would give.
    let same_as: Vec<usize> = (0..traces.len())
        .map(|t| {
            (0..t)
                .find(|&u| {
                    traces[u].universe == traces[t].universe && traces[u].keys == traces[t].keys
                })
                .unwrap_or(t)
        })
        .collect();
    let replayed: Vec<usize> = (0..traces.len()).filter(|&t| same_as[t] == t).collect();
    let checks: Vec<StreamCheck> = traces
        .iter()
        .map(|t| StreamCheck::of_keys(&t.keys))
        .collect();
    let per_trace = policies.len() * BUDGET_FRACTIONS.len();
    let jobs: Vec<(usize, PolicyKind, f64)> = replayed
        .iter()
        .flat_map(|&t| {
            policies
                .iter()
                .flat_map(move |&p| BUDGET_FRACTIONS.iter().map(move |&f| (t, p, f)))
        })
        .collect();
    progress.set_message("replaying game-search traces");
    progress.set_length(jobs.len() as u64);
    let results = parallel_map(&jobs, threads, progress, |&(t, policy, fraction)| {
        let trace = &traces[t];
        let budget = budget_for(fraction, trace.universe);
        let r = replay_keys(policy, budget, &trace.keys, trace.universe, &checks[t])
            .map_err(|e| crate::exit::Failure::Mismatch.tag(e))?;
        Ok(GameSearchRecord {
            trace: trace.name.clone(),
            policy: policy.to_string(),
            budget_fraction: fraction,
            budget: budget as u64,
            lookups: r.tally.lookups,
            hits: r.tally.hits,
            miss_ratio: 1.0 - r.tally.hit_rate(),
            distinct_keys: trace.universe as u64,
            ..GameSearchRecord::default()
        })
    })?;
    // Every trace's rows in trace, policy, budget order, as if each had been replayed.
    let rows: Vec<GameSearchRecord> = traces
        .iter()
        .enumerate()
        .flat_map(|(t, trace)| {
            let at = replayed
                .binary_search(&same_as[t])
                .expect("every trace is replayed or the same as a replayed one")
                * per_trace;
            results[at..at + per_trace]
                .iter()
                .map(|r| GameSearchRecord {
                    trace: trace.name.clone(),
                    ..r.clone()
                })
        })
        .collect();
    let origin = |name: &str| {
        traces
            .iter()
            .find(|t| t.name == name)
            .and_then(|t| t.origin)
    };
    Ok(findings_of_rows(policies, rows, origin))
}

/// The findings of `rows` (every trace's replays, traces in the order they appear), as the run works them out
/// and as the report reads them back from `game_search.csv`, so the two cannot differ; `origin` names a trace's
/// family and source. A family's table cut nothing when its two search traces' rows coincide (a stream equal to
/// an earlier one is replayed once and its rows copied).
pub(crate) fn findings_of_rows(
    policies: &[PolicyKind],
    rows: Vec<GameSearchRecord>,
    origin: impl Fn(&str) -> Option<(Family, TraceSource)>,
) -> GameSearchFindings {
    let names = crate::experiments::distinct(rows.iter().map(|r| r.trace.as_str()));
    let of = |name: &str| -> Vec<&GameSearchRecord> {
        rows.iter().filter(|r| r.trace == name).collect()
    };
    let findings: Vec<TraceFindings> = names
        .iter()
        .map(|name| {
            let first = of(name)[0];
            let (lookups, universe) = (first.lookups as usize, first.distinct_keys as usize);
            trace_findings(name, origin(name), lookups, universe, policies, &rows)
        })
        .collect();
    // Two traces' rows are the same replays when they differ only in the trace's name.
    let untraced = |r: &&GameSearchRecord| GameSearchRecord {
        trace: String::new(),
        ..(*r).clone()
    };
    let same = |a: &str, b: &str| of(a).iter().map(untraced).eq(of(b).iter().map(untraced));
    let mut table_cuts_nothing: Vec<Family> = Vec::new();
    for t in &findings {
        if let Some((family, TraceSource::Search { table: true })) = t.origin
            && findings.iter().any(|u| {
                u.origin == Some((family, TraceSource::Search { table: false }))
                    && same(&u.name, &t.name)
            })
        {
            table_cuts_nothing.push(family);
        }
    }
    GameSearchFindings {
        table_cuts_nothing,
        policies: policies.to_vec(),
        verdicts: verdicts(&findings),
        traces: findings,
        rows,
    }
}

fn trace_findings(
    name: &str,
    origin: Option<(Family, TraceSource)>,
    lookups: usize,
    universe: usize,
    policies: &[PolicyKind],
    rows: &[GameSearchRecord],
) -> TraceFindings {
    let hit = |k: PolicyKind, f: f64| -> Option<f64> {
        let k = k.to_string();
        rows.iter()
            .find(|r| r.trace == name && r.policy == k && r.budget_fraction == f)
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
            })
        })
        .collect();
    TraceFindings {
        name: name.to_owned(),
        origin,
        lookups,
        universe,
        best_aging,
        duels,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A duel is won or lost only beyond the tie threshold, either way.
    #[test]
    fn duels_tie_within_the_threshold_and_count_by_their_verdicts() {
        let duel = |frequency: f64| Duel {
            fraction: 0.1,
            recency: (PolicyKind::Lru, 0.5),
            frequency: (PolicyKind::Lfu, frequency),
        };
        let t = TraceFindings {
            name: "t".into(),
            origin: None,
            lookups: 10,
            universe: 2,
            best_aging: None,
            duels: [0.51, 0.5005, 0.5, 0.4995, 0.49, 0.48].map(duel).to_vec(),
        };
        assert_eq!(t.tally(), (1, 3, 2));
        assert_eq!(t.duels[1].verdict(), Verdict::WithinNoise);
    }

    #[test]
    fn the_duel_picks_each_family_s_best_rule_and_frequency_wins_a_hot_key_behind_scans() {
        // One hot key between runs of ten cold keys: at a budget of ten entries its reuse distance (eleven) is
        // past LRU's reach, while a counting rule keeps it.
        let keys: Vec<u32> = (0..100u32)
            .flat_map(|run| std::iter::once(0).chain((1..=10).map(move |c| run * 10 + c)))
            .collect();
        let trace = NamedTrace {
            name: "scans".into(),
            origin: None,
            universe: 1_001,
            keys,
        };
        use PolicyKind::*;
        let policies = [Lru, Sieve, Clock, Lfu, WTinyLfu, Belady];
        let f = analyse(&[trace], &policies, 1, &Progress::hidden()).unwrap();
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
            let belady = hit("belady", d.fraction);
            assert!(belady >= d.frequency.1 && belady >= d.recency.1);
        }
        let small = &t.duels[0];
        assert_eq!(small.fraction, 0.01);
        assert!(small.difference() > 0.05, "{small:?}");
        // The one trace is the catalogue kind; its verdict counts the same duels.
        assert_eq!(f.verdicts.len(), 1);
        let v = &f.verdicts[0];
        assert_eq!(v.source, None);
        let (won, tied, lost) = t.tally();
        assert_eq!((v.won, v.tied, v.lost), (won, tied, lost));
        assert!(v.won > 0 && v.most >= small.difference() && v.least <= v.mean);
        assert!(f.dice_verdict().is_none());
    }

    #[test]
    fn budget_for_examples() {
        assert_eq!(budget_for(0.01, 50), 1);
        assert_eq!(budget_for(0.2, 1_000), 200);
    }
}
