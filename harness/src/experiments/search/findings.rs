//! The search section's findings: per family, how much of unpruned expectimax's work and time each search
//! configuration saves, and whether the evaluation cache still pays once the transposition table is on.
//! Computed from `search.csv`'s rows, then rendered (markdown for the report, plain text for the console) without
//! further arithmetic.

use crate::answer::{intervals_note, ratio_text};
use crate::arm::{ArmId, SearchArm};
use crate::experiments::search::SearchRecord;
use crate::present::number::{MISSING, count, ratio, ratio_interval, time_ns_interval};
use crate::present::{Align, Table};
use crate::statistics::Interval;
use crate::strength::Strength;
use crate::verdict::{FASTER, PAYS, Verdict};
use engine::memo::CacheKind;
use engine::search::Pruning;

/// One search configuration of one family, relative to that family's unpruned expectimax (no pruning, no
/// table, no evaluation cache).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ArmFinding {
    pub row: SearchRecord,
    /// leaves(configuration) / leaves(unpruned expectimax): its inverse is shown, "N x fewer leaves".
    pub leaves_ratio: f64,
    /// evaluator calls(configuration) / evaluator calls(unpruned expectimax), shown inverted likewise.
    pub calls_ratio: f64,
    /// time(unpruned expectimax) / time(configuration), > 1 = faster: the paired per-round ratio `search.csv`
    /// records, or for a run written before it did, the quotient of the two medians' intervals (level by
    /// Bonferroni).
    pub speedup: Interval,
    /// For a configuration with an evaluation cache, the cache's speedup inside it: time(same pruning and table,
    /// no cache) / time(this), > 1 = the cache pays; paired per round as recorded, or for a run written before
    /// it was, the quotient of the two medians' intervals. `None` without a cache or without its uncached twin.
    pub cache_speedup: Option<Interval>,
}

impl ArmFinding {
    /// Whether the configuration is faster than unpruned expectimax: the one verdict of its speedup.
    pub(crate) fn verdict(&self) -> Verdict {
        Verdict::of_ratio(&self.speedup)
    }

    /// Whether its evaluation cache pays inside it: the one verdict of its cache speedup.
    pub(crate) fn cache_verdict(&self) -> Option<Verdict> {
        self.cache_speedup.as_ref().map(Verdict::of_ratio)
    }

    /// The configuration's title; one of an older run with names this build does not know shows them as
    /// written.
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
pub(crate) struct SearchFindings {
    /// Every configuration of every family, in row order.
    pub arms: Vec<ArmFinding>,
    /// Elo per doubling, for the predicted Elo of each speedup (absent: left out).
    pub(crate) strength: Strength,
}

/// The row of `r`'s family (and depth) whose configuration is `want`.
fn twin<'a>(
    rows: &'a [SearchRecord],
    r: &SearchRecord,
    want: SearchArm,
) -> Option<&'a SearchRecord> {
    rows.iter().find(|p| {
        p.scenario == r.scenario && p.depth_turns == r.depth_turns && p.arm() == Some(want)
    })
}

/// time(base) / time(arm): `recorded` (the paired per-round ratio) when the run wrote it, else the quotient of
/// the two time intervals.
fn speedup(base: &SearchRecord, arm: &SearchRecord, recorded: Option<Interval>) -> Interval {
    recorded.unwrap_or_else(|| Interval::quotient(&base.time(), &arm.time()))
}

/// The evaluation cache's speedup inside `r`'s search: against the same pruning and table without a cache.
fn cache_speedup(rows: &[SearchRecord], r: &SearchRecord) -> Option<Interval> {
    let arm = r.arm().filter(|a| a.cache != CacheKind::None)?;
    let uncached = twin(
        rows,
        r,
        SearchArm {
            cache: CacheKind::None,
            ..arm
        },
    )?;
    Some(speedup(uncached, r, r.cache_speedup()))
}

fn quotient(a: u64, b: u64) -> f64 {
    if b == 0 {
        f64::NAN
    } else {
        a as f64 / b as f64
    }
}

/// The strongest search the harness runs, with or without the evaluation cache.
fn star2_tt(cache: CacheKind) -> SearchArm {
    SearchArm {
        pruning: Pruning::Star2,
        table: true,
        cache,
    }
}

