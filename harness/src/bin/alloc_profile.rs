//! `alloc_profile`: dhat heap profiles of the main job's operation per scenario x cache variant x traversal.
//! A binary of its own because the profiling global allocator must never be in the timed `harness` binary.
//!
//! `alloc_profile --run-folder DIR` profiles every arm, one child process each, and writes `DIR/allocations.csv`
//! and `DIR/dhat/<scenario>-<variant>-<traversal>.json` (open them with valgrind's `dh_view.html`).

use anyhow::{Context, Result, bail};
use clap::Parser;
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use harness::evaluators::EvaluatorKind;
use harness::experiments::allocations::{ArmAllocation, parse_child_line, profile_operation};
use harness::experiments::expansion::operation::Arm;
use harness::record::schema::write_tidy;
use harness::record::{AllocationRow, Metric, Provenance, write_atomic};
use harness::scenario::load_dir;
use harness::scenario::{Family, families};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// Allocation profiles of the main job's operation (dhat, one child process per arm).
#[derive(Parser, Debug)]
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
    /// Internal: profile this one arm `scenario,variant,traversal` and print one line.
    #[arg(long, hide = true)]
    child: Option<String>,
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("alloc_profile: error: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(args: Args) -> Result<()> {
    match &args.child {
        Some(spec) => child(&args, spec),
        None => parent(&args),
    }
}

/// Profiles one arm with the material evaluator: setup (loading, boxing the operation) is outside the window.
fn child(args: &Args, spec: &str) -> Result<()> {
    let parts: Vec<&str> = spec.split(',').collect();
    let [scenario, variant, traversal] = parts[..] else {
        bail!("--child expects scenario,variant,traversal, got `{spec}`");
    };
    let fams = families(&[scenario.to_owned()])?;
    let cache: CacheKind = variant.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
    let traversal: Traversal = traversal.parse()?;
    let scns = load_dir(&args.scenarios_dir, &fams)?;
    let scn = scns.first().context("no scenario loaded")?;
    let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
    let arm = Arm {
        cache,
        eval: EvaluatorKind::Material,
        traversal,
    };
    let json = args
        .run_folder
        .join("dhat")
        .join(format!("{scenario}-{variant}-{}.json", traversal.name()));
    let profiler = dhat::Profiler::builder().file_name(&json).build();
    let a = profile_operation(&states, scn.depth, arm);
    println!("{}", a.to_line());
    drop(profiler);
    Ok(())
}

fn parent(args: &Args) -> Result<()> {
    let fams = families(&args.scenario)?;
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
    let mut arms: Vec<(Family, CacheKind, Traversal)> = Vec::new();
    for &fam in &fams {
        for &cache in &caches {
            for &t in &traversals {
                arms.push((fam, cache, t));
            }
        }
    }
    // One child per arm, on every core at once: each child's heap figures are its own process's counts, so
    // running them side by side changes none of them. Results come back in arm order (rayon's indexed collect).
    let profiled: Vec<Result<ArmAllocation>> = arms
        .par_iter()
        .map(|&(fam, cache, t)| {
            let spec = format!("{},{},{}", fam.name(), cache.name(), t.name());
            let out = Command::new(&exe)
                .arg("--run-folder")
                .arg(&args.run_folder)
                .arg("--scenarios-dir")
                .arg(&args.scenarios_dir)
                .arg("--child")
                .arg(&spec)
                .output()
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
    for (&(fam, cache, t), a) in arms.iter().zip(profiled) {
        let a = a?;
        println!(
            "alloc {},{},{}: {} blocks ({:.1} per op), {} bytes, peak {} bytes",
            fam.name(),
            cache.name(),
            t.name(),
            a.total_blocks,
            a.blocks_per_op(),
            a.total_bytes,
            a.peak_live_bytes
        );
        let key = Arm {
            cache,
            eval: EvaluatorKind::Material,
            traversal: t,
        }
        .key(fam.name());
        let values = [
            a.successors as f64,
            a.total_blocks as f64,
            a.total_bytes as f64,
            a.peak_live_bytes as f64,
            a.blocks_per_op(),
            a.bytes_per_op(),
        ];
        rows.extend(AllocationRow::rows(
            &key,
            Metric::ALLOCATION.into_iter().zip(values),
        ));
    }
    let path = args.run_folder.join("allocations.csv");
    write_atomic(&path, &write_tidy(&rows, &provenance, &path)?)?;
    println!("allocations: {}", path.display());
    Ok(())
}
