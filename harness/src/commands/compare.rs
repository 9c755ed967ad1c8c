//! `harness compare REV_A REV_B`: judge an engine change by running both revisions' main jobs alternately.

use crate::compare::build::{self, Revision, Toolchain};
use crate::compare::counts::{ExactCounts, check_agreement};
use crate::compare::interleaved::{
    RoundPlan, has_round_child, streams, successor_samples, time_interleaved,
};
use crate::compare::invocation::{Side, run_main_job};
use crate::compare::summary::{self, CompareRow, Measure};
use crate::compare::verdict::{count_ratio, repeats_exactly, time_ratio};
use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::measure::kernel::{speedup, typical_time};
use crate::outln;
use crate::progress::Progress;
use crate::record::schema::UnknownMetrics;
use crate::record::{ArmKey, Metric, MetricTable};
use crate::record::{Role, RunFolder, RunMetadata, write_atomic};
use crate::scenario::Family;
use crate::values::{List, families, list, positive};
use anyhow::{Context, Result};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `harness compare`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Baseline: a git revision (hash, branch, tag, `HEAD~1`); with --prebuilt, a harness executable.
    pub a: String,
    /// The revision judged against the baseline (same forms as A).
    pub b: String,
    /// A and B are paths to already-built harness executables: no checkout, no build.
    #[arg(long)]
    pub prebuilt: bool,
    /// Fewest paired timing rounds (each times every arm once in A's process and once in B's; the time budget
    /// usually gives many more). With a side that has no interleaved timing child (an older revision): pairs of
    /// whole main-job runs, timed as before. At least 6 are needed for a 95% interval of the time ratio.
    #[arg(long, default_value = "6", value_parser = positive::<usize>)]
    pub rounds: usize,
    /// Seconds of interleaved timing rounds, over all sessions.
    #[arg(long, default_value_t = 34, value_parser = positive::<u64>)]
    pub time_budget: u64,
    /// Sessions of interleaved rounds, each a fresh pair of processes (so that one process's memory layout does
    /// not stand for its binary), run in one stream per core; the time interval is taken over sessions, so at
    /// least 2 are needed for a verdict.
    #[arg(long, default_value_t = 40, value_parser = positive::<usize>)]
    pub sessions: usize,
    /// Test-only: side B's timing children add work calibrated to this fraction of each operation's time (e.g.
    /// 0.03), so a comparison of one binary with itself shows whether a 3% slowdown is seen. Recorded in the
    /// comparison's metadata.
    #[arg(long, hide = true)]
    pub planted_slowdown_b: Option<f64>,
    /// How many of the first pairs of main-job runs also count instructions (callgrind) and allocations (dhat).
    /// The counts of one binary repeat exactly, so 1 is enough; 2 checks that they do; 0 skips instruction ratios.
    #[arg(long, default_value_t = 1)]
    pub instruction_rounds: usize,
    /// Instruction ratios within this fraction of 1 get no verdict: two builds differ by memory layout alone by a
    /// few tenths of a percent (0 judges the raw counts).
    #[arg(long, default_value_t = 0.005)]
    pub instruction_tolerance: f64,
    /// Each run uses the main job's full timing plan instead of `--quick` (about 4x longer per run).
    #[arg(long)]
    pub full: bool,
    /// Only these scenario families (comma-separated, each once; default `all`, every family file of
    /// `--scenarios-dir`).
    #[arg(long, value_parser = families, default_value = Family::EVERY)]
    pub scenario: List<Family>,
    /// Only these cache variants (comma-separated, each once; default all).
    #[arg(long, value_parser = list::<CacheKind>, default_value = CacheKind::ALL_NAMES)]
    pub cache: List<CacheKind>,
    /// Evaluators (comma-separated, each once).
    #[arg(long, value_parser = crate::values::evaluators, default_value = "material")]
    pub eval: List<EvaluatorKind>,
    /// Traversal-cache modes (comma-separated, each once): on,off.
    #[arg(long, value_parser = list::<Traversal>, default_value = "on")]
    pub traversal: List<Traversal>,
    /// Folder holding the frozen scenario files; both sides run on these same files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
    /// Where the comparison folder `compare-<UTC timestamp>/` is created.
    #[arg(long, default_value = "results-private")]
    pub out: PathBuf,
    /// Where revisions are checked out and built (one folder per commit, reused by later comparisons).
    #[arg(long, default_value = "target/compare")]
    pub work_dir: PathBuf,
    /// Base seed: pair i of main-job runs runs both sides with seed + i; the interleaved rounds of session s draw
    /// their orders and coins from seed + s * 2^32.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs the comparison.
