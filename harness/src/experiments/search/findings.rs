//! The search section's findings: per family, how much of plain expectimax's work and time each arm saves, and
//! whether the evaluation cache still pays once the transposition table is on. Computed from `search.csv`'s rows,
//! then rendered (markdown for the report, plain text for the console) without further arithmetic.

use crate::arm::{ArmId, SearchArm};
use crate::experiments::strength::Strength;
use crate::present::number::{MISSING, count, ratio, ratio_interval, time_ns_interval};
use crate::present::{Align, Table};
use crate::record::schema::SearchRecord;
use crate::statistics::Interval;
use crate::verdict::{FASTER, PAYS, Verdict};
use engine::memo::CacheKind;
use engine::search::Pruning;

/// One arm of one family, relative to that family's plain arm (no pruning, no table, no evaluation cache).
#[derive(Clone, Debug, PartialEq)]
pub struct ArmFinding {
    /// The row itself.
    pub row: SearchRecord,
    /// leaves(arm) / leaves(plain).
    pub leaves_ratio: f64,
    /// evaluator calls(arm) / evaluator calls(plain).
    pub calls_ratio: f64,
    /// time(plain) / time(arm), > 1 = faster: the paired per-round ratio `search.csv` records, or for a run
    /// written before it did, the quotient of the two medians' intervals (level by Bonferroni).
    pub speedup: Interval,
}

impl ArmFinding {
    /// Whether the arm is faster than plain: the one verdict of its speedup.
    pub(crate) fn verdict(&self) -> Verdict {
        Verdict::of_ratio(&self.speedup)
    }

    /// The arm's title; an arm of an older run with names this build does not know shows them as written.
    fn label(&self) -> String {
        let r = &self.row;
        r.arm().map_or_else(
            || format!("{} (TT {}), cache {}", r.pruning, r.tt, r.variant),
            |a| ArmId::Search(a).title(),
        )
    }
}

/// The findings of a run's search section.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SearchFindings {
    /// Every arm of every family, in row order.
    pub arms: Vec<ArmFinding>,
    /// Elo per doubling, for the predicted Elo of each speedup (absent: left out).
    pub(crate) strength: Strength,
}

fn plain_of<'a>(rows: &'a [SearchRecord], r: &SearchRecord) -> Option<&'a SearchRecord> {
    rows.iter()
        .find(|p| p.scenario == r.scenario && p.depth_turns == r.depth_turns && is_plain(p))
}

/// time(base) / time(arm): the recorded paired ratio when `base` is the plain arm and `arm` carries one, else the
/// quotient of the two time intervals.
fn speedup(base: &SearchRecord, arm: &SearchRecord) -> Interval {
    arm.speedup()
        .filter(|_| is_plain(base))
        .unwrap_or_else(|| Interval::quotient(&base.time(), &arm.time()))
}

fn is_plain(r: &SearchRecord) -> bool {
    r.arm().is_some_and(|a| a.is_plain())
}

fn quotient(a: u64, b: u64) -> f64 {
    if b == 0 {
        f64::NAN
    } else {
        a as f64 / b as f64
    }
}

impl SearchFindings {
    /// The findings of `rows`; a family without a plain arm contributes nothing.
    pub(crate) fn of(rows: &[SearchRecord]) -> SearchFindings {
        let arms = rows
            .iter()
            .filter_map(|r| {
                let p = plain_of(rows, r)?;
                Some(ArmFinding {
                    row: r.clone(),
                    leaves_ratio: quotient(r.leaves, p.leaves),
                    calls_ratio: quotient(r.evaluator_calls, p.evaluator_calls),
                    speedup: speedup(p, r),
                })
            })
            .collect();
        SearchFindings {
            arms,
            strength: Strength::default(),
        }
    }

    /// The same findings, their speedups also read as predicted Elo from `strength`.
    pub(crate) fn with_strength(self, strength: Strength) -> SearchFindings {
        SearchFindings { strength, ..self }
    }

    /// `, about +12 Elo [−3, +25]` after a speedup, when there is a measurement.
    fn worth(&self, speedup: &Interval) -> String {
        self.strength
            .predict(speedup)
            .map_or_else(String::new, |p| format!(", about {}", p.text()))
    }

    fn find(&self, scenario: &str, arm: SearchArm) -> Option<&ArmFinding> {
        self.arms
            .iter()
            .find(|a| a.row.scenario == scenario && a.row.arm() == Some(arm))
    }

