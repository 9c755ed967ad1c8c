//! The report's "Game-search traces" section: formats [`GameSearchFindings`] as markdown and charts (one
//! miss-ratio chart per trace, and frequency minus recency for every trace on one chart). It computes nothing
//! new; every figure comes from the findings.

use crate::eviction::game_search::{
    BUDGET_FRACTIONS, FREQUENCY, GameSearchFindings, RECENCY, TraceFindings,
};
use crate::eviction::spec::PolicyKind;
use crate::plot::{self, Axis, LinePlot, Point, Series};
use crate::present::number::{count, decimal, percent, points};
use crate::present::{Align, Table};
use anyhow::Result;
use std::fmt::Write as _;
use std::path::Path;

/// A difference smaller than this (a fraction of lookups: a tenth of a point) is called a tie. The traces are
/// deterministic, so there is no sampling noise to allow for; below a tenth of a point no budget choice would
/// notice the rule.
const TIE: f64 = 0.001;

/// The file stem of a trace's chart: `game_search_<name with non-alphanumerics as _>`.
fn stem(name: &str) -> String {
    let slug: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let words: Vec<&str> = slug.split('_').filter(|w| !w.is_empty()).collect();
    format!("game_search_{}", words.join("_"))
}

/// The rules drawn on a trace's chart: the recency rules, the frequency rules (ageing LFU at its best period on
/// that trace), Belady and unbounded — eight series at most.
fn drawn(t: &TraceFindings) -> Vec<PolicyKind> {
    RECENCY
        .iter()
        .chain(FREQUENCY.iter())
        .copied()
        .chain(t.best_aging)
        .chain([PolicyKind::Belady, PolicyKind::Unbounded])
        .collect()
}

