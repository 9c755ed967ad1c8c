//! "At a glance": for every scenario x evaluator x traversal setting, the fastest cache variant, its speedup over
//! `none` with the 95% interval and a verdict, and the break-even written as an evaluator cost next to the
//! evaluator's own measured cost. Computed from typed rows, rendered by the report and the console alike.

use crate::answer::Usage;
use crate::evaluators::EvaluatorKind;
use crate::present::number::{MISSING, instructions, percent, ratio_interval, time_ns};
use crate::present::{Align, Table, TableError};
use crate::record::schema::{EVALUATOR_NS_PER_CALL, IntervalTable, NS_PER_OP, SPEEDUP_VS_NONE};
use crate::record::{ArmKey, Known, Metric, MetricTable};
use crate::statistics::Interval;
use crate::strength::{Strength, elo_text};
use crate::verdict::{PAYS, Verdict};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use serde::Serialize;

/// Writes a verdict under its `summary.json` name in the cache's words (`pays`, `costs`, `within_noise`,
/// `no_verdict`).
fn verdict_name<S: serde::Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.name(&PAYS))
}

/// The headline of one setting.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Glance {
    pub scenario: String,
    pub evaluator: String,
    /// Traversal cache `on` or `off`.
    pub traversal: String,
    /// The cache variant with the greatest median speedup over `none`.
    pub fastest_variant: String,
    /// Its speedup over `none` = time(none) / time(variant), > 1 = faster (in `summary.json` the whole interval:
    /// point, low, high, level, n, method).
    pub speedup_vs_none: Interval,
    /// Whether the fastest variant pays: [`Verdict::of_ratio`] of its speedup.
    #[serde(serialize_with = "verdict_name")]
    pub verdict: Verdict,
    /// The variant's hit rate in this setting (hits / lookups).
    pub hit_rate: f64,
    /// What one call of this evaluator costs beyond the constant evaluator, in ns: measured directly (the
    /// `evaluator_ns_per_call` interval of `intervals.csv`), or in a run from before that measurement
    /// (time(none, this evaluator) − time(none, constant)) / lookups per operation. `None` when not measured or
    /// not resolved (its interval holds 0 or lies below it).
    pub evaluator_ns_per_call: Option<f64>,
    /// The bounds of that cost: its 95% interval, or in an older run the two medians' intervals' opposite ends;
    /// where they hold 0 the cost is not resolved. Not in `summary.json`.
    #[serde(skip)]
    pub evaluator_ns_per_call_bounds: Option<(f64, f64)>,
    /// The evaluator cost at which the variant breaks even, in ns per call, with its interval: the cache's time
    /// per hit with the free `constant` evaluator, time(none, constant) x (1 / s − 1) / hits per operation, from
    /// the paired speedup s of the variant over `none` with `constant` and its interval (the uncached median taken
    /// as fixed; level, n and method are the speedup's). Below 0 where the variant is faster even with a free
    /// evaluator; never clamped. `None` without that speedup or without hits.
    pub break_even_ns_per_call: Option<Interval>,
    /// Where the ns and instruction break-evens point opposite ways (one below 0, the other above), why: what
    /// getrusage measured of the two `constant` arms, or "no cause measured". Absent when they agree or either
    /// is undecided (`null` in `summary.json`).
    pub break_evens_disagree: Option<String>,
    /// What one call of this evaluator costs in instructions (callgrind: the uncached arm against the constant
    /// evaluator's).
    pub evaluator_instructions_per_call: Option<f64>,
    /// The break-even in instructions per call: the fastest variant's instructions per lookup / hit rate
    /// (callgrind measures the traversal cache on only; every variant with the report's evaluator, the optimized
    /// cache with the others).
    pub break_even_instructions_per_call: Option<f64>,
    /// The speedup in playing strength at the stated budget: Elo(N·speedup) − Elo(N) off the curve
    /// ([`crate::strength`]); absent without a curve and bench, or off the curve.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predicted_elo: Option<Interval>,
}