    fn families(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.arms.iter().map(|a| a.row.scenario.as_str()).collect();
        v.dedup();
        v
    }

    /// Per family, the evaluation cache's speedup with Star2 and the table on: time(Star2 + TT, no cache) /
    /// time(Star2 + TT, optimized cache), > 1 = the cache pays.
    pub(crate) fn cache_speedups(&self) -> Vec<(String, Interval)> {
        let arm = |cache| SearchArm {
            pruning: Pruning::Star2,
            table: true,
            cache,
        };
        self.families()
            .into_iter()
            .filter_map(|family| {
                let n = self.find(family, arm(CacheKind::None))?;
                let o = self.find(family, arm(CacheKind::Optimized))?;
                Some((family.to_owned(), speedup(&n.row, &o.row)))
            })
            .collect()
    }

    /// One line per family: what Star1, Star2 and the table save against plain expectimax, and whether the
    /// evaluation cache pays with Star2 and the table on.
    pub(crate) fn glance_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for family in self.families() {
            let arm = |pruning, table, cache| SearchArm {
                pruning,
                table,
                cache,
            };
            let part = |pruning, table| {
                let want = arm(pruning, table, CacheKind::Optimized);
                self.find(family, want).map_or_else(
                    || format!("{}: {MISSING}", ArmId::Search(want).title()),
                    |a| {
                        format!(
                            "{}: {} fewer leaves than plain, speedup {}{}",
                            a.label(),
                            ratio(1.0 / a.leaves_ratio),
                            ratio_interval(a.speedup.point, a.speedup.low, a.speedup.high),
                            self.worth(&a.speedup)
                        )
                    },
                )
            };
            let depth = self
                .arms
                .iter()
                .find(|a| a.row.scenario == family)
                .map_or(0, |a| a.row.depth_turns);
            let cache = match (
                self.find(family, arm(Pruning::Star2, true, CacheKind::None)),
                self.find(family, arm(Pruning::Star2, true, CacheKind::Optimized)),
            ) {
                (Some(n), Some(o)) => {
                    let s = speedup(&n.row, &o.row);
                    format!(
                        "with Star2 + TT the evaluation cache's speedup is {} ({}){}",
                        ratio_interval(s.point, s.low, s.high),
                        Verdict::of_ratio(&s).label(&PAYS),
                        self.worth(&s)
                    )
                }
                _ => format!("evaluation cache with Star2 + TT: {MISSING}"),
            };
            lines.push(format!(
                "search {family} (depth {depth}): {}; {}; {}; {cache}",
                part(Pruning::Star1, false),
                part(Pruning::Star2, false),
                part(Pruning::Star2, true)
            ));
        }
        lines
    }

    /// Every arm: counts, ratios to plain, time and speedup.
    pub fn table(&self) -> Table {
        let mut t = Table::new([
            ("family", Align::Left),
            ("depth", Align::Right),
            ("arm", Align::Left),
            ("nodes", Align::Right),
            ("leaves", Align::Right),
            ("fewer leaves (plain / arm)", Align::Right),
            ("evaluator calls", Align::Right),
            ("fewer evaluator calls (plain / arm)", Align::Right),
            ("TT hits / probes", Align::Right),
            ("time per pass", Align::Right),
            ("speedup vs plain", Align::Right),
            ("verdict", Align::Left),
            ("predicted Elo [interval]", Align::Right),
        ]);
        for a in &self.arms {
            let r = &a.row;
            let tt = if r.table() == Some(true) {
                format!("{} / {}", count(r.tt_hits), count(r.tt_probes))
            } else {
                MISSING.to_string()
            };
            t.row([
                r.scenario.clone(),
                r.depth_turns.to_string(),
                a.label(),
                count(r.nodes),
                count(r.leaves),
                ratio(1.0 / a.leaves_ratio),
                count(r.evaluator_calls),
                ratio(1.0 / a.calls_ratio),
                tt,
                time_ns_interval(r.median_ns, r.ci_low_ns, r.ci_high_ns),
                ratio_interval(a.speedup.point, a.speedup.low, a.speedup.high),
                a.verdict().label(&FASTER).to_owned(),
                self.strength
                    .predict(&a.speedup)
                    .map_or(MISSING.to_owned(), |p| p.text()),
            ])
            .expect("thirteen cells");
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(pruning: &str, tt: &str, variant: &str, leaves: u64, ns: f64) -> SearchRecord {
        SearchRecord {
            scenario: "sparse".into(),
            depth_turns: 3,
            pruning: pruning.into(),
            tt: tt.into(),
            variant: variant.into(),
            evaluator: "material".into(),
            roots: 1,
            nodes: leaves * 2,
            leaves,
            evaluator_calls: leaves,
            cache_hits: 0,
            tt_probes: 10,
            tt_hits: 2,
            tt_cutoffs: 1,
            tt_stores: 5,
            tt_overwrites: 0,
            loss_tainted_rolls: 0,
            samples: 7,
            median_ns: ns,
            ci_low_ns: ns * 0.95,
            ci_high_ns: ns * 1.05,
            speedup_vs_plain: None,
            speedup_low: None,
            speedup_high: None,
            speedup_level: None,
            speedup_n: None,
            speedup_method: None,
            machine: "m".into(),
            rustc: "r".into(),
            git_revision: "g".into(),
            seed: 1,
        }
    }

    #[test]
    fn ratios_and_verdicts_are_relative_to_the_plain_arm() {
        let rows = [
            row("none", "off", "none", 1000, 100.0),
            row("star2", "on", "optimized", 120, 30.0),
            row("star1", "off", "optimized", 990, 99.0),
            row("star2", "on", "none", 120, 20.0),
        ];
        let f = SearchFindings::of(&rows);
        let fast = f
            .find(
                "sparse",
                SearchArm {
                    pruning: Pruning::Star2,
                    table: true,
                    cache: CacheKind::Optimized,
                },
            )
            .unwrap();
        assert!((fast.leaves_ratio - 0.12).abs() < 1e-12);
        assert!((fast.speedup.point - 100.0 / 30.0).abs() < 1e-12);
        assert_eq!(fast.verdict(), Verdict::Better);
        assert_eq!(
            f.find(
                "sparse",
                SearchArm {
                    pruning: Pruning::Star1,
                    table: false,
                    cache: CacheKind::Optimized
                }
            )
            .unwrap()
            .verdict(),
            Verdict::NoVerdict
        );
        let lines = f.glance_lines();
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].contains("8.33x fewer leaves than plain"),
            "{}",
            lines[0]
        );
        assert!(lines[0].contains("(costs)"), "{}", lines[0]);
        assert_eq!(f.table().len(), 4);
    }

    #[test]
    fn a_recorded_paired_speedup_decides_over_the_medians() {
        // The medians' quotient [0.914, 1.12] would give no verdict; the paired rounds say 1.01 ± 0.005: within
        // noise, as every other section would read it.
        let paired = Interval {
            point: 1.01,
            low: 1.005,
            high: 1.009,
            level: 0.984375,
            n: 7,
            method: crate::statistics::Method::PairedRatio,
        };
        let rows = [
            row("none", "off", "none", 1000, 100.0),
            row("star1", "off", "optimized", 990, 99.0).with_speedup(Some(paired)),
        ];
        let f = SearchFindings::of(&rows);
        let a = f
            .find(
                "sparse",
                SearchArm {
                    pruning: Pruning::Star1,
                    table: false,
                    cache: CacheKind::Optimized,
                },
            )
            .unwrap();
        assert_eq!(a.speedup, paired);
        assert_eq!(a.verdict(), Verdict::WithinNoise);
    }

    #[test]
    fn an_arm_with_names_this_build_does_not_know_shows_as_written_and_never_as_plain() {
        // An older run's row: a cache variant and a pruning this build lacks.
        let rows = [
            row("none", "off", "none", 1000, 100.0),
            row("star9", "on", "btree", 500, 50.0),
            row("none", "off", "btree", 900, 90.0),
        ];
        let f = SearchFindings::of(&rows);
        assert_eq!(f.arms.len(), 3);
        assert_eq!(f.arms[1].row.arm(), None);
        assert_eq!(f.arms[1].label(), "star9 (TT on), cache btree");
        // Only the known plain arm is a baseline: the unknown `none/btree` row is measured against it.
        assert!((f.arms[2].leaves_ratio - 0.9).abs() < 1e-12);
        let lines = f.glance_lines();
        assert!(
            lines[0].contains("star1, cache optimized: —"),
            "{}",
            lines[0]
        );
    }
}
