//! The report's opening section: the answer before the method.

use crate::experiments::catalogue_eviction::experiment::Outcome;
use crate::present::number::MISSING;
use crate::statistics::Interval;
use crate::verdict::Verdict;
use std::fmt::Write;

/// "At a glance": the best online rule per headline budget with its gaps to LRU and Belady.
pub(crate) fn glance_section(o: &mut String, outcome: &Outcome, n: usize) {
    use crate::present::number::{percent, points_interval};
    use crate::present::{Align, Table};
    let findings = crate::experiments::catalogue_eviction::glance::at_a_glance(
        &outcome.main,
        &outcome.policies,
    );
    if findings.is_empty() {
        return;
    }
    let gap = |e: Option<Interval>| {
        e.map_or(MISSING.to_owned(), |d| {
            points_interval(d.point, d.low, d.high)
        })
    };
    let mut t = Table::new([
        ("budget (entries)", Align::Right),
        ("best online rule", Align::Left),
        ("its hit rate", Align::Right),
        ("minus LRU (95%)", Align::Right),
        ("Belady minus it (95%)", Align::Right),
        ("verdict", Align::Left),
    ]);
    for f in &findings {
        let verdict = match f.over_lru.map(|d| Verdict::of(&d, 0.0, 0.0)) {
            Some(Verdict::Better) => "beats LRU",
            Some(Verdict::Worse) => "loses to LRU",
            Some(Verdict::WithinNoise | Verdict::NoVerdict) => "no verdict (interval includes 0)",
            None => "LRU not run",
        };
        let row = [
            crate::present::number::count(f.budget),
            format!("`{}`", f.best),
            percent(f.hit_rate.point),
            gap(f.over_lru),
            gap(f.under_belady),
            verdict.to_string(),
        ];
        // The table has six columns and every row six cells.
        let _ = t.row(row);
    }
    let _ = writeln!(
        o,
        "## At a glance\n\nThe online rule with the highest mean hit rate at each headline budget, with its gap to \
         LRU and to Belady's offline optimum in hit-rate points (paired per seed, 95% Student-t intervals over {n} \
         seeds).\n\n{}",
        t.markdown()
    );
    if let Some(line) = outcome
        .game_search
        .as_ref()
        .and_then(super::game_search::glance_line)
    {
        let _ = writeln!(o, "{line}\n");
    } else if let Some(note) = &outcome.config.game_search_left_out {
        let _ = writeln!(o, "Game-search traces: {note}\n");
    }
}