/// The headline of every setting with a `none` timing and at least one other variant, in the tables' order.
pub(crate) fn at_a_glance(
    counts: &MetricTable<i128>,
    timings: &MetricTable<f64>,
    intervals: &IntervalTable,
) -> Vec<Glance> {
    let mut out = Vec::new();
    for scenario in &timings.scenarios {
        for evaluator in &timings.evaluators {
            out.extend(timings.traversals.iter().filter_map(|traversal| {
                let none = ArmKey::new(scenario, CacheKind::None.name(), evaluator, traversal);
                glance(counts, timings, intervals, &none)
            }));
        }
    }
    out
}

fn glance(
    counts: &MetricTable<i128>,
    timings: &MetricTable<f64>,
    intervals: &IntervalTable,
    none: &ArmKey,
) -> Option<Glance> {
    let (arm, speedup) = timings
        .variants
        .iter()
        .filter_map(|v| Known::<CacheKind>::parse(v).known())
        .filter(|&v| v != CacheKind::None)
        .filter_map(|v| {
            let arm = none.with_variant(v);
            let e = intervals.get(&arm, SPEEDUP_VS_NONE)?;
            Some((arm, e))
        })
        .max_by(|a, b| a.1.point.total_cmp(&b.1.point))?;
    let per_op = |t: &MetricTable<i128>, a: &ArmKey, metric: Metric| {
        let n = t.get(a, Metric::Successors)?;
        (n > 0.0).then(|| t.get(a, metric).map(|v| v / n))?
    };
    let hits = per_op(counts, &arm, Metric::CacheHits)?;
    let lookups = per_op(counts, none, Metric::EvaluatorCalls)?;
    let hit_rate = if lookups > 0.0 { hits / lookups } else { 0.0 };
    let (evaluator_ns_per_call, evaluator_ns_per_call_bounds) =
        evaluator_ns(intervals, none, lookups);
    let break_even_ns_per_call = break_even_ns(counts, intervals, &constant(&arm), hits);
    let (evaluator_instructions_per_call, break_even_instructions_per_call) =
        instruction_costs(counts, none, &arm, hit_rate);
    Some(Glance {
        scenario: none.scenario.clone(),
        evaluator: none.evaluator.clone(),
        traversal: none.traversal.clone(),
        fastest_variant: arm.variant.clone(),
        verdict: Verdict::of_ratio(&speedup),
        speedup_vs_none: speedup,
        hit_rate,
        evaluator_ns_per_call,
        evaluator_ns_per_call_bounds,
        break_evens_disagree: break_evens_disagree(
            break_even_ns_per_call.as_ref(),
            break_even_instructions_per_call,
            Usage::of(timings, &constant(none)).zip(Usage::of(timings, &constant(&arm))),
        ),
        break_even_ns_per_call,
        evaluator_instructions_per_call,
        break_even_instructions_per_call,
        predicted_elo: None,
    })
}

/// The same arm with the `constant` evaluator, whose time is the operation without the evaluator's work.
fn constant(a: &ArmKey) -> ArmKey {
    ArmKey {
        evaluator: EvaluatorKind::Constant.to_string(),
        ..a.clone()
    }
}

/// The evaluator's own time per call in the setting of `none` and its bounds: measured directly where the run has
/// it, else from the difference of the evaluator's and the `constant` evaluator's `none` medians per lookup.
fn evaluator_ns(
    intervals: &IntervalTable,
    none: &ArmKey,
    lookups: f64,
) -> (Option<f64>, Option<(f64, f64)>) {
    // The direct measurement (the evaluator alone over the setting's evaluations) where the run has it; a run
    // folder from before it has only the difference of the two evaluators' `none` times, with bounds from their
    // intervals' opposite ends (where both have ends).
    let direct = intervals.get(none, EVALUATOR_NS_PER_CALL);
    let times = intervals
        .get(none, NS_PER_OP)
        .zip(intervals.get(&constant(none), NS_PER_OP))
        .filter(|_| lookups > 0.0);
    let evaluator_ns_per_call_bounds = match direct {
        Some(i) => Some((i.low, i.high)),
        None => times
            .map(|(e, c)| ((e.low - c.high) / lookups, (e.high - c.low) / lookups))
            .filter(|(low, high)| low.is_finite() && high.is_finite()),
    };
    // A cost whose interval holds 0 (or lies below it) is not resolved: no figure, rather than a noise figure that
    // may be negative. (No evaluator costs less than `constant`, so an interval below 0 is a failed measurement.)
    let evaluator_ns_per_call = match direct {
        Some(i) => Some(i.point),
        None => times.map(|(e, c)| (e.point - c.point) / lookups),
    }
    .filter(|_| evaluator_ns_per_call_bounds.is_none_or(|(low, _)| low > 0.0));
    (evaluator_ns_per_call, evaluator_ns_per_call_bounds)
}

