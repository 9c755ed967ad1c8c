//! The main job (`cargo run --release`): verify the frozen scenarios, check parity, count, time, write CSVs and
//! print a compact table.

use crate::cli::values::{List, Named, list, or_all};
use crate::measure::Plan;
use crate::record::tidy::{COUNTING_PASS_METRICS, counts_csv, timings_csv};
use crate::record::{CountRow, RowKey, RunFolder, RunMetadata, TimingRow};
use crate::run::parity::check_parity;
use crate::run::probes::{probe_scenarios, probes_csv};
use crate::run::table::{Line, render, render_expansion};
use crate::run::timing::{ArmTiming, time_group};
use crate::run::{Arm, CountResult, Evaluator, count_family};
use crate::scenario::verify::verify;
use crate::scenario::{Family, LoadedScenario, load_dir};
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments of the main job.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// A shorter run (about a minute): fewer rounds, shorter samples.
    #[arg(long)]
    pub quick: bool,
    /// Only these scenario families (comma-separated, each once).
    #[arg(long, value_parser = list::<Family>, default_value = Family::ALL_NAMES)]
    pub scenario: List<Family>,
    /// Only these cache variants (comma-separated, each once): none,tuple,hashbrown,fx,optimized.
    #[arg(long, value_parser = list::<CacheKind>, default_value = CacheKind::ALL_NAMES)]
    pub cache: List<CacheKind>,
    /// Only these evaluators (comma-separated, each once): material,constant,aggressive.
    #[arg(long, value_parser = list::<Evaluator>, default_value = Evaluator::ALL_NAMES)]
    pub eval: List<Evaluator>,
    /// Only these traversal-cache modes (comma-separated, each once): on,off.
    #[arg(long, value_parser = list::<Traversal>, default_value = Traversal::ALL_NAMES)]
    pub traversal: List<Traversal>,
    /// Folder holding the frozen scenario files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
    /// Where the run folder `<UTC timestamp>/` is created.
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

