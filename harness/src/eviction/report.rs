//! The report: `index.md` with every table (mean and 95% interval over seeds), the original experiment's figures side by side,
//! and the charts (hit rate and re-evaluations versus budget, ageing, best-ten overlap per board pair).

use super::experiment::{HEADLINE_BUDGETS, Outcome, PlanResults, RunRow, StreamInfo};
use super::spec::PolicyKind;
use super::stats::Estimate;
use crate::plot::{self, Bar, BarChart, LineChart, Point, Series};
use anyhow::{Result, bail};
use engine::domineering::ShapeKey;
use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// "At a glance": the best online rule per headline budget with its gaps to LRU and Belady.
fn glance_section(o: &mut String, outcome: &Outcome, n: usize) {
    use crate::present::number::{percent, points_interval};
    use crate::present::{Align, Table};
    let findings = super::glance::at_a_glance(&outcome.main, &outcome.policies);
    if findings.is_empty() {
        return;
    }
    let gap =
        |e: Option<Estimate>| e.map_or("—".to_string(), |d| points_interval(d.mean, d.lo, d.hi));
    let mut t = Table::new([
        ("budget (entries)", Align::Right),
        ("best online rule", Align::Left),
        ("its hit rate", Align::Right),
        ("minus LRU (95%)", Align::Right),
        ("Belady minus it (95%)", Align::Right),
        ("verdict", Align::Left),
    ]);
    for f in &findings {
        let verdict = match f.over_lru {
            Some(d) if d.surely_positive() => "beats LRU",
            Some(d) if d.surely_negative() => "loses to LRU",
            Some(_) => "no verdict (interval includes 0)",
            None => "LRU not run",
        };
        let row = [
            crate::present::number::count(f.budget),
            format!("`{}`", f.best),
            percent(f.hit_rate.mean),
            gap(f.over_lru),
            gap(f.under_belady),
            verdict.to_string(),
        ];
        // The table has six columns and every row six cells.
        let _ = t.row(row);
    }
    let _ = writeln!(
        o,
        "## At a glance\n\nThe online rule with the highest mean hit rate at each headline budget, with its gap to \
         LRU and to Belady's offline optimum in hit-rate points (paired per seed, 95% Student-t intervals over {n} \
         seeds).\n\n{}",
        t.markdown()
    );
}

/// A shape for a markdown table cell: `|` would end the cell, so it is escaped.
fn cell_text(k: &ShapeKey) -> String {
    k.to_string().replace('|', "\\|")
}

fn pct(r: &RunRow) -> f64 {
    100.0 * r.hit_rate
}

fn reevals(r: &RunRow) -> f64 {
    r.re_evaluations as f64
}

fn cell(p: &PlanResults, k: PolicyKind, b: usize, f: impl Fn(&RunRow) -> f64) -> Option<Estimate> {
    (!p.cell(k, b).is_empty()).then(|| p.estimate(k, b, f))
}

fn show(e: Option<Estimate>, digits: usize) -> String {
    e.map_or("—".into(), |e| e.show(digits))
}

fn aging(policies: &[PolicyKind]) -> Vec<PolicyKind> {
    policies
        .iter()
        .copied()
        .filter(|k| matches!(k, PolicyKind::AgingLfu { .. }))
        .collect()
}

fn headline(p: &PlanResults) -> Vec<usize> {
    HEADLINE_BUDGETS
        .iter()
        .copied()
        .filter(|b| p.budgets.contains(b))
        .collect()
}

/// The ageing period whose hit rate is highest on average over the headline budgets.
fn best_aging(outcome: &Outcome, p: &PlanResults) -> Option<PolicyKind> {
    let bs = headline(p);
    aging(&outcome.policies).into_iter().max_by(|a, b| {
        let score = |k: PolicyKind| bs.iter().map(|&x| p.estimate(k, x, pct).mean).sum::<f64>();
        score(*a).total_cmp(&score(*b))
    })
}

/// Per-seed comparison of the plan's per-board best tens.
#[derive(Debug, Clone)]
pub struct BestTenStats {
    /// Board labels of the plan's batches.
    pub boards: Vec<String>,
    /// Distinct shapes in some board's best ten.
    pub distinct: Estimate,
    /// Shapes in every board's best ten.
    pub common: Estimate,
    /// `(i, j, shared shapes)` for every pair of boards.
    pub pairs: Vec<(usize, usize, Estimate)>,
}

