//! The break-even map section: per family x traversal setting, each cache variant's predicted speedup over the
//! evaluator's cost (the cost model of `crate::experiments::break_even`), the speedups measured at the ladder's rungs with
//! their 95% intervals, and the evaluator cost from which caching pays, in instructions and about in ns.
//!
//! The map times one successor, the expansion stage the whole family: two quantities. A setting has one time
//! verdict, so where the expansion stage timed a rung's arm its interval gives the rung's "pays" verdict (as it
//! does in At a glance), and the map's own timing is shown and compared with the model as the one successor's.

use crate::experiments::search::SearchRecord;
use crate::plot::{Axis, LinePlot, Point, Reference, Series};
use crate::present::number::{MISSING, instructions, percent, ratio, ratio_interval, time_ns};
use crate::present::{Align, Table, TableError};
use crate::record::schema::BreakEvenRecord;
use crate::record::{ArmKey, Known};
use crate::statistics::Interval;
use crate::verdict::{AGAINST_MODEL, PAYS, Verdict};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use engine::search::Pruning;

/// What the section measures and how, for the report (markdown).
pub(crate) const EXPLANATION: &str = "For one operation (the family's first successor fully expanded with fresh caches), \
callgrind counts G = its instructions without a cache with the `constant` evaluator, and, with the same evaluator, \
each variant's I = G + L·p, so p = (I − G) / L instructions per lookup (L lookups, M of them misses, counted \
outside the measured window). Each evaluator's own cost e = (I(none, evaluator) − G) / L instructions per call. The model \
predicts speedup = (G + L·e) / (G + L·p + M·e), which exceeds 1 from e* = L·p / (L − M) = p / hit rate on; e* in \
ns uses the uncached operation's ns per instruction. The measured speedup = time(none) / time(variant) at each \
evaluator, from paired samples of that one successor timed back to back in fresh processes: the geometric mean of the \
paired ratios with its 95% Student-t interval over sessions (older runs: the median of per-round ratios); \"model\" says \
whether the prediction lies inside that interval. \"pays\" is the setting's one time verdict: where the expansion \
stage timed the same configuration (the whole family, as At a glance reads it), its interval decides; elsewhere this map's \
(\"timed by\").\n";

/// How a rung's measured speedup relates to the model's prediction: the one verdict of the measured interval
/// against the predicted value with no threshold. Better = measured faster than the model said; no verdict (the
/// interval holds the prediction) = the model agrees.
pub(crate) fn agreement(r: &BreakEvenRecord) -> Verdict {
    match Verdict::of(&r.measured(), r.predicted_speedup, 0.0) {
        Verdict::WithinNoise => Verdict::NoVerdict,
        v => v,
    }
}

/// [`agreement`] for people.
fn agreement_label(v: Verdict) -> &'static str {
    match v {
        Verdict::NoVerdict | Verdict::WithinNoise => "agrees",
        v => v.label(&AGAINST_MODEL),
    }
}

/// One variant's break-even in one setting (also `summary.json`'s `break_even_map` entries).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct VariantBreakEven {
    pub scenario: String,
    /// Traversal cache `on` or `off`.
    pub traversal: String,
    pub variant: String,
    /// The operation's hit rate under this variant.
    pub hit_rate: f64,
    /// p, instructions per lookup.
    #[serde(rename = "probe_instructions_per_lookup")]
    pub probe: f64,
    /// e*, instructions per evaluator call; `None` when no lookup hits.
    #[serde(rename = "break_even_instructions_per_call")]
    pub instructions: Option<f64>,
    /// e* converted with the uncached operation's ns per instruction.
    #[serde(rename = "break_even_ns_per_call")]
    pub ns: Option<f64>,
}

/// Which timing a rung's time verdict comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TimedBy {
    /// The expansion stage's interval for the same arm (`intervals.csv`): the setting's one time verdict.
    Expansion,
    /// The map's own timing of one successor, for an arm the expansion stage did not time.
    Map,
}

impl TimedBy {
    /// For the rung table's "timed by" column.
    pub(crate) fn label(self) -> &'static str {
        match self {
            TimedBy::Expansion => "expansion stage",
            TimedBy::Map => "this map",
        }
    }
}

