//! The original experiment's figures (docs/catalogue-experiment.md) next to this run's: the comparison table's
//! rows, one per figure.

use super::best_tens::best_ten_stats;
use super::metrics::{cell, pct, reevals};
use crate::experiments::catalogue_eviction::experiment::{Outcome, PlanResults};
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::present::number::MISSING;
use crate::statistics::Interval;

/// One figure of the original experiment next to the prototype's and this run's.
pub(crate) struct OriginalFigure {
    /// What the figure is.
    pub what: &'static str,
    /// The original experiment's value (one seed), as published.
    pub original: &'static str,
    /// The one-seed prototype's value, as published.
    pub prototype: &'static str,
    /// This run's estimate (`None` when the cell was not run) and the decimals it is quoted to.
    pub ours: (Option<Interval>, usize),
}

/// The original experiment's figures with this run's beside them.
pub(crate) fn original_figures(outcome: &Outcome) -> Vec<OriginalFigure> {
    let p = &outcome.main;
    let mut figures = serve_figures(p);
    figures.extend(cost_figures(p));
    figures.extend(best_ten_figures(p));
    figures.extend(overlap_figures(p));
    figures
}

/// The lookups per run and the share of them each table serves.
fn serve_figures(p: &PlanResults) -> Vec<OriginalFigure> {
    let hr = |k, b| (cell(p, k, b, pct), 1);
    use PolicyKind::*;
    vec![
        OriginalFigure {
            what: "lookups per run",
            original: "140,123",
            prototype: "about 124,000",
            ours: (Some(p.stream_estimate(|s| s.lookups as f64)), 0),
        },
        OriginalFigure {
            what: "best ten serve (%)",
            original: "91.4",
            prototype: "88.9",
            ours: (Some(p.stream_estimate(|s| 100.0 * s.best_ten_serve)), 1),
        },
        OriginalFigure {
            what: "first ten serve (%)",
            original: "77.5",
            prototype: MISSING,
            ours: hr(FirstN, 10),
        },
        OriginalFigure {
            what: "LRU at 10 entries (%)",
            original: "94.2",
            prototype: "94.3",
            ours: hr(Lru, 10),
        },
        OriginalFigure {
            what: "LFU at 10 entries (%)",
            original: "90.3",
            prototype: "89.6",
            ours: hr(Lfu, 10),
        },
        OriginalFigure {
            what: "LRU at 20 entries (%)",
            original: "96.9",
            prototype: "96.3",
            ours: hr(Lru, 20),
        },
        OriginalFigure {
            what: "LFU at 20 entries (%)",
            original: "95.3",
            prototype: "94.4",
            ours: hr(Lfu, 20),
        },
        OriginalFigure {
            what: "LRU at 40 entries (%)",
            original: "about 99",
            prototype: MISSING,
            ours: hr(Lru, 40),
        },
    ]
}

/// What a small LRU table costs: its lead over the best ten and its re-evaluations.
fn cost_figures(p: &PlanResults) -> Vec<OriginalFigure> {
    let re = |k, b| (cell(p, k, b, reevals), 0);
    use PolicyKind::*;
    let lru_minus_best = if p.cell(Lru, 10).is_empty() || p.cell(BestN, 10).is_empty() {
        (None, 1)
    } else {
        (Some(p.difference(Lru, BestN, 10, pct)), 1)
    };
    vec![
        OriginalFigure {
            what: "LRU-10 minus best ten (points)",
            original: "+2.8 (\"about three points\")",
            prototype: "+5.4",
            ours: lru_minus_best,
        },
        OriginalFigure {
            what: "LRU re-evaluations at 10",
            original: "7,832",
            prototype: MISSING,
            ours: re(Lru, 10),
        },
        OriginalFigure {
            what: "LRU re-evaluations at 80",
            original: "469",
            prototype: MISSING,
            ours: re(Lru, 80),
        },
    ]
}

/// How the boards' best tens agree: distinct shapes, shapes common to all, and one pair's shared shapes.
fn best_ten_figures(p: &PlanResults) -> Vec<OriginalFigure> {
    let bt = best_ten_stats(p);
    let pair = |a: &str, b: &str| {
        let e = bt.as_ref().and_then(|s| {
            s.pairs
                .iter()
                .find(|(i, j, _)| s.boards[*i] == a && s.boards[*j] == b)
                .map(|(_, _, e)| *e)
        });
        (e, 1)
    };
    vec![
        OriginalFigure {
            what: "distinct shapes across the boards' best tens",
            original: "18",
            prototype: MISSING,
            ours: (bt.as_ref().map(|s| s.distinct), 1),
        },
        OriginalFigure {
            what: "shapes common to all boards' best tens",
            original: "3",
            prototype: MISSING,
            ours: (bt.as_ref().map(|s| s.common), 1),
        },
        OriginalFigure {
            what: "best tens shared by 4x5 and 6x6",
            original: "5",
            prototype: MISSING,
            ours: pair("4x5", "6x6"),
        },
    ]
}

/// How much of an LFU table's entries it shares with the first or the best entries of the same size.
fn overlap_figures(p: &PlanResults) -> Vec<OriginalFigure> {
    let ov = |k, b, first: bool| {
        (
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
    use PolicyKind::*;
    vec![
        OriginalFigure {
            what: "LFU-20 table shared with first 20 (%)",
            original: "70",
            prototype: MISSING,
            ours: ov(Lfu, 20, true),
        },
        OriginalFigure {
            what: "LFU-20 table shared with best 20 (%)",
            original: "65",
            prototype: MISSING,
            ours: ov(Lfu, 20, false),
        },
        OriginalFigure {
            what: "LFU-40 table shared with first 40 (%)",
            original: "83",
            prototype: MISSING,
            ours: ov(Lfu, 40, true),
        },
        OriginalFigure {
            what: "LFU-40 table shared with best 40 (%)",
            original: "68",
            prototype: MISSING,
            ours: ov(Lfu, 40, false),
        },
    ]
}
