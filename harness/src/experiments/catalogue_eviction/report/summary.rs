//! The experiment's few lines for the terminal.

use crate::experiments::catalogue_eviction::experiment::Outcome;
use crate::experiments::catalogue_eviction::findings::aging::aging_sentence;
use crate::experiments::catalogue_eviction::findings::inversion::lru_minus_best;
use crate::experiments::catalogue_eviction::findings::metrics::{cell, headline, pct};
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::present::number::Estimate;
use crate::statistics::Interval;

/// A few lines for the terminal.
pub(crate) fn summary_lines(outcome: &Outcome) -> Vec<String> {
    let p = &outcome.main;
    let mut v = vec![format!(
        "streams: {} seeds, {} lookups and {} distinct shapes per run (mean ± 95% interval)",
        p.streams.len(),
        p.stream_estimate(|s| s.row.lookups as f64).show(0),
        p.stream_estimate(|s| s.row.distinct_keys as f64).show(1),
    )];
    for b in headline(p) {
        use PolicyKind::*;
        let parts: Vec<String> = [Lru, Lfu, WTinyLfu, Belady, BestN]
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
        if let Some(d) = lru_minus_best(c, 10) {
            v.push(format!(
                "control {}: LRU-10 minus best ten = {} points",
                c.name,
                d.show(2)
            ));
        }
    }
    if let Some(note) = &outcome.config.game_search_left_out {
        v.push(format!("game-search traces: {note}"));
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
    for f in crate::experiments::catalogue_eviction::glance::at_a_glance(p, &outcome.policies) {
        let gap = |e: Option<Interval>, what: &str| {
            e.map(|d| format!(", {} {what}", points_interval(d.point, d.low, d.high)))
                .unwrap_or_default()
        };
        v.push(format!(
            "at a glance, budget {}: best online rule {} at {}{}{}",
            f.budget,
            f.best,
            percent(f.hit_rate.point),
            gap(f.over_lru, "over LRU"),
            gap(f.under_belady, "below Belady"),
        ));
    }
    v
}
