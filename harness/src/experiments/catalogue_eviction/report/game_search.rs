//! The report's "Game-search traces" section: formats [`GameSearchFindings`] as markdown and charts (the verdict
//! first, frequency minus recency per trace source, and miss-ratio curves by rule group for the catalogue trace
//! beside one family's four dice-chess traces). It computes nothing new; every figure comes from the findings.

use super::point;
use crate::experiments::catalogue_eviction::dice_trace::TraceSource;
use crate::experiments::catalogue_eviction::findings::metrics::is_bound;
use crate::experiments::catalogue_eviction::findings::rule_groups::{RuleGroup, mrc_groups};
use crate::experiments::catalogue_eviction::game_search::{
    BUDGET_FRACTIONS, FREQUENCY, GameSearchFindings, Lead, RECENCY, SourceTally, TIE, TraceFindings,
};
use crate::plot::{self, Axis, LinePlot, Series};
use crate::present::number::MISSING;
use crate::present::number::{count, decimal, percent, points};
use crate::present::{Align, Table};
use crate::statistics::Interval;
use anyhow::Result;
use std::fmt::Write as _;
use std::path::Path;

/// The file stem of a chart about `name`: `game_search_<name with non-alphanumerics as _>`.
fn stem(name: &str) -> String {
    let slug: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let words: Vec<&str> = slug.split('_').filter(|w| !w.is_empty()).collect();
    format!("game_search_{}", words.join("_"))
}

fn kind_label(source: Option<TraceSource>) -> &'static str {
    source.map_or("catalogue", TraceSource::label)
}

