//! The bounded-cache section's findings: per workload and family, each replacement rule's evaluator calls, hit
//! rate, bytes and speed relative to the unbounded cache at every capacity, and the smallest capacity whose calls
//! are within 5% of the unbounded cache's. Computed from `bounded_cache.csv`'s rows, then rendered (markdown,
//! console text, one chart per family) without further arithmetic.

use crate::answer::{intervals_note, ratio_text};
use crate::arm::{ArmId, CacheArm, Workload};
use crate::experiments::bounded_cache::BoundedCacheRecord;
use crate::plot::{Axis, LinePlot, Point, Series, line_plot};
use crate::present::number::{
    MISSING, bytes, count, percent, ratio, ratio_interval, time_ns_interval,
};
use crate::present::{Align, Table};
use crate::record::Known;
use crate::statistics::Interval;
use crate::verdict::{FASTER, Verdict};
use engine::memo::BoundedPolicy;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// How close to the unbounded cache's evaluator calls "as good as unbounded" means: within 5%.
pub(crate) const WITHIN: f64 = 1.05;

/// One bounded cache at one capacity, relative to the unbounded cache of its workload and family.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CapacityPoint {
    pub row: BoundedCacheRecord,
    /// evaluator calls / unbounded evaluator calls (≥ 1 up to collisions of the same keys).
    pub calls_ratio: f64,
    /// hits / lookups.
    pub hit_rate: f64,
    /// hits / the unbounded cache's hits: the share of its saved evaluations this cache still saves.
    pub hits_kept: f64,
}

/// One rule's curve over capacity in one workload and family.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Curve {
    /// The workload (a name this build does not know, from an older run, kept as written).
    pub workload: Known<Workload>,
    pub scenario: String,
    /// The replacement rule, likewise.
    pub policy: Known<BoundedPolicy>,
    /// The unbounded cache's row.
    pub unbounded: BoundedCacheRecord,
    /// Capacities in increasing order.
    pub points: Vec<CapacityPoint>,
}

/// The headline of one curve, as `summary.json` records it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct BoundedGlance {
    /// The workload; `summary.json` holds its name.
    #[serde(serialize_with = "name")]
    pub workload: Known<Workload>,
    pub scenario: String,
    /// The replacement rule; `summary.json` holds its name.
    #[serde(serialize_with = "name")]
    pub policy: Known<BoundedPolicy>,
    /// The unbounded cache's largest working set (entries of one invocation).
    pub unbounded_peak_entries: u64,
    /// The unbounded cache's hits / lookups: how much any cache can save here.
    pub unbounded_hit_rate: f64,
    /// The smallest capacity measured whose evaluator calls are within 5% of the unbounded cache's; `None` when
    /// no capacity measured is.
    pub within_5_percent_capacity: Option<u64>,
    /// evaluator calls / unbounded evaluator calls at that capacity.
    pub calls_ratio: Option<f64>,
    /// hits / unbounded hits at that capacity.
    pub hits_kept: Option<f64>,
    /// time(unbounded) / time(bounded) at that capacity, paired per invocation, with its 95% interval over
    /// sessions.
    pub speedup_vs_unbounded: Option<Interval>,
    /// `faster`, `slower`, `within_noise` or `no_verdict` at that capacity ([`Verdict::of_ratio`]).
    pub verdict: Option<&'static str>,
}

