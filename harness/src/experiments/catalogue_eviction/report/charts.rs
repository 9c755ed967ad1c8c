//! The report's budget charts (hit rate, its zoom and re-evaluations per rule family; ageing against LRU) and the
//! best-ten overlap figure.

use super::point;
use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::experiment::{Outcome, PlanResults};
use crate::experiments::catalogue_eviction::findings::aging::best_aging;
use crate::experiments::catalogue_eviction::findings::best_tens::{
    BestTenStats, check_best_tens_differ,
};
use crate::experiments::catalogue_eviction::findings::metrics::{
    aging, cell, is_bound, pct, reevals,
};
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::plot::{self, Axis, CategorySeries, DotPlot, LinePlot, MAX_SERIES, Point, Series};
use crate::statistics::Interval;
use anyhow::Result;
use engine::domineering::ShapeKey;
use std::path::{Path, PathBuf};

/// Draws `best_ten_overlap.svg`, refusing when every seed's boards share one best ten.
pub(crate) fn best_ten_figure(
    p: &PlanResults,
    stats: &BestTenStats,
    dir: &Path,
) -> Result<PathBuf> {
    for s in &p.streams {
        let tens: Vec<Vec<ShapeKey>> = s
            .best_tens
            .iter()
            .map(|t| t.iter().map(|(k, _)| *k).collect())
            .collect();
        check_best_tens_differ(&tens).map_err(|e| e.context(format!("seed {}", s.row.seed)))?;
    }
    let chart = DotPlot {
        title: "Per-board best tens: shapes shared by each pair of boards".into(),
        x_label: "board pair (rows x columns)".into(),
        y: Axis::linear("shapes in both best tens", "of 10").with_range(0.0, 10.5),
        categories: stats
            .pairs
            .iter()
            .map(|&(i, j, _)| format!("{} & {}", stats.boards[i], stats.boards[j]))
            .collect(),
        series: vec![CategorySeries {
            name: format!("mean over {} seeds", p.streams.len()),
            values: stats.pairs.iter().map(|&(_, _, e)| Some(e.point)).collect(),
            intervals: Some(
                stats
                    .pairs
                    .iter()
                    .map(|&(_, _, e)| (e.low, e.high))
                    .collect(),
            ),
        }],
        reference: None,
    };
    plot::dot_plot(&chart, &dir.join("best_ten_overlap"))
}

/// The rule families the budget charts are split by, at most eight lines each with the bounds, so every rule
/// run is drawn somewhere and keeps its own colour and marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// Recency: LRU, SIEVE, CLOCK, FIFO.
    Recency,
    /// Frequency: LFU, ageing LFU (best period), W-TinyLFU, with LRU as the reference.
    Frequency,
    /// Adaptive and fixed: ARC, S3-FIFO, 2Q, LIRS, best-N, first-N.
    Adaptive,
}

impl Family {
    /// Every family, in chart order.
    pub(crate) const ALL: [Family; 3] = [Family::Recency, Family::Frequency, Family::Adaptive];

    /// Stem suffix and title words.
    pub(crate) fn name(self) -> (&'static str, &'static str) {
        match self {
            Family::Recency => ("recency", "recency rules"),
            Family::Frequency => ("frequency", "frequency rules (LRU for reference)"),
            Family::Adaptive => ("adaptive", "adaptive rules and fixed tables"),
        }
    }

    /// The rules of this family among `outcome`'s, `best_aging` standing for ageing LFU.
    pub(crate) fn rules(
        self,
        outcome: &Outcome,
        best_aging: Option<PolicyKind>,
    ) -> Vec<PolicyKind> {
        use PolicyKind::*;
        let rules: Vec<PolicyKind> = match self {
            Family::Recency => vec![Lru, Sieve, Clock, Fifo],
            Family::Frequency => [Lfu]
                .into_iter()
                .chain(best_aging)
                .chain([WTinyLfu, Lru])
                .collect(),
            Family::Adaptive => vec![Arc, S3Fifo, TwoQ, Lirs, BestN, FirstN],
        };
        rules
            .into_iter()
            .filter(|k| outcome.policies.contains(k))
            .collect()
    }
}

fn series(
    p: &PlanResults,
    k: PolicyKind,
    f: impl Fn(&EvictionRecord) -> f64 + Copy,
    keep: impl Fn(&Point) -> Option<Point>,
) -> Series {
    Series {
        name: k.to_string(),
        points: p
            .budgets
            .iter()
            .filter_map(|&b| cell(p, k, b, f).and_then(|e| keep(&point(b as f64, &e))))
            .collect(),
        bound: is_bound(k),
    }
}

/// A chart over the budget (log axis, table entries).
fn budget_chart(title: String, y: Axis, series: Vec<Series>) -> LinePlot {
    LinePlot {
        title,
        x: Axis::log("budget", "table entries"),
        y,
        series,
        verticals: Vec::new(),
    }
}

/// Draws `chart` at `stem` when it has data.
fn draw(chart: LinePlot, dir: &Path, stem: &str, made: &mut Vec<String>) -> Result<()> {
    if chart.series.iter().any(|s| !s.points.is_empty()) {
        plot::line_plot(&chart, &dir.join(stem))?;
        made.push(stem.to_string());
    }
    Ok(())
}

