//! The expansion experiment's report sections: Counts (with the optimized cache's probe lengths) and Timings,
//! from the shared `counts.csv`, `timings.csv`, `intervals.csv` and `probes.csv`.

use crate::plot::{Axis, DotPlot, Reference};
use crate::present::number::{
    MISSING, counter_mean, or_missing, percent, ratio_interval, time_ns_interval,
};
use crate::present::{Align, Table};
use crate::record::schema::{NS_PER_OP, SPEEDUP_VS_NONE, SPEEDUP_VS_TUPLE};
use crate::record::{ArmKey, Known, Metric};
use crate::section::{Section, SectionContext, hit_rate};
use crate::statistics::{Interval, Method};
use crate::verdict::Verdict;
use anyhow::Result;
use engine::memo::CacheKind;
use std::fmt::Write;

mod probe_lengths;

/// Counts, then Timings.
pub(crate) fn section(ctx: &SectionContext<'_>) -> Result<Section> {
    let mut s = Section::default();
    counts(ctx, &mut s)?;
    timings(ctx, &mut s)?;
    Ok(s)
}

fn counts(ctx: &SectionContext<'_>, s: &mut Section) -> Result<()> {
    let c = ctx.counts;
    let _ = writeln!(s.markdown, "## Counts\n");
    let _ = writeln!(
        s.markdown,
        "Deterministic counters of one pass over each family's successors (`counts.csv`): evaluator calls \
         (misses), cache hits, entries retained, and hit rate = hits / (calls + hits).\n"
    );
    let mut table = Table::new([
        ("scenario", Align::Left),
        ("variant", Align::Left),
        ("successors", Align::Right),
        ("evaluator calls", Align::Right),
        ("cache hits", Align::Right),
        ("entries", Align::Right),
        ("hit rate", Align::Right),
    ]);
    let mut best: Option<(String, f64)> = None;
    let mut worst: Option<(String, f64)> = None;
    for s in &c.scenarios {
        for v in &c.variants {
            let arm = ctx.slice.arm(s, v);
            let Some(calls) = c.get(&arm, Metric::EvaluatorCalls) else {
                continue;
            };
            let hits = c.get(&arm, Metric::CacheHits).unwrap_or(0.0);
            let rate = hit_rate(calls, hits);
            table.row([
                s.clone(),
                v.clone(),
                or_missing(c.get(&arm, Metric::Successors), counter_mean),
                counter_mean(calls),
                counter_mean(hits),
                or_missing(c.get(&arm, Metric::Entries), counter_mean),
                percent(rate),
            ])?;
            if Known::parse(v).is(CacheKind::Optimized) {
                if best.as_ref().is_none_or(|b| rate > b.1) {
                    best = Some((s.clone(), rate));
                }
                if worst.as_ref().is_none_or(|b| rate < b.1) {
                    worst = Some((s.clone(), rate));
                }
            }
        }
    }
    s.markdown.push_str(&table.markdown());
    let _ = writeln!(s.markdown);
    let what = match (&best, &worst) {
        (Some(b), Some(w)) => format!(
            "the optimized cache's hit rate ranges from {:.1}% (`{}`) to {:.1}% (`{}`); all memo variants \
             count the same calls, hits and entries (a correctness check before timing).",
            100.0 * w.1,
            w.0,
            100.0 * b.1,
            b.0
        ),
        _ => "no optimized-cache rows in this run.".into(),
    };
    let _ = writeln!(s.markdown, "**What this shows:** {what}\n");
    probe_lengths::probe_lengths(ctx, s)
}

/// "0.95x to 1.03x over 6 scenarios; its interval lies above 1 (faster) in 1, below 1 (slower) in 4, within
/// ±1% in 0 and includes 1 (no verdict) in 1.", by the one verdict of each speedup; `None` without any.
fn headline(speedups: &[Interval]) -> Option<String> {
    let points = speedups.iter().map(|s| s.point);
    let (a, b) = (points.clone().reduce(f64::min)?, points.reduce(f64::max)?);
    let count = |v: Verdict| {
        speedups
            .iter()
            .filter(|s| Verdict::of_ratio(s) == v)
            .count()
    };
    Some(format!(
        "{} to {} over {} scenarios; its interval lies above 1 (faster) in {}, below 1 (slower) in {}, within \
         ±1% in {} and includes 1 (no verdict) in {}.",
        crate::present::number::ratio(a),
        crate::present::number::ratio(b),
        speedups.len(),
        count(Verdict::Better),
        count(Verdict::Worse),
        count(Verdict::WithinNoise),
        count(Verdict::NoVerdict)
    ))
}

