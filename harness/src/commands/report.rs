//! `harness report [RESULTS_DIR]`: render `reports/index.md` and its charts from a run folder.

use crate::report::{latest_run, render_run};
use std::path::PathBuf;

/// Arguments of `harness report`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder to render (default: the latest complete one under `--results`).
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
    crate::record::check_replaceable_folder("out", &args.out)?;
    let dir = match args.results_dir {
        Some(d) => d,
        None => latest_run(&args.results)?,
    };
    crate::record::check_holds_not("out", &args.out, "results", &dir)?;
    render_run(&dir, &args.out)?;
    Ok(())
}