/// A miss-ratio chart of one trace for one rule group: budgets as a fraction of the working set, log-log.
fn group_chart(
    f: &GameSearchFindings,
    t: &TraceFindings,
    group: &RuleGroup,
    dir: &Path,
) -> Result<Option<String>> {
    let series: Vec<Series> = group
        .rules
        .iter()
        .map(|&k| {
            let name = k.to_string();
            let points = f
                .rows
                .iter()
                .filter(|r| r.trace == t.name && r.policy == name && r.miss_ratio > 0.0)
                .map(|r| point(r.budget_fraction * 100.0, &Interval::exact(r.miss_ratio)))
                .collect();
            Series {
                name,
                points,
                bound: is_bound(k),
            }
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    if series.is_empty() {
        return Ok(None);
    }
    let chart = LinePlot {
        title: format!(
            "{}, {}: miss ratio ({} lookups, {} keys)",
            t.name,
            group.title,
            count(t.lookups),
            count(t.universe)
        ),
        x: Axis::log("budget", "% of the working set"),
        y: Axis::log("miss ratio", "fraction of lookups"),
        series,
        verticals: Vec::new(),
    };
    let stem = stem(&format!("{} mrc {}", t.name, group.stem));
    plot::line_plot(&chart, &dir.join(&stem))?;
    Ok(Some(stem))
}

/// Frequency minus recency for every trace of one source (and the catalogue for comparison).
fn duel_chart(f: &GameSearchFindings, source: TraceSource, dir: &Path) -> Result<Option<String>> {
    let series: Vec<Series> = f
        .traces
        .iter()
        .filter(|t| t.origin.is_none_or(|o| o.1 == source))
        .map(|t| Series {
            name: t.origin.map_or(t.name.clone(), |o| o.0.to_string()),
            points: t
                .duels
                .iter()
                .map(|d| point(d.fraction * 100.0, &Interval::exact(d.difference() * 100.0)))
                .collect(),
            bound: t.origin.is_none(),
        })
        .filter(|s| !s.points.is_empty())
        .collect();
    if series.iter().all(|s| s.bound) {
        return Ok(None);
    }
    let chart = LinePlot {
        title: format!(
            "Best frequency rule minus best recency rule, {}",
            source.label()
        ),
        x: Axis::log("budget", "% of the working set"),
        y: Axis::linear("hit rate difference", "percentage points"),
        series,
        verticals: Vec::new(),
    };
    let stem = stem(&format!("frequency minus recency {}", source.name()));
    plot::line_plot(&chart, &dir.join(&stem))?;
    Ok(Some(stem))
}

fn lead_words(lead: Lead) -> &'static str {
    match lead {
        Lead::Frequency => "frequency is ahead",
        Lead::Recency => "recency is ahead",
        Lead::Even => "neither is ahead",
    }
}

/// One kind of trace's verdict as a sentence.
fn verdict_line(v: &SourceTally) -> String {
    format!(
        "**{}** ({} trace{}): {}: of the trace-budget pairs, frequency is ahead at {}, tied at {}, behind at {}; \
         margin {} to {} (mean {}).",
        kind_label(v.source),
        v.traces,
        if v.traces == 1 { "" } else { "s" },
        lead_words(v.lead()),
        v.won,
        v.tied,
        v.lost,
        points(v.least),
        points(v.most),
        points(v.mean)
    )
}

/// How one trace answered: budgets where frequency won, tied and lost, and the largest margin either way.
fn trace_line(t: &TraceFindings) -> String {
    let (won, tied, lost) = t.tally();
    let mut s = format!(
        "**{}**: frequency beats recency at {won} of {} budgets, ties at {tied}, loses at {lost}",
        t.name,
        t.duels.len()
    );
    if let Some((w, b)) = t.extremes() {
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

/// The one-word-and-a-clause answer over every dice-chess trace-budget pair.
fn overall(all: &SourceTally) -> String {
    let mostly_tied = all.tied > all.won + all.lost;
    let lead = format!("{} more often", lead_words(all.lead()));
    match (all.lead(), mostly_tied) {
        (Lead::Frequency, false) => "yes, more often than not".into(),
        (_, true) => format!(
            "{}: they mostly tie, and where they differ {lead}",
            if all.lead() == Lead::Frequency {
                "barely"
            } else {
                "no"
            }
        ),
        (_, false) => format!("no; {lead}"),
    }
}

/// The game-search answer in one line for the report's opening section, if there are dice-chess traces.
pub(crate) fn glance_line(f: &GameSearchFindings) -> Option<String> {
    let all = f.dice_verdict()?;
    Some(format!(
        "Frequency (LFU, W-TinyLFU, ageing LFU) against recency (LRU, SIEVE, CLOCK) on {} dice-chess game-search \
         traces (expansion with the traversal cache off and on, search with and without a TT): {}; ahead at {}, \
         tied at {}, behind at {} trace-budget pairs, margin {} to {} (section \"Game-search traces\").",
        all.traces,
        overall(&all),
        all.won,
        all.tied,
        all.lost,
        points(all.least),
        points(all.most)
    ))
}

fn answer(o: &mut String, f: &GameSearchFindings) {
    let Some(all) = f.dice_verdict() else {
        return;
    };
    let overall = overall(&all);
    let _ = writeln!(
        o,
        "**Does frequency (LFU, W-TinyLFU, ageing LFU) beat recency (LRU, SIEVE, CLOCK) on game-search traces? \
         {overall}.** Over the {} dice-chess traces together, the best frequency rule (ageing LFU at its best \
         period on each trace, so an upper estimate) is ahead of the best recency rule at {} trace-budget pairs, tied (within {} pt) at {} and behind at {}; the margin runs from {} to {} \
         (mean {}). At the largest budget ({} of the working set) every trace's better rule is within {} of the \
         unbounded hit rate, so the families can differ only at small budgets. By kind of trace:\n",
        all.traces,
        all.won,
        decimal(TIE * 100.0, 1),
        all.tied,
        all.lost,
        points(all.least),
        points(all.most),
        points(all.mean),
        percent(BUDGET_FRACTIONS[BUDGET_FRACTIONS.len() - 1]),
        points(all.gap_at_largest),
    );
    for v in &f.verdicts {
        let _ = writeln!(o, "- {}", verdict_line(v));
    }
    if !f.table_cuts_nothing.is_empty() {
        let names: Vec<String> = f
            .table_cuts_nothing
            .iter()
            .map(|x| format!("`{x}`"))
            .collect();
        let _ = writeln!(
            o,
            "\nOn {} the search makes the same lookups with and without the TT (the table cuts no leaf there), so \
             those families' two search traces are one stream counted twice above.",
            names.join(", ")
        );
    }
    o.push('\n');
}

/// Appends the section to `o` and writes its charts into `dir`.
pub(crate) fn write_section(o: &mut String, f: &GameSearchFindings, dir: &Path) -> Result<()> {
    let _ = writeln!(o, "## Game-search traces\n");
    answer(o, f);
    let fractions: Vec<String> = BUDGET_FRACTIONS.iter().map(|&x| percent(x)).collect();
    let _ = writeln!(
        o,
        "The catalogue trace (the first seed's main stream) beside four dice-chess traces per scenario family, every \
         evaluation lookup (material evaluator, dense ids per distinct `(state, perspective)`) of: the nested chance \
         expansion of the family's successors (positions after our turn) with the traversal cache off (every leaf lookup) and on (the \
         lookups left after repeated rolls are answered by the traversal cache), and the Star2 chance search of the \
         family's roots one turn deeper, as the search stage searches them, with a transposition table (2^16 \
         entries, cleared per root) and without. `harness eviction --dice-trace-out DIR`, `harness --trace-out DIR` \
         and `harness search --trace-out DIR` (one root) write them as libCacheSim CSV. Every rule is replayed at budgets of \
         {} of each trace's working set (its distinct keys), so traces of very different sizes share one axis. \
         Recency rules: {}; frequency rules: {} and ageing LFU at the period best on that trace (picked on the same \
         trace, so its margin is an upper estimate). Deterministic: one trace each, no seeds to average.\n",
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
            percent(t.unbounded_hit_rate()),
            t.best_aging
                .map_or(MISSING.to_owned(), |k| format!("`{k}`")),
        ])?;
    }
    let _ = writeln!(o, "{}", sizes.markdown());
    let _ = writeln!(
        o,
        "### Frequency minus recency\n\nAbove zero, the best frequency rule hits more often than the best recency \
         rule at that budget; the catalogue trace is drawn dashed on every chart for comparison.\n"
    );
    for source in TraceSource::ALL {
        if let Some(s) = duel_chart(f, source, dir)? {
            let _ = writeln!(
                o,
                "![frequency minus recency, {}]({s}.svg)\n",
                source.label()
            );
        }
    }
    duel_table(o, f)?;
    curves(o, f, dir)
}

/// The table of frequency minus recency per trace and budget, and one line per trace.
fn duel_table(o: &mut String, f: &GameSearchFindings) -> Result<()> {
    let mut header: Vec<(String, Align)> = vec![("trace".into(), Align::Left)];
    header.extend(BUDGET_FRACTIONS.iter().map(|&x| (percent(x), Align::Right)));
    let mut duels = Table::new(header);
    for t in &f.traces {
        let mut row = vec![t.name.clone()];
        row.extend(BUDGET_FRACTIONS.iter().map(|&x| {
            t.duels
                .iter()
                .find(|d| d.fraction == x)
                .map_or(MISSING.into(), |d| {
                    format!(
                        "{} ({} / {})",
                        points(d.difference()),
                        d.frequency.0,
                        d.recency.0
                    )
                })
        }));
        duels.row(row)?;
    }
    let _ = writeln!(
        o,
        "Best frequency rule minus best recency rule per trace and budget (the two rules in brackets; every hit rate \
         and Belady's in `game_search.csv`):\n\n{}",
        duels.markdown()
    );
    for t in &f.traces {
        let _ = writeln!(o, "- {}", trace_line(t));
    }
    o.push('\n');
    Ok(())
}

/// "Miss-ratio curves by rule group" for the catalogue trace beside the showcase family's traces.
fn curves(o: &mut String, f: &GameSearchFindings, dir: &Path) -> Result<()> {
    let Some(family) = f.showcase_family() else {
        return Ok(());
    };
    let shown: Vec<&TraceFindings> = f
        .traces
        .iter()
        .filter(|t| t.origin.is_none_or(|o| o.0 == family))
        .collect();
    let groups = mrc_groups(&f.policies);
    let _ = writeln!(
        o,
        "### Miss-ratio curves by rule group\n\nEvery rule run, in groups of at most five with LRU, Belady and \
         unbounded on each chart for reference; budgets as a fraction of each trace's working set, log axes. The \
         catalogue trace beside the four traces of the `{family}` family (the longest traces); the other \
         families' curves are rows of `game_search.csv`.\n"
    );
    let labels = shown.iter().map(|t| kind_label(t.origin.map(|o| o.1)));
    let mut grid = Table::new(
        std::iter::once("rules")
            .chain(labels)
            .map(|h| (h, Align::Left)),
    );
    for g in &groups {
        let mut row = vec![g.title.clone()];
        for t in &shown {
            row.push(match group_chart(f, t, g, dir)? {
                Some(s) => format!("![{}, {}]({s}.svg)", t.name, g.title),
                None => MISSING.into(),
            });
        }
        grid.row(row)?;
    }
    let _ = writeln!(o, "{}", grid.markdown());
    Ok(())
}