pub fn run(args: Args) -> Result<()> {
    let start = Instant::now();
    if let Some(f) = args.planted_slowdown_b
        && !(0.0..1.0).contains(&f)
    {
        return Err(Failure::BadInput.because(format!(
            "invalid value '{f}' for '--planted-slowdown-b': a fraction in [0, 1) is needed, e.g. 0.03"
        )));
    }
    if !(0.0..0.5).contains(&args.instruction_tolerance) {
        return Err(Failure::BadInput.because(format!(
            "invalid value '{}' for '--instruction-tolerance': a fraction in [0, 0.5) is needed, e.g. 0.005 \
             for 0.5%",
            args.instruction_tolerance
        )));
    }
    if args.sessions < 2 {
        return Err(Failure::BadInput.because(format!(
            "invalid value '{}' for '--sessions': the time interval is taken over sessions, so at least 2 are \
             needed",
            args.sessions
        )));
    }
    check_sides(&args)?;
    let fams = crate::scenario::select(&args.scenarios_dir, &args.scenario)?;
    let scenarios_dir = std::fs::canonicalize(&args.scenarios_dir).map_err(|e| {
        Failure::BadInput.because(format!(
            "invalid value '{}' for '--scenarios-dir': {e}",
            args.scenarios_dir.display()
        ))
    })?;
    crate::record::check_output_folder("out", &args.out)?;
    crate::record::check_output_folder("work-dir", &args.work_dir)?;
    crate::record::check_apart(&[
        ("out", args.out.as_path(), Role::Output),
        ("work-dir", &args.work_dir, Role::Output),
        ("scenarios-dir", &scenarios_dir, Role::Input),
    ])?;
    let meta = RunMetadata::collect(args.seed);
    // Absolute, because each side runs in its own checkout.
    let out = std::path::absolute(&args.out)
        .with_context(|| format!("{}: cannot resolve", args.out.display()))?;
    // Reserved like a main-job run folder: `.partial` until the comparison completes, a new name per run.
    let reserved = RunFolder::reserve_with_stem(
        &out,
        &format!("compare-{}", meta.started.folder_name()),
        &meta,
    )?;
    let folder = reserved.path().to_path_buf();

    // A side that cannot be built leaves no empty comparison folder behind.
    let (sides, toolchain_note) = match prepare_sides(&args, &folder) {
        Ok(prepared) => prepared,
        Err(e) => {
            reserved.discard();
            return Err(e);
        }
    };
    let [side_a, side_b] = &sides;
    let interleaved = sides.iter().all(|s| has_round_child(&s.exe));
    let by_successor = interleaved && successor_samples(&sides);
    // With the interleaved child, main-job runs only check counts and count instructions; without it they are
    // also the time samples.
    let runs = if interleaved {
        args.instruction_rounds.max(1)
    } else {
        args.rounds
    };
    outln!("compare: A = {} | B = {}", side_a.name, side_b.name);
    outln!(
        "{} | {toolchain_note} | seed {} | {runs} pairs of main-job runs ({} with instruction counts) | {}{}",
        meta.machine(),
        args.seed,
        args.instruction_rounds.min(runs),
        if interleaved {
            format!(
                "time: interleaved rounds of {} samples for {} s in {} sessions, {} side by side",
                if by_successor {
                    "one-successor"
                } else {
                    "whole-operation"
                },
                args.time_budget,
                args.sessions,
                streams(args.sessions)
            )
        } else {
            "time: whole runs (a side has no interleaved timing child)".to_owned()
        },
        if !interleaved && args.rounds < 6 {
            " | fewer than 6 rounds: time ratios get no verdict"
        } else {
            ""
        }
    );
    let info = format!(
        "a={}\nb={}\nprebuilt={}\ntoolchain={}\nmachine={}\nseed={}\nrounds={}\ninstruction_rounds={}\ninstruction_tolerance={}\nplan={}\ntiming={}\nsamples={}\nstreams={}\ntime_budget_s={}\nsessions={}\nplanted_slowdown_b={}\nstarted_utc={}\n",
        side_a.name,
        side_b.name,
        args.prebuilt,
        toolchain_note,
        meta.machine(),
        args.seed,
        args.rounds,
        args.instruction_rounds.min(runs),
        args.instruction_tolerance,
        if args.full { "full" } else { "quick" },
        if interleaved {
            "interleaved_rounds"
        } else {
            "whole_runs"
        },
        match (interleaved, by_successor) {
            (false, _) => "whole_run",
            (true, true) => "successor",
            (true, false) => "operation",
        },
        if interleaved {
            streams(args.sessions)
        } else {
            1
        },
        args.time_budget,
        args.sessions,
        args.planted_slowdown_b
            .map_or("none".to_owned(), |f| f.to_string()),
        meta.started
    );
    write_atomic(&folder.join("metadata.txt"), info.as_bytes())?;

    // Alternate A B A B ...; every run's counts must equal the first A run's.
    let pb = Progress::new("compare runs", 2 * runs as u64);
    let mut reference: Option<ExactCounts> = None;
    let mut order: Vec<ArmKey> = Vec::new();
    let mut times: BTreeMap<ArmKey, [Vec<f64>; 2]> = BTreeMap::new();
    let mut instructions: BTreeMap<ArmKey, [Vec<f64>; 2]> = BTreeMap::new();
    let mut instructions_note = String::new();
    for round in 0..runs {
        let profiles = round < args.instruction_rounds;
        for (s, side) in sides.iter().enumerate() {
            pb.set_message(format!(
                "round {} side {}{}",
                round + 1,
                side.label,
                if profiles {
                    " (with callgrind and dhat)"
                } else {
                    ""
                }
            ));
            let dir = folder
                .join("runs")
                .join(format!("{:02}-{}", round + 1, side.label));
            let run_args = main_job_args(&args, &fams, &scenarios_dir, args.seed + round as u64);
            let run = match run_main_job(side, &run_args, profiles, &dir) {
                Ok(r) => r,
                Err(e) => {
                    pb.abandon();
                    return Err(e);
                }
            };
            let counts = ExactCounts::read(&run.join("counts.csv"))?;
            let timings: MetricTable<f64> =
                MetricTable::read(&run.join("timings.csv"), UnknownMetrics::Skip)?;
            match &reference {
                None => {
                    order = arm_order(&timings);
                    reference = Some(counts.clone());
                }
                Some(r) => {
                    if let Err(d) = check_agreement(r, &counts) {
                        pb.abandon();
                        return Err(Failure::Mismatch.because(format!(
                            "{d}\ncompare: the two sides (or two runs of one side) disagree on values or counts, \
                             so no ratio is reported; partial results are in {}",
                            folder.display()
                        )));
                    }
                }
            }
            for arm in &order {
                if !interleaved && let Some(t) = timings.get(arm, Metric::NsPerOpMedian) {
                    times.entry(arm.clone()).or_default()[s].push(t);
                }
                if let Some(i) = counts.get(arm, Metric::InstructionsPerOp) {
                    instructions.entry(arm.clone()).or_default()[s].push(i);
                }
            }
            if profiles && s == 0 {
                instructions_note = std::fs::read_to_string(run.join("instructions-status.txt"))
                    .unwrap_or_default()
                    .trim()
                    .to_owned();
            }
            pb.inc(1);
        }
    }
    pb.finish("done");
    // Per interleaved round, its session (none when whole runs are the time samples).
    let mut session_of: Option<Vec<usize>> = None;
    if interleaved {
        let plan = RoundPlan {
            sessions: args.sessions,
            budget: std::time::Duration::from_secs(args.time_budget),
            min_rounds: args.rounds,
            seed: args.seed,
            planted_b: args.planted_slowdown_b,
        };
        let progress = Progress::counting("compare timing", "rounds");
        let child_args = round_child_args(&args, &fams, &scenarios_dir);
        let measured = time_interleaved(&sides, &child_args, &plan, &progress)?;
        progress.finish("done");
        if args.planted_slowdown_b.is_some_and(|f| f > 0.0) && measured.planted[1] == 0 {
            return Err(Failure::Runtime.because(
                "compare: side B's timing children announced no planted work although --planted-slowdown-b was set",
            ));
        }
        times = measured.times;
        // Only the arms the main-job runs reported (their counts were checked).
        times.retain(|arm, _| order.contains(arm));
        let rounds = folder.join("compare_rounds.csv");
        write_atomic(
            &rounds,
            &crate::compare::summary::rounds_csv_bytes(
                &times,
                &measured.session,
                &measured.first,
                &crate::record::Provenance::of(&meta),
                &rounds,
            )?,
        )?;
        session_of = Some(measured.session);
    }

    let rows = compare_rows(
        &order,
        args.instruction_tolerance,
        &times,
        session_of.as_deref(),
        &instructions,
    );
    let ctx = summary::Context {
        a: side_a.name.clone(),
        b: side_b.name.clone(),
        toolchain: toolchain_note.clone(),
        // `meta` carries the comparison's base seed.
        provenance: crate::record::Provenance::of(&meta),
    };
    let csv = folder.join("compare.csv");
    write_atomic(&csv, &summary::csv_bytes(&rows, &ctx, &csv)?)?;
    let table = summary::table(&rows)?;
    let tally = summary::tally(&rows);
    let md = format!(
        "# Comparison: B = {} against A = {}\n\n{} | {toolchain_note} | seed {} | {}\n\n\
         Protocol: {} pairs of main-job runs (A then B, `--{}` timing plan), counts of every run checked equal; \
         {}; instructions = callgrind instructions per operation from the first {} \
         rounds (deterministic: `exact` when each side repeated itself), interval widened by ±{:.2}% because two \
         builds differ by memory layout alone by a few tenths of a percent. A verdict is given only where the \
         interval excludes 1.\n\nInstruction counts: {}\n\n{}\n**Verdicts:** {tally}\n",
        side_b.name,
        side_a.name,
        meta.machine(),
        args.seed,
        meta.started,
        runs,
        if args.full { "full" } else { "quick" },
        if interleaved {
            format!(
                "time = interleaved rounds: both binaries' timing children alive side by side, {} sessions of fresh \
                 process pairs over {} s in {} streams run side by side; {}; each session's estimate is the mean of \
                 its per-round log ratios A / B, and B's speedup over A is their geometric mean with a 95% Student-t \
                 interval over sessions (rounds of one session share its processes' memory layouts, so sessions, not \
                 rounds, are the independent samples); each side's time is the geometric mean of its own samples, so \
                 A's time over B's is the speedup{}",
                args.sessions,
                args.time_budget,
                streams(args.sessions),
                if by_successor {
                    "A and B take turns expanding one successor of one configuration with a fresh cache (a seeded \
                     coin per pair picks who goes first), and each round takes one such pair per configuration and \
                     successor"
                } else {
                    "each round times every configuration's whole operation once in A's process and once in B's \
                     (a seeded coin picks who goes first; a side's timing child predates one-successor samples)"
                },
                args.planted_slowdown_b.map_or(String::new(), |f| format!(
                    "; TEST: side B's children add a planted slowdown of {:.1}% per operation",
                    100.0 * f
                ))
            )
        } else {
            "time = median ns per operation of each run, speedup of B over A = median of the per-pair ratios A / B \
             with a distribution-free 95% interval"
                .to_owned()
        },
        args.instruction_rounds.min(runs),
        100.0 * args.instruction_tolerance,
        if instructions_note.is_empty() {
            "not measured (--instruction-rounds 0)"
        } else {
            &instructions_note
        },
        table.markdown(),
    );
    write_atomic(&folder.join("compare.md"), md.as_bytes())?;
    let done = reserved.finish()?;
    outln!("{}", table.plain());
    outln!("verdicts: {tally}");
    outln!(
        "results: {} (compare.csv, compare.md, runs/); finished in {:.0} s",
        done.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The two sides, built (or given), and a `toolchain | flags` note for the record.
/// Checks A and B before any work: with `--prebuilt`, files that exist; otherwise commits of this repository. Either
/// mistake is bad input (status 2).
fn check_sides(args: &Args) -> Result<()> {
    for (label, side) in [("A", &args.a), ("B", &args.b)] {
        let bad = |why: String| {
            Failure::BadInput.because(format!("invalid value '{side}' for '<{label}>': {why}"))
        };
        if args.prebuilt {
            if !Path::new(side).is_file() {
                return Err(bad("no such harness executable (--prebuilt)".into()));
            }
        } else {
            let here = std::env::current_dir().context("cannot read the current directory")?;
            let repo = build::repository_root(&here)?;
            build::resolve(&repo, side).map_err(|e| bad(format!("{e:#}")))?;
        }
    }
    Ok(())
}

fn prepare_sides(args: &Args, folder: &Path) -> Result<([Side; 2], String)> {
    let here = std::env::current_dir().context("cannot read the current directory")?;
    if args.prebuilt {
        let side = |label: &'static str, p: &str| -> Result<Side> {
            let exe = std::fs::canonicalize(p)
                .with_context(|| format!("{p}: no such harness executable (--prebuilt)"))?;
            Ok(Side {
                label,
                name: format!("prebuilt {}", exe.display()),
                exe,
                cwd: here.clone(),
            })
        };
        let note = "prebuilt executables (toolchain and flags not checked)".to_string();
        return Ok(([side("A", &args.a)?, side("B", &args.b)?], note));
    }
    let repo = build::repository_root(&here)?;
    let tc = Toolchain::current()?;
    let revs = [
        build::resolve(&repo, &args.a)?,
        build::resolve(&repo, &args.b)?,
    ];
    let work = if args.work_dir.is_absolute() {
        args.work_dir.clone()
    } else {
        here.join(&args.work_dir)
    };
    let mut built: Vec<(String, PathBuf, PathBuf)> = Vec::new();
    for (rev, label) in revs.iter().zip(["A", "B"]) {
        if built.iter().any(|(c, _, _)| *c == rev.commit) {
            continue; // the same commit twice (an A/A check): one build serves both sides
        }
        let (exe, src) = build_revision(&repo, rev, label, &work, &tc, folder)?;
        built.push((rev.commit.clone(), exe, src));
    }
    let side = |label: &'static str, rev: &Revision| -> Side {
        let (_, exe, src) = built
            .iter()
            .find(|(c, _, _)| *c == rev.commit)
            .expect("every revision was built")
            .clone();
        Side {
            label,
            name: format!("{} ({})", rev.spec, rev.short()),
            exe,
            cwd: src,
        }
    };
    let sides = [side("A", &revs[0]), side("B", &revs[1])];
    let profiles_a = build::profile_sections(&sides[0].cwd);
    let profiles_b = build::profile_sections(&sides[1].cwd);
    let mut note = format!("{} | RUSTFLAGS {}", tc.version, tc.rustflags);
    if profiles_a != profiles_b {
        note.push_str(
            " | WARNING: the two revisions set different [profile.*] sections in Cargo.toml",
        );
        eprintln!(
            "compare: warning: A and B set different [profile.*] build flags; differences may come from them"
        );
    }
    Ok((sides, note))
}