impl SearchFindings {
    /// The findings of `rows`; a family without unpruned expectimax contributes nothing.
    pub(crate) fn of(rows: &[SearchRecord]) -> SearchFindings {
        let arms = rows
            .iter()
            .filter_map(|r| {
                // The row of unpruned expectimax of `r`'s family.
                let p = twin(rows, r, SearchArm::PLAIN)?;
                Some(ArmFinding {
                    row: r.clone(),
                    leaves_ratio: quotient(r.leaves, p.leaves),
                    calls_ratio: quotient(r.evaluator_calls, p.evaluator_calls),
                    speedup: speedup(p, r, r.speedup()),
                    cache_speedup: cache_speedup(rows, r),
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
            .map_or_else(String::new, |p| {
                format!(", about {}", crate::strength::elo_text(&p))
            })
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
        self.families()
            .into_iter()
            .filter_map(|family| {
                let o = self.find(family, star2_tt(CacheKind::Optimized))?;
                Some((family.to_owned(), o.cache_speedup?))
            })
            .collect()
    }

    /// One line per family: what Star1, Star2 and the table save against unpruned expectimax, and whether the
    /// evaluation cache pays with Star2 and the table on.
    pub(crate) fn glance_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for family in self.families() {
            let part = |pruning, table| {
                let want = SearchArm {
                    pruning,
                    table,
                    cache: CacheKind::Optimized,
                };
                self.find(family, want).map_or_else(
                    || format!("{}: {MISSING}", ArmId::Search(want).title()),
                    |a| {
                        format!(
                            "{}: {} fewer leaves than unpruned expectimax, speedup {}{}",
                            a.label(),
                            ratio(1.0 / a.leaves_ratio),
                            ratio_text(&a.speedup),
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
            let cache = match self
                .find(family, star2_tt(CacheKind::Optimized))
                .and_then(|o| o.cache_speedup)
            {
                Some(s) => format!(
                    "does the evaluation cache pay with Star2 + TT? {}: speedup (time without it / time \
                     with it) {}{}",
                    Verdict::of_ratio(&s).label(&PAYS),
                    ratio_text(&s),
                    self.worth(&s)
                ),
                None => format!("does the evaluation cache pay with Star2 + TT? {MISSING}"),
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

    /// The level and count of every interval the table shows, said once below it.
    pub(crate) fn table_note(&self) -> Option<String> {
        let times: Vec<Interval> = self.arms.iter().map(|a| a.row.time()).collect();
        let ratios = self
            .arms
            .iter()
            .flat_map(|a| std::iter::once(&a.speedup).chain(a.cache_speedup.as_ref()));
        Some(format!(
            "Time intervals: {}; speedup intervals: {}.",
            intervals_note(&times)?,
            intervals_note(ratios)?
        ))
    }

    /// Every configuration: counts, ratios to unpruned expectimax, time and speedups.
    pub(crate) fn table(&self) -> Table {
        let mut t = Table::new([
            ("family", Align::Left),
            ("depth", Align::Right),
            ("configuration", Align::Left),
            ("nodes", Align::Right),
            ("leaves", Align::Right),
            ("x fewer leaves than unpruned expectimax", Align::Right),
            ("evaluator calls", Align::Right),
            (
                "x fewer evaluator calls than unpruned expectimax",
                Align::Right,
            ),
            ("TT hits / probes", Align::Right),
            ("time per pass [interval]", Align::Right),
            ("speedup vs unpruned expectimax [interval]", Align::Right),
            ("faster?", Align::Left),
            (
                "evaluation cache's speedup in this search [interval]",
                Align::Right,
            ),
            ("cache pays?", Align::Left),
            ("predicted Elo [interval]", Align::Right),
        ]);
        for a in &self.arms {
            let r = &a.row;
            let tt = if r.table() == Some(true) {
                format!("{} / {}", count(r.tt_hits), count(r.tt_probes))
            } else {
                MISSING.to_string()
            };
            let (cache, pays) = match (a.cache_speedup, a.cache_verdict()) {
                (Some(s), Some(v)) => (
                    ratio_interval(s.point, s.low, s.high),
                    v.label(&PAYS).to_owned(),
                ),
                _ => (MISSING.to_owned(), MISSING.to_owned()),
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
                time_ns_interval(r.time_ns, r.time_low_ns, r.time_high_ns),
                ratio_interval(a.speedup.point, a.speedup.low, a.speedup.high),
                a.verdict().label(&FASTER).to_owned(),
                cache,
                pays,
                self.strength
                    .predict(&a.speedup)
                    .map_or(MISSING.to_owned(), |p| crate::strength::elo_text(&p)),
            ])
            .expect("fifteen cells");
        }
        t
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::present::assert_contains;

    /// A row of family `sparse` at depth 3 (also the other sections' tests' row).
    pub(crate) fn row(
        pruning: &str,
        tt: &str,
        variant: &str,
        leaves: u64,
        ns: f64,
    ) -> SearchRecord {
        crate::record::schema::CsvRecord::upgraded(SearchRecord {
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
            time_ns: ns,
            time_low_ns: ns * 0.95,
            time_high_ns: ns * 1.05,
            machine: "m".into(),
            rustc: "r".into(),
            git_revision: "g".into(),
            seed: 1,
            ..SearchRecord::default()
        })
    }

    /// Star1 without the table, with the optimized cache.
    fn star1() -> SearchArm {
        SearchArm {
            pruning: Pruning::Star1,
            table: false,
            cache: CacheKind::Optimized,
        }
    }

    #[test]
    fn ratios_and_verdicts_are_relative_to_unpruned_expectimax() {
        let rows = [
            row("none", "off", "none", 1000, 100.0),
            row("star2", "on", "optimized", 120, 30.0),
            row("star1", "off", "optimized", 990, 99.0),
            row("star2", "on", "none", 120, 20.0),
        ];
        let f = SearchFindings::of(&rows);
        let fast = f.find("sparse", star2_tt(CacheKind::Optimized)).unwrap();
        assert!((fast.leaves_ratio - 0.12).abs() < 1e-12);
        assert!((fast.speedup.point - 100.0 / 30.0).abs() < 1e-12);
        assert_eq!(fast.verdict(), Verdict::Better);
        assert_eq!(
            f.find("sparse", star1()).unwrap().verdict(),
            Verdict::NoVerdict
        );
        let lines = f.glance_lines();
        assert_eq!(lines.len(), 1);
        assert_contains(&lines[0], &["8.33x fewer leaves than unpruned expectimax"]);
        assert_contains(
            &lines[0],
            &["with Star2 + TT? costs: speedup (time without it / time with it) 0.667x"],
        );
        assert_eq!(f.table().len(), 4);
    }

    #[test]
    fn a_recorded_paired_speedup_decides_over_the_medians() {
        // The medians' quotient [0.914, 1.12] would give no verdict; the paired rounds say 1.01 ± 0.005: within
        // noise, as every other section would read it.
        let paired = crate::present::paired(1.01, 1.005, 1.009, 0.984375, 7);
        let rows = [
            row("none", "off", "none", 1000, 100.0),
            row("star1", "off", "optimized", 990, 99.0).with_speedup(Some(paired)),
        ];
        let f = SearchFindings::of(&rows);
        let a = f.find("sparse", star1()).unwrap();
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
        assert_contains(&lines[0], &["star1, cache optimized: —"]);
    }

    #[test]
    fn the_cache_verdict_in_a_search_is_its_recorded_paired_interval() {
        // The medians' quotient of these two rows, [0.905, 1.105], holds 1; the paired rounds say the cache pays.
        let paired = crate::present::paired(1.03, 1.02, 1.05, 0.984375, 7);
        let rows = [
            row("none", "off", "none", 1000, 100.0),
            row("star2", "on", "none", 120, 20.0),
            row("star2", "on", "optimized", 120, 20.0).with_cache_speedup(Some(paired)),
        ];
        let f = SearchFindings::of(&rows);
        assert_eq!(f.cache_speedups(), [("sparse".to_owned(), paired)]);
        let lines = f.glance_lines();
        assert_contains(
            &lines[0],
            &[
                "with Star2 + TT? pays: speedup (time without it / time with it) 1.03x [1.02, 1.05] (98.4%, n = 7)",
            ],
        );
        let table = f.table().markdown();
        let last = table.lines().last().unwrap();
        // The last column is the predicted Elo, absent without an Elo-per-doubling measurement.
        assert!(
            last.ends_with("| 1.03x [1.02, 1.05] | pays | — |"),
            "{last}"
        );
        // A row without a cache has no cache speedup; the uncached Star2 + TT row's cells are empty.
        assert!(
            table.lines().nth(3).unwrap().ends_with("| — | — | — |"),
            "{table}"
        );
        // Without the recorded pairs (an older run) the quotient of the medians decides, and says so by its method.
        let old = [
            rows[0].clone(),
            rows[1].clone(),
            rows[2].clone().with_cache_speedup(None),
        ];
        let s = SearchFindings::of(&old).cache_speedups()[0].1;
        assert_eq!(s.method, crate::statistics::Method::QuotientBound);
        assert_eq!(Verdict::of_ratio(&s), Verdict::NoVerdict);
    }
}
