//! Putting a report in place as a whole: it is rendered into a temporary folder next to the target, then swapped
//! in, so a reader (or an interrupted render) finds the old report or the new one, never a mix of their files. A
//! render owns its folder: what it did not write is gone afterwards, except the subfolders another render owns
//! (the match, deadline, TT-pressure and comparison pages inside the main report), which are carried over whole.

use super::{RunResults, render};
use crate::outln;
pub use crate::record::replace_folder;
use anyhow::Result;
use std::path::Path;

/// The main report's subfolder holding match reports (`harness report <match folder>` renders into
/// `matches/<folder>/`); a main-job render carries it over whole.
pub(crate) const MATCHES_SUBFOLDER: &str = "matches";

/// The main report's subfolder holding deadline reports (`harness report <deadline folder>` renders into
/// `deadline/<folder>/`); a main-job render carries it over whole.
pub(crate) const DEADLINE_SUBFOLDER: &str = "deadline";

/// The main report's subfolder holding the reports of `harness tt-pressure` run folders (`tt-pressure/<folder>/`);
/// a main-job render carries it over whole.
pub(crate) const TT_PRESSURE_SUBFOLDER: &str = "tt-pressure";

/// The main report's subfolder holding the pages of comparison folders (`compare/<folder>/`); a main-job render
/// carries it over whole.
pub(crate) const COMPARE_SUBFOLDER: &str = "compare";

/// Loads the run folder `dir`, renders its report (sub-pages included) and puts it in place at `out` as a whole
/// (keeping only the match, deadline, TT-pressure and comparison pages' subfolders, which other renders own); prints what was
/// written and which run folder it came from.
pub fn render_run(dir: &Path, out: &Path) -> Result<()> {
    render_loaded(&RunResults::load(dir)?, dir, out)
}

/// [`render_run`] of a run folder already loaded (`harness report` loads first, as a bad folder is bad input).
pub(crate) fn render_loaded(results: &RunResults, dir: &Path, out: &Path) -> Result<()> {
    let kept = [
        MATCHES_SUBFOLDER,
        DEADLINE_SUBFOLDER,
        TT_PRESSURE_SUBFOLDER,
        COMPARE_SUBFOLDER,
    ];
    let done = replace_folder(out, &kept, |tmp| render(results, tmp))?;
    outln!(
        "report: {} ({} chart files) from {}",
        out.join("index.md").display(),
        done.charts.len(),
        dir.display()
    );
    Ok(())
}
