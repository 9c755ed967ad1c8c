//! `harness report [RESULTS_DIR]`: render `reports/index.md` and its charts from a run folder, or, given a match
//! run folder (`match-<UTC>/` with `match.json`), that match's own report in `reports/matches/<folder>/`, given
//! a deadline run folder (`deadline-<UTC>/` with `deadline.csv`), its report in `reports/deadline/<folder>/`,
//! given a `harness tt-pressure` run folder, its report in `reports/tt-pressure/<folder>/`, or, given a comparison
//! folder (`compare-<UTC>/`), its `compare.md` as `reports/compare/<folder>/index.md`. Every page comes from
//! its run folder alone, as a [`Section`] put in place by one writer.

use crate::compare::page::{is_compare_folder, page as compare_page};
use crate::exit::Failure;
use crate::experiments::tt_pressure::section::{is_tt_pressure_folder, page as tt_pressure_page};
use crate::record::{Role, check_apart};
use crate::report::{
    COMPARE_SUBFOLDER, DEADLINE_SUBFOLDER, MATCHES_SUBFOLDER, TT_PRESSURE_SUBFOLDER, latest_run,
    render_loaded, replace_folder,
};
use crate::section::Section;
use crate::strength::deadline::section::{is_deadline_folder, render_deadline};
use crate::strength::match_runner::section::{is_match_folder, render_match};
use std::path::{Path, PathBuf};

/// Arguments of `harness report`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The run folder to render (default: the latest complete one under `--results`); a match run folder renders
    /// into `<--out>/matches/<its name>/`, a deadline run folder into `<--out>/deadline/<its name>/`.
    pub results_dir: Option<PathBuf>,
    /// Where run folders live, for the default.
    #[arg(long, default_value = "results-private")]
    pub results: PathBuf,
    /// Output folder for `index.md` and `charts/` (replaced as a whole).
    #[arg(long, default_value = "reports")]
    pub out: PathBuf,
}

/// A run folder that carries a page of their own: how to know one, its subfolder of the main report, its renderer.
type OwnPage = (fn(&Path) -> bool, &'static str, PageRenderer);

/// The run folders with a page of their own, each rendered into its subfolder of the main report.
const OWN_PAGES: [OwnPage; 4] = [
    (is_match_folder, MATCHES_SUBFOLDER, render_match),
    (is_deadline_folder, DEADLINE_SUBFOLDER, render_deadline),
    (
        is_tt_pressure_folder,
        TT_PRESSURE_SUBFOLDER,
        tt_pressure_page,
    ),
    (is_compare_folder, COMPARE_SUBFOLDER, compare_page),
];

/// Runs `harness report`.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    if let Some(dir) = args.results_dir.as_deref() {
        for (is, subfolder, render) in OWN_PAGES {
            if is(dir) {
                return render_own_folder(dir, &args.out, subfolder, render);
            }
        }
    }
    crate::record::check_replaceable_folder("out", &args.out)?;
    // The report replaces its folder whole: it must hold no run folder (nor the folder of runs it reads).
    let (dir, read) = match args.results_dir {
        Some(d) => (d.clone(), ("results_dir", d)),
        None => (
            latest_run(&args.results)?,
            ("results", args.results.clone()),
        ),
    };
    check_apart(&[
        ("out", &args.out, Role::Output),
        (read.0, &read.1, Role::Input),
        ("results_dir", &dir, Role::Input),
    ])?;
    // A folder that is not a complete run, or whose files do not parse, is the user's input: status 2.
    let results = crate::report::RunResults::load(&dir).map_err(|e| Failure::BadInput.tag(e))?;
    render_loaded(&results, &dir, &args.out)?;
    Ok(())
}

/// Renders the page of a run folder (first argument) into a report folder (second; charts go into its `charts/`).
type PageRenderer = fn(&Path, &Path) -> anyhow::Result<Section>;

/// Renders a run folder that carries its own report (a match, a deadline run, a TT-pressure sweep) into
/// `<out>/<subfolder>/<its name>/`, replaced as a whole; the main report keeps that subfolder across its own
/// renders.
fn render_own_folder(
    dir: &Path,
    out: &Path,
    subfolder: &str,
    render: PageRenderer,
) -> anyhow::Result<()> {
    // The folder's own name, also for `.` or `..`: an empty name would replace every report of the subfolder.
    let name = crate::record::output::resolve(dir)
        .file_name()
        .map(|n| n.to_os_string())
        .ok_or_else(|| {
            Failure::BadInput.because(format!(
                "invalid value '{}' for '<RESULTS_DIR>': names no folder",
                dir.display()
            ))
        })?;
    let target = out.join(subfolder).join(name);
    crate::record::check_replaceable_folder("out", &target)?;
    check_apart(&[
        ("out", out, Role::Output),
        ("results_dir", dir, Role::Input),
    ])?;
    let parent = target.parent().unwrap_or(out);
    std::fs::create_dir_all(parent)
        .map_err(|e| Failure::BadInput.because(format!("--out: {}: {e}", parent.display())))?;
    let charts = replace_folder(&target, &[], |tmp| {
        let page = render(dir, tmp)?;
        crate::section::write_page(tmp, &page)?;
        Ok(page.charts)
    })?;
    crate::outln!(
        "report: {} ({} chart files) from {}",
        target.join("index.md").display(),
        charts.len(),
        dir.display()
    );
    Ok(())
}
