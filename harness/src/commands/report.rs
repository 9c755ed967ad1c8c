//! `harness report [RESULTS_DIR]`: render `reports/index.md` and its charts from a run folder.

use crate::report::{RunResults, latest_run, render};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `harness report`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder to render (default: the latest under `--results`).
    pub results_dir: Option<PathBuf>,
    /// Where run folders live, for the default.
    #[arg(long, default_value = "results-private")]
    pub results: PathBuf,
    /// Output folder for `index.md` and `charts/`.
    #[arg(long, default_value = "reports")]
    pub out: PathBuf,
}

/// Renders a run folder into `out` and prints what was written.
pub fn render_run(dir: &Path, out: &Path) -> anyhow::Result<()> {
    let results = RunResults::load(dir)?;
    let done = render(&results, out)?;
    println!(
        "report: {} ({} chart files) from {}",
        done.index.display(),
        done.charts.len(),
        dir.display()
    );
    Ok(())
}

/// Runs `harness report`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let dir = match args.results_dir {
        Some(d) => d,
        None => latest_run(&args.results)?,
    };
    render_run(&dir, &args.out)?;
    Ok(ExitCode::SUCCESS)
}
