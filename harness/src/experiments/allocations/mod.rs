//! The allocation experiment: dhat heap profiles of one expansion operation per arm, in a separate binary
//! (`allocations.csv`): the `alloc_profile` next to the running executable ([`binary`]), which a downstream crate
//! builds from its own evaluators with [`crate::alloc_profile_main!`].

use super::{Experiment, MainRun};
use crate::section::{Section, SectionContext};
use engine::chance::Traversal;
use engine::memo::CacheKind;

pub(crate) mod arm_report;
pub(crate) mod binary;
pub(crate) mod profile;
pub(crate) mod section;

pub(crate) use arm_report::{ArmAllocation, parse_child_line};
pub use profile::profile_operation;

/// The cache variants a `--quick` run profiles: those the report's Allocations section reads beyond the table
/// (the chart's baseline `none`, the tuple-key map and the optimized cache of its sentence, the growth check's
/// `optimized` and `none`). A full run profiles every variant.
pub(crate) const QUICK_CACHES: [CacheKind; 3] =
    [CacheKind::None, CacheKind::Tuple, CacheKind::Optimized];

/// Runs the `alloc_profile` binary (next to the current executable; built with `$CARGO` first when `cargo run`
/// started us and it is missing) on a run folder, whose `metadata.txt` gives the rows' provenance, for the cache
/// variants `caches` and traversal settings `traversals` (empty: every one). Returns a status line; failures are
/// reported, not fatal.
pub(crate) fn run_alloc_profile_of(
    run_folder: &std::path::Path,
    scenarios_dir: &std::path::Path,
    families: &[&str],
    evaluators: &[crate::evaluators::EvaluatorKind],
    caches: &[CacheKind],
    traversals: &[Traversal],
) -> String {
    use std::process::Command;
    let Ok(exe) = std::env::current_exe() else {
        return "allocations: cannot locate the current executable".into();
    };
    let bin = exe.with_file_name(format!("alloc_profile{}", std::env::consts::EXE_SUFFIX));
    if !bin.is_file()
        && let Ok(cargo) = std::env::var("CARGO")
    {
        let release = exe
            .parent()
            .and_then(|p| p.file_name())
            .is_some_and(|n| n == "release");
        // `cargo run` names the package it ran (a downstream crate's own `alloc_profile` knows its evaluators).
        let package = std::env::var("CARGO_PKG_NAME").unwrap_or_else(|_| "harness".into());
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "-p", &package, "--bin", "alloc_profile"]);
        if release {
            cmd.arg("--release");
        }
        let _ = cmd.status();
    }
    if !bin.is_file() {
        return format!(
            "allocations: not measured ({} is missing; `cargo build --release --bin alloc_profile`, or for your \
             own evaluators the `alloc_profile` of docs/your-evaluator.md)",
            bin.display()
        );
    }
    // The report's evaluator first: `alloc_profile` profiles its first with every variant.
    let first = crate::experiments::job::report_evaluator(evaluators);
    let mut evaluators = evaluators.to_vec();
    evaluators.retain(|&e| e != first);
    evaluators.insert(0, first);
    let names: Vec<String> = evaluators.iter().map(|e| e.to_string()).collect();
    let mut cmd = Command::new(&bin);
    cmd.arg("--run-folder")
        .arg(run_folder)
        .arg("--scenarios-dir")
        .arg(scenarios_dir)
        .arg("--scenario")
        .arg(families.join(","))
        .arg("--eval")
        .arg(names.join(","));
    if !caches.is_empty() {
        let list: Vec<&str> = caches.iter().map(|c| c.name()).collect();
        cmd.arg("--cache").arg(list.join(","));
    }
    if !traversals.is_empty() {
        let list: Vec<&str> = traversals.iter().map(|t| t.name()).collect();
        cmd.arg("--traversal").arg(list.join(","));
    }
    // Its children run on as many cores as this thread holds or can take now (one beside the main job's timings,
    // which keep another to themselves; every core otherwise), through the child's rayon pool.
    let held = usize::from(crate::parallel::holds_core());
    let more: Vec<crate::parallel::Core> =
        std::iter::from_fn(crate::parallel::try_take_core).collect();
    cmd.env("RAYON_NUM_THREADS", (held + more.len()).max(1).to_string());
    let status = crate::children::status(cmd.stdout(std::process::Stdio::null()));
    drop(more);
    match status {
        Ok(s) if s.success() => format!(
            "allocations: {}",
            run_folder.join("allocations.csv").display()
        ),
        Ok(s) => format!(
            "allocations: {} failed ({s}); a binary of your own needs its own `alloc_profile` \
             (docs/your-evaluator.md)",
            bin.display()
        ),
        Err(e) => format!("allocations: cannot run {}: {e}", bin.display()),
    }
}

/// The allocation experiment (see the module docs).
pub(crate) struct Allocations;

impl Experiment for Allocations {
    fn runs_children(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "allocations"
    }
    fn measures_time(&self) -> bool {
        false
    }
    fn about(&self) -> &'static str {
        "dhat allocation profiles per family x cache variant (allocations.csv; a child process)"
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let start = std::time::Instant::now();
        let progress = crate::progress::Progress::working("allocations");
        progress.set_message("dhat children on every core");
        let job = run.job;
        // Only the setting the report shows: its evaluator ([`crate::experiments::job::report_evaluator`]) with the
        // traversal cache on when selected (else the first selected setting), as its timings tables do; the other
        // evaluators and settings would add profiles no section reads (84 children instead of 30 in a default run).
        // A `--quick` run also profiles only the variants the section reads beyond its table ([`QUICK_CACHES`]),
        // and the section says which it left out; a full run profiles every variant (empty list), whatever
        // `--cache` selected.
        let caches: Vec<CacheKind> = if job.quick {
            QUICK_CACHES.to_vec()
        } else {
            Vec::new()
        };
        let families: Vec<&str> = run.scenarios.iter().map(|s| s.family.name()).collect();
        let note = run_alloc_profile_of(
            run.folder.path(),
            &job.scenarios_dir,
            &families,
            &[crate::experiments::job::report_evaluator(&job.evaluators)],
            &caches,
            &[crate::experiments::job::report_traversal(&job.traversals)],
        );
        progress.clear();
        crate::status!("{note} ({:.1} s)", start.elapsed().as_secs_f64());
        Ok(())
    }
    fn section(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Option<Section>> {
        section::section(ctx).map(Some)
    }
}