/// The evaluator's instructions per call and the cache's break-even in instructions per call for the fastest
/// variant's `arm` (callgrind); the break-even needs the traversal cache on and a hit rate above 0.
fn instruction_costs(
    counts: &MetricTable<i128>,
    none: &ArmKey,
    arm: &ArmKey,
    hit_rate: f64,
) -> (Option<f64>, Option<f64>) {
    // Callgrind measures each selected evaluator without a cache and under the optimized one (the report's
    // evaluator under every variant), with the traversal cache on only: its break-even rows sit on the cached
    // arm they were derived from.
    let measured_on = |variant: &str| ArmKey {
        variant: variant.to_owned(),
        traversal: Traversal::Cached.name().to_owned(),
        ..none.clone()
    };
    let evaluator_instructions_per_call = counts
        .get(
            &measured_on(CacheKind::Optimized.name()),
            Metric::EvaluatorInstructionsPerCall,
        )
        .or_else(|| {
            counts.get(
                &measured_on(&arm.variant),
                Metric::EvaluatorInstructionsPerCall,
            )
        });
    let break_even_instructions_per_call = (arm.traversal().is(Traversal::Cached)
        && hit_rate > 0.0)
        .then(|| {
            counts.get(
                &measured_on(&arm.variant),
                Metric::ProbeInstructionsPerLookup,
            )
        })
        .flatten()
        .map(|p| p / hit_rate);
    (
        evaluator_instructions_per_call,
        break_even_instructions_per_call,
    )
}

/// The break-even in ns per call of the cached arm `with` (the `constant` evaluator's): the cache's time per hit
/// from its paired speedup over `none` ([`Glance::break_even_ns_per_call`]); `hits` per operation of the setting
/// stand in where the counting pass has no `constant` row.
fn break_even_ns(
    counts: &MetricTable<i128>,
    intervals: &IntervalTable,
    with: &ArmKey,
    hits: f64,
) -> Option<Interval> {
    let s = intervals.get(with, SPEEDUP_VS_NONE)?;
    let t = intervals
        .get(&with.with_variant(CacheKind::None), NS_PER_OP)?
        .point;
    let per_op = |m: Metric| Some(counts.get(with, m)? / counts.get(with, Metric::Successors)?);
    let hits = per_op(Metric::CacheHits)
        .filter(|h| *h > 0.0)
        .unwrap_or(hits);
    if !(hits > 0.0 && t > 0.0) {
        return None;
    }
    // Time per hit the cache adds at speedup x; decreasing in x, so the interval's ends swap.
    let at = |x: f64| {
        if x > 0.0 {
            t * (1.0 / x - 1.0) / hits
        } else {
            f64::INFINITY
        }
    };
    Some(Interval {
        point: at(s.point),
        low: at(s.high),
        high: at(s.low),
        ..s
    })
}

/// Whether a break-even in ns is a figure: an interval that holds 0 (the cache's cost cannot be told from
/// nothing) or has no upper end reads "—".
fn decided(ns: &Interval) -> bool {
    ns.low.is_finite() && ns.high.is_finite() && !ns.covers(0.0)
}

/// Why the two break-evens of a row point opposite ways ([`Glance::break_evens_disagree`]); `usage` is the
/// getrusage of the `constant` arms (without, with the cache).
fn break_evens_disagree(
    ns: Option<&Interval>,
    instructions: Option<f64>,
    usage: Option<(Usage, Usage)>,
) -> Option<String> {
    let (ns, ir) = (ns.filter(|i| decided(i))?, instructions?);
    if (ns.point > 0.0) == (ir > 0.0) || ir == 0.0 {
        return None;
    }
    let what = if ns.point < 0.0 {
        "faster than no cache even with a free evaluator, though a lookup adds instructions"
    } else {
        "slower than no cache with a free evaluator, though a lookup saves instructions"
    };
    Some(format!(
        "{what}: {}",
        crate::answer::measured_cause(usage, ns.point > 0.0)
    ))
}

