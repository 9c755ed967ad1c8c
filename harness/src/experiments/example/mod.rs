//! A small experiment that exists only in test builds, added the way every experiment is added: this folder and
//! one line in [`super::MAIN_JOB`]. Its test shows that the line alone puts it in `--skip`, the stage list,
//! `summary.json` and the report.

use super::{Experiment, MainRun};
use crate::section::{Section, SectionContext};

/// The file it writes into the run folder.
const FILE: &str = "example.txt";

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

#[cfg(test)]
mod tests {
    use crate::commands::main_job::Args;
    use crate::experiments::Skipped;
    use crate::scenario::Family;

    /// A quick main job on the smallest family with every optional experiment but `example` skipped (or `example`
    /// too); its run folder and report folder.
    fn main_job(skip_example: bool) -> (tempfile::TempDir, std::path::PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let skip: Vec<&'static str> = crate::experiments::MAIN_JOB[1..]
            .iter()
            .map(|e| e.name())
            .filter(|n| skip_example || *n != "example")
            .collect();
        let args = Args {
            quick: true,
            scenario: vec![Family::Sparse],
            eval: Some(vec![crate::evaluators::EvaluatorKind::Material]),
            traversal: Some(vec![engine::chance::Traversal::Cached]),
            scenarios_dir: concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios").into(),
            out: tmp.path().join("results"),
            report_dir: tmp.path().join("report"),
            seed: 5,
            skip: Skipped(skip),
            ..Default::default()
        };
        crate::commands::main_job::run(args).unwrap();
        let run = std::fs::read_dir(tmp.path().join("results"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.join("summary.json").is_file())
            .unwrap();
        (tmp, run)
    }

    #[test]
    fn one_line_in_the_main_job_puts_an_experiment_in_skip_the_summary_and_the_report() {
        assert!(crate::experiments::skippable_names().contains("example"));
        assert!(crate::experiments::stage_list().contains("example"));
        assert_eq!(
            crate::experiments::parse_skip("example").unwrap().0,
            ["example"]
        );
        let (tmp, run) = main_job(false);
        let successors = std::fs::read_to_string(run.join(super::FILE)).unwrap();
        let summary: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(run.join("summary.json")).unwrap())
                .unwrap();
        assert_eq!(
            summary["example"]["successors"].to_string(),
            successors.trim()
        );
        let report = std::fs::read_to_string(tmp.path().join("report/index.md")).unwrap();
        assert!(
            report.contains(&format!(
                "The run verified {} successors.",
                successors.trim()
            )),
            "{report}"
        );
        // Skipped, it leaves nothing behind.
        let (tmp, run) = main_job(true);
        assert!(!run.join(super::FILE).exists());
        let report = std::fs::read_to_string(tmp.path().join("report/index.md")).unwrap();
        assert!(!report.contains("## Example"));
    }
}
