//! The report's budget charts (hit rate, its zoom, ageing, re-evaluations) and the best-ten overlap figure.

use crate::eviction::experiment::{Outcome, PlanResults, RunRow};
use crate::eviction::findings::aging::best_aging;
use crate::eviction::findings::best_tens::{BestTenStats, check_best_tens_differ};
use crate::eviction::findings::metrics::{aging, cell, pct, reevals};
use crate::eviction::spec::PolicyKind;
use crate::plot::{self, Bar, BarChart, LineChart, Point, Series};
use anyhow::Result;
use engine::domineering::ShapeKey;
use std::path::{Path, PathBuf};

/// Draws `best_ten_overlap.{svg,png}`, refusing when every seed's boards share one best ten.
pub fn best_ten_figure(p: &PlanResults, stats: &BestTenStats, dir: &Path) -> Result<[PathBuf; 2]> {
    for s in &p.streams {
        let tens: Vec<Vec<ShapeKey>> = s
            .best_tens
            .iter()
            .map(|t| t.iter().map(|(k, _)| *k).collect())
            .collect();
        check_best_tens_differ(&tens).map_err(|e| e.context(format!("seed {}", s.seed)))?;
    }
    let chart = BarChart {
        title: "Per-board best tens: shapes shared by each pair of boards".into(),
        x_label: "board pair (rows x columns)".into(),
        y_label: "shapes in both best tens (of 10)".into(),
        legend: format!("mean over {} seeds", p.streams.len()),
        y_range: Some((0.0, 10.5)),
        bars: stats
            .pairs
            .iter()
            .map(|&(i, j, e)| Bar {
                label: format!("{} & {}", stats.boards[i], stats.boards[j]),
                value: e.mean,
                lo: e.lo,
                hi: e.hi,
            })
            .collect(),
    };
    plot::bar_chart(&chart, &dir.join("best_ten_overlap"))
}

fn series(
    p: &PlanResults,
    k: PolicyKind,
    f: impl Fn(&RunRow) -> f64 + Copy,
    bound: bool,
) -> Series {
    Series {
        name: k.to_string(),
        points: p
            .budgets
            .iter()
            .filter_map(|&b| {
                cell(p, k, b, f).map(|e| Point {
                    x: b as f64,
                    y: e.mean,
                    lo: e.lo,
                    hi: e.hi,
                })
            })
            .collect(),
        bound,
    }
}

/// Draws the budget charts; returns the stems written.
pub fn charts(outcome: &Outcome, dir: &Path) -> Result<Vec<String>> {
    let p = &outcome.main;
    let n = p.streams.len();
    let mut made = Vec::new();
    let is_bound = |k: PolicyKind| matches!(k, PolicyKind::Belady | PolicyKind::Unbounded);
    let best = best_aging(outcome, p);
    // At most eight series per chart, so each keeps its own colour and marker.
    let main_lines: Vec<PolicyKind> = super::curves::drawn(outcome, best, true);
    let hit = LineChart {
        title: format!(
            "Hit rate versus budget ({} games, {n} seeds, 95% intervals)",
            p.plan.games()
        ),
        x_label: "budget (table entries, log scale)".into(),
        y_label: "hit rate (% of lookups)".into(),
        log_x: true,
        log_y: false,
        y_range: None,
        legend_upper: false,
        series: main_lines
            .iter()
            .map(|&k| series(p, k, pct, is_bound(k)))
            .collect(),
    };
    plot::line_chart(&hit, &dir.join("hit_rate_vs_budget"))?;
    made.push("hit_rate_vs_budget".to_string());
    // The interesting region, where the rules differ by points rather than tens of points.
    let zoom = LineChart {
        title: format!("Hit rate versus budget, budgets 8 and up ({n} seeds, 95% intervals)"),
        y_range: Some((85.0, 100.0)),
        series: hit
            .series
            .iter()
            .map(|s| Series {
                points: s
                    .points
                    .iter()
                    .filter(|q| q.x >= 8.0 && q.y >= 85.0)
                    .map(|q| Point {
                        lo: q.lo.max(85.0),
                        ..*q
                    })
                    .collect(),
                ..s.clone()
            })
            .collect(),
        ..hit.clone()
    };
    if zoom.series.iter().any(|s| !s.points.is_empty()) {
        plot::line_chart(&zoom, &dir.join("hit_rate_vs_budget_zoom"))?;
        made.push("hit_rate_vs_budget_zoom".to_string());
    }
    let mut ag: Vec<PolicyKind> = aging(&outcome.policies);
    if !ag.is_empty() && outcome.policies.contains(&PolicyKind::Lru) {
        if outcome.policies.contains(&PolicyKind::Lfu) {
            ag.insert(0, PolicyKind::Lfu);
        }
        let versus_lru = |k: PolicyKind| Series {
            name: format!("{k} minus lru"),
            points: p
                .budgets
                .iter()
                .filter(|&&b| b >= 8)
                .map(|&b| {
                    let d = p.difference(k, PolicyKind::Lru, b, pct);
                    Point {
                        x: b as f64,
                        y: d.mean,
                        lo: d.lo,
                        hi: d.hi,
                    }
                })
                .collect(),
            bound: false,
        };
        let mut lines: Vec<Series> = ag.iter().map(|&k| versus_lru(k)).collect();
        lines.push(Series {
            name: "lru (zero line)".into(),
            points: p
                .budgets
                .iter()
                .filter(|&&b| b >= 8)
                .map(|&b| Point {
                    x: b as f64,
                    y: 0.0,
                    lo: 0.0,
                    hi: 0.0,
                })
                .collect(),
            bound: true,
        });
        let chart = LineChart {
            title: format!(
                "Ageing LFU (counts halved every K lookups) minus LRU, paired over {n} seeds"
            ),
            x_label: "budget (table entries, log scale)".into(),
            y_label: "hit-rate difference (percentage points)".into(),
            log_x: true,
            log_y: false,
            y_range: None,
            legend_upper: false,
            series: lines,
        };
        plot::line_chart(&chart, &dir.join("aging_vs_budget"))?;
        made.push("aging_vs_budget".to_string());
    }
    let re_lines: Vec<PolicyKind> = main_lines
        .iter()
        .copied()
        .filter(|k| k.is_online() || *k == PolicyKind::Belady)
        .collect();
    if !re_lines.is_empty() {
        let chart = LineChart {
            title: format!("Re-evaluations (misses on a key met before) versus budget, {n} seeds"),
            x_label: "budget (table entries, log scale)".into(),
            y_label: "re-evaluations per run (count, log scale)".into(),
            log_x: true,
            log_y: true,
            y_range: None,
            legend_upper: true,
            series: re_lines
                .iter()
                .map(|&k| series(p, k, reevals, is_bound(k)))
                .collect(),
        };
        plot::line_chart(&chart, &dir.join("re_evaluations_vs_budget"))?;
        made.push("re_evaluations_vs_budget".to_string());
    }
    Ok(made)
}
