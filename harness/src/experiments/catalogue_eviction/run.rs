//! The catalogue-eviction experiment as a stage of the main job: its CSVs go into the run folder (the main report
//! renders its page `<report-dir>/eviction/` from them); and the dice-chess trace export of `--trace-out`.

use crate::experiments::Job;
use crate::progress::Progress;
use crate::record::RunFolder;
use crate::{outln, status};

/// Runs the experiment: its default 10 seeds and the game-search comparison, or with `--quick` 3 seeds and no
/// game-search comparison.
pub(crate) fn run_eviction(job: &Job, folder: &RunFolder) -> anyhow::Result<()> {
    let mut cfg = crate::experiments::catalogue_eviction::Config {
        command: "harness (main job)".to_string(),
        game_search_scenarios: Some(job.scenarios_dir.clone()),
        ..crate::experiments::catalogue_eviction::Config::default()
    };
    if job.quick {
        cfg.seeds = (1..=3).collect();
        // The game-search replays (every rule through the catalogue trace and four dice-chess traces per family)
        // cost several times the catalogue part and feed no sentence of the answer, which reads `eviction.csv`;
        // a first look leaves them out and says so.
        cfg.game_search_scenarios = None;
        cfg.game_search_left_out = Some(quick_left_out(&job.scenarios_dir));
    }
    status!(
        "eviction: seeds {:?} (rand_pcg Pcg64Mcg), boards {}, {} policies",
        cfg.seeds,
        cfg.stream.plan,
        cfg.policies.len()
    );
    let progress = Progress::new("eviction", 0);
    let summary = crate::experiments::catalogue_eviction::run(&cfg, folder.path(), &progress);
    progress.finish("done");
    let summary = summary?;
    for line in &summary.lines {
        outln!("{line}");
    }
    Ok(())
}

/// What `--quick` says in place of the game-search comparison.
fn quick_left_out(scenarios: &std::path::Path) -> String {
    format!(
        "`--quick` leaves out the game-search comparison (every rule replayed through the catalogue trace and four \
         dice-chess traces per scenario family, most of this experiment's time); the main job without `--quick` \
         runs it, as does `harness eviction --seeds 3 --scenarios {} --report-dir DIR` (the same 3 seeds, with the \
         comparison, into a report folder DIR of your choice).",
        scenarios.display()
    )
}

/// Writes the dice-chess evaluation-lookup traces of the job's families into `dir` (checked at the start of the
/// job) and lists them.
pub(crate) fn export_traces(job: &Job, dir: &std::path::Path) -> anyhow::Result<()> {
    let t = std::time::Instant::now();
    let files = crate::experiments::catalogue_eviction::dice_trace::export_dice_traces(
        &job.scenarios_dir,
        &job.families,
        dir,
    )?;
    for f in &files {
        outln!("dice-chess trace: {}", f.display());
    }
    status!(
        "traces: {} files in {:.1} s",
        files.len(),
        t.elapsed().as_secs_f64()
    );
    Ok(())
}