/// Checks out and builds one revision; returns its executable and checkout folder.
fn build_revision(
    repo: &Path,
    rev: &Revision,
    label: &str,
    work: &Path,
    tc: &Toolchain,
    folder: &Path,
) -> Result<(PathBuf, PathBuf)> {
    let base = work.join(&rev.commit);
    let src = base.join("src");
    build::checkout(repo, rev, &src)?;
    let spinner = Progress::new(&format!("build {label}"), 1);
    spinner.set_message(format!(
        "building {label} = {} ({}) with {}",
        rev.spec,
        rev.short(),
        tc.version
    ));
    let t = Instant::now();
    let log = folder.join(format!("build-{label}.log"));
    let exe = build::build(&src, &base.join("target"), tc, &log);
    spinner.finish("built");
    let exe = exe?;
    outln!(
        "built {label} = {} ({}) in {:.0} s",
        rev.spec,
        rev.short(),
        t.elapsed().as_secs_f64()
    );
    Ok((exe, src))
}

/// The main-job flags both sides get in one round.
fn main_job_args(
    args: &Args,
    fams: &[crate::scenario::Family],
    scenarios_dir: &Path,
    seed: u64,
) -> Vec<OsString> {
    let join = |v: Vec<&str>| v.join(",");
    let mut out: Vec<OsString> = Vec::new();
    if !args.full {
        out.push("--quick".into());
    }
    out.push("--scenario".into());
    out.push(join(fams.iter().map(|f| f.name()).collect()).into());
    if !args.cache.is_empty() {
        out.push("--cache".into());
        out.push(join(args.cache.iter().map(|c| c.name()).collect()).into());
    }
    out.push("--eval".into());
    let evals: Vec<String> = args.eval.iter().map(|e| e.to_string()).collect();
    out.push(join(evals.iter().map(String::as_str).collect()).into());
    out.push("--traversal".into());
    out.push(join(args.traversal.iter().map(|t| t.name()).collect()).into());
    out.push("--scenarios-dir".into());
    out.push(scenarios_dir.as_os_str().to_owned());
    out.push("--seed".into());
    out.push(seed.to_string().into());
    out
}

