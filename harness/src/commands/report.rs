//! `harness report [RESULTS_DIR]`: render `reports/index.md` and its charts from a run folder, or, given a match
//! run folder (`match-<UTC>/` with `match.json`), that match's own report in `reports/matches/<folder>/`, or, given
//! a deadline run folder (`deadline-<UTC>/` with `deadline.csv`), its report in `reports/deadline/<folder>/`.

use crate::exit::Failure;
use crate::record::{Role, check_apart};
use crate::report::{latest_run, render_loaded, replace_folder};
use crate::strength::deadline::section::{is_deadline_folder, render_deadline};
use crate::strength::match_runner::section::{is_match_folder, render_match};
use std::path::{Path, PathBuf};

/// Arguments of `harness report`.
#[derive(clap::Args, Debug)]
pub struct Args {
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

/// Runs `harness report`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(dir) = args.results_dir.as_deref().filter(|d| is_match_folder(d)) {
        return render_own_folder(
            dir,
            &args.out,
            crate::report::MATCHES_SUBFOLDER,
            render_match,
        );
    }
    if let Some(dir) = args
        .results_dir
        .as_deref()
        .filter(|d| is_deadline_folder(d))
    {
        return render_own_folder(
            dir,
            &args.out,
            crate::report::DEADLINE_SUBFOLDER,
            render_deadline,
        );
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

/// Renders a run folder that carries its own report (a match, a deadline run) into `<out>/<subfolder>/<its
/// name>/`, replaced as a whole; the main report keeps that subfolder across its own renders.
fn render_own_folder(
    dir: &Path,
    out: &Path,
    subfolder: &str,
    render: fn(&Path, &Path) -> anyhow::Result<Vec<PathBuf>>,
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
    let charts = replace_folder(&target, &[], |tmp| render(dir, tmp))?;
    crate::outln!(
        "report: {} ({} chart files) from {}",
        target.join("index.md").display(),
        charts.len(),
        dir.display()
    );
    Ok(())
}
