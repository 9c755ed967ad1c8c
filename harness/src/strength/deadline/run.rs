//! A deadline run: the suite loaded, the rows made ([`super::rows`]), and the run folder `deadline-<UTC>` with
//! `deadline.csv`, `summary.json` and `report.md`.

use super::findings::{BotFindings, Paired};
use super::plan::DeadlinePlan;
use super::rows::{Cost, rows};
use super::section::report_markdown;
use super::suite::Suite;
use crate::exit::Failure;
use crate::record::{Provenance, RunFolder, RunMetadata};
use crate::strength::deadline::write_deadline;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The rows file.
pub(crate) const ROWS_FILE: &str = "deadline.csv";

/// A finished run: one line per bot and the folder.
pub(crate) struct Finished {
    /// [`BotFindings::line`] of every bot, in `--bot` order, then [`Paired::line`] of every comparison.
    pub lines: Vec<String>,
    /// The completed run folder.
    pub folder: PathBuf,
}

/// One bot in `summary.json`: its findings and what its choices cost.
#[derive(Serialize)]
struct BotSummary {
    #[serde(flatten)]
    findings: BotFindings,
    #[serde(flatten)]
    cost: Cost,
}

/// `summary.json`.
#[derive(Serialize)]
struct Summary<'a> {
    suite: &'a str,
    positions: usize,
    rolled_positions: usize,
    seed: u64,
    /// The logistic scale the win-probability losses use, in centipawns.
    win_scale_cp: f64,
    /// Where it came from: `default`, `fixed` or `fitted on <match folder>`.
    win_scale_source: &'a str,
    bots: Vec<BotSummary>,
    /// Each bot against the first judged at its reference depth, position by position (bootstrap intervals
    /// seeded with `seed`).
    paired: Vec<Paired>,
}

/// Runs `plan` into a new folder under `out` (checked by the caller before any work).
pub(crate) fn run(plan: &DeadlinePlan, out: &Path) -> anyhow::Result<Finished> {
    plan.check()?;
    let suite = Suite::load(&plan.suite, &plan.scenarios_dir, plan.seed)?;
    let meta = RunMetadata::collect(plan.seed);
    let stem = format!("deadline-{}", meta.started.folder_name());
    let folder = RunFolder::reserve_with_stem(out, &stem, &meta)
        .map_err(|e| Failure::BadInput.tag(e).context("--out"))?;
    crate::status!(
        "deadline: {} positions of {} ({} rolled from seed {}), {} bots, into {}",
        suite.positions.len(),
        suite.name,
        suite.rolled,
        plan.seed,
        plan.bots.len(),
        folder.path().display()
    );
    let (rows, costs) = rows(plan, &suite, &Provenance::of(&meta))?;
    let csv = folder.path().join(ROWS_FILE);
    folder.write(ROWS_FILE, &write_deadline(&rows, &csv)?)?;
    let findings = BotFindings::all(&rows);
    let summary = Summary {
        suite: &suite.name,
        positions: suite.positions.len(),
        rolled_positions: suite.rolled,
        seed: plan.seed,
        win_scale_cp: plan.win_scale.cp,
        win_scale_source: &plan.win_scale.source,
        bots: findings
            .iter()
            .cloned()
            .zip(costs)
            .map(|(findings, cost)| BotSummary { findings, cost })
            .collect(),
        paired: Paired::all(&rows, plan.seed),
    };
    folder.write(
        "summary.json",
        crate::strength::json_text(&summary).as_bytes(),
    )?;
    folder.write("report.md", report_markdown(folder.path())?.as_bytes())?;
    let lines = findings
        .iter()
        .map(BotFindings::line)
        .chain(summary.paired.iter().map(Paired::line))
        .collect();
    let folder = folder.finish()?;
    Ok(Finished { lines, folder })
}
