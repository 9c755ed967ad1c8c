//! The `alloc_profile` binary: dhat heap profiles of the main job's operation per scenario x cache variant x
//! evaluator x traversal, one child process each. A binary of its own because the profiling global allocator must
//! never be in the timed binary; a downstream crate makes its own with [`crate::alloc_profile_main!`] (its
//! `src/bin/alloc_profile.rs`), so the profiles run its evaluators' code too.
//!
//! `alloc_profile --run-folder DIR` profiles every arm and writes `DIR/allocations.csv` and
//! `DIR/dhat/<scenario>-<variant>-<evaluator>-<traversal>.json` (open them with valgrind's `dh_view.html`).

use super::{ArmAllocation, parse_child_line, profile_operation};
use crate::arm::ArmId;
use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::operation::Arm;
use crate::record::schema::write_tidy;
use crate::record::{AllocationRow, Metric, Provenance, write_atomic};
use crate::scenario::load_dir;
use crate::scenario::{Family, families};
use crate::values::{List, evaluators};
use anyhow::{Context, Result, bail};
use clap::Parser;
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::Command;

/// Allocation profiles of the main job's operation (dhat, one child process per arm).
#[derive(Parser, Debug)]
#[command(name = "alloc_profile")]
struct Args {
    /// Run folder that receives `allocations.csv` and `dhat/*.json`.
    #[arg(long)]
    run_folder: PathBuf,
    /// Folder holding the frozen scenario files.
    #[arg(long, default_value = "scenarios")]
    scenarios_dir: PathBuf,
    /// Only these scenario families (comma-separated).
    #[arg(long, value_delimiter = ',')]
    scenario: Vec<String>,
    /// Only these cache variants (comma-separated).
    #[arg(long, value_delimiter = ',')]
    cache: Vec<CacheKind>,
    /// Only these traversal-cache modes (comma-separated): on,off.
    #[arg(long, value_delimiter = ',')]
    traversal: Vec<Traversal>,
    /// The evaluators (comma-separated, any name `--eval` takes): the first with every cache variant, the others
    /// with no cache and the optimized cache (`constant` is left out: it allocates nothing of its own).
    #[arg(long, value_parser = evaluators, default_value = "material")]
    eval: List<EvaluatorKind>,
    /// Internal: profile this one arm `scenario,variant,evaluator,traversal` and print one line.
    #[arg(long, hide = true)]
    child: Option<String>,
}

/// The `main` of an `alloc_profile` binary whose process has dhat's global allocator installed
/// ([`crate::alloc_profile_main!`] installs it): `registry`'s evaluators are installed first, as
/// [`crate::main_with`] installs them, so `--eval` and every child take their names.
pub fn main_with(registry: crate::registry::Registry) -> Result<(), Failure> {
    registry.install();
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.exit_code() == 0 {
                Ok(())
            } else {
                Err(Failure::BadInput)
            };
        }
    };
    let outcome = match &args.child {
        Some(spec) => child(&args, spec),
        None => parent(&args),
    };
    outcome.map_err(|e| {
        eprintln!("alloc_profile: error: {e:#}");
        Failure::of(&e)
    })
}

/// The arms profiled, in order: every family x (the first evaluator with every cache variant, each other one
/// (not `constant`) with no cache and the optimized cache) x traversal.
fn arms(args: &Args, fams: &[Family]) -> Vec<(Family, Arm)> {
    let caches = if args.cache.is_empty() {
        CacheKind::ALL.to_vec()
    } else {
        args.cache.clone()
    };
    let traversals = if args.traversal.is_empty() {
        vec![Traversal::Plain, Traversal::Cached]
    } else {
        args.traversal.clone()
    };
    let mut per_family: Vec<(CacheKind, EvaluatorKind)> = Vec::new();
    if let Some((&first, rest)) = args.eval.split_first() {
        per_family.extend(caches.iter().map(|&c| (c, first)));
        for &e in rest.iter().filter(|&&e| e != EvaluatorKind::Constant) {
            per_family.extend([CacheKind::None, CacheKind::Optimized].map(|c| (c, e)));
        }
    }
    let mut out = Vec::new();
    for &fam in fams {
        for &(cache, eval) in &per_family {
            for &traversal in &traversals {
                out.push((
                    fam,
                    Arm {
                        cache,
                        eval,
                        traversal,
                    },
                ));
            }
        }
    }
    out
}

/// Profiles one arm: setup (loading, boxing the operation) is outside the window.
fn child(args: &Args, spec: &str) -> Result<()> {
    let parts: Vec<&str> = spec.split(',').collect();
    let [scenario, variant, eval, traversal] = parts[..] else {
        bail!("--child expects scenario,variant,evaluator,traversal, got `{spec}`");
    };
    let fams = families(&[scenario.to_owned()])?;
    let cache: CacheKind = variant.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
    let eval: EvaluatorKind = eval.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
    let traversal: Traversal = traversal.parse()?;
    let scns = load_dir(&args.scenarios_dir, &fams)?;
    let scn = scns.first().context("no scenario loaded")?;
    let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
    let arm = Arm {
        cache,
        eval,
        traversal,
    };
    let json = args.run_folder.join("dhat").join(format!(
        "{scenario}-{}.json",
        ArmId::Expansion(arm).file_stem()
    ));
    let profiler = dhat::Profiler::builder().file_name(&json).build();
    let a = profile_operation(&states, scn.depth, arm);
    println!("{}", a.to_line());
    drop(profiler);
    Ok(())
}