/// Draws the budget charts; returns the stems written.
pub(crate) fn charts(outcome: &Outcome, dir: &Path) -> Result<Vec<String>> {
    let mut made = Vec::new();
    let best = best_aging(outcome, &outcome.main);
    for family in Family::ALL {
        let rules = family.rules(outcome, best);
        if !rules.is_empty() {
            family_charts(outcome, family, &rules, dir, &mut made)?;
        }
    }
    ageing_charts(outcome, dir, &mut made)?;
    Ok(made)
}

/// One rule family's hit-rate chart, its zoom to budgets 8 and up, and its re-evaluation chart.
fn family_charts(
    outcome: &Outcome,
    family: Family,
    rules: &[PolicyKind],
    dir: &Path,
    made: &mut Vec<String>,
) -> Result<()> {
    let p = &outcome.main;
    let n = p.streams.len();
    let bounds = [PolicyKind::Belady, PolicyKind::Unbounded]
        .into_iter()
        .filter(|k| outcome.policies.contains(k));
    let (suffix, words) = family.name();
    let drawn: Vec<PolicyKind> = rules.iter().copied().chain(bounds).collect();
    let hit = |keep: &dyn Fn(&Point) -> Option<Point>| -> Vec<Series> {
        drawn
            .iter()
            .map(|&k| series(p, k, pct, keep))
            .filter(|s| !s.points.is_empty())
            .collect()
    };
    let title = format!("Hit rate versus budget, {words} ({n} seeds)");
    let y = Axis::linear("hit rate", "% of lookups");
    let stem = format!("hit_rate_vs_budget_{suffix}");
    draw(budget_chart(title, y, hit(&|q| Some(*q))), dir, &stem, made)?;
    // The interesting region, where the rules differ by points rather than tens of points.
    let zoomed = hit(&|q| {
        (q.x >= 8.0 && q.y >= 85.0).then(|| Point {
            lo: q.lo.max(85.0),
            hi: q.hi.min(100.0),
            ..*q
        })
    });
    let title = format!("Hit rate, {words}, budgets 8 and up ({n} seeds)");
    let y = Axis::linear("hit rate", "% of lookups").with_range(85.0, 100.0);
    let stem = format!("hit_rate_vs_budget_zoom_{suffix}");
    draw(budget_chart(title, y, zoomed), dir, &stem, made)?;
    // Unbounded never re-evaluates, so it has no point on a log axis; Belady is the floor.
    let re: Vec<Series> = drawn
        .iter()
        .filter(|&&k| k.is_online() || k == PolicyKind::Belady)
        .map(|&k| {
            series(p, k, reevals, |q| {
                (q.y > 0.0).then(|| Point {
                    lo: q.lo.max(q.y * 1e-3),
                    ..*q
                })
            })
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    let title = format!("Re-evaluations versus budget, {words} ({n} seeds)");
    let y = Axis::log("re-evaluations per run", "count");
    let stem = format!("re_evaluations_vs_budget_{suffix}");
    draw(budget_chart(title, y, re), dir, &stem, made)
}

/// Ageing LFU (and never-aged LFU) minus LRU per budget from 8 up, paired over seeds, six lines per chart.
fn ageing_charts(outcome: &Outcome, dir: &Path, made: &mut Vec<String>) -> Result<()> {
    let p = &outcome.main;
    let n = p.streams.len();
    let ag: Vec<PolicyKind> = aging(&outcome.policies);
    if ag.is_empty() || !outcome.policies.contains(&PolicyKind::Lru) {
        return Ok(());
    }
    let line = |name: String, bound: bool, y: &dyn Fn(usize) -> Interval| Series {
        name,
        points: p
            .budgets
            .iter()
            .filter(|&&b| b >= 8)
            .map(|&b| point(b as f64, &y(b)))
            .collect(),
        bound,
    };
    let versus_lru = |k: PolicyKind| {
        line(format!("{k} minus lru"), false, &|b| {
            p.difference(k, PolicyKind::Lru, b, pct)
        })
    };
    let zero = line("lru (zero line)".into(), true, &|_| Interval::exact(0.0));
    // Never-aged LFU leads the first chart; the periods follow in order, six per chart beside the zero line.
    let mut lines: Vec<PolicyKind> = Vec::new();
    if outcome.policies.contains(&PolicyKind::Lfu) {
        lines.push(PolicyKind::Lfu);
    }
    lines.extend(ag);
    for (i, chunk) in lines.chunks(MAX_SERIES - 2).enumerate() {
        let mut series: Vec<Series> = chunk.iter().map(|&k| versus_lru(k)).collect();
        series.push(zero.clone());
        let charts = lines.len().div_ceil(MAX_SERIES - 2);
        let title = format!(
            "Ageing LFU minus LRU, paired over {n} seeds ({} of {charts})",
            i + 1
        );
        let y = Axis::linear("hit-rate difference", "percentage points");
        let stem = format!("aging_vs_budget_{}", i + 1);
        draw(budget_chart(title, y, series), dir, &stem, made)?;
    }
    Ok(())
}
