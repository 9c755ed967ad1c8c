//! A comparison from start to finish: check the inputs, build (or take) both sides, run their main jobs alternately
//! with the agreement check, time them in interleaved rounds, write `compare.csv` and render `compare.md` from the
//! comparison folder (see [`super::page`]), which `harness report` renders the same way.

use super::args::Args;
use crate::compare::build::{self, Revision, Toolchain};
use crate::compare::counts::{ExactCounts, check_agreement};
use crate::compare::interleaved::{
    RoundPlan, has_round_child, streams, successor_samples, time_interleaved,
};
use crate::compare::invocation::{Side, run_main_job};
use crate::compare::summary::{self, CompareRow, Measure};
use crate::compare::verdict::{count_ratio, repeats_exactly, time_ratio};
use crate::exit::Failure;
use crate::measure::kernel::{speedup, typical_time};
use crate::outln;
use crate::progress::Progress;
use crate::record::schema::{IntervalTable, NS_PER_OP, UnknownMetrics};
use crate::record::{ArmKey, Metric, MetricTable};
use crate::record::{Role, RunFolder, RunMetadata, write_atomic};
use crate::scenario::Family;
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Per arm, A's and B's samples.
type Samples = BTreeMap<ArmKey, [Vec<f64>; 2]>;

/// What the alternating main-job runs gave.
struct MainRuns {
    /// Arms in the order the first run reported them.
    order: Vec<ArmKey>,
    /// Per arm, each side's median ns per operation of every run (whole-run timing only).
    times: Samples,
    /// Per arm, each side's instructions per operation of every profiled run.
    instructions: Samples,
}

/// How the two sides are timed, decided once both are built.
struct Timing {
    /// Both sides have the interleaved timing child.
    interleaved: bool,
    /// Its samples are one successor each.
    by_successor: bool,
    /// Pairs of main-job runs.
    runs: usize,
}

