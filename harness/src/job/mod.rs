//! The main job as a sequence of stages: verify → parity → time → profile → write → report. Each stage is a
//! function of the previous stages' typed results; `commands::main_job` only turns arguments into a [`Job`].

pub mod bounded_cache;
pub mod break_even;
mod eviction;
mod parity;
mod profile;
mod search;
mod summary;
mod timing;
mod tt_pressure;
mod verify;
mod write;

pub use parity::Group;
pub use tt_pressure::{TtPressureOutcome, main_job_slice, run_tt_pressure};

use crate::evaluators::EvaluatorKind;
use crate::measure::Plan;
use crate::record::{RunFolder, RunMetadata, UtcTimestamp};
use crate::report::glance::at_a_glance;
use crate::scenario::Family;
use crate::{outln, status};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Everything the main job needs, resolved from the command line.
#[derive(Clone, Debug)]
pub struct Job {
    /// Scenario families, in report order.
    pub families: Vec<Family>,
    /// Cache variants.
    pub caches: Vec<CacheKind>,
    /// Evaluators.
    pub evaluators: Vec<EvaluatorKind>,
    /// Traversal modes.
    pub traversals: Vec<Traversal>,
    /// The timing plan.
    pub plan: Plan,
    /// Whether this is the short run (`--quick`: fewer eviction seeds too).
    pub quick: bool,
    /// Folder of the frozen scenario files.
    pub scenarios_dir: PathBuf,
    /// Where run folders are created.
    pub out: PathBuf,
    /// Where the report goes.
    pub report_dir: PathBuf,
    /// Skip the eviction experiment.
    pub skip_eviction: bool,
    /// Skip the search stage.
    pub skip_search: bool,
    /// Skip the bounded-cache stage.
    pub skip_bounded_cache: bool,
    /// Skip the break-even map's short grid.
    pub skip_break_even: bool,
    /// Skip callgrind and dhat.
    pub skip_profiles: bool,
    /// Skip the TT-pressure slice.
    pub skip_tt_pressure: bool,
    /// The run's master seed.
    pub seed: u64,
    /// Folder for the dice-chess evaluation-lookup traces, if they are to be written.
    pub trace_out: Option<PathBuf>,
    /// The run's start time as recorded and used to name its folder; `None` = now. Fixed only by tests that
    /// start two runs "in the same second".
    pub start_time: Option<UtcTimestamp>,
}

/// The timing plan of a full run (`quick = false`) or a short one, with the shuffle seeded by `seed`.
pub fn timing_plan(quick: bool, seed: u64) -> Plan {
    if quick {
        Plan {
            warm_up: Duration::from_millis(100),
            min_rounds: 5,
            max_rounds: 7,
            budget: Duration::from_millis(1500),
            sample_target: Duration::from_millis(8),
            seed,
        }
    } else {
        Plan {
            warm_up: Duration::from_millis(300),
            min_rounds: 6,
            max_rounds: 15,
            budget: Duration::from_secs(6),
            sample_target: Duration::from_millis(20),
            seed,
        }
    }
}

/// Runs the main job. Exit status 3 on a parity failure (nothing timed, no run folder kept).
pub fn run(job: &Job) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    // Every output location is checked before any work, so a bad path fails in the first second.
    RunFolder::check_writable(&job.out)?;
    crate::report::check_target(&job.report_dir)?;
    if let Some(dir) = &job.trace_out {
        crate::eviction::dice_trace::check_trace_folder("trace-out", dir)?;
    }
    // The git state is read once: later stages (the eviction report, the allocation child) rewrite tracked files.
    let mut meta = RunMetadata::collect(job.seed);
    if let Some(t) = job.start_time {
        meta.started = t;
    }
    let folder = RunFolder::reserve(&job.out, &meta)?;
    outln!(
        "main job: seed {} | {} | {} | git {}",
        meta.seed,
        meta.machine(),
        meta.rustc,
        meta.git_revision
    );
    let scenarios = match verify::verify_scenarios(job) {
        Ok(s) => s,
        Err(e) => {
            folder.discard();
            return Err(e);
        }
    };
    status!(
        "verified {} successors in {:.1} s",
        scenarios.iter().map(|s| s.successors.len()).sum::<usize>(),
        start.elapsed().as_secs_f64()
    );
    if let Some(dir) = &job.trace_out {
        eviction::export_traces(job, dir)?;
    }
    let Some(mut groups) = parity::count_with_parity(&scenarios, job) else {
        status!("parity failed: nothing was timed and no result file was written");
        folder.discard();
        return Ok(ExitCode::from(3));
    };
    timing::time_groups(&mut groups, &job.plan);
    if !job.skip_search && search::run_search(&scenarios, job, &meta, &folder)?.is_none() {
        status!("search parity failed: no result file was kept");
        folder.discard();
        return Ok(ExitCode::from(3));
    }
    let mut bounded = None;
    if !job.skip_bounded_cache {
        let stage = bounded_cache::BoundedStage::main_job_slice(job.seed, &job.families);
        match bounded_cache::run_bounded_cache(&scenarios, &stage, &meta, &folder)? {
            Some(findings) => bounded = Some(findings.glance()),
            None => {
                status!("bounded-cache parity failed: no result file was kept");
                folder.discard();
                return Ok(ExitCode::from(3));
            }
        }
    }
    let tt_pressure = if job.skip_tt_pressure {
        None
    } else {
        let slice = main_job_slice(job.seed);
        Some(run_tt_pressure(&slice, folder.path(), &meta)?)
    };
    let map = if job.skip_break_even || job.skip_profiles {
        None
    } else {
        // The short grid: the first family only, so the stage stays within about ten seconds.
        let grid = break_even::short_grid(&job.traversals, job.seed);
        let prov = crate::record::Provenance::of(&meta);
        let first = &scenarios[..scenarios.len().min(1)];
        break_even::run_break_even(first, &job.scenarios_dir, &grid, &prov, folder.path())?
    };
    let profiles = profile::profile(&scenarios, job, &folder)?;
    let written = write::write_results(&groups, &profiles, &meta, &folder)?;
    write::print_tables(&groups, &job.plan);
    if !job.skip_eviction {
        eviction::run_eviction(job, &folder)?;
    }
    let alloc = profile::allocations(&scenarios, job, &folder);
    status!("{alloc}");
    let mut glance = at_a_glance(&written.counts, &written.timings);
    if let Some(map) = &map {
        crate::report::glance::with_break_even_map(&mut glance, &map.rows);
    }
    let stages = summary::StageHeadlines {
        bounded_cache: bounded.as_deref(),
        tt_pressure: tt_pressure.as_ref().map(summary::TtPressureHeadline::of),
        break_even_map: map.as_ref().map_or(&[][..], |m| &m.break_evens[..]),
    };
    write::write_summary(&glance, &meta, &folder, stages)?;
    let done = folder.finish()?;
    outln!("results: {}", done.display());
    crate::report::render_run(&done, &job.report_dir)?;
    summary::print_glance(&glance);
    status!(
        "main job finished in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
