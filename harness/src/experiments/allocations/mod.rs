//! The allocation experiment: dhat heap profiles of one expansion operation per arm, in a separate binary
//! (`allocations.csv`): the `alloc_profile` next to the running executable ([`binary`]), which a downstream crate
//! builds from its own evaluators with [`crate::alloc_profile_main!`].

use super::{Experiment, MainRun};

pub mod arm_report;
pub mod binary;
pub mod profile;
pub mod section;

pub use arm_report::{ArmAllocation, parse_child_line};
pub use profile::profile_operation;

/// Runs the `alloc_profile` binary (next to the current executable; built with `$CARGO` first when `cargo run`
/// started us and it is missing) on a run folder, whose `metadata.txt` gives the rows' provenance. Returns a
/// status line; failures are reported, not fatal.
pub(crate) fn run_alloc_profile(
    run_folder: &std::path::Path,
    scenarios_dir: &std::path::Path,
    families: &[&str],
    evaluators: &[crate::evaluators::EvaluatorKind],
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
    let status = Command::new(&bin)
        .arg("--run-folder")
        .arg(run_folder)
        .arg("--scenarios-dir")
        .arg(scenarios_dir)
        .arg("--scenario")
        .arg(families.join(","))
        .arg("--eval")
        .arg(names.join(","))
        .stdout(std::process::Stdio::null())
        .status();
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
    fn name(&self) -> &'static str {
        "allocations"
    }
    fn about(&self) -> &'static str {
        "dhat allocation profiles per family x cache variant (allocations.csv; a child process)"
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let note = super::instructions::allocations(run.scenarios, run.job, run.folder);
        crate::status!("{note}");
        Ok(())
    }
    fn section(
        &self,
        ctx: &crate::section::SectionContext<'_>,
    ) -> anyhow::Result<Option<crate::section::Section>> {
        section::section(ctx).map(Some)
    }
}
