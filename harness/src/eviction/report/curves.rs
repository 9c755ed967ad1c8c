//! The eviction report's two curve charts: miss ratio versus budget (log-log, Belady and unbounded drawn, the
//! working set marked), and hit-rate points versus LRU, paired over seeds. At most eight series each, from a fixed
//! order of interest, so colours and markers stay distinct.

use crate::eviction::experiment::{Outcome, PlanResults, RunRow};
use crate::eviction::spec::PolicyKind;
use crate::plot::{self, Axis, LinePlot, MAX_SERIES, Point, Reference, Series};
use anyhow::Result;
use std::path::Path;

/// The rules drawn, most interesting first: the control, the frequency rules the report asks about, the best of
/// the rest, then the bounds.
pub(super) fn drawn(
    outcome: &Outcome,
    best_aging: Option<PolicyKind>,
    with_bounds: bool,
) -> Vec<PolicyKind> {
    let mut order = vec![PolicyKind::Lru, PolicyKind::Lfu];
    order.extend(best_aging);
    order.extend([
        PolicyKind::WTinyLfu,
        PolicyKind::Sieve,
        PolicyKind::S3Fifo,
        PolicyKind::Lirs,
        PolicyKind::Arc,
        PolicyKind::TwoQ,
        PolicyKind::Clock,
        PolicyKind::Fifo,
    ]);
    let bounds = [PolicyKind::Belady, PolicyKind::Unbounded];
    let room = MAX_SERIES - if with_bounds { bounds.len() } else { 1 };
    let mut v: Vec<PolicyKind> = order
        .into_iter()
        .filter(|k| outcome.policies.contains(k))
        .take(room)
        .collect();
    if with_bounds {
        v.extend(bounds.iter().filter(|k| outcome.policies.contains(k)));
    } else if outcome.policies.contains(&PolicyKind::Belady) {
        v.push(PolicyKind::Belady);
    }
    v
}

fn miss(r: &RunRow) -> f64 {
    1.0 - r.hit_rate
}

fn hit(r: &RunRow) -> f64 {
    r.hit_rate
}

/// Writes `miss_ratio_curve.{svg,png}` and `points_vs_lru.{svg,png}`; returns the stems written.
pub fn write(outcome: &Outcome, best_aging: Option<PolicyKind>, dir: &Path) -> Result<Vec<String>> {
    let p = &outcome.main;
    let n = p.streams.len();
    let mut made = Vec::new();
    let working_set = p.streams.iter().map(|s| s.distinct as f64).sum::<f64>() / n.max(1) as f64;
    let fractions: Vec<Reference> = [0.01, 0.1, 1.0]
        .into_iter()
        .map(|f| Reference {
            at: f * working_set,
            label: format!("{}% of the working set", f * 100.0),
        })
        .filter(|r| r.at >= 1.0)
        .collect();
    let is_bound = |k: PolicyKind| matches!(k, PolicyKind::Belady | PolicyKind::Unbounded);
    let curve = |k: PolicyKind| Series {
        name: k.to_string(),
        points: points(p, |b| {
            let e = p.estimate(k, b, miss);
            (e.n > 0 && e.mean > 0.0).then(|| Point {
                x: b as f64,
                y: e.mean,
                lo: e.lo.max(e.mean * 1e-3),
                hi: e.hi,
            })
        }),
        bound: is_bound(k),
    };
    let series: Vec<Series> = drawn(outcome, best_aging, true)
        .into_iter()
        .map(curve)
        .filter(|s| !s.points.is_empty())
        .collect();
    if !series.is_empty() {
        let chart = LinePlot {
            title: format!(
                "Miss ratio versus budget ({n} seeds, 95% intervals; working set {working_set:.0} shapes)"
            ),
            x: Axis::log("budget", "entries"),
            y: Axis::log("miss ratio", "fraction of lookups"),
            series,
            verticals: fractions.clone(),
        };
        plot::line_plot(&chart, &dir.join("miss_ratio_curve"))?;
        made.push("miss_ratio_curve".to_string());
    }
    if outcome.policies.contains(&PolicyKind::Lru) {
        let versus = |k: PolicyKind| Series {
            name: format!("{k} minus lru"),
            points: points(p, |b| {
                let d = p.difference(k, PolicyKind::Lru, b, hit).scaled(100.0);
                (d.n > 0).then_some(Point {
                    x: b as f64,
                    y: d.mean,
                    lo: d.lo,
                    hi: d.hi,
                })
            }),
            bound: is_bound(k),
        };
        let series: Vec<Series> = drawn(outcome, best_aging, false)
            .into_iter()
            .filter(|&k| k != PolicyKind::Lru)
            .map(versus)
            .collect();
        if !series.is_empty() {
            let chart = LinePlot {
                title: format!("Hit-rate points versus LRU, paired over {n} seeds (95% intervals)"),
                x: Axis::log("budget", "entries"),
                y: Axis::linear("hit rate minus LRU's", "percentage points"),
                series,
                verticals: fractions,
            };
            plot::line_plot(&chart, &dir.join("points_vs_lru"))?;
            made.push("points_vs_lru".to_string());
        }
    }
    Ok(made)
}

fn points(p: &PlanResults, f: impl Fn(usize) -> Option<Point>) -> Vec<Point> {
    p.budgets.iter().filter_map(|&b| f(b)).collect()
}
