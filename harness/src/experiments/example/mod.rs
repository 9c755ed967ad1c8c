//! A small experiment that exists only in test builds, added the way every experiment is added: this folder and
//! one line in [`super::MAIN_JOB`]. Its test (in `commands/main_job.rs`, which runs the main job) shows that the line alone puts it in `--skip`, the stage list,
//! `summary.json` and the report.

use super::{Experiment, MainRun};
use crate::section::{Section, SectionContext};

/// The file it writes into the run folder.
pub(crate) const FILE: &str = "example.txt";

/// Counts the verified successors of the run (deterministic, so it runs beside the timings).
pub(crate) struct Example;

impl Experiment for Example {
    fn name(&self) -> &'static str {
        "example"
    }
    fn about(&self) -> &'static str {
        "test builds only: the run's successors, counted (example.txt)"
    }
    fn measures_time(&self) -> bool {
        false
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let successors: usize = run.scenarios.iter().map(|s| s.successors.len()).sum();
        run.folder.write(FILE, successors.to_string().as_bytes())?;
        run.headline("example", &serde_json::json!({ "successors": successors }))
    }
    fn section(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Option<Section>> {
        let Ok(text) = std::fs::read_to_string(ctx.dir.join(FILE)) else {
            return Ok(None);
        };
        Ok(Some(Section {
            markdown: format!(
                "\n## Example\n\nThe run verified {} successors.\n",
                text.trim()
            ),
            ..Section::default()
        }))
    }
}