/// The `timing-rounds` flags both sides' children get.
fn round_child_args(
    args: &Args,
    fams: &[crate::scenario::Family],
    scenarios_dir: &Path,
) -> Vec<OsString> {
    let join = |v: Vec<String>| -> OsString { v.join(",").into() };
    let mut out: Vec<OsString> = vec![
        "--scenario".into(),
        join(fams.iter().map(|f| f.name().to_owned()).collect()),
    ];
    if !args.cache.is_empty() {
        out.push("--cache".into());
        out.push(join(
            args.cache.iter().map(|c| c.name().to_owned()).collect(),
        ));
    }
    out.push("--eval".into());
    out.push(join(args.eval.iter().map(|e| e.to_string()).collect()));
    out.push("--traversal".into());
    out.push(join(
        args.traversal.iter().map(|t| t.name().to_owned()).collect(),
    ));
    out.push("--scenarios-dir".into());
    out.push(scenarios_dir.as_os_str().to_owned());
    out
}

/// Arms in the order the first run reported them.
fn arm_order(t: &MetricTable<f64>) -> Vec<ArmKey> {
    let mut out = Vec::new();
    for s in &t.scenarios {
        for e in &t.evaluators {
            for tr in &t.traversals {
                for v in &t.variants {
                    let arm = ArmKey::new(s, v, e, tr);
                    if t.get(&arm, Metric::NsPerOpMedian).is_some() {
                        out.push(arm);
                    }
                }
            }
        }
    }
    out
}