/// How the timing spent its budget (`timing_plan.csv`): the rule, then one row per setting with its sessions,
/// rounds, judged half-width and why it stopped. A run from before the timing kernel has no plan and gets a line
/// saying how its intervals were made.
fn plan_note(dir: &std::path::Path) -> Result<String> {
    let path = dir.join("timing_plan.csv");
    if !path.exists() {
        return Ok(
            "This run predates the timing kernel: its intervals are order statistics of per-round \
                   ratios of whole-family passes taken in one process."
                .to_owned(),
        );
    }
    let rows: Vec<crate::record::schema::TimingPlanRecord> =
        crate::record::schema::read_records(&path)?
            .into_iter()
            .map(|r| r.record)
            .collect();
    let mut table = Table::new([
        ("stage", Align::Left),
        ("scenario", Align::Left),
        ("evaluator", Align::Left),
        ("traversal", Align::Left),
        ("configurations", Align::Left),
        ("answer reads it", Align::Left),
        ("sessions", Align::Right),
        ("rounds", Align::Right),
        ("none/optimized ± (95%)", Align::Right),
        ("stopped", Align::Left),
    ]);
    for r in &rows {
        table.row([
            r.stage.clone(),
            r.scenario.clone(),
            r.evaluator.clone(),
            if r.traversal.is_empty() {
                "—".to_owned()
            } else {
                r.traversal.clone()
            },
            r.variants.replace(';', ", "),
            if r.headline { "yes" } else { "no" }.to_owned(),
            r.sessions.to_string(),
            r.rounds.to_string(),
            r.half_width_percent
                .map_or("—".to_owned(), |w| format!("±{w:.1}%")),
            match r.stop.as_str() {
                "decided" => "decided against ±1%",
                "half_width" => "half-width reached",
                _ => "budget",
            }
            .to_owned(),
        ])?;
    }
    Ok(format!(
        "Timing plan (`timing_plan.csv`): the comparisons the answer reads (per family, no cache against the \
         optimized cache: in the expansion with `material` and the traversal cache on, in the search with Star2 \
         and the TT) are timed first, each on its own, one session (a fresh timing process) of each after \
         another, until its 95% half-width is at most ±1.5%, or it is decided against ±{:.0}% (its interval \
         wholly above or below, or wholly within) within a stated half-width, or their share of the budget is \
         spent; every other setting then shares what is left (search: every configuration of a family; \
         expansion: the judged pair again with the other variants, whose speedups come from there), in sessions \
         of one round, three each at least and then more for whichever has spent the least time. In the search \
         stage, \
         \"none/optimized\" is Star2 with the TT without and with the cache.\n\n{}",
        100.0 * crate::verdict::NOISE_THRESHOLD,
        table.markdown()
    ))
}

/// Which counted variants were timed in which traversal setting, when not all were (the run's
/// [`crate::experiments::Race`]); `None` when every counted variant was timed.
fn race_note(ctx: &SectionContext<'_>) -> Option<String> {
    let (c, t) = (ctx.counts, ctx.intervals);
    let mut parts = Vec::new();
    let mut partial = false;
    for tr in &c.traversals {
        let has = |table: &dyn Fn(&ArmKey) -> bool, v: &String| {
            c.scenarios.iter().any(|sc| {
                c.evaluators
                    .iter()
                    .any(|e| table(&ArmKey::new(sc, v, e, tr)))
            })
        };
        let counted: Vec<&String> = c
            .variants
            .iter()
            .filter(|v| has(&|a| c.get(a, Metric::EvaluatorCalls).is_some(), v))
            .collect();
        let timed: Vec<&str> = counted
            .iter()
            .filter(|v| has(&|a| t.get(a, NS_PER_OP).is_some(), v))
            .map(|v| v.as_str())
            .collect();
        partial |= timed.len() < counted.len();
        parts.push(format!(
            "with the traversal cache {tr}, {}",
            crate::present::words::and_list(&timed)
        ));
    }
    partial.then(|| {
        format!(
            "Timed variants: {}. Every variant is counted and checked; the race between the implementations is \
             timed in one setting to keep the run short (`--cache` with a list times that list in every setting).",
            parts.join("; ")
        )
    })
}

fn timings(ctx: &SectionContext<'_>, s: &mut Section) -> Result<()> {
    let _ = writeln!(s.markdown, "## Timings\n");
    let race = race_note(ctx).map_or(String::new(), |n| format!(" {n}"));
    let _ = writeln!(
        s.markdown,
        "Wall-clock nanoseconds per operation (`intervals.csv`; rounds and sessions in `timings.csv`): the timing \
         kernel's samples of one successor, the configurations of a setting back to back in a seeded order, in \
         sessions of fresh processes; time = geometric mean with a 95% Student-t interval over sessions (n = \
         sessions), speedup = time(baseline) / time(variant) from the paired samples (> 1 = faster), with its \
         interval. Differences inside the intervals are noise.{race}\n\n{}\n",
        plan_note(ctx.dir)?
    );
    let (vs_none, vs_tuple) = timings_table(ctx, s)?;
    timing_charts(ctx, s)?;
    let what = match (headline(&vs_none), headline(&vs_tuple)) {
        (Some(none), tuple) => format!(
            "against no cache the optimized cache's speedup ranges from {none}{}",
            tuple.map_or(String::new(), |t| format!(
                " Against the tuple-key map (the slowest variant) it ranges from {t}"
            ))
        ),
        (None, _) => "no optimized-versus-none speedups in this run.".into(),
    };
    let _ = writeln!(s.markdown, "**What this shows:** {what}\n");
    Ok(())
}