/// The whole map's findings, from `break_even.csv` rows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BreakEvenFindings {
    /// The rows, in file order.
    pub rows: Vec<BreakEvenRecord>,
    /// One entry per family x traversal x variant, in the rows' order.
    pub break_evens: Vec<VariantBreakEven>,
    /// Per row, the expansion stage's speedup over no cache for the same arm, where it timed that arm.
    expansion: Vec<Option<Interval>>,
}

impl BreakEvenFindings {
    /// The findings of `rows`.
    pub(crate) fn of(rows: &[BreakEvenRecord]) -> BreakEvenFindings {
        let mut break_evens: Vec<VariantBreakEven> = Vec::new();
        for r in rows {
            let seen = break_evens.iter().any(|b| {
                b.scenario == r.scenario && b.traversal == r.traversal && b.variant == r.variant
            });
            if !seen {
                break_evens.push(VariantBreakEven {
                    scenario: r.scenario.clone(),
                    traversal: r.traversal.clone(),
                    variant: r.variant.clone(),
                    hit_rate: 1.0 - r.misses as f64 / r.lookups.max(1) as f64,
                    probe: r.probe_instructions_per_lookup,
                    instructions: r.break_even_instructions_per_call,
                    ns: r
                        .break_even_instructions_per_call
                        .map(|e| e * r.ns_per_instruction),
                });
            }
        }
        BreakEvenFindings {
            rows: rows.to_vec(),
            break_evens,
            expansion: vec![None; rows.len()],
        }
    }

    /// These findings with the expansion stage's speedups over no cache, looked up per row's arm (`None` where
    /// the stage did not time it).
    pub(crate) fn with_expansion(
        mut self,
        speedup: impl Fn(&ArmKey) -> Option<Interval>,
    ) -> BreakEvenFindings {
        self.expansion = self
            .rows
            .iter()
            .map(|r| {
                speedup(&ArmKey::new(
                    &r.scenario,
                    &r.variant,
                    &r.evaluator,
                    &r.traversal,
                ))
            })
            .collect();
        self
    }

    /// Row `i`'s time verdict (does the cache pay at this rung?) and the timing it comes from: the expansion
    /// stage's interval where it timed the arm, else the map's own.
    pub(crate) fn time_verdict(&self, i: usize) -> (Verdict, TimedBy) {
        match self.expansion.get(i).copied().flatten() {
            Some(interval) => (Verdict::of_ratio(&interval), TimedBy::Expansion),
            None => (Verdict::of_ratio(&self.rows[i].measured()), TimedBy::Map),
        }
    }

    /// The family x traversal settings, in order.
    pub(crate) fn settings(&self) -> Vec<(String, String)> {
        let pairs = self
            .rows
            .iter()
            .map(|r| (r.scenario.clone(), r.traversal.clone()));
        crate::experiments::distinct(pairs)
    }

    /// The rows that disagree with the model by more than their interval.
    pub(crate) fn disagreements(&self) -> Vec<&BreakEvenRecord> {
        self.rows
            .iter()
            .filter(|r| agreement(r) != Verdict::NoVerdict)
            .collect()
    }

    /// "With this family's hit rate, caching pays from X instructions (about Y ns) per evaluation", per variant.
    pub(crate) fn break_even_table(&self) -> Result<Table, TableError> {
        let mut t = Table::new([
            ("scenario", Align::Left),
            ("traversal", Align::Left),
            ("variant", Align::Left),
            ("hit rate", Align::Right),
            ("probe instructions per lookup", Align::Right),
            (
                "caching pays from (instructions per evaluation)",
                Align::Right,
            ),
            ("about (ns per evaluation)", Align::Right),
        ]);
        for b in &self.break_evens {
            t.row([
                b.scenario.clone(),
                b.traversal.clone(),
                b.variant.clone(),
                percent(b.hit_rate),
                instructions(b.probe),
                b.instructions
                    .map_or("never (no hits)".into(), instructions),
                b.ns.map_or(MISSING.into(), time_ns),
            ])?;
        }
        Ok(t)
    }