fn name<T: std::fmt::Display, S: serde::Serializer>(v: &Known<T>, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

fn quotient(a: u64, b: u64) -> f64 {
    if b == 0 {
        if a == 0 { 1.0 } else { f64::INFINITY }
    } else {
        a as f64 / b as f64
    }
}

/// The findings of a run's bounded-cache rows.
#[derive(Clone, Debug, PartialEq, Default)]
pub(crate) struct BoundedFindings {
    /// Every curve, workloads and families in row order, then rules.
    pub curves: Vec<Curve>,
}

impl BoundedFindings {
    /// The findings of `rows`; a workload and family without an unbounded row contributes nothing.
    pub(crate) fn of(rows: &[BoundedCacheRecord]) -> BoundedFindings {
        let mut curves: Vec<Curve> = Vec::new();
        for r in rows.iter().filter(|r| r.capacity_entries.is_some()) {
            let Some(unbounded) = rows.iter().find(|u| {
                u.workload() == r.workload()
                    && u.scenario == r.scenario
                    && u.arm() == Some(CacheArm::Unbounded)
            }) else {
                continue;
            };
            let point = CapacityPoint {
                row: r.clone(),
                calls_ratio: quotient(r.evaluator_calls, unbounded.evaluator_calls),
                hit_rate: quotient(r.cache_hits, r.lookups),
                hits_kept: quotient(r.cache_hits, unbounded.cache_hits),
            };
            let (workload, policy) = (r.workload(), Known::parse(&r.policy));
            match curves
                .iter_mut()
                .find(|c| c.workload == workload && c.scenario == r.scenario && c.policy == policy)
            {
                Some(c) => c.points.push(point),
                None => curves.push(Curve {
                    workload,
                    scenario: r.scenario.clone(),
                    policy,
                    unbounded: unbounded.clone(),
                    points: vec![point],
                }),
            }
        }
        for c in &mut curves {
            c.points.sort_by_key(|p| p.row.capacity_entries);
        }
        BoundedFindings { curves }
    }

    /// Per curve: the smallest capacity within 5% of the unbounded cache's calls, and the speed there.
    pub(crate) fn glance(&self) -> Vec<BoundedGlance> {
        self.curves
            .iter()
            .map(|c| {
                let at = c.points.iter().find(|p| p.calls_ratio <= WITHIN);
                BoundedGlance {
                    workload: c.workload.clone(),
                    scenario: c.scenario.clone(),
                    policy: c.policy.clone(),
                    unbounded_peak_entries: c.unbounded.peak_entries,
                    unbounded_hit_rate: quotient(c.unbounded.cache_hits, c.unbounded.lookups),
                    within_5_percent_capacity: at.and_then(|p| p.row.capacity_entries),
                    calls_ratio: at.map(|p| p.calls_ratio),
                    hits_kept: at.map(|p| p.hits_kept),
                    speedup_vs_unbounded: at.map(|p| p.row.speedup()),
                    verdict: at.map(|p| Verdict::of_ratio(&p.row.speedup()).name(&FASTER)),
                }
            })
            .collect()
    }

    /// One sentence per workload and family: for each rule, from which capacity it is within 5% of the
    /// unbounded cache's evaluator calls, and whether it is faster or slower than the unbounded cache there.
    pub(crate) fn glance_lines(&self) -> Vec<String> {
        let glance = self.glance();
        let mut keys: Vec<(&Known<Workload>, &str)> = glance
            .iter()
            .map(|g| (&g.workload, g.scenario.as_str()))
            .collect();
        keys.dedup();
        keys.iter()
            .map(|&(w, s)| {
                let parts: Vec<String> = glance
                    .iter()
                    .filter(|g| g.workload == *w && g.scenario == s)
                    .map(|g| match (g.within_5_percent_capacity, g.speedup_vs_unbounded) {
                        (Some(cap), Some(sp)) => format!(
                            "{} within 5% of its evaluator calls from {} entries ({} evaluator calls, {} of its \
                             hits); faster than unbounded there? {}: speedup {}",
                            g.policy,
                            count(cap),
                            extra_calls(g.calls_ratio.unwrap_or(f64::NAN)),
                            percent(g.hits_kept.unwrap_or(f64::NAN)),
                            Verdict::of_ratio(&sp).label(&FASTER),
                            ratio_text(&sp)
                        ),
                        _ => format!("{} not within 5% at any capacity measured", g.policy),
                    })
                    .collect();
                let first = glance
                    .iter()
                    .find(|g| g.workload == *w && g.scenario == s);
                let peak = first.map_or(0, |g| g.unbounded_peak_entries);
                let rate = first.map_or(f64::NAN, |g| g.unbounded_hit_rate);
                format!(
                    "bounded cache, {w} {s} (unbounded: working set {} entries, hit rate {}): {}",
                    count(peak),
                    percent(rate),
                    parts.join("; ")
                )
            })
            .collect()
    }

    /// Every row: counts, ratios to the unbounded cache, bytes, time and speedup.
    pub(crate) fn table(&self) -> Table {
        let mut t = Table::new([
            ("workload", Align::Left),
            ("family", Align::Left),
            ("cache", Align::Left),
            ("capacity", Align::Right),
            ("evaluator calls", Align::Right),
            ("evaluator calls vs unbounded", Align::Right),
            ("hit rate", Align::Right),
            ("hits kept", Align::Right),
            ("evictions", Align::Right),
            ("bytes", Align::Right),
            ("time per invocation [interval]", Align::Right),
            ("speedup vs unbounded [interval]", Align::Right),
        ]);
        let mut shown: Vec<(&Known<Workload>, &str)> = Vec::new();
        for c in &self.curves {
            let key = (&c.workload, c.scenario.as_str());
            if !shown.contains(&key) {
                shown.push(key);
                let u = &c.unbounded;
                t.row([
                    u.workload.clone(),
                    u.scenario.clone(),
                    ArmId::BoundedCache(CacheArm::Unbounded).label(),
                    MISSING.into(),
                    count(u.evaluator_calls),
                    extra_calls(1.0),
                    percent(quotient(u.cache_hits, u.lookups)),
                    percent(1.0),
                    count(u.evictions),
                    format!("≥ {}", bytes(u.cache_bytes as f64)),
                    time_ns_interval(u.median_ns, u.ci_low_ns, u.ci_high_ns),
                    ratio(1.0),
                ])
                .expect("twelve cells");
            }
            for p in &c.points {
                let r = &p.row;
                t.row([
                    r.workload.clone(),
                    r.scenario.clone(),
                    r.policy.clone(),
                    count(r.capacity_entries.unwrap_or(0)),
                    count(r.evaluator_calls),
                    extra_calls(p.calls_ratio),
                    percent(p.hit_rate),
                    percent(p.hits_kept),
                    count(r.evictions),
                    bytes(r.cache_bytes as f64),
                    time_ns_interval(r.median_ns, r.ci_low_ns, r.ci_high_ns),
                    ratio_interval(r.speedup_vs_unbounded, r.speedup_low, r.speedup_high),
                ])
                .expect("twelve cells");
            }
        }
        t
    }

    /// Charts per family: the unbounded cache's evaluator calls ÷ the bounded cache's against capacity (log x;
    /// ≤ 1, higher = fewer calls, 1 = as few as unbounded), one line per rule and workload with every capacity
    /// measured (linear y: the ratios sit just below 1, where log ticks would be sparse), the unbounded cache's
    /// 1.0 drawn as a bound. A family with more lines than one chart holds ([`crate::plot::MAX_SERIES`], one of
    /// them the bound) gets several charts, `(part k of m)` in their titles, so no line is left out.
    pub(crate) fn charts(&self) -> Vec<(String, LinePlot)> {
        let mut families: Vec<&str> = self.curves.iter().map(|c| c.scenario.as_str()).collect();
        families.sort_unstable();
        families.dedup();
        let mut charts = Vec::new();
        for family in families {
            let lines: Vec<Series> = self
                .curves
                .iter()
                .filter(|c| c.scenario == family)
                .map(|c| Series {
                    name: format!("{} ({})", c.policy, c.workload),
                    points: c
                        .points
                        .iter()
                        .map(|p| {
                            let x = p.row.capacity_entries.unwrap_or(1) as f64;
                            Point::exact(x, 1.0 / p.calls_ratio)
                        })
                        .collect(),
                    bound: false,
                })
                .collect();
            let parts: Vec<&[Series]> = lines.chunks(crate::plot::MAX_SERIES - 1).collect();
            for (k, part) in parts.iter().enumerate() {
                let mut series = part.to_vec();
                series.extend(Series::level_across("unbounded cache", 1.0, part));
                let (stem, of) = if parts.len() == 1 {
                    (format!("bounded_cache_{family}"), String::new())
                } else {
                    (
                        format!("bounded_cache_{family}_{}", k + 1),
                        format!(", part {} of {}", k + 1, parts.len()),
                    )
                };
                charts.push((
                    stem,
                    LinePlot {
                        title: format!(
                            "Evaluator calls of the unbounded cache ÷ the bounded cache's vs capacity \
                             ({family}{of})"
                        ),
                        x: Axis::log("capacity", "entries"),
                        // Short enough to fit beside the plot; the `unbounded cache` line marks 1.
                        y: Axis::linear(
                            "unbounded's calls ÷ this cache's",
                            "x, higher = fewer calls",
                        ),
                        series,
                        verticals: Vec::new(),
                    },
                ));
            }
        }
        charts
    }

    /// The level and count of every interval the table shows, said once below it.
    fn table_note(&self) -> Option<String> {
        let rows = || {
            self.curves
                .iter()
                .flat_map(|c| std::iter::once(&c.unbounded).chain(c.points.iter().map(|p| &p.row)))
        };
        let times: Vec<Interval> = rows().map(|r| r.time()).collect();
        let speedups: Vec<Interval> = self
            .curves
            .iter()
            .flat_map(|c| c.points.iter().map(|p| p.row.speedup()))
            .collect();
        Some(format!(
            "Time intervals: {}; speedup intervals: {}.",
            intervals_note(&times)?,
            intervals_note(&speedups)?
        ))
    }

    /// The report section: method, at-a-glance lines, one chart per family and the full table. Charts go to
    /// `charts_dir`; returns the markdown and the files written.
    pub(crate) fn render(&self, charts_dir: &Path) -> anyhow::Result<(String, Vec<PathBuf>)> {
        let mut md = String::from("## Bounded evaluation cache\n\n");
        md.push_str(
            "A fixed-capacity exact evaluation cache (`engine::memo::BoundedCache`: `direct` = direct-mapped, \
             always replace; `clock` = four-way sets with CLOCK reference bits) next to the contract's unbounded \
             cache, one fresh cache per invocation, material evaluator: `expansion` = every successor's \
             nested chance expansion (traversal cache on), `search` = every root searched with Star2 and the \
             transposition table on. Every cache returned exactly the unbounded cache's values (checked before \
             timing). Capacities run from 2^6 to the smallest power of two holding the unbounded cache's largest \
             working set; speedup = time(unbounded) / time(bounded), > 1 = faster, from paired samples of one \
             invocation timed back to back in fresh processes: the geometric mean of the paired ratios with its 95% \
             Student-t interval over sessions (older runs: the median of per-round ratios). Hits kept = hits / the unbounded cache's hits (the share of its saved evaluations a bounded cache \
             still saves; where the unbounded hit rate is low, every cache is within 5% of its calls). Bytes: the \
             bounded cache's slot arrays exactly; for the unbounded cache a lower bound \
             (entries x state, value and two slot words).\n\n",
        );
        for line in self.glance_lines() {
            md.push_str(&format!("- {line}\n"));
        }
        md.push('\n');
        let mut files = Vec::new();
        for (stem, chart) in self.charts() {
            let written = line_plot(&chart, &charts_dir.join(&stem))?;
            md.push_str(&format!("![{}](charts/{stem}.svg)\n\n", chart.title));
            files.push(written);
        }
        md.push_str(&self.table().markdown());
        md.push('\n');
        if let Some(note) = self.table_note() {
            md.push_str(&format!("\n{note}\n"));
        }
        Ok((md, files))
    }
}

/// calls(bounded) / calls(unbounded) as the extra calls it costs, "+15.0%", so no ratio below 1 reads as better
/// (fewer calls than the unbounded cache, which only hash collisions of equal keys allow, read "−0.1%").
fn extra_calls(calls_ratio: f64) -> String {
    let d = calls_ratio - 1.0;
    if d < 0.0 {
        format!("−{}", percent(-d))
    } else {
        format!("+{}", percent(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::bounded_cache::BoundedCacheRecord;
    use crate::present::assert_contains;

    /// A row of `calls` evaluator calls in 1,000 lookups, `speedup` = [point, low, high] over the unbounded cache.
    fn row(
        policy: &str,
        capacity: Option<u64>,
        calls: u64,
        speedup: [f64; 3],
    ) -> BoundedCacheRecord {
        BoundedCacheRecord {
            speedup_vs_unbounded: speedup[0],
            speedup_low: speedup[1],
            speedup_high: speedup[2],
            ..crate::experiments::bounded_cache::row::tests::record(policy, capacity, calls, 100.0)
        }
    }

    #[test]
    fn the_glance_names_the_first_capacity_within_five_percent_and_the_speed_there() {
        let rows = [
            row("unbounded", None, 400, [1.0, 1.0, 1.0]),
            row("direct", Some(256), 419, [1.3, 1.2, 1.4]),
            row("direct", Some(64), 700, [0.8, 0.7, 0.9]),
            row("direct", Some(128), 421, [1.0, 0.9, 1.1]),
            row("clock", Some(64), 900, [0.5, 0.4, 0.6]),
        ];
        let f = BoundedFindings::of(&rows);
        assert_eq!(f.curves.len(), 2);
        let g = f.glance();
        // 421 / 400 = 1.0525 is outside 5%; 419 / 400 = 1.0475 is inside.
        assert_eq!(g[0].within_5_percent_capacity, Some(256));
        assert_eq!(g[0].verdict, Some("faster"));
        assert_eq!(g[1].within_5_percent_capacity, None);
        let lines = f.glance_lines();
        assert_eq!(lines.len(), 1);
        assert_contains(&lines[0], &["from 256 entries", "faster"]);
        assert_contains(&lines[0], &["clock not within 5%"]);
        assert_eq!(f.table().len(), 5);
        let charts = f.charts();
        assert_eq!(charts.len(), 1);
        assert_eq!(charts[0].1.series.len(), 3);
        assert_eq!(charts[0].1.series[0].points[0].x, 64.0);
    }

    #[test]
    fn a_family_with_more_lines_than_a_chart_holds_gets_several_charts_with_every_line() {
        let mut rows = vec![row("unbounded", None, 400, [1.0, 1.0, 1.0])];
        // Nine rules (names an older build might write) x two capacities each.
        for k in 0..9 {
            for cap in [64, 128] {
                rows.push(row(&format!("rule{k}"), Some(cap), 500, [1.0, 0.9, 1.1]));
            }
        }
        let charts = BoundedFindings::of(&rows).charts();
        assert_eq!(charts.len(), 2);
        assert_eq!(charts[0].0, "bounded_cache_sparse_1");
        assert!(
            charts[1].1.title.ends_with("(sparse, part 2 of 2)"),
            "{}",
            charts[1].1.title
        );
        let lines: Vec<&str> = charts
            .iter()
            .flat_map(|(_, c)| {
                c.series
                    .iter()
                    .filter(|s| !s.bound)
                    .map(|s| s.name.as_str())
            })
            .collect();
        assert_eq!(lines.len(), 9, "every rule drawn: {lines:?}");
        for (_, c) in &charts {
            assert!(c.series.len() <= crate::plot::MAX_SERIES);
            assert!(
                c.series.iter().any(|s| s.bound),
                "each part has the unbounded reference"
            );
            assert!(
                c.series.iter().all(|s| s.bound || s.points.len() == 2),
                "every capacity drawn"
            );
        }
        // The y axis reads higher = fewer calls: the unbounded cache's calls over this cache's, 400 / 500.
        assert!((charts[0].1.series[0].points[0].y - 0.8).abs() < 1e-12);
    }
}
