//! The eviction report's curve charts, one pair per rule group ([`mrc_groups`]): miss ratio versus budget as a
//! fraction of the working set (log-log, LRU, Belady and unbounded on every chart), and hit-rate points versus
//! LRU, paired over seeds. Every rule run is on some chart, at most eight lines each.

use super::point;
use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::experiment::{Outcome, PlanResults};
use crate::experiments::catalogue_eviction::findings::metrics::is_bound;
use crate::experiments::catalogue_eviction::findings::rule_groups::mrc_groups;
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::plot::{self, Axis, LinePlot, Point, Reference, Series};
use anyhow::Result;
use std::path::Path;

fn miss(r: &EvictionRecord) -> f64 {
    1.0 - r.hit_rate
}

fn hit(r: &EvictionRecord) -> f64 {
    r.hit_rate
}

/// Writes `miss_ratio_curve_<group>.svg` and `points_vs_lru_<group>.svg` for every rule group; returns
/// `(group title, miss-ratio stem, points-versus-LRU stem)` per group drawn.
pub(crate) fn write(
    outcome: &Outcome,
    dir: &Path,
) -> Result<Vec<(String, String, Option<String>)>> {
    let p = &outcome.main;
    let n = p.streams.len();
    let mut made = Vec::new();
    let working_set = p
        .streams
        .iter()
        .map(|s| s.row.distinct_keys as f64)
        .sum::<f64>()
        / n.max(1) as f64;
    // Budgets as a percentage of the mean working set, so the chart reads like the dice-chess traces' curves.
    let share = |b: usize| 100.0 * b as f64 / working_set.max(1.0);
    let fractions: Vec<Reference> = [1.0, 10.0]
        .into_iter()
        .map(|f| Reference {
            at: f,
            label: format!("{f}% of the working set"),
        })
        .collect();
    let curve = |k: PolicyKind| Series {
        name: k.to_string(),
        points: points(p, |b| {
            let e = p.estimate(k, b, miss);
            (e.n > 0 && e.point > 0.0).then(|| Point {
                lo: e.low.max(e.point * 1e-3),
                ..point(share(b), &e)
            })
        }),
        bound: is_bound(k),
    };
    let versus = |k: PolicyKind| Series {
        name: format!("{k} minus lru"),
        points: points(p, |b| {
            let d = p.difference(k, PolicyKind::Lru, b, hit).scaled(100.0);
            (d.n > 0).then_some(point(share(b), &d))
        }),
        bound: is_bound(k),
    };
    for group in mrc_groups(&outcome.policies) {
        let series: Vec<Series> = group
            .rules
            .iter()
            .copied()
            .map(curve)
            .filter(|s| !s.points.is_empty())
            .collect();
        if series.is_empty() {
            continue;
        }
        let chart = LinePlot {
            title: format!(
                "Miss ratio versus budget, {} ({n} seeds, 95% intervals; working set {working_set:.0} shapes)",
                group.title
            ),
            x: Axis::log("budget", "% of the working set"),
            y: Axis::log("miss ratio", "fraction of lookups"),
            series,
            verticals: fractions.clone(),
        };
        let mrc = format!("miss_ratio_curve_{}", group.stem);
        plot::line_plot(&chart, &dir.join(&mrc))?;
        // Unbounded is left off the paired chart: it is far above every rule and would flatten the others.
        let against: Vec<Series> = group
            .rules
            .iter()
            .copied()
            .filter(|&k| {
                outcome.policies.contains(&PolicyKind::Lru)
                    && !matches!(k, PolicyKind::Lru | PolicyKind::Unbounded)
            })
            .map(versus)
            .filter(|s| !s.points.is_empty())
            .collect();
        let paired = if against.is_empty() {
            None
        } else {
            let chart = LinePlot {
                title: format!(
                    "Hit-rate points versus LRU, {}, paired over {n} seeds (95% intervals)",
                    group.title
                ),
                x: Axis::log("budget", "% of the working set"),
                y: Axis::linear("hit rate minus LRU's", "percentage points"),
                series: against,
                verticals: fractions.clone(),
            };
            let stem = format!("points_vs_lru_{}", group.stem);
            plot::line_plot(&chart, &dir.join(&stem))?;
            Some(stem)
        };
        made.push((group.title, mrc, paired));
    }
    Ok(made)
}

fn points(p: &PlanResults, f: impl Fn(usize) -> Option<Point>) -> Vec<Point> {
    p.budgets.iter().filter_map(|&b| f(b)).collect()
}
