//! `harness report [RESULTS_DIR]`: render `reports/index.md` and its charts from a run folder, or, given a match
//! run folder (`match-<UTC>/` with `match.json`), that match's own report in `reports/matches/<folder>/`.

use crate::exit::Failure;
use crate::experiments::match_runner::section::{is_match_folder, render_match};
use crate::report::{latest_run, render_run, replace_folder};
use std::path::PathBuf;

/// Arguments of `harness report`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The run folder to render (default: the latest complete one under `--results`); a match run folder renders
    /// into `<--out>/matches/<its name>/`.
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
        let name = dir
            .file_name()
            .map(|n| n.to_os_string())
            .unwrap_or_default();
        let out = args.out.join(crate::report::MATCHES_SUBFOLDER).join(name);
        crate::record::check_replaceable_folder("out", &out)?;
        let parent = out.parent().unwrap_or(&args.out);
        std::fs::create_dir_all(parent)
            .map_err(|e| Failure::BadInput.because(format!("--out: {}: {e}", parent.display())))?;
        let charts = replace_folder(&out, &[], |tmp| render_match(dir, tmp))?;
        crate::outln!(
            "report: {} ({} chart files) from {}",
            out.join("index.md").display(),
            charts.len(),
            dir.display()
        );
        return Ok(());
    }
    crate::record::check_replaceable_folder("out", &args.out)?;
    let dir = match args.results_dir {
        Some(d) => d,
        None => latest_run(&args.results)?,
    };
    crate::record::check_holds_not("out", &args.out, "results", &dir)?;
    render_run(&dir, &args.out)?;
    Ok(())
}
