//! The search experiment's report section, from its `search.csv`.

use crate::experiments::search::SearchRecord;
use crate::experiments::search::read_search;
use crate::section::{Section, SectionContext};
use anyhow::Result;
use std::fmt::Write;
use std::path::Path;

/// `search.csv` of the run folder `dir`, absent when the stage was skipped or in runs made before it existed.
pub(crate) fn rows(dir: &Path) -> Result<Option<Vec<SearchRecord>>> {
    let path = dir.join("search.csv");
    Ok(path.exists().then(|| read_search(&path)).transpose()?)
}

/// The search section: at-a-glance lines, then every configuration's counts and times.
pub(crate) fn section(ctx: &SectionContext<'_>) -> Result<Section> {
    let mut s = Section::default();
    let _ = writeln!(s.markdown, "## Search\n");
    let Some(rows) = rows(ctx.dir)? else {
        let _ = writeln!(
            s.markdown,
            "No `search.csv` in this run (the search stage was skipped, or the run predates it).\n"
        );
        return Ok(s);
    };
    let findings = crate::experiments::search::findings::SearchFindings::of(&rows)
        .with_strength(crate::strength::Strength::of_run(ctx.dir)?);
    let _ = writeln!(
        s.markdown,
        "Every family's frozen roots searched one turn deeper than its expansion depth (material evaluator), in \
         every configuration: pruning `none`/`star1`/`star2` x transposition table (TT) off/on x evaluation \
         cache `none`/`optimized`. All configurations returned the same root values and every best path is worth \
         its root's value by the nested expansion (a correctness check before timing). Counts are compared with \
         unpruned expectimax (no pruning, no table, no cache) as \"N x fewer\", > 1 = less work; speedup = \
         time(unpruned expectimax) / time(configuration), > 1 = faster. The evaluation cache's speedup in a \
         search = time(the same pruning and table without the cache) / time(with it), > 1 = the cache pays. \
         Timing uses the timing kernel, a root playing the part of a successor: each family's configurations \
         are searched root by root back to back in a seeded order, in sessions (fresh processes); a speedup is \
         the geometric mean of the paired ratios with a Student-t interval over sessions (n = sessions). The \
         declared comparison (Star2 with the TT, without and with the optimized cache) is timed first and \
         adaptively on its own, every configuration of the family together after it (`timing_plan.csv`, stage \
         `search`). Runs before the kernel recorded the median of per-round ratios of whole passes with its \
         order-statistic interval.\n"
    );
    let strength = &findings.strength;
    let _ = writeln!(s.markdown, "{}\n", strength.glance_note());
    for line in findings.glance_lines() {
        let _ = writeln!(s.markdown, "- {line}");
    }
    let _ = writeln!(s.markdown, "\n{}", findings.table().markdown());
    if let Some(note) = findings.table_note() {
        let _ = writeln!(s.markdown, "{note}\n");
    }
    Ok(s)
}
