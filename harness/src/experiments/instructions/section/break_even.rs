//! The Instructions section's break-even hit rate: evaluator and probe costs from callgrind counts of one
//! operation (see [`crate::experiments::instructions::break_even`]), against the optimized cache's hit rate.

use crate::evaluators::EvaluatorKind;
use crate::experiments::instructions::break_even::{BreakEven, BreakEvenInputs};
use crate::plot::{Axis, CategorySeries, DotPlot, Reference};
use crate::present::number::{count, decimal, or_missing, percent, span};
use crate::present::{Align, Table};
use crate::record::{ArmKey, Metric};
use crate::section::{Section, SectionContext, hit_rate};
use anyhow::Result;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::fmt::Write;

/// One scenario's figures.
struct Row {
    scenario: String,
    lookups: f64,
    misses: f64,
    costs: BreakEven,
    /// Hit rate of the optimized cache over the whole family (the counting pass).
    family_hit_rate: Option<f64>,
}

/// Rows for every scenario with the three arms and the operation's counts.
fn break_even_rows(ctx: &SectionContext<'_>) -> Vec<Row> {
    let c = ctx.counts;
    // Callgrind measures the operation with the traversal cache on only; every variant with the report's
    // evaluator, and the uncached arm with the constant one.
    let on = Traversal::Cached.name();
    let evaluator = ctx.slice.evaluator.as_str();
    c.scenarios
        .iter()
        .filter_map(|s| {
            let opt = ArmKey::new(s, CacheKind::Optimized.name(), evaluator, on);
            let inputs = BreakEvenInputs {
                none_evaluator: c.get(
                    &ArmKey::new(s, CacheKind::None.name(), evaluator, on),
                    Metric::InstructionsTotal,
                )?,
                none_constant: c.get(
                    &ArmKey::new(
                        s,
                        CacheKind::None.name(),
                        &EvaluatorKind::Constant.to_string(),
                        on,
                    ),
                    Metric::InstructionsTotal,
                )?,
                cached_evaluator: c.get(&opt, Metric::InstructionsTotal)?,
                lookups: c.get(&opt, Metric::CallgrindOpLookups)?,
                misses: c.get(&opt, Metric::CallgrindOpEvaluatorCalls)?,
            };
            let family_hit_rate = (|| {
                Some(hit_rate(
                    c.get(&opt, Metric::EvaluatorCalls)?,
                    c.get(&opt, Metric::CacheHits)?,
                ))
            })();
            Some(Row {
                scenario: s.clone(),
                lookups: inputs.lookups,
                misses: inputs.misses,
                costs: BreakEven::derive(&inputs)?,
                family_hit_rate,
            })
        })
        .collect()
}

pub(super) fn break_even(ctx: &SectionContext<'_>, s: &mut Section) -> Result<()> {
    let e = ctx.slice.evaluator.as_str();
    let _ = writeln!(
        s.markdown,
        "### Break-even hit rate of the optimized cache\n"
    );
    let rows = break_even_rows(ctx);
    if rows.is_empty() {
        let _ = writeln!(
            s.markdown,
            "Not available in this run: it needs instruction counts without a cache with the `{e}` and \
             `constant` evaluators and with the `optimized` cache, with the measured operation's lookups \
             (`callgrind_op_lookups`), which this run did not record.\n"
        );
        return Ok(());
    }
    let _ = writeln!(
        s.markdown,
        "From the callgrind counts of the measured operation (the first successor of each family, traversal \
         cache on), with I(configuration) = its instructions, L = its lookups and M = the optimized cache's evaluator \
         calls (both counted outside the measured window): evaluator cost e = (I(none, {e}) − I(none, \
         constant)) / L instructions per call; probe cost p = (I(optimized, {e}) − I(none, constant) − \
         M·e) / L instructions per lookup (hashing, probing, inserting and growth, beyond calling a constant \
         evaluator directly); break-even hit rate = p / e. Equivalently p / e = h − (I(none, {e}) − \
         I(optimized, {e})) / (L·e) with h = 1 − M/L, so the cache saves instructions on this operation \
         exactly when h exceeds p / e. Instruction counts, not time: memory stalls are not in them.\n"
    );
    costs_table(&rows, s)?;
    hit_rate_chart(ctx, &rows, s)?;
    what_this_shows(&rows, e, s);
    Ok(())
}

