//! The search experiment's report section, from its `search.csv`.

use crate::record::schema::{SearchRecord, read_search};
use crate::section::{Section, SectionContext};
use anyhow::Result;
use std::fmt::Write;
use std::path::Path;

/// `search.csv` of the run folder `dir`, absent when the stage was skipped or in runs made before it existed.
pub(crate) fn rows(dir: &Path) -> Result<Option<Vec<SearchRecord>>> {
    let path = dir.join("search.csv");
    Ok(path.exists().then(|| read_search(&path)).transpose()?)
}

/// The section, read from the run folder.
pub(crate) fn section(ctx: &SectionContext<'_>) -> Result<Section> {
    let mut s = Section::default();
    search(ctx, &mut s)?;
    Ok(s)
}

/// The search section: at-a-glance lines, then every arm's counts and times.
fn search(ctx: &SectionContext<'_>, s: &mut Section) -> Result<()> {
    let _ = writeln!(s.markdown, "## Search\n");
    let Some(rows) = rows(ctx.dir)? else {
        let _ = writeln!(
            s.markdown,
            "No `search.csv` in this run (the search stage was skipped, or the run predates it).\n"
        );
        return Ok(());
    };
    let findings = crate::experiments::search::findings::SearchFindings::of(&rows)
        .with_strength(crate::experiments::strength::Strength::of_run(ctx.dir)?);
    let _ = writeln!(
        s.markdown,
        "Every family's frozen roots searched one turn deeper than its expansion depth (material evaluator), by \
         every arm: pruning `none`/`star1`/`star2` x transposition table off/on x evaluation cache \
         `none`/`optimized`. All arms returned the same root values and every best path is worth its root's \
         value by the nested expansion (checked before timing). Ratios are to the plain arm (no pruning, no \
         table, no cache); speedup = time(plain) / time(arm), > 1 = faster, paired per round with \
         its interval (a run that did not record the pairs falls back to the ends of both medians' intervals). \
         The evaluation cache's speedup inside a search arm (the same arm with and without it) is the quotient \
         of the two medians' intervals: those two arms are not paired against each other.\n"
    );
    let strength = &findings.strength;
    let _ = writeln!(s.markdown, "{}\n", strength.glance_note());
    for line in findings.glance_lines() {
        let _ = writeln!(s.markdown, "- {line}");
    }
    let _ = writeln!(s.markdown, "\n{}", findings.table().markdown());
    Ok(())
}