/// Refuses (with an error) when all boards share one best ten: the explanation of the original experiment rests on their
/// differing, so a figure of their overlaps would then be meaningless.
///
/// ```
/// use engine::domineering::ShapeKey;
/// use harness::eviction::report::check_best_tens_differ;
/// let a: ShapeKey = "..".parse().unwrap();
/// let b: ShapeKey = ".|.".parse().unwrap();
/// assert!(check_best_tens_differ(&[vec![a, b], vec![b, a]]).is_err());
/// assert!(check_best_tens_differ(&[vec![a, b], vec![a]]).is_ok());
/// ```
pub fn check_best_tens_differ(best_tens: &[Vec<ShapeKey>]) -> Result<()> {
    let sets: Vec<BTreeSet<ShapeKey>> = best_tens
        .iter()
        .map(|t| t.iter().copied().collect())
        .collect();
    if sets.len() >= 2 && sets.windows(2).all(|w| w[0] == w[1]) {
        bail!(
            "all {} boards share one best ten; the per-board overlap figure refuses to draw",
            sets.len()
        );
    }
    Ok(())
}

/// Statistics over seeds of the per-board best tens; `None` for a one-board plan.
pub fn best_ten_stats(p: &PlanResults) -> Option<BestTenStats> {
    let nb = p.plan.0.len();
    if nb < 2 {
        return None;
    }
    let sets = |s: &StreamInfo| -> Vec<BTreeSet<ShapeKey>> {
        s.best_tens
            .iter()
            .map(|t| t.iter().map(|(k, _)| *k).collect())
            .collect()
    };
    let per_seed: Vec<Vec<BTreeSet<ShapeKey>>> = p.streams.iter().map(sets).collect();
    let distinct: Vec<f64> = per_seed
        .iter()
        .map(|s| s.iter().flatten().collect::<BTreeSet<_>>().len() as f64)
        .collect();
    let common: Vec<f64> = per_seed
        .iter()
        .map(|s| {
            s[0].iter()
                .filter(|k| s.iter().all(|t| t.contains(k)))
                .count() as f64
        })
        .collect();
    let mut pairs = Vec::new();
    for i in 0..nb {
        for j in i + 1..nb {
            let xs: Vec<f64> = per_seed
                .iter()
                .map(|s| s[i].intersection(&s[j]).count() as f64)
                .collect();
            pairs.push((i, j, Estimate::of(&xs)));
        }
    }
    Some(BestTenStats {
        boards: p.plan.0.iter().map(|b| b.board()).collect(),
        distinct: Estimate::of(&distinct),
        common: Estimate::of(&common),
        pairs,
    })
}