/// The table of every scenario's costs, break-even and hit rates.
fn costs_table(rows: &[Row], s: &mut Section) -> Result<()> {
    let mut table = Table::new([
        ("scenario", Align::Left),
        ("lookups L", Align::Right),
        ("misses M", Align::Right),
        ("e (instructions per evaluator call)", Align::Right),
        ("p (instructions per lookup)", Align::Right),
        ("break-even p/e", Align::Right),
        ("hit rate h (this operation)", Align::Right),
        ("hit rate (whole family)", Align::Right),
        ("saves instructions", Align::Left),
    ]);
    for r in rows {
        let b = r.costs.break_even();
        table.row([
            r.scenario.clone(),
            count(r.lookups.round() as u64),
            count(r.misses.round() as u64),
            decimal(r.costs.evaluator, 1),
            decimal(r.costs.probe, 1),
            never_or_percent(b),
            percent(r.costs.hit_rate),
            or_missing(r.family_hit_rate, percent),
            if r.costs.hit_rate > b { "yes" } else { "no" }.to_owned(),
        ])?;
    }
    s.markdown.push_str(&table.markdown());
    let _ = writeln!(s.markdown);
    Ok(())
}

/// The chart of each scenario's hit rates against its break-even hit rate.
fn hit_rate_chart(ctx: &SectionContext<'_>, rows: &[Row], s: &mut Section) -> Result<()> {
    let percent = |f: &dyn Fn(&Row) -> Option<f64>| -> Vec<Option<f64>> {
        rows.iter().map(|r| f(r).map(|h| 100.0 * h)).collect()
    };
    let mut series = vec![CategorySeries {
        name: "hit rate of the measured operation (optimized)".into(),
        values: percent(&|r| Some(r.costs.hit_rate)),
        intervals: None,
    }];
    if rows.iter().any(|r| r.family_hit_rate.is_some()) {
        series.push(CategorySeries {
            name: "hit rate over the whole family (optimized)".into(),
            values: percent(&|r| r.family_hit_rate),
            intervals: None,
        });
    }
    // A hit rate cannot exceed 100%, so the axis stops there: a break-even beyond it is drawn at the top and
    // its family is labelled "never pays" with the figure, which the table gives as well.
    series.push(CategorySeries {
        name: "break-even hit rate p/e (instruction counts, capped at 100%)".into(),
        values: percent(&|r| Some(r.costs.break_even().min(1.0))),
        intervals: None,
    });
    let categories = rows
        .iter()
        .map(|r| {
            let b = r.costs.break_even();
            if b > 1.0 {
                format!("{} (never pays at any hit rate)", r.scenario)
            } else {
                r.scenario.clone()
            }
        })
        .collect();
    s.dot_chart(
        ctx,
        "instructions_hit_rate_vs_break_even",
        &DotPlot {
            title: "Hit rate of the optimized cache vs break-even hit rate".into(),
            x_label: "scenario family".into(),
            y: Axis::linear("hit rate", "% of lookups").with_range(0.0, 100.0),
            categories,
            series,
            reference: Some(Reference {
                at: 100.0,
                label: "100% = every lookup a hit".into(),
            }),
        },
    )
}

/// The "What this shows" paragraph: the range of costs and break-evens, and where the cache saves.
fn what_this_shows(rows: &[Row], e: &str, s: &mut Section) {
    let saves = rows
        .iter()
        .filter(|r| r.costs.hit_rate > r.costs.break_even())
        .count();
    let range = |f: &dyn Fn(&Row) -> f64| {
        rows.iter()
            .map(f)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
                (a.min(v), b.max(v))
            })
    };
    let (p0, p1) = range(&|r| r.costs.probe);
    let (e0, e1) = range(&|r| r.costs.evaluator);
    let reachable: Vec<&Row> = rows.iter().filter(|r| r.costs.break_even() < 1.0).collect();
    let (b0, b1) = reachable
        .iter()
        .map(|r| 100.0 * r.costs.break_even())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    let never = rows.len() - reachable.len();
    let breaks_even = if reachable.is_empty() {
        "it never pays at any hit rate".to_owned()
    } else {
        format!("it breaks even at a hit rate of {}", span(b0, b1, 1, "%"))
    };
    let never_note = if never > 0 {
        format!(
            " In {never} of {} scenarios a lookup costs more than the evaluator call it saves (p > e), so the \
             cache never pays at any hit rate there.",
            rows.len()
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        s.markdown,
        "**What this shows:** the optimized cache costs {} instructions per lookup against {} per `{e}` \
         evaluator call, so where a lookup costs less than a call {breaks_even}; the measured operation's hit \
         rate is above break-even (the cache saves instructions) in {saves} of {} scenarios.{never_note}\n",
        span(p0, p1, 0, ""),
        span(e0, e1, 0, ""),
        rows.len()
    );
}

/// A break-even hit rate as a percentage, or "never (p > e)" where it exceeds 100%: no hit rate reaches it.
fn never_or_percent(b: f64) -> String {
    if b >= 1.0 {
        "never (p > e)".to_owned()
    } else {
        percent(b)
    }
}