fn trace_chart(f: &GameSearchFindings, t: &TraceFindings, dir: &Path) -> Result<String> {
    let series = drawn(t)
        .into_iter()
        .map(|k| {
            let name = k.to_string();
            let points = f
                .rows
                .iter()
                .filter(|r| r.trace == t.name && r.policy == name)
                .map(|r| Point {
                    x: r.budget_fraction * 100.0,
                    y: r.miss_ratio,
                    lo: r.miss_ratio,
                    hi: r.miss_ratio,
                })
                .collect();
            Series {
                name,
                points,
                bound: matches!(k, PolicyKind::Belady | PolicyKind::Unbounded),
            }
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    let chart = LinePlot {
        title: format!(
            "{}: miss ratio versus budget ({} lookups, working set {} keys)",
            t.name,
            count(t.lookups),
            count(t.universe)
        ),
        x: Axis::log("budget", "% of the working set"),
        y: Axis::log("miss ratio", "fraction of lookups"),
        series,
        verticals: Vec::new(),
    };
    let stem = stem(&t.name);
    plot::line_plot(&chart, &dir.join(&stem))?;
    Ok(stem)
}

fn duel_chart(f: &GameSearchFindings, dir: &Path) -> Result<String> {
    let series = f
        .traces
        .iter()
        .map(|t| Series {
            name: t.name.clone(),
            points: t
                .duels
                .iter()
                .map(|d| Point {
                    x: d.fraction * 100.0,
                    y: d.difference() * 100.0,
                    lo: d.difference() * 100.0,
                    hi: d.difference() * 100.0,
                })
                .collect(),
            bound: false,
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    let chart = LinePlot {
        title: "Best frequency rule minus best recency rule, per trace".into(),
        x: Axis::log("budget", "% of the working set"),
        y: Axis::linear("hit rate difference", "percentage points"),
        series,
        verticals: Vec::new(),
    };
    let stem = "game_search_frequency_minus_recency".to_string();
    plot::line_plot(&chart, &dir.join(&stem))?;
    Ok(stem)
}

/// How one trace answered: budgets where frequency won, tied and lost, and the largest margin either way.
fn verdict(t: &TraceFindings) -> String {
    let (won, tied, lost) = t.tally(TIE);
    let best = t
        .duels
        .iter()
        .max_by(|a, b| a.difference().total_cmp(&b.difference()));
    let worst = t
        .duels
        .iter()
        .min_by(|a, b| a.difference().total_cmp(&b.difference()));
    let mut s = format!(
        "**{}**: frequency beats recency at {won} of {} budgets, ties at {tied}, loses at {lost}",
        t.name,
        t.duels.len()
    );
    if let (Some(b), Some(w)) = (best, worst) {
        let _ = write!(
            s,
            " (from {} at {} of the working set to {} at {})",
            points(w.difference()),
            percent(w.fraction),
            points(b.difference()),
            percent(b.fraction)
        );
    }
    s.push('.');
    s
}

/// Appends the section to `o` and writes its charts into `dir`; returns the chart stems written.
pub fn write_section(o: &mut String, f: &GameSearchFindings, dir: &Path) -> Result<Vec<String>> {
    let mut made = Vec::new();
    let _ = writeln!(o, "## Game-search traces\n");
    let fractions: Vec<String> = BUDGET_FRACTIONS.iter().map(|&x| percent(x)).collect();
    let _ = writeln!(
        o,
        "The catalogue trace (the first seed's main stream) beside one dice-chess trace per scenario family: every \
         evaluation lookup of the nested chance expansion over the family's outer successors (material evaluator, \
         traversal cache {}, so the evaluation cache sees every leaf lookup), with dense ids per distinct \
         `(state, perspective)`. `harness eviction --dice-trace-out DIR` writes the dice-chess traces as libCacheSim \
         CSV. Every rule is replayed at budgets of {} of each trace's working set (its distinct keys), so traces \
         of very different sizes share one axis. Recency rules: {}; frequency rules: {} and ageing LFU at the \
         period best on that trace (picked on the same trace, so its margin is an upper estimate). Deterministic: \
         one trace each, no seeds to average.\n",
        f.traversal.name(),
        fractions.join(", "),
        RECENCY.map(|k| format!("`{k}`")).join(", "),
        FREQUENCY.map(|k| format!("`{k}`")).join(", "),
    );
    let mut sizes = Table::new([
        ("trace", Align::Left),
        ("lookups", Align::Right),
        ("working set (keys)", Align::Right),
        ("unbounded hit rate", Align::Right),
        ("best ageing period", Align::Left),
    ]);
    for t in &f.traces {
        sizes.row([
            t.name.clone(),
            count(t.lookups),
            count(t.universe),
            percent(1.0 - t.universe as f64 / t.lookups.max(1) as f64),
            t.best_aging.map_or("—".to_string(), |k| format!("`{k}`")),
        ])?;
    }
    let _ = writeln!(o, "{}", sizes.markdown());
    made.push(duel_chart(f, dir)?);
    let _ = writeln!(
        o,
        "![frequency minus recency](game_search_frequency_minus_recency.svg)\n\nAbove zero, the best frequency \
         rule hits more often than the best recency rule at that budget.\n"
    );
    let mut duels = Table::new([
        ("trace", Align::Left),
        ("budget", Align::Right),
        ("best recency rule", Align::Left),
        ("its hit rate", Align::Right),
        ("best frequency rule", Align::Left),
        ("its hit rate", Align::Right),
        ("frequency minus recency", Align::Right),
        ("Belady", Align::Right),
    ]);
    for t in &f.traces {
        for d in &t.duels {
            duels.row([
                t.name.clone(),
                percent(d.fraction),
                format!("`{}`", d.recency.0),
                percent(d.recency.1),
                format!("`{}`", d.frequency.0),
                percent(d.frequency.1),
                points(d.difference()),
                percent(d.belady),
            ])?;
        }
    }
    let _ = writeln!(o, "{}", duels.markdown());
    let _ = writeln!(
        o,
        "Does frequency beat recency on game-search traces? A difference within {} pt counts as a tie.\n",
        decimal(TIE * 100.0, 1)
    );
    for t in &f.traces {
        let _ = writeln!(o, "- {}", verdict(t));
    }
    let dice: Vec<&TraceFindings> = f
        .traces
        .iter()
        .filter(|t| t.name.starts_with("dice "))
        .collect();
    let differences: Vec<f64> = dice
        .iter()
        .flat_map(|t| t.duels.iter().map(|d| d.difference()))
        .collect();
    let most = differences
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let least = differences.iter().copied().fold(f64::INFINITY, f64::min);
    let (won, tied, lost) = dice.iter().fold((0, 0, 0), |acc, t| {
        let (w, e, l) = t.tally(TIE);
        (acc.0 + w, acc.1 + e, acc.2 + l)
    });
    let _ = writeln!(
        o,
        "\nOver the dice-chess traces together: frequency ahead at {won} trace-budget pairs, tied at {tied}, behind at \
         {lost}; the best frequency rule's margin over the best recency rule runs from {} to {}.\n",
        points(least),
        points(most)
    );
    let answer = if won > lost {
        "frequency beats recency on these game-search traces more often than it loses"
    } else if lost > won {
        "frequency does not beat recency on these game-search traces; recency is ahead more often, by margins \
         this small"
    } else {
        "neither frequency nor recency is ahead on these game-search traces"
    };
    let gap_at_largest = dice
        .iter()
        .filter_map(|t| {
            let d = t.duels.last()?;
            let unbounded = 1.0 - t.universe as f64 / t.lookups.max(1) as f64;
            Some(unbounded - d.recency.1.max(d.frequency.1))
        })
        .fold(0.0, f64::max);
    if !differences.is_empty() {
        let _ = writeln!(
            o,
            "Answer: {answer}, as on the catalogue's changing boards (the catalogue trace above). At the largest \
             budget the better of the two families' best rules is within {} of the unbounded hit rate on every \
             dice-chess trace, so the families can only differ at small budgets.\n",
            points(gap_at_largest)
        );
    }
    for t in &f.traces {
        let s = trace_chart(f, t, dir)?;
        let _ = writeln!(o, "![{} miss ratio]({s}.svg)\n", t.name);
        made.push(s);
    }
    Ok(made)
}