    /// Every rung: its own cost next to the predicted and measured speedup, and whether it pays.
    pub(crate) fn rung_table(&self) -> Result<Table, TableError> {
        let mut t = Table::new([
            ("scenario", Align::Left),
            ("traversal", Align::Left),
            ("variant", Align::Left),
            ("evaluator", Align::Left),
            ("its instructions per call", Align::Right),
            ("its ns per call", Align::Right),
            ("predicted speedup", Align::Right),
            ("measured speedup, one successor [interval]", Align::Right),
            ("model", Align::Left),
            ("pays", Align::Left),
            ("timed by", Align::Left),
        ]);
        for (i, r) in self.rows.iter().enumerate() {
            let (verdict, timed_by) = self.time_verdict(i);
            t.row([
                r.scenario.clone(),
                r.traversal.clone(),
                r.variant.clone(),
                r.evaluator.clone(),
                instructions(r.evaluator_instructions_per_call),
                time_ns(r.evaluator_ns_per_call),
                ratio(r.predicted_speedup),
                ratio_interval(r.measured_speedup, r.speedup_ci_low, r.speedup_ci_high),
                agreement_label(agreement(r)).into(),
                verdict.label(&PAYS).into(),
                timed_by.label().into(),
            ])?;
        }
        Ok(t)
    }

    /// The level and count of the measured speedups' intervals, said once below the table.
    pub(crate) fn table_note(&self) -> Option<String> {
        let measured: Vec<_> = self.rows.iter().map(|r| r.measured()).collect();
        Some(format!(
            "Measured speedup intervals: {}.",
            crate::answer::intervals_note(&measured)?
        ))
    }

    /// The chart of one setting: predicted speedup over a log range of evaluator costs, one line per variant,
    /// the measured points with their intervals, a vertical line at each variant's break-even cost.
    pub(crate) fn chart(&self, scenario: &str, traversal: &str) -> Option<LinePlot> {
        let rows: Vec<&BreakEvenRecord> = self
            .rows
            .iter()
            .filter(|r| r.scenario == scenario && r.traversal == traversal)
            .collect();
        let first = rows.first()?;
        let mut variants = crate::experiments::distinct(rows.iter().map(|r| r.variant.as_str()));
        // At most four variants: each takes two series (model line, measured points) of the chart's eight.
        variants.truncate(4);
        let grid = self.cost_grid(&rows, scenario, traversal);
        let mut series = Vec::new();
        let mut verticals = Vec::new();
        for v in &variants {
            let mine: Vec<&&BreakEvenRecord> = rows.iter().filter(|r| r.variant == *v).collect();
            variant_lines(v, &mine, &grid, &mut series, &mut verticals)?;
        }
        Some(LinePlot {
            title: format!(
                "Speedup vs evaluator cost: {} (traversal cache {})",
                first.scenario, first.traversal
            ),
            x: Axis::log("evaluator cost", "instructions per call"),
            y: Axis::log("speedup over no cache", "x, > 1 = faster"),
            series,
            verticals,
        })
    }