/// The table of every timed arm's time and speedups (with the note on their intervals); returns the optimized
/// cache's speedups over no cache (the headline) and over the tuple-key map.
fn timings_table(
    ctx: &SectionContext<'_>,
    s: &mut Section,
) -> Result<(Vec<Interval>, Vec<Interval>)> {
    let t = ctx.timings;
    let mut table = Table::new([
        ("scenario", Align::Left),
        ("variant", Align::Left),
        ("time per op [interval]", Align::Right),
        ("speedup vs none [interval]", Align::Right),
        ("speedup vs tuple [interval]", Align::Right),
    ]);
    let show = |x: Option<Interval>| match x {
        Some(i) => ratio_interval(i.point, i.low, i.high),
        None => MISSING.into(),
    };
    let mut vs_none: Vec<Interval> = Vec::new();
    let mut vs_tuple: Vec<Interval> = Vec::new();
    let mut shown: Vec<Interval> = Vec::new();
    for s in &t.scenarios {
        for v in &t.variants {
            let arm = ctx.slice.arm(s, v);
            let Some(time) = ctx.intervals.get(&arm, NS_PER_OP) else {
                continue;
            };
            let speed = |quantity| ctx.intervals.get(&arm, quantity);
            let (sn, st) = (show(speed(SPEEDUP_VS_NONE)), show(speed(SPEEDUP_VS_TUPLE)));
            let time = time_ns_interval(time.point, time.low, time.high);
            table.row([s.clone(), v.clone(), time, sn, st])?;
            shown.extend(speed(SPEEDUP_VS_NONE));
            shown.extend(speed(SPEEDUP_VS_TUPLE));
            if Known::parse(v).is(CacheKind::Optimized) {
                vs_none.extend(speed(SPEEDUP_VS_NONE));
                vs_tuple.extend(speed(SPEEDUP_VS_TUPLE));
            }
        }
    }
    s.markdown.push_str(&table.markdown());
    let _ = writeln!(s.markdown);
    if let Some(note) = crate::answer::intervals_note(&shown) {
        // A setting's times and speedups come from the same sessions (runs before the timing kernel: rounds),
        // so they share n.
        let how = if shown.iter().all(|i| i.method == Method::StudentT) {
            "(sessions); each time is the geometric mean over the same sessions with its Student-t interval"
        } else {
            "(rounds); each time is the median of the same rounds with its order-statistic interval"
        };
        let _ = writeln!(s.markdown, "Speedup intervals: {note} {how}.\n");
    }
    Ok((vs_none, vs_tuple))
}

/// The charts of the time per operation and of the speedups over no cache and over the tuple-key map, by
/// scenario and variant; a chart without any value is left out.
fn timing_charts(ctx: &SectionContext<'_>, s: &mut Section) -> Result<()> {
    let speedup = |base: CacheKind, quantity, label: &str| {
        let y = Axis::linear(
            "speedup",
            format!("time of {base} / time of variant, > 1 = faster"),
        );
        let reference = Reference {
            at: 1.0,
            label: format!("1 = as fast as {label}"),
        };
        let title = format!("Speedup versus {label} (95% interval)");
        (
            format!("timings_speedup_vs_{base}"),
            quantity,
            title,
            y,
            Some(reference),
        )
    };
    let charts = [
        (
            "timings_ns_per_op".to_owned(),
            NS_PER_OP,
            "Time per operation by scenario and cache variant (95% interval)".to_owned(),
            Axis::log("time per operation", "ns"),
            None,
        ),
        speedup(CacheKind::None, SPEEDUP_VS_NONE, "uncached"),
        speedup(CacheKind::Tuple, SPEEDUP_VS_TUPLE, "the tuple-key map"),
    ];
    for (stem, quantity, title, y, reference) in charts {
        let (scenarios, series) = ctx.by_scenario(ctx.timings, |a| {
            let i = ctx.intervals.get(a, quantity)?;
            Some((i.point, Some((i.low, i.high))))
        });
        if series.is_empty() {
            continue;
        }
        let chart = DotPlot {
            title,
            x_label: "scenario family".into(),
            y,
            categories: scenarios,
            series,
            reference,
        };
        s.dot_chart(ctx, &stem, &chart)?;
    }
    Ok(())
}