fn parent(args: &Args) -> Result<()> {
    let fams = families(&args.scenario)?;
    if !args.run_folder.is_dir() {
        bail!("{}: run folder does not exist", args.run_folder.display());
    }
    // The run's own provenance: collecting it again here could disagree with the run's other files (the work
    // tree may have changed since the run started, for example by the eviction report).
    let meta_path = args.run_folder.join("metadata.txt");
    let text = std::fs::read_to_string(&meta_path)
        .with_context(|| format!("{}: cannot read", meta_path.display()))?;
    let provenance = Provenance::from_metadata(&text)
        .map_err(|key| anyhow::anyhow!("{}: no readable `{key}`", meta_path.display()))?;
    let dhat_dir = args.run_folder.join("dhat");
    std::fs::create_dir_all(&dhat_dir)
        .with_context(|| format!("{}: cannot create", dhat_dir.display()))?;
    let exe = std::env::current_exe().context("cannot locate the alloc_profile executable")?;
    let arms = arms(args, &fams);
    // One child per arm, on every core at once: each child's heap figures are its own process's counts, so
    // running them side by side changes none of them. Results come back in arm order (rayon's indexed collect).
    let profiled: Vec<Result<ArmAllocation>> = arms
        .par_iter()
        .map(|&(fam, arm)| {
            let spec = format!(
                "{},{},{},{}",
                fam.name(),
                arm.cache.name(),
                arm.eval,
                arm.traversal.name()
            );
            let out = crate::children::output(
                Command::new(&exe)
                    .arg("--run-folder")
                    .arg(&args.run_folder)
                    .arg("--scenarios-dir")
                    .arg(&args.scenarios_dir)
                    .arg("--child")
                    .arg(&spec),
            )
            .with_context(|| format!("cannot start the profile child for {spec}"))?;
            let stdout = String::from_utf8_lossy(&out.stdout);
            if !out.status.success() {
                bail!(
                    "profile child for {spec} failed ({}): {}",
                    out.status,
                    String::from_utf8_lossy(&out.stderr).trim()
                );
            }
            let line = stdout
                .lines()
                .find(|l| l.starts_with("alloc "))
                .with_context(|| format!("profile child for {spec} printed no result"))?;
            parse_child_line(line)
        })
        .collect();
    let mut rows = Vec::new();
    for (&(fam, arm), a) in arms.iter().zip(profiled) {
        let a = a?;
        println!(
            "alloc {}: {} blocks ({:.1} per op), {} bytes, peak {} bytes",
            arm.key(fam.name()),
            a.total_blocks,
            a.blocks_per_op(),
            a.total_bytes,
            a.peak_live_bytes
        );
        let values = [
            a.successors as f64,
            a.total_blocks as f64,
            a.total_bytes as f64,
            a.peak_live_bytes as f64,
            a.blocks_per_op(),
            a.bytes_per_op(),
        ];
        rows.extend(AllocationRow::rows(
            &arm.key(fam.name()),
            Metric::ALLOCATION.into_iter().zip(values),
        ));
    }
    let path = args.run_folder.join("allocations.csv");
    write_atomic(&path, &write_tidy(&rows, &provenance, &path)?)?;
    println!("allocations: {}", path.display());
    Ok(())
}

/// The whole `src/bin/alloc_profile.rs` of a binary crate: dhat's global allocator (in this binary only: the timed
/// one keeps the system allocator) and a `main` that profiles the named evaluators, built-in and yours. The main
/// job runs the `alloc_profile` next to its own executable, so a downstream crate that has this file has its
/// evaluators' allocations profiled too:
///
/// ```no_run
/// use engine::eval::Evaluator;
/// use engine::{Color, GameState};
/// struct Mine;
/// impl Evaluator for Mine {
///     fn name(&self) -> &str { "mine" }
///     fn evaluate(&self, s: &GameState, c: Color) -> i32 { engine::evaluate_material(s, c) }
/// }
/// harness::alloc_profile_main!(Mine);
/// ```
#[macro_export]
macro_rules! alloc_profile_main {
    ($($evaluator:expr),* $(,)?) => {
        #[global_allocator]
        static ALLOC: $crate::dhat::Alloc = $crate::dhat::Alloc;

        fn main() -> ::std::process::ExitCode {
            $crate::exit_code($crate::alloc_profile_main_with(
                $crate::Registry::new()$(.with($evaluator))*,
            ))
        }
    };
}
