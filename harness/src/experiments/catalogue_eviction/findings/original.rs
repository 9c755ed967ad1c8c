//! The original experiment's figures (docs/catalogue-experiment.md) next to this run's: the comparison table's
//! rows, one per figure.

use super::best_tens::best_ten_stats;
use super::inversion::lru_minus_best;
use super::metrics::{cell, pct, reevals};
use crate::experiments::catalogue_eviction::EvictionRecord;
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

/// One row of the comparison table.
fn figure(
    what: &'static str,
    original: &'static str,
    prototype: &'static str,
    ours: (Option<Interval>, usize),
) -> OriginalFigure {
    OriginalFigure {
        what,
        original,
        prototype,
        ours,
    }
}

/// A figure the one-seed prototype did not quote.
fn unquoted(
    what: &'static str,
    original: &'static str,
    ours: (Option<Interval>, usize),
) -> OriginalFigure {
    figure(what, original, MISSING, ours)
}

/// The lookups per run and the share of them each table serves.
fn serve_figures(p: &PlanResults) -> Vec<OriginalFigure> {
    let hr = |k, b| (cell(p, k, b, pct), 1);
    let lookups = (Some(p.stream_estimate(|s| s.row.lookups as f64)), 0);
    let best_ten = (Some(p.stream_estimate(|s| 100.0 * s.row.best_ten_serve)), 1);
    use PolicyKind::*;
    vec![
        figure("lookups per run", "140,123", "about 124,000", lookups),
        figure("best ten serve (%)", "91.4", "88.9", best_ten),
        unquoted("first ten serve (%)", "77.5", hr(FirstN, 10)),
        figure("LRU at 10 entries (%)", "94.2", "94.3", hr(Lru, 10)),
        figure("LFU at 10 entries (%)", "90.3", "89.6", hr(Lfu, 10)),
        figure("LRU at 20 entries (%)", "96.9", "96.3", hr(Lru, 20)),
        figure("LFU at 20 entries (%)", "95.3", "94.4", hr(Lfu, 20)),
        unquoted("LRU at 40 entries (%)", "about 99", hr(Lru, 40)),
    ]
}

/// What a small LRU table costs: its lead over the best ten and its re-evaluations.
fn cost_figures(p: &PlanResults) -> Vec<OriginalFigure> {
    let re = |k, b| (cell(p, k, b, reevals), 0);
    use PolicyKind::*;
    let lru_minus_best = (lru_minus_best(p, 10), 1);
    vec![
        figure(
            "LRU-10 minus best ten (points)",
            "+2.8 (\"about three points\")",
            "+5.4",
            lru_minus_best,
        ),
        unquoted("LRU re-evaluations at 10", "7,832", re(Lru, 10)),
        unquoted("LRU re-evaluations at 80", "469", re(Lru, 80)),
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
    let distinct = (bt.as_ref().map(|s| s.distinct), 1);
    let common = (bt.as_ref().map(|s| s.common), 1);
    vec![
        unquoted(
            "distinct shapes across the boards' best tens",
            "18",
            distinct,
        ),
        unquoted("shapes common to all boards' best tens", "3", common),
        unquoted("best tens shared by 4x5 and 6x6", "5", pair("4x5", "6x6")),
    ]
}

/// How much of an LFU table's entries it shares with the first or the best entries of the same size.
fn overlap_figures(p: &PlanResults) -> Vec<OriginalFigure> {
    let lfu = |b, f: fn(&EvictionRecord) -> f64| (cell(p, PolicyKind::Lfu, b, |r| 100.0 * f(r)), 0);
    let first = |b| lfu(b, |r| r.overlap_first_n);
    let best = |b| lfu(b, |r| r.overlap_best_n);
    vec![
        unquoted("LFU-20 table shared with first 20 (%)", "70", first(20)),
        unquoted("LFU-20 table shared with best 20 (%)", "65", best(20)),
        unquoted("LFU-40 table shared with first 40 (%)", "83", first(40)),
        unquoted("LFU-40 table shared with best 40 (%)", "68", best(40)),
    ]
}
