//! The main job (`cargo run --release`): its arguments; the stages are in [`crate::job`].

use crate::job::{Job, timing_plan};
use crate::run::Evaluator;
use crate::scenario::families;
use crate::selection::{parse_eval, parse_traversal};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of the main job.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// A shorter run (about a minute): fewer rounds, shorter samples.
    #[arg(long)]
    pub quick: bool,
    /// Only these scenario families (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub scenario: Vec<String>,
    /// Only these cache variants (comma-separated): none,tuple,hashbrown,fx,optimized.
    #[arg(long, value_delimiter = ',')]
    pub cache: Vec<CacheKind>,
    /// Only these evaluators (comma-separated): material,constant,aggressive.
    #[arg(long, value_delimiter = ',', value_parser = parse_eval)]
    pub eval: Vec<Evaluator>,
    /// Only these traversal-cache modes (comma-separated): on,off.
    #[arg(long, value_delimiter = ',', value_parser = parse_traversal)]
    pub traversal: Vec<Traversal>,
    /// Folder holding the frozen scenario files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
    /// Where the run folder `<UTC timestamp>/` is created (written as `<UTC timestamp>.partial/` until complete).
    #[arg(long, default_value = "results-private")]
    pub out: PathBuf,
    /// Skip the catalogue-eviction experiment (it runs after the timings; 3 seeds with --quick, else 10).
    #[arg(long)]
    pub skip_eviction: bool,
    /// Skip the callgrind instruction counts and the dhat allocation profiles (both run child processes).
    #[arg(long)]
    pub skip_profiles: bool,
    /// Where the plotted report goes (`index.md`, `charts/`, `eviction/`).
    #[arg(long, default_value = "reports")]
    pub report_dir: PathBuf,
    /// Seed of the timing order shuffle (printed and recorded).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl Args {
    /// The job these arguments describe (an empty filter means everything).
    pub fn job(&self) -> anyhow::Result<Job> {
        let or_all = |given: &[CacheKind]| {
            if given.is_empty() {
                CacheKind::ALL.to_vec()
            } else {
                given.to_vec()
            }
        };
        Ok(Job {
            families: families(&self.scenario)?,
            caches: or_all(&self.cache),
            evaluators: if self.eval.is_empty() {
                Evaluator::ALL.to_vec()
            } else {
                self.eval.clone()
            },
            traversals: if self.traversal.is_empty() {
                vec![Traversal::Plain, Traversal::Cached]
            } else {
                self.traversal.clone()
            },
            plan: timing_plan(self.quick, self.seed),
            quick: self.quick,
            scenarios_dir: self.scenarios_dir.clone(),
            out: self.out.clone(),
            report_dir: self.report_dir.clone(),
            skip_eviction: self.skip_eviction,
            skip_profiles: self.skip_profiles,
            seed: self.seed,
            start_time: None,
        })
    }
}

/// Runs the main job.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    crate::job::run(&args.job()?)
}