/// A setting for tests: the optimized cache, traversal on, the given speedup with a 95% interval of 15 rounds.
#[cfg(test)]
pub(crate) fn sample(evaluator: &str, scenario: &str, point: f64, low: f64, high: f64) -> Glance {
    Glance {
        scenario: scenario.into(),
        evaluator: evaluator.into(),
        traversal: "on".into(),
        fastest_variant: "optimized".into(),
        speedup_vs_none: crate::present::paired(point, low, high, 0.95, 15),
        verdict: Verdict::NoVerdict,
        hit_rate: 0.5,
        evaluator_ns_per_call: None,
        evaluator_ns_per_call_bounds: None,
        break_even_ns_per_call: None,
        break_evens_disagree: None,
        evaluator_instructions_per_call: None,
        break_even_instructions_per_call: None,
        predicted_elo: None,
    }
}

/// Fills each setting's predicted Elo from `strength` (left out without a basis or off the curve).
pub(crate) fn with_predicted_elo(glance: &mut [Glance], strength: &Strength) {
    for g in glance {
        g.predicted_elo = strength.predict(&g.speedup_vs_none);
    }
}

/// Fills each setting's evaluator instruction cost from the break-even map where it covers the setting's family,
/// traversal mode and fastest variant, and its instruction break-even where the instruction step has none (the
/// map measures every variant and both traversal modes; the instruction step the optimized cache with the
/// traversal cache on only). Where both have one, the instruction step's p / h at the family's hit rate stays:
/// one break-even per setting, the figure the answer states.
pub(crate) fn with_break_even_map(
    glance: &mut [Glance],
    map: &[crate::record::schema::BreakEvenRecord],
) {
    for g in glance {
        let mut rows = map.iter().filter(|r| {
            r.scenario == g.scenario && r.traversal == g.traversal && r.variant == g.fastest_variant
        });
        let Some(first) = rows.clone().next() else {
            continue;
        };
        if g.break_even_instructions_per_call.is_none() {
            g.break_even_instructions_per_call = first.break_even_instructions_per_call;
        }
        if let Some(own) = rows.find(|r| r.evaluator == g.evaluator) {
            g.evaluator_instructions_per_call = Some(own.evaluator_instructions_per_call);
        }
    }
}

/// The verdicts tallied over the real evaluators' settings: the synthetic `constant` evaluator measures the
/// cache's own cost (it costs nothing to call, so a cache can only lose with it) and is no finding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Tally {
    /// The fastest variant pays.
    pub pays: usize,
    /// Even the fastest variant costs.
    pub costs: usize,
    /// Within ±1% of no cache.
    pub within_noise: usize,
    /// The interval holds 1 and reaches past the threshold, or covers less than 95%.
    pub no_verdict: usize,
    /// Settings of the synthetic `constant` evaluator, left out of the four counts above.
    pub constant_not_counted: usize,
}

/// The verdicts of `glance` tallied, the `constant` evaluator's settings left out (and counted as such).
pub(crate) fn tally(glance: &[Glance]) -> Tally {
    let synthetic =
        |g: &&Glance| Known::<EvaluatorKind>::parse(&g.evaluator).is(EvaluatorKind::Constant);
    let count = |v: Verdict| {
        glance
            .iter()
            .filter(|g| !synthetic(g) && g.verdict == v)
            .count()
    };
    Tally {
        pays: count(Verdict::Better),
        costs: count(Verdict::Worse),
        within_noise: count(Verdict::WithinNoise),
        no_verdict: count(Verdict::NoVerdict),
        constant_not_counted: glance.iter().filter(synthetic).count(),
    }
}

impl Tally {
    /// "9 pay, 23 cost, 0 within noise (±1%), 4 without verdict", then the constant evaluator's settings left
    /// out, when there are any.
    pub(crate) fn sentence(&self) -> String {
        let mut s = format!(
            "{} pay, {} cost, {} within noise (±1%), {} without verdict",
            self.pays, self.costs, self.within_noise, self.no_verdict
        );
        if self.constant_not_counted > 0 {
            s.push_str(&format!(
                "; the {} settings of the synthetic `constant` evaluator (free to call, so they measure the \
                 cache's own cost) are not counted",
                self.constant_not_counted
            ));
        }
        s
    }
}