fn best_ten_figure(p: &PlanResults, stats: &BestTenStats, dir: &Path) -> Result<[PathBuf; 2]> {
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

fn charts(outcome: &Outcome, dir: &Path) -> Result<Vec<String>> {
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

struct EssayRow {
    what: &'static str,
    essay: &'static str,
    prototype: &'static str,
    ours: String,
}

fn essay_rows(outcome: &Outcome) -> Vec<EssayRow> {
    let p = &outcome.main;
    let hr = |k, b| show(cell(p, k, b, pct), 1);
    let re = |k, b| show(cell(p, k, b, reevals), 0);
    let ov = |k, b, first: bool| {
        show(
            cell(p, k, b, |r| {
                100.0
                    * if first {
                        r.overlap_first_n
                    } else {
                        r.overlap_best_n
                    }
            }),
            0,
        )
    };
    let bt = best_ten_stats(p);
    let pair = |a: &str, b: &str| -> String {
        bt.as_ref()
            .and_then(|s| {
                s.pairs
                    .iter()
                    .find(|(i, j, _)| s.boards[*i] == a && s.boards[*j] == b)
                    .map(|(_, _, e)| e.show(1))
            })
            .unwrap_or_else(|| "—".into())
    };
    use PolicyKind::*;
    let lru_minus_best = if p.cell(Lru, 10).is_empty() || p.cell(BestN, 10).is_empty() {
        "—".into()
    } else {
        p.difference(Lru, BestN, 10, pct).show(1)
    };
    vec![
        EssayRow {
            what: "lookups per run",
            essay: "140,123",
            prototype: "about 124,000",
            ours: p.stream_estimate(|s| s.lookups as f64).show(0),
        },
        EssayRow {
            what: "best ten serve (%)",
            essay: "91.4",
            prototype: "88.9",
            ours: p.stream_estimate(|s| 100.0 * s.best_ten_serve).show(1),
        },
        EssayRow {
            what: "first ten serve (%)",
            essay: "77.5",
            prototype: "—",
            ours: hr(FirstN, 10),
        },
        EssayRow {
            what: "LRU at 10 entries (%)",
            essay: "94.2",
            prototype: "94.3",
            ours: hr(Lru, 10),
        },
        EssayRow {
            what: "LFU at 10 entries (%)",
            essay: "90.3",
            prototype: "89.6",
            ours: hr(Lfu, 10),
        },
        EssayRow {
            what: "LRU at 20 entries (%)",
            essay: "96.9",
            prototype: "96.3",
            ours: hr(Lru, 20),
        },
        EssayRow {
            what: "LFU at 20 entries (%)",
            essay: "95.3",
            prototype: "94.4",
            ours: hr(Lfu, 20),
        },
        EssayRow {
            what: "LRU at 40 entries (%)",
            essay: "about 99",
            prototype: "—",
            ours: hr(Lru, 40),
        },
        EssayRow {
            what: "LRU-10 minus best ten (points)",
            essay: "+2.8 (\"about three points\")",
            prototype: "+5.4",
            ours: lru_minus_best,
        },
        EssayRow {
            what: "LRU re-evaluations at 10",
            essay: "7,832",
            prototype: "—",
            ours: re(Lru, 10),
        },
        EssayRow {
            what: "LRU re-evaluations at 80",
            essay: "469",
            prototype: "—",
            ours: re(Lru, 80),
        },
        EssayRow {
            what: "distinct shapes across the boards' best tens",
            essay: "18",
            prototype: "—",
            ours: bt.as_ref().map_or("—".into(), |s| s.distinct.show(1)),
        },
        EssayRow {
            what: "shapes common to all boards' best tens",
            essay: "3",
            prototype: "—",
            ours: bt.as_ref().map_or("—".into(), |s| s.common.show(1)),
        },
        EssayRow {
            what: "best tens shared by 4x5 and 6x6",
            essay: "5",
            prototype: "—",
            ours: pair("4x5", "6x6"),
        },
        EssayRow {
            what: "LFU-20 table shared with first 20 (%)",
            essay: "70",
            prototype: "—",
            ours: ov(Lfu, 20, true),
        },
        EssayRow {
            what: "LFU-20 table shared with best 20 (%)",
            essay: "65",
            prototype: "—",
            ours: ov(Lfu, 20, false),
        },
        EssayRow {
            what: "LFU-40 table shared with first 40 (%)",
            essay: "83",
            prototype: "—",
            ours: ov(Lfu, 40, true),
        },
        EssayRow {
            what: "LFU-40 table shared with best 40 (%)",
            essay: "68",
            prototype: "—",
            ours: ov(Lfu, 40, false),
        },
    ]
}

fn verdict(d: &Estimate) -> &'static str {
    if d.surely_positive() {
        "overtakes"
    } else if d.surely_negative() {
        "loses to"
    } else {
        "cannot be told apart from"
    }
}

/// Ageing against LRU at one budget: the best K and the verdict, in one sentence.
fn aging_sentence(outcome: &Outcome, p: &PlanResults, b: usize) -> Option<String> {
    let ks = aging(&outcome.policies);
    if ks.is_empty() || p.cell(PolicyKind::Lru, b).is_empty() {
        return None;
    }
    let (k, d) = ks
        .iter()
        .map(|&k| (k, p.difference(k, PolicyKind::Lru, b, pct)))
        .max_by(|a, b| a.1.mean.total_cmp(&b.1.mean))?;
    Some(format!(
        "at {b} entries the best ageing period is `{k}`; it {} LRU (ageing minus LRU: {} points)",
        verdict(&d),
        d.show(2)
    ))
}

/// The best ageing period chosen on the first half of the seeds and scored (against LRU) on the second half, so
/// the margin is not inflated by picking the best of many periods on the same seeds.
fn held_out_aging(
    outcome: &Outcome,
    p: &PlanResults,
    b: usize,
) -> Option<(PolicyKind, Estimate, usize)> {
    let ks = aging(&outcome.policies);
    let lru = p.cell(PolicyKind::Lru, b);
    if ks.is_empty() || lru.len() < 4 {
        return None;
    }
    let half = lru.len() / 2;
    let diffs = |k: PolicyKind| -> Vec<f64> {
        p.cell(k, b)
            .iter()
            .zip(&lru)
            .map(|(a, l)| pct(a) - pct(l))
            .collect()
    };
    let (k, _) = ks
        .iter()
        .map(|&k| (k, Estimate::of(&diffs(k)[..half]).mean))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    Some((k, Estimate::of(&diffs(k)[half..]), half))
}

/// A few lines for the terminal.
pub fn summary_lines(outcome: &Outcome) -> Vec<String> {
    let p = &outcome.main;
    let mut v = vec![format!(
        "streams: {} seeds, {} lookups and {} distinct shapes per run (mean ± 95% interval)",
        p.streams.len(),
        p.stream_estimate(|s| s.lookups as f64).show(0),
        p.stream_estimate(|s| s.distinct as f64).show(1),
    )];
    for b in headline(p) {
        let parts: Vec<String> = [
            PolicyKind::Lru,
            PolicyKind::Lfu,
            PolicyKind::WTinyLfu,
            PolicyKind::Belady,
            PolicyKind::BestN,
        ]
        .iter()
        .filter_map(|&k| cell(p, k, b, pct).map(|e| format!("{k} {}", e.show(2))))
        .collect();
        if !parts.is_empty() {
            v.push(format!("hit rate % at {b}: {}", parts.join(", ")));
        }
    }
    if let Some(s) = aging_sentence(outcome, p, 10) {
        v.push(format!("ageing: {s}"));
    }
    for c in &outcome.controls {
        if !c.cell(PolicyKind::Lru, 10).is_empty() && !c.cell(PolicyKind::BestN, 10).is_empty() {
            v.push(format!(
                "control {}: LRU-10 minus best ten = {} points",
                c.name,
                c.difference(PolicyKind::Lru, PolicyKind::BestN, 10, pct)
                    .show(2)
            ));
        }
    }
    v.push(format!(
        "time: catalogue {:.0} ms, streams {:.2} s, replay {:.2} s ({:.1} M lookups, {} threads)",
        outcome.catalogue_time.as_secs_f64() * 1e3,
        outcome.stream_time.as_secs_f64(),
        outcome.replay_time.as_secs_f64(),
        outcome.lookups_replayed as f64 / 1e6,
        outcome.config.threads,
    ));
    // The answer last on the console, where the eye lands when the run ends.
    use crate::present::number::{percent, points_interval};
    for f in super::glance::at_a_glance(p, &outcome.policies) {
        let gap = |e: Option<Estimate>, what: &str| {
            e.map(|d| format!(", {} {what}", points_interval(d.mean, d.lo, d.hi)))
                .unwrap_or_default()
        };
        v.push(format!(
            "at a glance, budget {}: best online rule {} at {}{}{}",
            f.budget,
            f.best,
            percent(f.hit_rate.mean),
            gap(f.over_lru, "over LRU"),
            gap(f.under_belady, "below Belady"),
        ));
    }
    v
}

fn table(out: &mut String, header: &[String], rows: &[Vec<String>]) {
    let _ = writeln!(out, "| {} |", header.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(header.len()));
    for r in rows {
        let _ = writeln!(out, "| {} |", r.join(" | "));
    }
    out.push('\n');
}

fn policy_table(
    out: &mut String,
    p: &PlanResults,
    policies: &[PolicyKind],
    budgets: &[usize],
    f: impl Fn(&RunRow) -> f64 + Copy,
    digits: usize,
) {
    let mut header = vec!["policy".to_string()];
    header.extend(budgets.iter().map(|b| format!("{b}")));
    let rows: Vec<Vec<String>> = policies
        .iter()
        .map(|&k| {
            let mut r = vec![format!("`{k}`")];
            r.extend(budgets.iter().map(|&b| show(cell(p, k, b, f), digits)));
            r
        })
        .collect();
    table(out, &header, &rows);
}

/// Writes `index.md` and the charts into `dir`; returns the path of `index.md`.
pub fn write_report(outcome: &Outcome, dir: &Path, results_dir: &Path) -> Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let p = &outcome.main;
    let c = &outcome.config;
    let n = p.streams.len();
    let hb = headline(p);
    let online: Vec<PolicyKind> = outcome
        .policies
        .iter()
        .copied()
        .filter(|k| k.is_online())
        .collect();
    let mut o = String::new();
    let _ = writeln!(o, "# The catalogue-eviction experiment\n");
    let _ = writeln!(
        o,
        "Reproduces and extends the catalogue-eviction experiment (docs/catalogue-experiment.md): a Domineering player consults a table of \
         component values under a memory budget, and replacement rules compete for the entries. Generated by \
         `{}`; raw results (CSV, `config.json`) in `{}`. Every figure is a mean over {n} seeds with its 95% \
         interval (Student t), written `mean ± half-width`.\n",
        c.command,
        results_dir.display()
    );
    glance_section(&mut o, outcome, n);
    let _ = writeln!(o, "## Configuration\n");
    let _ = writeln!(
        o,
        "- Games (board plan, rows x columns: games): `{}`; first player: {}; one `rand_pcg::Pcg64Mcg` per seed, \
         seeds {:?}.",
        c.stream.plan, c.stream.first, c.seeds
    );
    let _ = writeln!(
        o,
        "- Move choice: each legal placement is scored by the sum over the resulting regions of `{}` from the full \
         catalogue (1,042 shapes; regions over 8 cells count 0); Left maximises, Right minimises, ties uniformly at \
         random. Regions of {} to {} cells are looked up (every placement's every region, hit or miss).",
        c.stream.estimate, c.stream.min_lookup_cells, c.stream.max_lookup_cells
    );
    let _ = writeln!(
        o,
        "- Policies: {}. Budgets: {:?}. Controls: {}.",
        outcome
            .policies
            .iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", "),
        p.budgets,
        if outcome.controls.is_empty() {
            "none".to_string()
        } else {
            outcome
                .controls
                .iter()
                .map(|k| format!("`{}` ({})", k.name, k.plan))
                .collect::<Vec<_>>()
                .join(", ")
        }
    );
    let _ = writeln!(
        o,
        "- Loop rules (original experiment): on a miss the key is inserted with its use recorded, then the table is pruned to the \
         budget without ever choosing the key just inserted; LFU ties go to the earlier arrival; a miss on a key \
         missed before is a re-evaluation. LFU counts live in the table entry (a re-inserted key starts at one) and \
         are never aged; `aging_lfu_k<K>` halves every count after each K lookups. ARC uses an integer target; \
         SIEVE is the paper's; S3-FIFO follows libCacheSim's `S3FIFOv0` (10% small queue, ghost of 90%, move to \
         main after 2 hits); W-TinyLFU has a 1% window LRU, an 80/20 segmented LRU main and exact 4-bit counters \
         halved every 10 x budget accesses, admitting a candidate only with a strictly higher count. FIFO, CLOCK (one reference bit) and 2Q \
         (A1in 25%, A1out ghosts 50%, Am LRU) follow libCacheSim and give its hit counts exactly \
         ([libcachesim-check.md](libcachesim-check.md)); LIRS follows the paper with libCacheSim's 1% HIR share \
         and a stack of at most twice the budget. Belady is \
         demand-paged MIN (the missed key is always kept), the optimum for every rule here that keeps what it \
         missed; best-N and first-N are fixed tables and are not bound by that optimum.\n"
    );
    let _ = writeln!(
        o,
        "Run time: catalogue {:.0} ms, {} streams {:.2} s, {} replays ({:.1} M lookups) {:.2} s on {} threads. \
         Replay speed per policy: [bench.md](bench.md).\n",
        outcome.catalogue_time.as_secs_f64() * 1e3,
        n * (1 + outcome.controls.len()),
        outcome.stream_time.as_secs_f64(),
        p.rows.len() + outcome.controls.iter().map(|k| k.rows.len()).sum::<usize>(),
        outcome.lookups_replayed as f64 / 1e6,
        outcome.replay_time.as_secs_f64(),
        c.threads
    );

    let _ = writeln!(o, "## The lookup stream\n");
    let mut rows = vec![
        vec![
            "lookups".into(),
            p.stream_estimate(|s| s.lookups as f64).show(0),
        ],
        vec![
            "distinct shapes looked up".into(),
            p.stream_estimate(|s| s.distinct as f64).show(1),
        ],
        vec![
            "shapes looked up only once".into(),
            p.stream_estimate(|s| s.one_hit_keys as f64).show(1),
        ],
        vec![
            "moves played".into(),
            p.stream_estimate(|s| s.moves as f64).show(0),
        ],
        vec![
            "games won by Left (%)".into(),
            p.stream_estimate(|s| 100.0 * s.left_wins as f64 / p.plan.games() as f64)
                .show(1),
        ],
    ];
    for (i, b) in p.plan.0.iter().enumerate() {
        rows.push(vec![
            format!("lookups in the {} games on {}", b.games, b.board()),
            p.stream_estimate(|s| s.batch_lookups[i] as f64).show(0),
        ]);
    }
    table(
        &mut o,
        &["quantity".into(), format!("mean ± 95% ({n} seeds)")],
        &rows,
    );
    let _ = writeln!(
        o,
        "Every budgeted run is checked against the free run of its stream (same number of lookups and same \
         sequence fingerprint); a mismatch aborts the experiment.\n"
    );

    let _ = writeln!(o, "## The original experiment's figures next to ours\n");
    let _ = writeln!(
        o,
        "The original experiment ran one seed of an unknown generator, so its exact figures cannot be reproduced; directions can. \
         \"Prototype\" is the one-seed prototype of this protocol quoted in `docs/catalogue-experiment.md` §3.\n"
    );
    let er: Vec<Vec<String>> = essay_rows(outcome)
        .into_iter()
        .map(|r| vec![r.what.into(), r.essay.into(), r.prototype.into(), r.ours])
        .collect();
    table(
        &mut o,
        &[
            "figure".into(),
            "original (1 seed)".into(),
            "prototype (1 seed)".into(),
            format!("this run ({n} seeds)"),
        ],
        &er,
    );
    if !p.cell(PolicyKind::Lru, 10).is_empty() && !p.cell(PolicyKind::BestN, 10).is_empty() {
        let wins = p
            .cell(PolicyKind::Lru, 10)
            .iter()
            .zip(p.cell(PolicyKind::BestN, 10))
            .filter(|(a, b)| a.hits > b.hits)
            .count();
        let _ = writeln!(
            o,
            "The original experiment's asserted inversion, LRU at 10 entries above the offline best ten, holds on {wins} of {n} \
             seeds.\n"
        );
    }

    let _ = writeln!(o, "## Hit rate per policy and budget (%)\n");
    policy_table(&mut o, p, &outcome.policies, &hb, pct, 2);
    let made = charts(outcome, dir)?;
    if made.iter().any(|m| m == "hit_rate_vs_budget") {
        let _ = writeln!(
            o,
            "![hit rate versus budget](hit_rate_vs_budget.svg)\n\n![hit rate versus budget, zoomed](hit_rate_vs_budget_zoom.svg)\n\nThe full sweep (budgets {:?}) is in \
             `eviction.csv`; Belady and unbounded are drawn dashed as the bounds. Only the best ageing period is \
             drawn here; all are in the ageing section.\n",
            p.budgets
        );
    }
    let curves = super::curves::write(outcome, best_aging(outcome, p), dir)?;
    if curves.iter().any(|m| m == "miss_ratio_curve") {
        let _ = writeln!(
            o,
            "## Miss-ratio curves\n\n![miss ratio versus budget](miss_ratio_curve.svg)\n\nLog-log; the vertical lines \
             mark 1%, 10% and 100% of the working set (the mean number of distinct shapes per stream). Belady and \
             unbounded are the bounds.\n"
        );
    }
    if curves.iter().any(|m| m == "points_vs_lru") {
        let _ = writeln!(
            o,
            "![hit-rate points versus LRU](points_vs_lru.svg)\n\nEach line is a rule's hit rate minus LRU's on the \
             same stream, paired per seed: above zero it keeps more of what is asked for than LRU.\n"
        );
    }
    let _ = writeln!(
        o,
        "## Re-evaluations per policy and budget (count per run)\n"
    );
    policy_table(&mut o, p, &online, &hb, reevals, 0);
    if made.iter().any(|m| m == "re_evaluations_vs_budget") {
        let _ = writeln!(
            o,
            "![re-evaluations versus budget](re_evaluations_vs_budget.svg)\n"
        );
    }

    if p.budgets.contains(&10) || !hb.is_empty() {
        let _ = writeln!(
            o,
            "## Gap to Belady (hit-rate points, Belady minus policy)\n"
        );
        let mut header = vec!["policy".to_string()];
        header.extend(hb.iter().map(|b| b.to_string()));
        let rows: Vec<Vec<String>> = outcome
            .policies
            .iter()
            .copied()
            .filter(|&k| {
                !matches!(k, PolicyKind::Belady | PolicyKind::Unbounded)
                    && outcome.policies.contains(&PolicyKind::Belady)
            })
            .map(|k| {
                let mut r = vec![format!("`{k}`")];
                r.extend(
                    hb.iter()
                        .map(|&b| p.difference(PolicyKind::Belady, k, b, pct).show(2)),
                );
                r
            })
            .collect();
        table(&mut o, &header, &rows);
        let _ = writeln!(
            o,
            "Belady is the optimum of the demand-paged rules (every online rule here); the fixed tables (`best_n`, \
             `first_n`) are preloaded, so their first lookups are hits and a negative gap would not be a bug.\n"
        );
    }

    let ks = aging(&outcome.policies);
    if !ks.is_empty() && outcome.policies.contains(&PolicyKind::Lru) {
        let _ = writeln!(o, "## Does ageing overtake recency?\n");
        let _ = writeln!(
            o,
            "The original experiment's prediction: if the ratchet is the whole of LFU's disadvantage, halving every count at fixed \
             intervals should overtake LRU. Paired differences over seeds, ageing LFU minus LRU, in hit-rate points:\n"
        );
        let mut header = vec!["K (lookups between halvings)".to_string()];
        header.extend(hb.iter().map(|b| b.to_string()));
        // One row per ageing period: paired differences against `base` at each headline budget.
        let diff_rows = |base: PolicyKind| -> Vec<Vec<String>> {
            ks.iter()
                .map(|&k| {
                    let mut r = vec![format!("`{k}`")];
                    r.extend(hb.iter().map(|&b| p.difference(k, base, b, pct).show(2)));
                    r
                })
                .collect()
        };
        table(&mut o, &header, &diff_rows(PolicyKind::Lru));
        if outcome.policies.contains(&PolicyKind::Lfu) {
            let _ = writeln!(o, "Ageing LFU minus never-aged LFU, same units:\n");
            table(&mut o, &header, &diff_rows(PolicyKind::Lfu));
        }
        let _ = writeln!(o, "Answer, budget by budget:\n");
        for &b in &hb {
            if let Some(s) = aging_sentence(outcome, p, b) {
                let held = held_out_aging(outcome, p, b).map_or(String::new(), |(k, d, half)| {
                    format!(
                        " Held out: the period chosen on the first {half} seeds (`{k}`) {} LRU on the other {} \
                         ({} points).",
                        verdict(&d),
                        d.n,
                        d.show(2)
                    )
                });
                let _ = writeln!(o, "- {s}.{held}");
            }
        }
        let _ = writeln!(
            o,
            "\n(\"Overtakes\" and \"loses to\" mean the whole 95% interval of the paired difference is above or below \
             zero; \"best\" is the best of the swept periods on the same seeds, hence the held-out check.)\n"
        );
        // How much: the best period's margin over LRU next to what ageing recovers over never-aged LFU.
        if outcome.policies.contains(&PolicyKind::Lfu) {
            for &b in &hb {
                let best = |base: PolicyKind| {
                    ks.iter()
                        .map(|&k| (k, p.difference(k, base, b, pct)))
                        .max_by(|x, y| x.1.mean.total_cmp(&y.1.mean))
                };
                if let (Some((kl, dl)), Some((kf, df))) =
                    (best(PolicyKind::Lru), best(PolicyKind::Lfu))
                {
                    let _ = writeln!(
                        o,
                        "- How much at {b}: best margin over LRU {} points (`{kl}`); best gain over never-aged LFU {} \
                         points (`{kf}`).",
                        dl.show(2),
                        df.show(2)
                    );
                }
            }
            o.push('\n');
        }
        if made.iter().any(|m| m == "aging_vs_budget") {
            let _ = writeln!(o, "![ageing versus budget](aging_vs_budget.svg)\n");
        }
    }

    let ob: Vec<usize> = [20, 40]
        .into_iter()
        .filter(|b| p.budgets.contains(b))
        .collect();
    if !ob.is_empty() {
        let _ = writeln!(o, "## What the final tables hold\n");
        let _ = writeln!(
            o,
            "Share of the final table's N entries (N = budget) that are among the first N keys to arrive and among \
             the N most used over the run (%). The original experiment's LFU: 70 / 65 at 20, 83 / 68 at 40.\n"
        );
        let mut header = vec!["policy".to_string()];
        for b in &ob {
            header.push(format!("first-{b}"));
            header.push(format!("best-{b}"));
        }
        let rows: Vec<Vec<String>> = online
            .iter()
            .chain(
                [PolicyKind::Belady]
                    .iter()
                    .filter(|k| outcome.policies.contains(k)),
            )
            .map(|&k| {
                let mut r = vec![format!("`{k}`")];
                for &b in &ob {
                    r.push(show(cell(p, k, b, |x| 100.0 * x.overlap_first_n), 0));
                    r.push(show(cell(p, k, b, |x| 100.0 * x.overlap_best_n), 0));
                }
                r
            })
            .collect();
        table(&mut o, &header, &rows);
    }

    if let Some(bt) = best_ten_stats(p) {
        let _ = writeln!(o, "## Per-board best tens\n");
        let _ = writeln!(
            o,
            "For each board size, the ten shapes most looked up in its games. Distinct shapes across the {} best \
             tens: {} (original 18); shapes in all of them: {} (original 3).\n",
            bt.boards.len(),
            bt.distinct.show(1),
            bt.common.show(1)
        );
        let rows: Vec<Vec<String>> = bt
            .pairs
            .iter()
            .map(|&(i, j, e)| vec![format!("{} & {}", bt.boards[i], bt.boards[j]), e.show(1)])
            .collect();
        table(
            &mut o,
            &["boards".into(), "shapes shared (of 10)".into()],
            &rows,
        );
        match best_ten_figure(p, &bt, dir) {
            Ok(_) => {
                let _ = writeln!(
                    o,
                    "![best-ten overlap per board pair](best_ten_overlap.svg)\n"
                );
            }
            Err(e) => {
                let _ = writeln!(o, "**Figure refused:** {e:#}.\n");
            }
        }
        if let Some(s) = p.streams.first() {
            let _ = writeln!(
                o,
                "Seed {}'s best tens (shape rows top to bottom joined by `|`, `.` a cell, `#` outside; lookups in \
                 that board's games):\n",
                s.seed
            );
            let mut header = vec!["rank".to_string()];
            header.extend(bt.boards.iter().cloned());
            let rows: Vec<Vec<String>> = (0..super::experiment::BEST_TEN)
                .map(|r| {
                    let mut row = vec![(r + 1).to_string()];
                    row.extend(s.best_tens.iter().map(|t| {
                        t.get(r)
                            .map_or("—".into(), |(k, c)| format!("`{}` ({c})", cell_text(k)))
                    }));
                    row
                })
                .collect();
            table(&mut o, &header, &rows);
        }
    }

    if !outcome.controls.is_empty() {
        let _ = writeln!(o, "## The one-board-size control\n");
        let _ = writeln!(
            o,
            "The control the original experiment asked for: the same number of games, all on one board size, so the oracle's \
             fixed table faces a stationary stream. Hit rate (%):\n"
        );
        for k in &outcome.controls {
            let _ = writeln!(
                o,
                "### `{}` ({}; {} lookups per run)\n",
                k.name,
                k.plan,
                k.stream_estimate(|s| s.lookups as f64).show(0)
            );
            policy_table(&mut o, k, &outcome.policies, &k.budgets, pct, 2);
            let mut lines = Vec::new();
            for &b in &k.budgets {
                if !k.cell(PolicyKind::Lru, b).is_empty()
                    && !k.cell(PolicyKind::BestN, b).is_empty()
                {
                    let d = k.difference(PolicyKind::Lru, PolicyKind::BestN, b, pct);
                    let dm = if p.cell(PolicyKind::Lru, b).is_empty()
                        || p.cell(PolicyKind::BestN, b).is_empty()
                    {
                        "—".to_string()
                    } else {
                        p.difference(PolicyKind::Lru, PolicyKind::BestN, b, pct)
                            .show(2)
                    };
                    lines.push(format!(
                        "- LRU-{b} minus best {b}: {} points here, {dm} in the four-board run.",
                        d.show(2)
                    ));
                }
                if let Some(s) = aging_sentence(outcome, k, b) {
                    lines.push(format!("- {s}."));
                }
            }
            let _ = writeln!(o, "{}\n", lines.join("\n"));
        }
    }
    if let Some(g) = &outcome.game_search {
        super::game_search_report::write_section(&mut o, g, dir)?;
    }
    let _ = writeln!(o, "## Limits\n");
    let _ = writeln!(
        o,
        "- One player (the component-sum estimate with random tie-breaks); other estimate rules are options \
         (`--estimate`), not reported here.\n- The intervals are over seeds of this project's generator; the \
         original run's own seed cannot be rerun.\n- Policies whose published versions adapt or randomise (Caffeine's \
         hill-climbing window and admission jitter) are run in fixed, deterministic form."
    );
    let index = dir.join("index.md");
    plot::write_file_atomically(&index, o.as_bytes())?;
    Ok(index)
}
