//! A deadline run: the suite loaded, every bot's choice at every position under its time control, the exact
//! reference values, and the run folder `deadline-<UTC>` with `deadline.csv`, `summary.json` and `report.md`.
//!
//! The bots choose one position at a time on this thread, each with a fresh memo and table, so a wall-clock
//! time control meets no competition from the run itself; the reference searches, pure functions of the
//! position, run in parallel before and after.

use super::findings::BotFindings;
use super::plan::{DeadlinePlan, reference_depth};
use super::reference::{best_value, centipawns, loss, path_value};
use super::section::report_markdown;
use super::suite::Suite;
use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::experiments::match_runner::bot::BotSpec;
use crate::progress::Progress;
use crate::record::schema::{DeadlineRecord, write_deadline};
use crate::record::{Provenance, RunFolder, RunMetadata};
use engine::game::Player;
use engine::search::{RootValue, SearchDepth};
use engine::{GameState, Move};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The rows file.
pub(crate) const ROWS_FILE: &str = "deadline.csv";

/// A finished run: one line per bot and the folder.
pub(crate) struct Finished {
    /// [`BotFindings::line`] of every bot, in `--bot` order.
    pub lines: Vec<String>,
    /// The completed run folder.
    pub folder: PathBuf,
}

/// One bot's choice at one position.
struct Choice {
    path: Vec<Move>,
    depth: SearchDepth,
    nodes: u64,
    seconds: f64,
}

/// What a bot's choices cost, for `summary.json` (wall time from a shared machine: indicative only).
#[derive(Serialize)]
struct Cost {
    mean_nodes_per_move: f64,
    mean_ms_per_move: f64,
}

#[derive(Serialize)]
struct BotSummary {
    #[serde(flatten)]
    findings: BotFindings,
    #[serde(flatten)]
    cost: Cost,
}

#[derive(Serialize)]
struct Summary<'a> {
    suite: &'a str,
    positions: usize,
    rolled_positions: usize,
    seed: u64,
    /// Loss in win probability needs the logistic fit of game results (issue #23 item 3); until it exists the
    /// loss is in centipawns only.
    loss_win_probability: Option<f64>,
    bots: Vec<BotSummary>,
}

/// The bot's choice at `root` from a fresh memo and table.
fn choose(bot: &BotSpec, root: &GameState) -> anyhow::Result<Choice> {
    let state = bot.new_state()?;
    let mut player = bot.player(&state);
    let started = Instant::now();
    let choice = player.choose(root).unwrap_or_else(|never| match never {});
    Ok(Choice {
        seconds: started.elapsed().as_secs_f64(),
        path: choice.result.best,
        depth: choice.result.depth,
        nodes: choice.counters.nodes,
    })
}

/// The reference's best value at every position, once per evaluator and depth the bots need.
fn references(
    plan: &DeadlinePlan,
    suite: &Suite,
) -> BTreeMap<(EvaluatorKind, SearchDepth), Vec<RootValue>> {
    let mut needed: Vec<(EvaluatorKind, SearchDepth)> = plan
        .bots
        .iter()
        .map(|b| (b.eval, reference_depth(b, plan.reference_depth)))
        .collect();
    needed.sort();
    needed.dedup();
    let stage = Progress::new(
        "deadline references",
        (needed.len() * suite.positions.len()) as u64,
    );
    let out = needed
        .into_iter()
        .map(|(eval, depth)| {
            let values = suite
                .positions
                .par_iter()
                .map(|p| {
                    let v = best_value(p, depth, eval);
                    stage.inc(1);
                    v
                })
                .collect();
            ((eval, depth), values)
        })
        .collect();
    stage.finish("done");
    out
}

/// Every bot's rows, in `--bot` order then suite order, and its cost.
fn rows(
    plan: &DeadlinePlan,
    suite: &Suite,
    prov: &Provenance,
) -> anyhow::Result<(Vec<DeadlineRecord>, Vec<Cost>)> {
    let best = references(plan, suite);
    let n = suite.positions.len();
    let stage = Progress::new("deadline bots", (plan.bots.len() * n) as u64);
    let mut rows = Vec::with_capacity(plan.bots.len() * n);
    let mut costs = Vec::new();
    for bot in &plan.bots {
        let depth = reference_depth(bot, plan.reference_depth);
        let choices = suite
            .positions
            .iter()
            .map(|p| {
                let c = choose(bot, p);
                stage.inc(1);
                c
            })
            .collect::<anyhow::Result<Vec<Choice>>>()?;
        let chosen: Vec<RootValue> = suite
            .positions
            .par_iter()
            .zip(&choices)
            .map(|(p, c)| path_value(p, &c.path, depth, bot.eval))
            .collect();
        let best = &best[&(bot.eval, depth)];
        for (i, ((p, c), (&b, &v))) in suite
            .positions
            .iter()
            .zip(&choices)
            .zip(best.iter().zip(&chosen))
            .enumerate()
        {
            let loss_cp = loss(b, v, depth).ok_or_else(|| {
                Failure::Mismatch.because(format!(
                    "bot {bot} at position {i} ({}): exactly one of its move and the reference's best \
                     captures the king",
                    p.to_dfen()
                ))
            })?;
            if loss_cp < 0.0 {
                return Err(Failure::Mismatch.because(format!(
                    "bot {bot} at position {i} ({}): its move is worth more than the reference's best",
                    p.to_dfen()
                )));
            }
            rows.push(
                DeadlineRecord {
                    bot: bot.to_string(),
                    suite: suite.name.clone(),
                    position: i as u64,
                    dfen: p.to_dfen(),
                    moves: c
                        .path
                        .iter()
                        .map(Move::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                    depth_completed: c.depth.turns(),
                    reference_depth: depth.turns(),
                    reference_best_cp: centipawns(b, depth),
                    chosen_cp: centipawns(v, depth),
                    loss_cp,
                    machine: String::new(),
                    rustc: String::new(),
                    git_revision: String::new(),
                    seed: 0,
                }
                .with_provenance(prov),
            );
        }
        costs.push(Cost {
            mean_nodes_per_move: choices.iter().map(|c| c.nodes as f64).sum::<f64>() / n as f64,
            mean_ms_per_move: choices.iter().map(|c| c.seconds).sum::<f64>() * 1e3 / n as f64,
        });
    }
    stage.finish("done");
    Ok((rows, costs))
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
        loss_win_probability: None,
        bots: findings
            .iter()
            .cloned()
            .zip(costs)
            .map(|(findings, cost)| BotSummary { findings, cost })
            .collect(),
    };
    let mut json = serde_json::to_string_pretty(&summary)?;
    json.push('\n');
    folder.write("summary.json", json.as_bytes())?;
    folder.write("report.md", report_markdown(folder.path())?.as_bytes())?;
    let lines = findings.iter().map(BotFindings::line).collect();
    let folder = folder.finish()?;
    Ok(Finished { lines, folder })
}