/// The break-even in ns with its interval, "—" where it is no figure ([`decided`]), and why it points the other
/// way from the instruction break-even where it does.
fn break_even_cell(g: &Glance) -> String {
    let Some(i) = g.break_even_ns_per_call.filter(decided) else {
        return MISSING.to_owned();
    };
    let figure = format!(
        "{} [{}, {}]",
        time_ns(i.point),
        time_ns(i.low),
        time_ns(i.high)
    );
    match &g.break_evens_disagree {
        Some(why) => format!("{figure}; against the instruction break-even: {why}"),
        None => figure,
    }
}

/// The findings as a table (markdown in the report, plain text on the console).
pub(crate) fn glance_table(glance: &[Glance]) -> Result<Table, TableError> {
    let mut t = Table::new([
        ("scenario", Align::Left),
        ("evaluator", Align::Left),
        ("traversal", Align::Left),
        ("fastest variant", Align::Left),
        ("speedup vs none [interval]", Align::Right),
        ("verdict (exploratory)", Align::Left),
        ("hit rate", Align::Right),
        ("evaluator cost per call", Align::Right),
        ("break-even per call [interval]", Align::Right),
        ("evaluator instructions per call", Align::Right),
        ("break-even instructions per call", Align::Right),
        ("predicted Elo [interval]", Align::Right),
    ]);
    let ns = |v: Option<f64>| v.map_or(MISSING.to_owned(), time_ns);
    // Where the cost's interval holds 0 (or lies below it) the cost is not resolved and shows its bounds, so a
    // failed measurement (an interval below 0) is seen for what it is (summary.json then has no figure).
    let cost = |g: &Glance| match (g.evaluator_ns_per_call, g.evaluator_ns_per_call_bounds) {
        _ if Known::<EvaluatorKind>::parse(&g.evaluator).is(EvaluatorKind::Constant) => {
            "0 (the constant evaluator)".to_owned()
        }
        (_, Some((low, high))) if low <= 0.0 => {
            format!("not resolved [{}, {}]", time_ns(low), time_ns(high))
        }
        (Some(c), Some((low, high))) => {
            format!("{} [{}, {}]", time_ns(c), time_ns(low), time_ns(high))
        }
        (Some(c), None) if c <= 0.0 => format!("not resolved ({})", time_ns(c)),
        (v, _) => ns(v),
    };
    let ir = |v: Option<f64>| v.map_or(MISSING.to_owned(), instructions);
    for g in glance {
        let s = g.speedup_vs_none;
        t.row([
            g.scenario.clone(),
            g.evaluator.clone(),
            g.traversal.clone(),
            g.fastest_variant.clone(),
            ratio_interval(s.point, s.low, s.high),
            g.verdict.label(&PAYS).to_owned(),
            percent(g.hit_rate),
            cost(g),
            break_even_cell(g),
            ir(g.evaluator_instructions_per_call),
            ir(g.break_even_instructions_per_call),
            g.predicted_elo.map_or(MISSING.to_owned(), |p| elo_text(&p)),
        ])?;
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::assert_contains;
    use crate::record::{CountRow, TimingRow};
    use crate::statistics::Method;
    use std::path::Path;

    /// The no-cache arm of [`tables`]: the baseline at 1000 ns per op.
    const NONE: (&str, f64, f64, f64, f64) = ("none", 1.0, 1.0, 1.0, 1000.0);
    /// An optimized cache twice as fast as [`NONE`], its interval above 1.
    const OPTIMIZED: (&str, f64, f64, f64, f64) = ("optimized", 2.0, 1.8, 2.2, 500.0);

    /// One setting (scenario `s`, evaluator `material`, traversal `on`) plus its `constant` twin, with the given
    /// (variant, speedup median, low, high, ns per op) and (variant, calls, hits) figures, as metric rows of a run
    /// before `intervals.csv` (which [`IntervalTable::with_legacy`] reads).
    fn tables(
        times: &[(&str, f64, f64, f64, f64)],
        counts: &[(&str, i128, i128)],
        constant: &[(&str, f64, f64, f64, f64)],
    ) -> (MetricTable<i128>, MetricTable<f64>) {
        let mut t = Vec::new();
        for (evaluator, rows) in [("material", times), ("constant", constant)] {
            for &(v, m, lo, hi, ns) in rows {
                let k = ArmKey::new("s", v, evaluator, "on");
                let metrics = [
                    (Metric::NsPerOpMedian, ns),
                    (Metric::SpeedupVsNoneMedian, m),
                    (Metric::SpeedupVsNoneCi95Low, lo),
                    (Metric::SpeedupVsNoneCi95High, hi),
                    (Metric::Rounds, 8.0),
                ];
                t.extend(TimingRow::rows(&k, metrics));
            }
        }
        let mut c = Vec::new();
        for (&(v, calls, hits), evaluator) in counts
            .iter()
            .flat_map(|r| [(r, "material"), (r, "constant")])
        {
            let k = ArmKey::new("s", v, evaluator, "on");
            let metrics = [
                (Metric::Successors, 2),
                (Metric::EvaluatorCalls, calls),
                (Metric::CacheHits, hits),
            ];
            c.extend(CountRow::rows(&k, metrics));
        }
        (
            MetricTable::from_rows(c, Path::new("counts.csv")),
            MetricTable::from_rows(t, Path::new("timings.csv")),
        )
    }

    /// [`at_a_glance`] of [`tables`], the intervals read from their metric rows.
    fn glances(
        times: &[(&str, f64, f64, f64, f64)],
        counts: &[(&str, i128, i128)],
        constant: &[(&str, f64, f64, f64, f64)],
    ) -> Vec<Glance> {
        let (c, t) = tables(times, counts, constant);
        at_a_glance(&c, &t, &IntervalTable::default().with_legacy(&t))
    }

    #[test]
    fn a_cache_whose_interval_lies_above_one_pays() {
        let g = glances(
            &[NONE, ("tuple", 1.1, 0.9, 1.3, 900.0), OPTIMIZED],
            &[("none", 200, 0), ("tuple", 50, 150), ("optimized", 50, 150)],
            &[
                ("none", 1.0, 1.0, 1.0, 400.0),
                ("optimized", 400.0 / 430.0, 0.92, 0.94, 430.0),
                ("tuple", 400.0 / 460.0, 0.85, 0.89, 460.0),
            ],
        );
        assert_eq!(g.len(), 2, "the setting and its constant twin");
        let g = g.iter().find(|g| g.evaluator == "material").unwrap();
        assert_eq!(
            (g.fastest_variant.as_str(), g.verdict),
            ("optimized", Verdict::Better)
        );
        assert_eq!(g.speedup_vs_none.point, 2.0);
        assert_eq!(g.hit_rate, 0.75);
        // 100 lookups per op; material costs (1000 - 400) / 100 = 6 ns per call beyond constant.
        assert_eq!(g.evaluator_ns_per_call, Some(6.0));
        // With a free evaluator the optimized cache's paired speedup is 400/430: it costs 30 ns per op over 75 hits,
        // a break-even of 0.4 ns per call, and its interval [0.92, 0.94] gives [0.340, 0.464] ns.
        let b = g.break_even_ns_per_call.unwrap();
        assert!((b.point - 0.4).abs() < 1e-12, "{b:?}");
        assert!(
            (b.low - 400.0 * (1.0 / 0.94 - 1.0) / 75.0).abs() < 1e-12,
            "{b:?}"
        );
        assert!(
            (b.high - 400.0 * (1.0 / 0.92 - 1.0) / 75.0).abs() < 1e-12,
            "{b:?}"
        );
        assert_eq!((b.n, b.method), (8, Method::PairedRatio));
    }

    #[test]
    fn a_cache_whose_interval_lies_below_one_costs() {
        let g = &glances(
            &[NONE, ("optimized", 0.8, 0.7, 0.9, 1250.0)],
            &[("none", 200, 0), ("optimized", 190, 10)],
            &[],
        )[0];
        assert_eq!(g.verdict, Verdict::Worse);
        assert_eq!(
            (g.evaluator_ns_per_call, g.break_even_ns_per_call),
            (None, None)
        );
    }

    #[test]
    fn an_interval_that_includes_one_gives_no_verdict() {
        let g = glances(
            &[
                NONE,
                ("fx", 1.05, 0.97, 1.12, 950.0),
                ("optimized", 0.99, 0.9, 1.1, 1010.0),
            ],
            &[("none", 200, 0), ("fx", 100, 100), ("optimized", 100, 100)],
            &[],
        );
        assert_eq!(
            (g[0].fastest_variant.as_str(), g[0].verdict),
            ("fx", Verdict::NoVerdict)
        );
        assert_eq!(
            tally(&g),
            Tally {
                no_verdict: 1,
                ..Tally::default()
            }
        );
        let constant = Glance {
            evaluator: "constant".into(),
            verdict: Verdict::Worse,
            ..g[0].clone()
        };
        let t = tally(&[g[0].clone(), constant]);
        assert_eq!((t.costs, t.no_verdict, t.constant_not_counted), (0, 1, 1));
        assert!(t.sentence().ends_with("the 1 settings of the synthetic `constant` evaluator (free to call, so they measure the cache's own cost) are not counted"));
        let md = glance_table(&g).unwrap().markdown();
        assert_contains(
            &md,
            &["| s | material | on | fx | 1.05x [0.970, 1.12] | no verdict | 50.0% |"],
        );
    }

    #[test]
    fn the_persisted_interval_decides_and_a_weak_or_tiny_one_gives_none() {
        let (c, t) = tables(
            &[NONE, OPTIMIZED],
            &[("none", 200, 0), ("optimized", 50, 150)],
            &[],
        );
        let key = ArmKey::new("s", "optimized", "material", "on");
        let with = |low: f64, high: f64, level: f64| {
            IntervalTable::from_rows([crate::record::schema::IntervalRow {
                key: key.clone(),
                quantity: SPEEDUP_VS_NONE.into(),
                interval: crate::present::paired((low + high) / 2.0, low, high, level, 5),
            }])
            .with_legacy(&t)
        };
        // Five rounds: [min, max] covers 93.75%, too little for a verdict although it lies above 1.
        let g = at_a_glance(&c, &t, &with(1.8, 2.2, 0.9375));
        assert_eq!(g[0].verdict, Verdict::NoVerdict);
        let g = at_a_glance(&c, &t, &with(0.996, 1.004, 0.96));
        assert_eq!(g[0].verdict, Verdict::WithinNoise);
        let json = serde_json::to_value(&g[0]).unwrap();
        assert_eq!(json["verdict"], "within_noise");
    }

    #[test]
    fn the_speedup_keeps_its_documented_summary_keys() {
        let g = glances(
            &[NONE, ("optimized", 2.0, 1.5, 2.5, 500.0)],
            &[("none", 100, 0), ("optimized", 25, 75)],
            &[],
        );
        let mut s = serde_json::to_value(&g[0]).unwrap()["speedup_vs_none"].take();
        assert!(s["level"].take().as_f64().unwrap() > 0.95, "{s}");
        let want =
            r#"{"point":2.0,"low":1.5,"high":2.5,"level":null,"n":8,"method":"paired_ratio"}"#;
        assert_eq!(s, serde_json::from_str::<serde_json::Value>(want).unwrap());
    }

    #[test]
    fn an_evaluator_cost_whose_interval_reaches_zero_reads_as_not_resolved_with_its_bounds() {
        // material times faster than constant (900 vs 1000 ns): a negative cost per call, which is noise.
        let g = glances(
            &[
                ("none", 1.0, 1.0, 1.0, 900.0),
                ("optimized", 2.0, 1.8, 2.2, 450.0),
            ],
            &[("none", 100, 0), ("optimized", 25, 75)],
            &[NONE, ("optimized", 0.99, 0.98, 1.0, 1010.0)],
        );
        assert_eq!(g[0].evaluator_ns_per_call, Some(-2.0)); // (900 − 1000) ns over 50 calls per op
        let md = glance_table(&g).unwrap().markdown();
        assert_contains(&md, &["| not resolved (-2.00 ns) |"]);
        // Bounds clear of 0 show the cost with them; bounds that hold 0 read as not resolved, with the bounds.
        let with = |low: f64, high: f64| Glance {
            evaluator_ns_per_call: Some(4.0),
            evaluator_ns_per_call_bounds: Some((low, high)),
            ..g[0].clone()
        };
        let md = glance_table(&[with(2.0, 6.0), with(-1.0, 9.0)])
            .unwrap()
            .markdown();
        assert_contains(&md, &["| 4.00 ns [2.00 ns, 6.00 ns] |"]);
        assert_eq!(
            md.matches("not resolved [-1.00 ns, 9.00 ns]").count(),
            1,
            "{md}"
        );
    }

    #[test]
    fn the_break_even_in_ns_comes_from_the_paired_speedup_and_reads_a_dash_where_it_holds_zero() {
        let row = |lo: f64, hi: f64| {
            let all = glances(
                &[NONE, OPTIMIZED],
                &[("none", 200, 0), ("optimized", 50, 150)],
                &[
                    ("none", 1.0, 1.0, 1.0, 400.0),
                    ("optimized", (lo + hi) / 2.0, lo, hi, 400.0),
                ],
            );
            all.into_iter().find(|g| g.evaluator == "material").unwrap()
        };
        let cell = |g: &Glance| {
            let md = glance_table(std::slice::from_ref(g)).unwrap().markdown();
            md.lines()
                .last()
                .unwrap()
                .split(" | ")
                .nth(8)
                .unwrap()
                .to_owned()
        };
        // The speedup with a free evaluator holds 1: the cache's cost cannot be told from nothing, so "—" (never 0).
        let g = row(0.95, 1.05);
        assert!(g.break_even_ns_per_call.unwrap().covers(0.0));
        assert_eq!(cell(&g), MISSING);
        // Below 1: a positive break-even with its interval (75 hits per op; 400 ns x (1/0.9 − 1) / 75 = 0.593 ns).
        let g = row(0.88, 0.92);
        assert_eq!(cell(&g), "0.593 ns [0.464 ns, 0.727 ns]");
        // Above 1: faster even with a free evaluator, a negative break-even, not a clamped 0.
        let mut g = row(1.08, 1.12);
        assert!(
            cell(&g).starts_with("-0.485 ns [-0.571 ns, -0.395 ns]"),
            "{}",
            cell(&g)
        );
        // Beside a positive instruction break-even the two disagree, and the row says so, with what was measured.
        g.break_even_instructions_per_call = Some(3960.0);
        g.break_evens_disagree = break_evens_disagree(
            g.break_even_ns_per_call.as_ref(),
            g.break_even_instructions_per_call,
            None,
        );
        assert!(
            cell(&g).ends_with(
                "against the instruction break-even: faster than no cache even with a free evaluator, though a \
                 lookup adds instructions: no cause measured"
            ),
            "{}",
            cell(&g)
        );
        // The same direction agrees: no note; an undecided ns figure is no direction.
        for g in [row(0.88, 0.92), row(0.95, 1.05)] {
            let ns = g.break_even_ns_per_call;
            assert_eq!(break_evens_disagree(ns.as_ref(), Some(3960.0), None), None);
        }
        // No upper end (a speedup interval reaching 0): "—".
        let g = row(0.0, 0.9);
        assert_eq!(cell(&g), MISSING);
        let json = serde_json::to_value(row(0.88, 0.92)).unwrap();
        assert_eq!(json["break_even_ns_per_call"]["method"], "paired_ratio");
    }

    #[test]
    fn with_break_even_map_examples() {
        // The map's rows of the setting (what the merge reads of them): it breaks even at 100 instructions per call.
        let row = |evaluator: &str, e: f64| crate::record::schema::BreakEvenRecord {
            scenario: "sparse".into(),
            traversal: "off".into(),
            variant: "fx".into(),
            evaluator: evaluator.into(),
            evaluator_instructions_per_call: e,
            break_even_instructions_per_call: Some(100.0),
            ..Default::default()
        };
        let mut g = vec![Glance {
            traversal: "off".into(),
            fastest_variant: "fx".into(),
            ..sample("material", "sparse", 1.1, 1.0, 1.2)
        }];
        with_break_even_map(&mut g, &[row("material", 124.0), row("work:16", 866.0)]);
        assert_eq!(g[0].break_even_instructions_per_call, Some(100.0));
        assert_eq!(g[0].evaluator_instructions_per_call, Some(124.0));
    }
}
