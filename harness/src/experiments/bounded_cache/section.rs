//! The bounded-cache experiment's report section, from its `bounded_cache.csv`.

use crate::experiments::bounded_cache::read_bounded_cache;
use crate::section::{Section, SectionContext};
use anyhow::Result;
use std::fmt::Write;

/// The bounded-cache section (see [`crate::experiments::bounded_cache::findings`]).
pub(crate) fn section(ctx: &SectionContext<'_>) -> Result<Section> {
    let mut s = Section::default();
    let Some(rows) = ctx
        .optional("bounded_cache.csv")
        .map(|p| read_bounded_cache(&p))
        .transpose()?
    else {
        let _ = writeln!(
            s.markdown,
            "## Bounded evaluation cache\n\nNo `bounded_cache.csv` in this run (the stage was skipped, or the run \
             predates it).\n"
        );
        return Ok(s);
    };
    let findings = crate::experiments::bounded_cache::findings::BoundedFindings::of(&rows);
    let (md, files) = findings.render(ctx.charts_dir)?;
    s.markdown.push_str(&md);
    s.charts.extend(files);
    Ok(s)
}
