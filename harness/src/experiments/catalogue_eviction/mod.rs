//! The catalogue-eviction experiment as part of the main job: its CSVs go into the run folder, its report into
//! `<report-dir>/eviction/`. The experiment itself (stream, policies, replay, findings) is `crate::eviction`.

mod run;

pub use run::{export_traces, run_eviction};

use super::{Experiment, MainRun};

/// The catalogue-eviction experiment (see the module docs).
pub struct CatalogueEviction;

impl Experiment for CatalogueEviction {
    fn name(&self) -> &'static str {
        "catalogue_eviction"
    }
    fn about(&self) -> &'static str {
        "Domineering catalogue under a memory budget, eviction rules compared (3 seeds with --quick, else 10)"
    }
    fn legacy_skip_flag(&self) -> Option<&'static str> {
        Some("--skip-eviction")
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        run_eviction(run.job, run.folder)
    }
}