    /// The chart's evaluator costs: 49 steps on a log scale from half the cheapest measured cost or break-even
    /// of the setting (or of 10 instructions, if lower) to twice the dearest (or of 1,000, if higher).
    fn cost_grid(&self, rows: &[&BreakEvenRecord], scenario: &str, traversal: &str) -> Vec<f64> {
        let costs: Vec<f64> = rows
            .iter()
            .map(|r| r.evaluator_instructions_per_call)
            .filter(|e| *e > 0.0)
            .chain(
                self.break_evens
                    .iter()
                    .filter(|b| b.scenario == scenario && b.traversal == traversal)
                    .filter_map(|b| b.instructions)
                    .filter(|e| *e > 0.0),
            )
            .collect();
        let lo = costs
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min)
            .min(10.0)
            / 2.0;
        let hi = costs.iter().copied().fold(0.0, f64::max).max(1_000.0) * 2.0;
        (0..=48)
            .map(|i| lo * (hi / lo).powf(f64::from(i) / 48.0))
            .collect()
    }

    /// Plain-language lines: per setting, which rungs pay, and every disagreement with a plausible why.
    pub(crate) fn summary_lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for b in &self.break_evens {
            let pays: Vec<&str> = self
                .rows
                .iter()
                .enumerate()
                .filter(|(_, r)| {
                    r.scenario == b.scenario && r.traversal == b.traversal && r.variant == b.variant
                })
                .filter(|&(i, _)| self.time_verdict(i).0 == Verdict::Better)
                .map(|(_, r)| r.evaluator.as_str())
                .collect();
            let from = match (b.instructions, b.ns) {
                (Some(i), Some(ns)) => format!(
                    "{} instructions (about {}) per evaluation",
                    instructions(i),
                    time_ns(ns)
                ),
                _ => "no evaluator cost (no lookup hits)".into(),
            };
            out.push(format!(
                "{} (traversal {}), {}: with this hit rate ({}) caching pays from {from}; measured to pay at: {}.",
                b.scenario,
                b.traversal,
                b.variant,
                percent(b.hit_rate),
                if pays.is_empty() { "no evaluator".to_owned() } else { pays.join(", ") }
            ));
        }
        let off = self.disagreements();
        if !off.is_empty() {
            out.push(format!(
                "{} of {} evaluators disagree with the model by more than their interval.",
                off.len(),
                self.rows.len()
            ));
        }
        for (direction, why) in [
            (
                Verdict::Better,
                "the evaluator runs at fewer instructions per cycle than the rest of the operation (`work:N` is \
                 one serial multiply chain), so each call the cache saves is worth more time than its \
                 instructions say",
            ),
            (
                Verdict::Worse,
                "the probe's cache misses and mispredicted branches cost more cycles per instruction than the \
                 evaluator's arithmetic, or the evaluator retires several instructions per cycle",
            ),
        ] {
            let these: Vec<String> = off
                .iter()
                .filter(|r| agreement(r) == direction)
                .map(|r| {
                    format!(
                        "{}/{}/{}/{} (predicted {}, measured {})",
                        r.scenario,
                        r.traversal,
                        r.variant,
                        r.evaluator,
                        ratio(r.predicted_speedup),
                        crate::answer::ratio_text(&r.measured())
                    )
                })
                .collect();
            if !these.is_empty() {
                out.push(format!(
                    "{} ({}): {}. A plausible why: {why}.",
                    agreement_label(direction),
                    these.len(),
                    these.join("; ")
                ));
            }
        }
        out
    }
}

/// One variant's lines on the chart of a setting: the model's predicted speedup over `grid`, the measured points
/// with their intervals, and a vertical at the model's break-even cost; `None` when `mine` holds no row.
fn variant_lines(
    v: &str,
    mine: &[&&BreakEvenRecord],
    grid: &[f64],
    series: &mut Vec<Series>,
    verticals: &mut Vec<Reference>,
) -> Option<()> {
    let r0 = mine.first()?;
    let model = crate::experiments::break_even::CostModel {
        operation: r0.operation_instructions as f64,
        lookups: r0.lookups,
        misses: r0.misses,
        probe: r0.probe_instructions_per_lookup,
    };
    series.push(Series {
        name: format!("{v}: model"),
        points: grid
            .iter()
            .map(|&e| Point::exact(e, model.speedup(e)))
            .collect(),
        bound: false,
    });
    let mut measured: Vec<&&BreakEvenRecord> = mine
        .iter()
        .filter(|r| r.evaluator_instructions_per_call > 0.0)
        .copied()
        .collect();
    measured.sort_by(|a, b| {
        a.evaluator_instructions_per_call
            .total_cmp(&b.evaluator_instructions_per_call)
    });
    if !measured.is_empty() {
        // The legend names the evaluator of each measured point, left to right.
        let with: Vec<&str> = measured.iter().map(|r| r.evaluator.as_str()).collect();
        series.push(Series {
            name: format!("{v}: measured with {}", with.join(", ")),
            points: measured
                .iter()
                .map(|r| Point {
                    x: r.evaluator_instructions_per_call,
                    y: r.measured_speedup,
                    lo: r.speedup_ci_low,
                    hi: r.speedup_ci_high,
                })
                .collect(),
            bound: false,
        });
    }
    if let Some(e) = model.break_even().filter(|e| *e > 0.0) {
        verticals.push(Reference {
            at: e,
            label: format!("{v} pays from {}", instructions(e)),
        });
    }
    Some(())
}

