//! The compact console table of a run.

use super::timing::ArmTiming;
use super::{Arm, CountResult};
use crate::present::number::{MISSING, count, ratio_interval, time_ns_interval};
use crate::present::{Align, Table};
use std::fmt::Write;

/// One table line: an arm, its counts and (optionally) its timing.
pub(crate) struct Line<'a> {
    /// Family name.
    pub scenario: &'a str,
    /// The arm.
    pub arm: Arm,
    /// Its counting pass.
    pub counts: &'a CountResult,
    /// Its timing, if timed.
    pub timing: Option<&'a ArmTiming>,
}

/// Renders the table: scenario, evaluator, traversal, variant, calls, hits, entries, time per operation with its 95%
/// interval, speedup over `none` (> 1 = faster) with its interval.
pub(crate) fn render(lines: &[Line<'_>]) -> String {
    let mut t = Table::new([
        ("scenario", Align::Left),
        ("eval", Align::Left),
        ("trav", Align::Left),
        ("variant", Align::Left),
        ("calls", Align::Right),
        ("hits", Align::Right),
        ("entries", Align::Right),
        ("time/op [95% CI]", Align::Right),
        ("speedup vs none [95% CI]", Align::Right),
    ]);
    for l in lines {
        let (time, speedup) = match l.timing {
            Some(t) => (
                time_ns_interval(t.ns_per_op.point, t.ns_per_op.low, t.ns_per_op.high),
                t.speedup_vs_none.map_or(MISSING.to_owned(), |r| {
                    ratio_interval(r.point, r.low, r.high)
                }),
            ),
            None => (MISSING.to_owned(), MISSING.to_owned()),
        };
        let m = &l.counts.memo;
        // Every row has the header's nine cells, so this cannot fail.
        let _ = t.row([
            l.scenario.to_owned(),
            l.arm.eval.to_string(),
            l.arm.traversal.name().to_owned(),
            l.arm.cache.name().to_owned(),
            count(m.evaluator_calls),
            count(m.cache_hits),
            count(m.entry_count),
            time,
            speedup,
        ]);
    }
    t.plain()
}

/// Renders the expansion counters, one line per scenario and traversal mode (they do not depend on the cache
/// variant, which parity checks, nor on the evaluator).
pub(crate) fn render_expansion(lines: &[Line<'_>]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<21} {:<4} {:>10} {:>12} {:>12} {:>12} {:>12} {:>12}",
        "scenario",
        "trav",
        "successors",
        "geometry",
        "class_edges",
        "transitions",
        "replays",
        "emissions"
    );
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for l in lines {
        let id = (l.scenario, l.arm.traversal.name());
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        let c = &l.counts.chance;
        let _ = writeln!(
            out,
            "{:<21} {:<4} {:>10} {:>12} {:>12} {:>12} {:>12} {:>12}",
            l.scenario,
            id.1,
            l.counts.values.len(),
            c.generation.geometry,
            c.class_edges,
            c.generation.transitions,
            c.replays,
            c.generation.emissions
        );
    }
    out
}
