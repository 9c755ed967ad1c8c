//! The compact console table of a run.

use super::timing::ArmTiming;
use super::{Arm, CountResult};
use std::fmt::Write;

/// One table line: an arm, its counts and (optionally) its timing.
pub struct Line<'a> {
    /// Family name.
    pub scenario: &'a str,
    /// The arm.
    pub arm: Arm,
    /// Its counting pass.
    pub counts: &'a CountResult,
    /// Its timing, if timed.
    pub timing: Option<&'a ArmTiming>,
}

/// Renders the table: scenario, evaluator, traversal, variant, calls, hits, entries, ns/op with its 95% interval,
/// speedup over `none` (> 1 = faster) with its interval.
pub fn render(lines: &[Line<'_>]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<21} {:<10} {:<4} {:<9} {:>11} {:>11} {:>9} {:>28} {:>22}",
        "scenario",
        "eval",
        "trav",
        "variant",
        "calls",
        "hits",
        "entries",
        "ns/op [95% CI]",
        "speedup vs none [95% CI]"
    );
    for l in lines {
        let (ns, ratio) = match l.timing {
            Some(t) => (
                format!(
                    "{:.0} [{:.0}, {:.0}]",
                    t.ns_per_op.median, t.ns_per_op.low, t.ns_per_op.high
                ),
                t.speedup_vs_none
                    .map(|r| format!("{:.3} [{:.3}, {:.3}]", r.median, r.low, r.high))
                    .unwrap_or_else(|| "-".into()),
            ),
            None => ("-".into(), "-".into()),
        };
        let _ = writeln!(
            out,
            "{:<21} {:<10} {:<4} {:<9} {:>11} {:>11} {:>9} {:>28} {:>22}",
            l.scenario,
            l.arm.eval.name(),
            l.arm.traversal.name(),
            l.arm.cache.name(),
            l.counts.memo.evaluator_calls,
            l.counts.memo.cache_hits,
            l.counts.memo.entry_count,
            ns,
            ratio
        );
    }
    out
}

/// Renders the expansion counters, one line per scenario and traversal mode (they do not depend on the cache
/// variant, which parity checks, nor on the evaluator).
pub fn render_expansion(lines: &[Line<'_>]) -> String {
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