/// Time and instruction rows for every arm measured on both sides. With `sessions` (interleaved rounds, each
/// round's session) the time interval is taken over sessions; without, over pairs of whole runs.
fn compare_rows(
    order: &[ArmKey],
    tolerance: f64,
    times: &BTreeMap<ArmKey, [Vec<f64>; 2]>,
    sessions: Option<&[usize]>,
    instructions: &BTreeMap<ArmKey, [Vec<f64>; 2]>,
) -> Vec<CompareRow> {
    let median = |v: &[f64]| crate::statistics::summarize(v).map_or(f64::NAN, |s| s.point);
    let mut rows = Vec::new();
    for arm in order {
        let Some([a, b]) = times.get(arm) else {
            continue;
        };
        // Interleaved rounds: each side's time is its geometric mean over sessions, from the very samples whose
        // paired ratios give the speedup, so the speedup is their quotient and the two cannot disagree.
        let (ratio, ta, tb) = match sessions {
            Some(s) => (
                speedup(a, b, s),
                typical_time(a, s).map_or(f64::NAN, |t| t.point),
                typical_time(b, s).map_or(f64::NAN, |t| t.point),
            ),
            None => (time_ratio(a, b), median(a), median(b)),
        };
        if let Some(ratio) = ratio {
            rows.push(CompareRow {
                arm: arm.clone(),
                measure: Measure::Time,
                a: ta,
                b: tb,
                ratio,
                exact: false,
                pairs: a.len().min(b.len()),
                tolerance,
            });
        }
    }
    for arm in order {
        if let Some([a, b]) = instructions.get(arm)
            && let Some(ratio) = count_ratio(a, b, tolerance)
        {
            rows.push(CompareRow {
                arm: arm.clone(),
                measure: Measure::Instructions,
                a: median(a),
                b: median(b),
                ratio,
                exact: repeats_exactly(a, b),
                pairs: a.len().min(b.len()),
                tolerance,
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A's and B's times come from the samples the speedup pairs (geometric means over the same sessions), so
    /// A's time over B's is the speedup: the console and `compare.md` cannot show B slower and "B faster" at once.
    #[test]
    fn per_side_times_are_the_quotient_the_speedup_shows() {
        let arm = ArmKey::new("sparse", "optimized", "material", "on");
        let a = vec![277.0, 277.0, 277.0, 400.0, 400.0, 400.0];
        let b = vec![278.0, 278.0, 278.0, 300.0, 300.0, 300.0];
        let session = [0, 0, 0, 1, 1, 1];
        let times = BTreeMap::from([(arm.clone(), [a, b])]);
        let rows = compare_rows(
            std::slice::from_ref(&arm),
            0.005,
            &times,
            Some(&session),
            &BTreeMap::new(),
        );
        let r = &rows[0];
        assert!((r.a / r.b - r.ratio.point).abs() < 1e-12, "{r:?}");
        assert!(r.ratio.point > 1.0 && r.a > r.b, "{r:?}");
    }
}