/// One family x evaluator x traversal group's results.
struct Group<'a> {
    scn: &'a LoadedScenario,
    counts: Vec<(Arm, CountResult)>,
    timings: Vec<ArmTiming>,
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let pb = ProgressBar::new(len);
    pb.set_style(
        ProgressStyle::with_template("{prefix:>8} [{bar:40}] {pos}/{len} {msg} ({elapsed})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    pb.set_prefix(what.to_owned());
    pb
}

/// Runs the main job.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let fams = or_all(&args.scenario);
    let caches = if args.cache.is_empty() {
        CacheKind::ALL.to_vec()
    } else {
        args.cache.clone()
    };
    let evals = if args.eval.is_empty() {
        Evaluator::ALL.to_vec()
    } else {
        args.eval.clone()
    };
    let traversals = if args.traversal.is_empty() {
        vec![Traversal::Plain, Traversal::Cached]
    } else {
        args.traversal.clone()
    };
    let plan = if args.quick {
        Plan {
            warm_up: Duration::from_millis(100),
            min_rounds: 5,
            max_rounds: 7,
            budget: Duration::from_millis(1500),
            sample_target: Duration::from_millis(8),
            seed: args.seed,
        }
    } else {
        Plan {
            warm_up: Duration::from_millis(300),
            min_rounds: 6,
            max_rounds: 15,
            budget: Duration::from_secs(6),
            sample_target: Duration::from_millis(20),
            seed: args.seed,
        }
    };
    // Fail before any work if results cannot be written.
    RunFolder::check_writable(&args.out)?;
    let meta = RunMetadata::collect(args.seed);
    println!(
        "main job: seed {} | {} | {} | git {}",
        meta.seed,
        meta.machine(),
        meta.rustc,
        meta.git_revision
    );

    // 1. Load and verify the frozen scenarios by independent exhaustive generation.
    let scenarios = load_dir(&args.scenarios_dir, &fams)?;
    let total: usize = scenarios.iter().map(|s| s.successors.len()).sum();
    let pb = bar(total as u64, "verify");
    for scn in &scenarios {
        pb.set_message(scn.family.name());
        verify(scn, || pb.inc(1))?;
    }
    pb.finish_with_message(format!("{} successors match the exhaustive oracle", total));
    println!(
        "verified {total} successors in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let phase = Instant::now();

    // 2. Counting passes and parity, for every arm, before anything is timed.
    let group_count = scenarios.len() * evals.len() * traversals.len();
    let pb = bar((group_count * caches.len()) as u64, "parity");
    let mut groups: Vec<Group> = Vec::new();
    for scn in &scenarios {
        let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
        let dfens: Vec<String> = scn.successors.iter().map(|s| s.state.to_dfen()).collect();
        for &eval in &evals {
            let frozen: Option<Vec<i64>> = scn
                .successors
                .iter()
                .map(|s| s.expected.get(eval.name()).copied())
                .collect();
            let mut first_values: Option<Vec<i64>> = None;
            for &traversal in &traversals {
                pb.set_message(format!(
                    "{} {} traversal {}",
                    scn.family,
                    eval,
                    traversal.name()
                ));
                let counts: Vec<(Arm, CountResult)> = caches
                    .iter()
                    .map(|&cache| {
                        let arm = Arm {
                            cache,
                            eval,
                            traversal,
                        };
                        let r = count_family(&states, scn.depth, arm);
                        pb.inc(1);
                        (arm, r)
                    })
                    .collect();
                let reference = match (&frozen, &first_values) {
                    (Some(f), _) => Some(("the frozen expected value", f.as_slice())),
                    (None, Some(v)) => Some(("the other traversal mode", v.as_slice())),
                    (None, None) => None,
                };
                if let Err(e) = check_parity(scn.family.name(), &counts, reference, &dfens) {
                    pb.abandon();
                    eprintln!("{e}");
                    eprintln!("parity failed: nothing was timed and no result file was written");
                    return Ok(ExitCode::from(3));
                }
                if first_values.is_none() {
                    first_values = counts.first().map(|(_, r)| r.values.clone());
                }
                groups.push(Group {
                    scn,
                    counts,
                    timings: Vec::new(),
                });
            }
        }
    }
    pb.finish_with_message("all variants agree");
    println!(
        "parity: {} arms agree ({:.1} s)",
        group_count * caches.len(),
        phase.elapsed().as_secs_f64()
    );
    let phase = Instant::now();

    // 3. Timing, one group at a time, variants interleaved.
    let pb = bar(groups.len() as u64, "timing");
    for g in &mut groups {
        let (arm0, _) = g.counts[0];
        pb.set_message(format!(
            "{} {} traversal {}",
            g.scn.family,
            arm0.eval,
            arm0.traversal.name()
        ));
        let states: Vec<GameState> = g.scn.successors.iter().map(|s| s.state).collect();
        let arms: Vec<Arm> = g.counts.iter().map(|(a, _)| *a).collect();
        g.timings = time_group(&states, g.scn.depth, &arms, &plan);
        pb.inc(1);
    }
    pb.finish_with_message("done");
    println!(
        "timed {} groups in {:.1} s",
        groups.len(),
        phase.elapsed().as_secs_f64()
    );

    // 4. Results: counts and timings in separate tidy CSVs, written atomically.
    let (mut count_rows, timing_rows) = rows(&groups);
    let folder = RunFolder::create(&args.out, &meta)?;
    // The optimized cache's probe-length histograms and growth events (deterministic: counts, not timings).
    let probes = probe_scenarios(&scenarios)?;
    count_rows.extend(probes.iter().flat_map(|p| p.count_rows()));
    let probes_path = folder.path().join("probes.csv");
    folder.write("probes.csv", &probes_csv(&probes, &meta, &probes_path)?)?;
    // Instruction counts are deterministic, so they join the counts CSV rather than the timings.
    let fam_names: Vec<&str> = scenarios.iter().map(|s| s.family.name()).collect();
    let phase = Instant::now();
    let (ir_rows, ir_note) = if args.skip_profiles {
        (
            Vec::new(),
            "skipped (--skip-profiles): no instruction counts were measured".to_string(),
        )
    } else {
        crate::instructions::main_job::instruction_rows(
            &args.scenarios_dir,
            &fam_names,
            &caches,
            &folder.path().join("callgrind"),
        )
    };
    count_rows.extend(ir_rows);
    folder.write("instructions-status.txt", ir_note.as_bytes())?;
    println!(
        "instructions: {ir_note} ({:.1} s)",
        phase.elapsed().as_secs_f64()
    );
    let counts_path = folder.path().join("counts.csv");
    folder.write("counts.csv", &counts_csv(&count_rows, &meta, &counts_path)?)?;
    let timings_path = folder.path().join("timings.csv");
    folder.write(
        "timings.csv",
        &timings_csv(&timing_rows, &meta, &timings_path)?,
    )?;

    // 5. The compact table.
    let mut lines = Vec::new();
    for g in &groups {
        for (i, (arm, counts)) in g.counts.iter().enumerate() {
            lines.push(Line {
                scenario: g.scn.family.name(),
                arm: *arm,
                counts,
                timing: g.timings.get(i),
            });
        }
    }
    println!("{}", render(&lines));
    println!("{}", render_expansion(&lines));
    println!(
        "ns/op = one outer successor fully expanded with fresh caches: median of {}-{} interleaved rounds \
         (per group, by time budget), with a distribution-free 95% interval; ratios are paired per round.",
        plan.min_rounds, plan.max_rounds
    );
    println!("results: {}", folder.path().display());

    // The catalogue-eviction experiment (issue 6) writes its CSVs into the same run folder.
    if !args.skip_eviction {
        let mut cfg = crate::eviction::Config {
            report_dir: Some(args.report_dir.join("eviction")),
            command: "harness (main job)".to_string(),
            ..crate::eviction::Config::default()
        };
        if args.quick {
            cfg.seeds = (1..=3).collect();
        }
        super::eviction::run_experiment(&cfg, folder.path())?;
    }
    // Allocation profiles run in a separate process so the timed binary never pays for a profiling allocator.
    let phase = Instant::now();
    let alloc_note = if args.skip_profiles {
        "allocations: skipped (--skip-profiles)".to_string()
    } else {
        crate::alloc::run_alloc_profile(folder.path(), &args.scenarios_dir, &fam_names, args.seed)
    };
    println!("{alloc_note} ({:.1} s)", phase.elapsed().as_secs_f64());
    super::report::render_run(folder.path(), &args.report_dir)?;

    println!(
        "main job finished in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// Tidy rows for both CSVs.
fn rows(groups: &[Group]) -> (Vec<CountRow>, Vec<TimingRow>) {
    let mut counts = Vec::new();
    let mut timings = Vec::new();
    for g in groups {
        for (i, (arm, r)) in g.counts.iter().enumerate() {
            let key = RowKey {
                scenario: g.scn.family.name().to_owned(),
                variant: arm.cache.name().to_owned(),
                evaluator: arm.eval.name().to_owned(),
                traversal: arm.traversal.name().to_owned(),
            };
            let values: [i128; COUNTING_PASS_METRICS.len()] = [
                r.values.len() as i128,
                r.values.iter().map(|&v| v as i128).sum(),
                r.memo.evaluator_calls as i128,
                r.memo.cache_hits as i128,
                r.memo.entry_count as i128,
                r.chance.generation.geometry as i128,
                r.chance.class_edges as i128,
                r.chance.generation.transitions as i128,
                r.chance.replays as i128,
                r.chance.generation.emissions as i128,
            ];
            counts.extend(CountRow::rows(
                &key,
                COUNTING_PASS_METRICS.into_iter().zip(values),
            ));
            if let Some(t) = g.timings.get(i) {
                let mut push = |metric: &str, value: f64| {
                    timings.push(TimingRow {
                        key: key.clone(),
                        metric: metric.to_owned(),
                        value,
                    })
                };
                push("ns_per_op_median", t.ns_per_op.median);
                push("ns_per_op_ci95_low", t.ns_per_op.low);
                push("ns_per_op_ci95_high", t.ns_per_op.high);
                push("ns_per_op_ci_coverage", t.ns_per_op.coverage);
                push("rounds", t.ns_per_op.n as f64);
                push("passes_per_sample", t.passes_per_sample as f64);
                for (name, r) in [
                    ("ratio_to_none", t.ratio_to_none),
                    ("ratio_to_tuple", t.ratio_to_tuple),
                ] {
                    if let Some(r) = r {
                        push(&format!("{name}_median"), r.median);
                        push(&format!("{name}_ci95_low"), r.low);
                        push(&format!("{name}_ci95_high"), r.high);
                    }
                }
            }
        }
    }
    (counts, timings)
}
