//! The break-even experiment's report section (the map of `break_even.csv`, with the search experiment's
//! `search.csv` where it ran) and the map's rows for At a glance.

use crate::record::schema::{BreakEvenRecord, SPEEDUP_VS_NONE, read_break_even};
use crate::section::{Section, SectionContext};
use anyhow::Result;
use std::fmt::Write;
use std::path::Path;

/// `break_even.csv` of the run folder `dir`, absent when the stage was skipped, valgrind was missing, or in runs
/// made before it existed.
pub(crate) fn rows(dir: &Path) -> Result<Option<Vec<BreakEvenRecord>>> {
    let path = dir.join("break_even.csv");
    Ok(path.exists().then(|| read_break_even(&path)).transpose()?)
}

/// The break-even map section (see [`crate::experiments::break_even::findings`]).
pub(crate) fn section(ctx: &SectionContext<'_>) -> Result<Section> {
    let mut s = Section::default();
    let _ = writeln!(s.markdown, "## Break-even map\n");
    let Some(rows) = rows(ctx.dir)? else {
        let _ = writeln!(
            s.markdown,
            "No `break_even.csv` in this run (the stage was skipped, valgrind was missing, or the run \
             predates it). `harness break-even` measures the full map.\n"
        );
        return Ok(s);
    };
    // The expansion stage's interval decides a rung it timed, as it does in At a glance.
    let findings = crate::experiments::break_even::findings::BreakEvenFindings::of(&rows)
        .with_expansion(|arm| ctx.intervals.get(arm, SPEEDUP_VS_NONE));
    let _ = writeln!(
        s.markdown,
        "{}",
        crate::experiments::break_even::findings::EXPLANATION
    );
    let search = crate::experiments::search::section::rows(ctx.dir)?.unwrap_or_default();
    for line in findings
        .summary_lines()
        .into_iter()
        .chain(findings.search_lines(&search))
    {
        let _ = writeln!(s.markdown, "- {line}");
    }
    let _ = writeln!(s.markdown, "\n{}", findings.break_even_table()?.markdown());
    let _ = writeln!(s.markdown, "{}", findings.rung_table()?.markdown());
    if let Some(note) = findings.table_note() {
        let _ = writeln!(s.markdown, "{note}\n");
    }
    for (scenario, traversal) in findings.settings() {
        if let Some(chart) = findings.chart(&scenario, &traversal) {
            let stem = format!("break_even_{scenario}_{traversal}");
            let files = crate::plot::line_plot(&chart, &ctx.charts_dir.join(&stem))?;
            s.link(&stem, &chart.title, files);
        }
    }
    Ok(s)
}