/// Runs the comparison `args` (already parsed and range-checked by the command).
pub(crate) fn run(args: &Args) -> Result<()> {
    let start = Instant::now();
    check_sides(args)?;
    let (fams, scenarios_dir) = inputs(args)?;
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
    let (sides, toolchain_note) = match prepare_sides(args, &folder) {
        Ok(prepared) => prepared,
        Err(e) => {
            reserved.discard();
            return Err(e);
        }
    };
    let interleaved = sides.iter().all(|s| has_round_child(&s.exe));
    let timing = Timing {
        interleaved,
        by_successor: interleaved && successor_samples(&sides),
        // With the interleaved child, main-job runs only check counts and count instructions; without it they
        // are also the time samples.
        runs: if interleaved {
            args.instruction_rounds.max(1)
        } else {
            args.rounds
        },
    };
    announce(args, &meta, &sides, &toolchain_note, &timing);
    let info = metadata(args, &meta, &sides, &toolchain_note, &timing);
    write_atomic(&folder.join("metadata.txt"), info.as_bytes())?;
    let pb = Progress::new("compare runs", 2 * timing.runs as u64);
    let mut measured =
        match main_job_runs(args, &sides, &fams, &scenarios_dir, &timing, &folder, &pb) {
            Ok(m) => {
                pb.finish("done");
                m
            }
            Err(e) => {
                pb.abandon();
                return Err(e);
            }
        };
    // Per interleaved round, its session (none when whole runs are the time samples).
    let session_of = if interleaved {
        let child_args = round_child_args(args, &fams, &scenarios_dir);
        Some(interleaved_rounds(
            args,
            &sides,
            &child_args,
            &meta,
            &folder,
            &mut measured,
        )?)
    } else {
        None
    };
    let rows = compare_rows(
        &measured.order,
        args.instruction_tolerance,
        &measured.times,
        session_of.as_deref(),
        &measured.instructions,
    );
    let ctx = summary::Context {
        a: sides[0].name.clone(),
        b: sides[1].name.clone(),
        toolchain: toolchain_note.clone(),
        // `meta` carries the comparison's base seed.
        provenance: crate::record::Provenance::of(&meta),
    };
    let csv = folder.join("compare.csv");
    write_atomic(&csv, &summary::csv_bytes(&rows, &ctx, &csv)?)?;
    let page = super::page::page(&folder, &folder)?;
    write_atomic(&folder.join("compare.md"), page.markdown.as_bytes())?;
    let done = reserved.finish()?;
    outln!("{}", summary::table(&rows)?.plain());
    outln!("verdicts: {}", summary::tally(&rows));
    outln!(
        "results: {} (compare.csv, compare.md, runs/); finished in {:.0} s",
        done.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The scenario families and the absolute scenario folder, with the output locations checked.
fn inputs(args: &Args) -> Result<(Vec<Family>, PathBuf)> {
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
    Ok((fams, scenarios_dir))
}

/// The console lines that say what is compared and how.
fn announce(args: &Args, meta: &RunMetadata, sides: &[Side; 2], toolchain_note: &str, t: &Timing) {
    outln!("compare: A = {} | B = {}", sides[0].name, sides[1].name);
    let time = if t.interleaved {
        format!(
            "time: interleaved rounds of {} samples for {} s in {} sessions, {} side by side",
            if t.by_successor {
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
    };
    outln!(
        "{} | {toolchain_note} | seed {} | {} pairs of main-job runs ({} with instruction counts) | {time}{}",
        meta.machine(),
        args.seed,
        t.runs,
        args.instruction_rounds.min(t.runs),
        if !t.interleaved && args.rounds < 6 {
            " | fewer than 6 rounds: time ratios get no verdict"
        } else {
            ""
        }
    );
}

/// The comparison's `metadata.txt` (key=value lines), from which its page is rendered.
fn metadata(
    args: &Args,
    meta: &RunMetadata,
    sides: &[Side; 2],
    toolchain_note: &str,
    t: &Timing,
) -> String {
    format!(
        "a={}\nb={}\nprebuilt={}\ntoolchain={}\nmachine={}\nseed={}\nrounds={}\ninstruction_rounds={}\ninstruction_tolerance={}\nplan={}\ntiming={}\nsamples={}\nstreams={}\ntime_budget_s={}\nsessions={}\nplanted_slowdown_b={}\nstarted_utc={}\n",
        sides[0].name,
        sides[1].name,
        args.prebuilt,
        toolchain_note,
        meta.machine(),
        args.seed,
        args.rounds,
        args.instruction_rounds.min(t.runs),
        args.instruction_tolerance,
        if args.full { "full" } else { "quick" },
        if t.interleaved {
            "interleaved_rounds"
        } else {
            "whole_runs"
        },
        match (t.interleaved, t.by_successor) {
            (false, _) => "whole_run",
            (true, true) => "successor",
            (true, false) => "operation",
        },
        if t.interleaved {
            streams(args.sessions)
        } else {
            1
        },
        args.time_budget,
        args.sessions,
        args.planted_slowdown_b
            .map_or("none".to_owned(), |f| f.to_string()),
        meta.started
    )
}

/// Alternates A B A B ... main-job runs, counting them on `pb`; every run's counts must equal the first A run's.
fn main_job_runs(
    args: &Args,
    sides: &[Side; 2],
    fams: &[Family],
    scenarios_dir: &Path,
    t: &Timing,
    folder: &Path,
    pb: &Progress,
) -> Result<MainRuns> {
    let mut reference: Option<ExactCounts> = None;
    let mut m = MainRuns {
        order: Vec::new(),
        times: BTreeMap::new(),
        instructions: BTreeMap::new(),
    };
    for round in 0..t.runs {
        let profiles = round < args.instruction_rounds;
        for (s, side) in sides.iter().enumerate() {
            let with = if profiles {
                " (with callgrind and dhat)"
            } else {
                ""
            };
            pb.set_message(format!("round {} side {}{with}", round + 1, side.label));
            let dir = folder
                .join("runs")
                .join(format!("{:02}-{}", round + 1, side.label));
            let run_args = main_job_args(args, fams, scenarios_dir, args.seed + round as u64);
            let run = run_main_job(side, &run_args, profiles, &dir)?;
            let counts = ExactCounts::read(&run.join("counts.csv"))?;
            let timings: MetricTable<f64> =
                MetricTable::read(&run.join("timings.csv"), UnknownMetrics::Skip)?;
            // Either side may be a revision from before `intervals.csv`: the table reads both layouts.
            let intervals = IntervalTable::of_run(&run, &timings)?;
            match &reference {
                None => {
                    m.order = arm_order(&timings, &intervals);
                    reference = Some(counts.clone());
                }
                Some(r) => {
                    check_agreement(r, &counts).map_err(|d| {
                        Failure::Mismatch.because(format!(
                            "{d}\ncompare: the two sides (or two runs of one side) disagree on values or counts, \
                             so no ratio is reported; partial results are in {}",
                            folder.display()
                        ))
                    })?;
                }
            }
            for arm in &m.order {
                if !t.interleaved
                    && let Some(x) = intervals.get(arm, NS_PER_OP)
                {
                    m.times.entry(arm.clone()).or_default()[s].push(x.point);
                }
                if let Some(i) = counts.get(arm, Metric::InstructionsPerOp) {
                    m.instructions.entry(arm.clone()).or_default()[s].push(i);
                }
            }
            pb.inc(1);
        }
    }
    Ok(m)
}

/// Times both sides in interleaved rounds, writes `compare_rounds.csv` and puts the times into `m` (only the arms
/// the main-job runs reported, whose counts were checked); returns each round's session.
fn interleaved_rounds(
    args: &Args,
    sides: &[Side; 2],
    child_args: &[OsString],
    meta: &RunMetadata,
    folder: &Path,
    m: &mut MainRuns,
) -> Result<Vec<usize>> {
    let plan = RoundPlan {
        sessions: args.sessions,
        budget: std::time::Duration::from_secs(args.time_budget),
        min_rounds: args.rounds,
        seed: args.seed,
        planted_b: args.planted_slowdown_b,
    };
    let progress = Progress::counting("compare timing", "rounds");
    let measured = time_interleaved(sides, child_args, &plan, &progress)?;
    progress.finish("done");
    if args.planted_slowdown_b.is_some_and(|f| f > 0.0) && measured.planted[1] == 0 {
        return Err(Failure::Runtime.because(
            "compare: side B's timing children announced no planted work although --planted-slowdown-b was set",
        ));
    }
    m.times = measured.times;
    m.times.retain(|arm, _| m.order.contains(arm));
    let rounds = folder.join("compare_rounds.csv");
    write_atomic(
        &rounds,
        &summary::rounds_csv_bytes(
            &m.times,
            &measured.session,
            &measured.first,
            &crate::record::Provenance::of(meta),
            &rounds,
        )?,
    )?;
    Ok(measured.session)
}

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

/// The two sides, built (or given), and a `toolchain | flags` note for the record.
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

/// The main-job flags both sides get in one round: the `timing-rounds` flags with the plan and the seed.
fn main_job_args(args: &Args, fams: &[Family], scenarios_dir: &Path, seed: u64) -> Vec<OsString> {
    let mut out: Vec<OsString> = Vec::new();
    if !args.full {
        out.push("--quick".into());
    }
    out.extend(round_child_args(args, fams, scenarios_dir));
    out.extend(["--seed".into(), seed.to_string().into()]);
    out
}

/// The `timing-rounds` flags both sides' children get.
fn round_child_args(args: &Args, fams: &[Family], scenarios_dir: &Path) -> Vec<OsString> {
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

/// The timed arms in the order the first run reported them.
fn arm_order(t: &MetricTable<f64>, intervals: &IntervalTable) -> Vec<ArmKey> {
    let mut out = Vec::new();
    for s in &t.scenarios {
        for e in &t.evaluators {
            for tr in &t.traversals {
                for v in &t.variants {
                    let arm = ArmKey::new(s, v, e, tr);
                    if intervals.get(&arm, NS_PER_OP).is_some() {
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
