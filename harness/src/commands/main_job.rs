//! The main job (`cargo run --release`): its arguments; the experiments are [`crate::experiments::MAIN_JOB`].

use crate::evaluators::EvaluatorKind;
use crate::experiments::Skipped;
use crate::experiments::{Job, Race, sample_ms, timing_schedule};
use crate::scenario::Family;
use crate::values::{List, evaluators, families, list};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::PathBuf;

/// Arguments of the main job.
#[derive(clap::Args, Debug, Default)]
pub(crate) struct Args {
    /// A shorter run: the default evaluator (material) with the traversal cache on only, unless --eval or
    /// --traversal name others; no cache timed against the optimized cache only, unless --cache names others;
    /// fewer rounds, shorter samples, smaller runs of the other stages.
    #[arg(long)]
    pub quick: bool,
    /// Run the experiments one after another, each with the machine to itself. By default the ones that count
    /// (instructions, tt_pressure, catalogue_eviction, allocations) run on the other cores beside the ones that
    /// time (expansion, search, break_even, bounded_cache), which keep one core to themselves: a shorter run, whose
    /// timings share the memory system with that work (docs/usage.md measures what that changes).
    #[arg(long)]
    pub one_at_a_time: bool,
    /// Only these scenario families (comma-separated, each once: shipped ones or a user's frozen with `scenarios
    /// freeze --from`); `all` is every family file of `--scenarios-dir`.
    #[arg(long, value_parser = families, default_value = Family::EVERY)]
    pub scenario: List<Family>,
    /// Only these cache variants (comma-separated, each once): none,tuple,hashbrown,fx,optimized. Default: all
    /// five, every one counted and checked; the five are timed with the traversal cache on, no cache and optimized
    /// also with it off; with --quick, no cache and optimized only are timed. A named list is timed whole.
    #[arg(long, value_parser = list::<CacheKind>)]
    pub cache: Option<List<CacheKind>>,
    /// Only these evaluators (comma-separated, each once): material, constant, aggressive, counter, mobility,
    /// network, work:N (N a power of two). Default: material,constant,aggressive; with --quick, material.
    #[arg(long, value_parser = evaluators)]
    pub eval: Option<List<EvaluatorKind>>,
    /// Only these traversal-cache modes (comma-separated, each once): on,off. Default: off,on; with --quick, on.
    #[arg(long, value_parser = list::<Traversal>)]
    pub traversal: Option<List<Traversal>>,
    /// Folder holding the frozen scenario files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
    /// Where the run folder `<UTC timestamp>/` is created (written as `<UTC timestamp>.partial/` until complete).
    #[arg(long, default_value = "results-private")]
    pub out: PathBuf,
    /// Experiments not to run, comma-separated (see the stage list below): instructions, search, break_even,
    /// bounded_cache, tt_pressure, catalogue_eviction, allocations.
    #[arg(long, value_parser = crate::experiments::parse_skip, default_value = "")]
    pub skip: Skipped,
    /// Where the plotted report goes (`index.md`, `charts/`, `eviction/`).
    #[arg(long, default_value = "reports")]
    pub report_dir: PathBuf,
    /// Seed of the timing order shuffle (printed and recorded).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the dice-chess evaluation-lookup traces of the chosen families into this folder (libCacheSim CSV,
    /// four per family: expansion with the traversal cache off and on, Star2 search with and without a TT).
    #[arg(long)]
    pub trace_out: Option<PathBuf>,
}

impl Args {
    /// The job these arguments describe (an empty filter means everything).
    pub(crate) fn job(&self) -> anyhow::Result<Job> {
        // The short run times the headline setting only (every family x cache variant): 6 settings instead of 36,
        // each with a full interval, rather than 36 settings with too few rounds for any verdict. What the command
        // line names is taken as named, defaults included.
        let evaluators = match &self.eval {
            Some(named) if !named.is_empty() => named.clone(),
            _ if self.quick => vec![EvaluatorKind::Material],
            _ => EvaluatorKind::MAIN_JOB.to_vec(),
        };
        let traversals = match &self.traversal {
            Some(named) if !named.is_empty() => named.clone(),
            _ if self.quick => vec![Traversal::Cached],
            _ => Traversal::ALL.to_vec(),
        };
        // The race between the implementations is timed in one traversal setting unless a `--cache` list is named
        // (see [`Race`]); `--quick` times no cache against the optimized cache only.
        let (caches, race) = match &self.cache {
            Some(named) if !named.is_empty() => (named.clone(), Race::Everywhere),
            _ if self.quick => (CacheKind::ALL.to_vec(), Race::Nowhere),
            _ => (CacheKind::ALL.to_vec(), Race::default_for(&traversals)),
        };
        Ok(Job {
            families: crate::scenario::select(&self.scenarios_dir, &self.scenario)?,
            caches,
            race,
            evaluators,
            traversals,
            plan: crate::operation::evaluator_cost::Plan::of_run(self.quick, self.seed),
            // One stream per core: beside the counting lane the extra ones wait for it to be done.
            schedule: timing_schedule(self.quick, crate::parallel::cores()),
            sample_ms: sample_ms(self.quick),
            timing_exe: std::env::current_exe()
                .ok()
                .filter(|exe| crate::compare::interleaved::has_round_child(exe)),
            quick: self.quick,
            overlap: !self.one_at_a_time,
            scenarios_dir: self.scenarios_dir.clone(),
            out: self.out.clone(),
            report_dir: self.report_dir.clone(),
            skip: self.skipped(),
            seed: self.seed,
            trace_out: self.trace_out.clone(),
            start_time: None,
        })
    }
}

impl Args {
    /// `--skip` (with its aliases, added by [`crate::cli::parse`]), each experiment once, in [`crate::experiments::MAIN_JOB`] order.
    fn skipped(&self) -> Vec<&'static str> {
        let names = &self.skip.0;
        crate::experiments::MAIN_JOB
            .iter()
            .map(|e| e.name())
            .filter(|n| names.contains(n))
            .collect()
    }
}

/// Runs the main job.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    crate::job::run(&args.job()?)
}

#[cfg(test)]
mod docs_results_tests;
#[cfg(test)]
mod run_tests;
/// The example experiment of test builds (`experiments/example`): one line in the main job puts it everywhere.
#[cfg(test)]
mod example_experiment {
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
        let successors =
            std::fs::read_to_string(run.join(crate::experiments::example::FILE)).unwrap();
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
        assert!(!run.join(crate::experiments::example::FILE).exists());
        let report = std::fs::read_to_string(tmp.path().join("report/index.md")).unwrap();
        assert!(!report.contains("## Example"));
    }
}
