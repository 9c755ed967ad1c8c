//! The main job: verify the frozen scenarios, reserve the run folder, run the experiments of
//! [`crate::experiments::MAIN_JOB`] in order, write the shared files (`counts.csv`, `timings.csv`,
//! `summary.json`), render the report. `commands::main_job` only turns arguments into a
//! [`Job`].

mod summary;
mod verify;
pub(crate) mod write;

use crate::exit::Failure;
use crate::experiments::expansion::glance::at_a_glance;
use crate::experiments::{Job, MainRun};
use crate::record::{
    Role, RunFolder, RunMetadata, check_apart, check_output_folder, check_replaceable_folder,
};
use crate::{outln, status};
use std::time::Instant;

/// Runs the main job. A verification or parity mismatch ([`Failure::Mismatch`]) or a bad scenario file removes the
/// run folder (nothing measured is kept); any other failure keeps the `.partial` folder for inspection.
pub(crate) fn run(job: &Job) -> anyhow::Result<()> {
    let start = Instant::now();
    // Every output location is checked before any work, so a bad path fails in the first second.
    check_output_folder("out", &job.out)?;
    check_replaceable_folder("report-dir", &job.report_dir)?;
    if let Some(dir) = &job.trace_out {
        check_output_folder("trace-out", dir)?;
    }
    if !job.scenarios_dir.is_dir() {
        return Err(Failure::BadInput.because(format!(
            "invalid value '{}' for '--scenarios-dir': not a folder",
            job.scenarios_dir.display()
        )));
    }
    let mut locations = vec![
        ("out", job.out.as_path(), Role::Output),
        ("report-dir", job.report_dir.as_path(), Role::Output),
        ("scenarios-dir", job.scenarios_dir.as_path(), Role::Input),
    ];
    if let Some(dir) = &job.trace_out {
        locations.push(("trace-out", dir, Role::Output));
    }
    check_apart(&locations)?;
    // The git state is read once: later experiments (the eviction report, the allocation child) rewrite tracked
    // files.
    let mut meta = RunMetadata::collect(job.seed);
    if let Some(t) = job.start_time {
        meta.started = t;
    }
    meta.timing = Some(crate::experiments::lanes::timing_mode(job));
    let folder = RunFolder::reserve(&job.out, &meta)?;
    outln!(
        "main job: seed {} | {} | {} | git {}",
        meta.seed,
        meta.machine(),
        meta.rustc,
        crate::revision::shown_revision(&meta.git_revision)
    );
    let outcome = run_in(job, &meta, &folder, start);
    match outcome {
        Ok((answer, glance)) => {
            let done = folder.finish()?;
            outln!("results: {}", done.display());
            crate::report::render_run(&done, &job.report_dir)?;
            summary::print_summary(&answer, &glance);
            // The process's CPU time and its children's: beside the wall time, what the run cost the machine.
            let cpu = crate::experiments::lanes::cpu_seconds()
                .map_or(String::new(), |c| format!(" ({c:.1} s CPU)"));
            status!(
                "main job finished in {:.1} s{cpu}",
                start.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Err(e) => {
            // A scenario file or a parity check that failed leaves nothing worth inspecting.
            let e = crate::scenario::classified(e);
            if matches!(Failure::of(&e), Failure::Mismatch | Failure::BadInput) {
                folder.discard();
            }
            Err(e)
        }
    }
}

/// Everything between reserving the run folder and completing it; returns the answer and At a glance.
fn run_in(
    job: &Job,
    meta: &RunMetadata,
    folder: &RunFolder,
    start: Instant,
) -> anyhow::Result<(
    Vec<crate::answer::Claim>,
    Vec<crate::experiments::expansion::glance::Glance>,
)> {
    // Elo per doubling is read before the work, so a malformed file stops the run at once; a missing one only
    // leaves the predicted Elo out.
    let strength = crate::strength::Strength::for_run(&job.scenarios_dir, folder.path())?;
    let scenarios = verify::verify_scenarios(job)?;
    status!(
        "verified {} successors in {:.1} s",
        scenarios.iter().map(|s| s.successors.len()).sum::<usize>(),
        start.elapsed().as_secs_f64()
    );
    if let Some(dir) = &job.trace_out {
        crate::experiments::catalogue_eviction::export_traces(job, dir)?;
    }
    let mut run = MainRun::new(job, &scenarios, meta, folder);
    crate::experiments::run_all(&mut run)?;
    let (written, findings) = write::write_results(run)?;
    // How the timing ran joins the run's metadata once it is known.
    if let Some(t) = &findings.timing {
        let text = format!("{}{}", meta.to_key_values(), t.key_values());
        folder.write("metadata.txt", text.as_bytes())?;
    }
    let mut glance = at_a_glance(&written.counts, &written.timings, &written.intervals);
    if let Some(rows) = &findings.break_even {
        crate::experiments::expansion::glance::with_break_even_map(&mut glance, rows);
    }
    crate::experiments::expansion::glance::with_predicted_elo(&mut glance, &strength);
    let stages = summary::StageHeadlines {
        headlines: Some(&findings.headlines),
        strength: strength.measured(),
        run: findings.timing.as_ref(),
    };
    // The answer is read from the files just written, as the report reads them, so the two never differ.
    let slice = crate::section::Slice::of_run(&written.counts, &written.timings);
    let ctx = crate::section::SectionContext {
        dir: folder.path(),
        charts_dir: folder.path(),
        slice: &slice,
        counts: &written.counts,
        timings: &written.timings,
        intervals: &written.intervals,
        allocations: None,
        probes: None,
        answer: &[],
    };
    let answer = crate::experiments::answer(&ctx)?;
    write::write_summary(&answer, &glance, meta, folder, stages)?;
    Ok((answer, glance))
}