impl BreakEvenFindings {
    /// The same break-even for the search, one line per family: the search's own hit rate (the optimized cache,
    /// transposition table on, strongest pruning recorded) with the probe cost p the map measured on that
    /// family's expansion (traversal cache on). An approximation: the search's probes meet other positions in
    /// another order, so its p is not counted here, only borrowed.
    pub(crate) fn search_lines(&self, search: &[SearchRecord]) -> Vec<String> {
        let mut out = Vec::new();
        for b in self.break_evens.iter().filter(|b| {
            Known::parse(&b.variant).is(CacheKind::Optimized)
                && Known::parse(&b.traversal).is(Traversal::Cached)
        }) {
            let Some(s) = search
                .iter()
                .filter(|s| s.scenario == b.scenario)
                .filter_map(|s| Some((s, s.arm()?)))
                .filter(|(_, a)| a.cache == CacheKind::Optimized && a.table)
                .max_by_key(|(_, a)| Pruning::ALL.iter().position(|&p| p == a.pruning))
                .map(|(s, _)| s)
            else {
                continue;
            };
            let hit_rate = s.cache_hits as f64 / s.leaves.max(1) as f64;
            let pays = if s.cache_hits == 0 {
                "never (no hits)".to_owned()
            } else {
                format!(
                    "{} instructions per evaluation",
                    instructions(b.probe / hit_rate)
                )
            };
            out.push(format!(
                "Search, {} (pruning {}, TT on, optimized cache): hit rate {} of {} leaf lookups; with the \
                 expansion's probe cost ({} instructions per lookup) caching pays from {pays}.",
                s.scenario,
                s.pruning,
                percent(hit_rate),
                crate::present::number::count(s.leaves),
                instructions(b.probe),
            ));
        }
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::experiments::break_even::CostModel;
    use crate::present::assert_contains;

    /// A row of a known model (G = 100,000, L = 1,000, M = 100, p = 90: e* = 100) at cost `e`, measured at
    /// `[lo, hi]` (also the other sections' tests' row).
    pub(crate) fn row(variant: &str, evaluator: &str, e: f64, lo: f64, hi: f64) -> BreakEvenRecord {
        let model = CostModel {
            operation: 100_000.0,
            lookups: 1_000,
            misses: 100,
            probe: 90.0,
        };
        crate::record::schema::CsvRecord::upgraded(BreakEvenRecord {
            scenario: "sparse".into(),
            traversal: "on".into(),
            variant: variant.into(),
            evaluator: evaluator.into(),
            lookups: model.lookups,
            misses: model.misses,
            operation_instructions: 100_000,
            probe_instructions_per_lookup: model.probe,
            evaluator_instructions_per_call: e,
            break_even_instructions_per_call: model.break_even(),
            evaluator_ns_per_call: e / 4.0,
            ns_per_instruction: 0.25,
            predicted_speedup: model.speedup(e),
            measured_speedup: (lo + hi) / 2.0,
            speedup_ci_low: lo,
            speedup_ci_high: hi,
            samples: 7,
            machine: "m".into(),
            rustc: "r".into(),
            git_revision: "g".into(),
            seed: 1,
            ..BreakEvenRecord::default()
        })
    }

    #[test]
    fn findings_name_the_break_even_the_paying_rungs_and_each_disagreement() {
        // At e = 10 the model predicts (1e5 + 1e4) / (1e5 + 9e4 + 1e3) = 0.576; at e = 1,000 it predicts
        // 1.1e6 / 2.9e5 = 3.79, below the measured interval.
        let rows = [
            row("optimized", "material", 10.0, 0.5, 0.6),
            row("optimized", "work:64", 1_000.0, 4.0, 4.5),
        ];
        let f = BreakEvenFindings::of(&rows);
        assert_eq!(f.break_evens.len(), 1);
        assert_eq!(f.break_evens[0].instructions, Some(100.0));
        assert_eq!(f.break_evens[0].ns, Some(25.0));
        assert!((f.break_evens[0].hit_rate - 0.9).abs() < 1e-12);
        let lines = f.summary_lines();
        assert!(
            lines[0].contains("caching pays from 100 instructions (about 25.0 ns)")
                && lines[0].ends_with("measured to pay at: work:64."),
            "{lines:?}"
        );
        assert_eq!(f.disagreements().len(), 1);
        assert!(
            lines[1].starts_with("1 of 2 evaluators disagree"),
            "{lines:?}"
        );
        assert!(
            lines[2].starts_with("faster than model (1): sparse/on/optimized/work:64")
                && lines[2].contains("serial multiply chain"),
            "{lines:?}"
        );
        let md = f.rung_table().unwrap().markdown();
        assert_contains(&md, &["| agrees |", "| pays"]);
    }

    #[test]
    fn a_rung_the_expansion_stage_timed_takes_its_verdict_and_the_rest_keep_the_maps() {
        // The map's own timing says material costs and work:64 pays; the expansion stage timed only material,
        // and its interval holds 1.
        let rows = [
            row("optimized", "material", 10.0, 0.5, 0.6),
            row("optimized", "work:64", 1_000.0, 4.0, 4.5),
        ];
        let holds_one = crate::present::paired(1.0, 0.9, 1.1, 0.99, 11);
        let f = BreakEvenFindings::of(&rows).with_expansion(|k| {
            (k == &ArmKey::new("sparse", "optimized", "material", "on")).then_some(holds_one)
        });
        assert_eq!(
            (f.time_verdict(0), f.time_verdict(1)),
            (
                (Verdict::NoVerdict, TimedBy::Expansion),
                (Verdict::Better, TimedBy::Map)
            )
        );
        let md = f.rung_table().unwrap().markdown();
        assert_contains(
            &md,
            &["| no verdict | expansion stage |", "| pays | this map |"],
        );
        assert!(f.summary_lines()[0].ends_with("measured to pay at: work:64."));
        let unlinked = BreakEvenFindings::of(&rows);
        assert_eq!(unlinked.time_verdict(0), (Verdict::Worse, TimedBy::Map));
    }

    #[test]
    fn the_search_line_borrows_the_expansions_probe_cost_at_the_searchs_hit_rate() {
        let search = |pruning: &str, leaves: u64, hits: u64| SearchRecord {
            evaluator_calls: leaves - hits,
            cache_hits: hits,
            ..crate::experiments::search::findings::tests::row(
                pruning,
                "on",
                "optimized",
                leaves,
                1.0,
            )
        };
        let f = BreakEvenFindings::of(&[row("optimized", "material", 10.0, 0.5, 0.6)]);
        // star2 is the strongest pruning recorded: its hit rate 45% with p = 90 gives 200 instructions.
        let lines = f.search_lines(&[search("none", 1_000, 900), search("star2", 1_000, 450)]);
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].contains("(pruning star2, TT on, optimized cache): hit rate 45.0% of 1,000")
                && lines[0].ends_with("caching pays from 200 instructions per evaluation."),
            "{lines:?}"
        );
        assert!(f.search_lines(&[]).is_empty());
    }

    #[test]
    fn the_chart_has_a_model_line_and_measured_points_per_variant_and_draws() {
        let rows = [
            row("optimized", "material", 10.0, 0.5, 0.6),
            row("optimized", "work:64", 1_000.0, 3.5, 4.0),
            row("fx", "material", 10.0, 0.5, 0.6),
        ];
        let f = BreakEvenFindings::of(&rows);
        let chart = f.chart("sparse", "on").unwrap();
        let names: Vec<&str> = chart.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "optimized: model",
                "optimized: measured with material, work:64",
                "fx: model",
                "fx: measured with material"
            ]
        );
        assert_eq!(chart.verticals.len(), 2);
        assert!((chart.verticals[0].at - 100.0).abs() < 1e-9);
        let dir = tempfile::tempdir().unwrap();
        crate::plot::line_plot(&chart, &dir.path().join("map")).unwrap();
        assert!(f.chart("sparse", "off").is_none());
    }
}
