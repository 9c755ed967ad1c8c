//! The rows of a deadline run: every bot's choice at every position under its time control, valued against the
//! exact reference.
//!
//! The bots choose one position at a time on this thread, each with a fresh memo and table, so a wall-clock
//! time control meets no competition from the run itself; the reference searches, pure functions of the
//! position, run in parallel before and after.

use super::plan::{DeadlinePlan, reference_depth};
use super::reference::{best_value, centipawns, loss, path_value};
use super::roll_value::RootValues;
use super::suite::Suite;
use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::progress::Progress;
use crate::record::Provenance;
use crate::strength::deadline::DeadlineRecord;
use engine::Move;
use engine::search::{RootValue, SearchDepth};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// What a bot's choices cost, for `summary.json` (wall time from a shared machine: indicative only).
#[derive(Serialize)]
pub(crate) struct Cost {
    mean_nodes_per_move: f64,
    mean_ms_per_move: f64,
}

/// What the reference knows of one position: its best value by the search and every turn valued roll by roll.
struct Reference {
    best: RootValue,
    turns: RootValues,
}

/// The reference at every position, once per evaluator and depth the bots need.
fn references(
    plan: &DeadlinePlan,
    suite: &Suite,
) -> BTreeMap<(EvaluatorKind, SearchDepth), Vec<Reference>> {
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
                    let r = Reference {
                        best: best_value(p, depth, eval),
                        turns: RootValues::of(p, depth, eval, plan.win_scale.cp),
                    };
                    stage.inc(1);
                    r
                })
                .collect();
            ((eval, depth), values)
        })
        .collect();
    stage.finish("done");
    out
}

/// Every bot's rows, in `--bot` order then suite order, and its cost.
pub(crate) fn rows(
    plan: &DeadlinePlan,
    suite: &Suite,
    prov: &Provenance,
) -> anyhow::Result<(Vec<DeadlineRecord>, Vec<Cost>)> {
    let all_references = references(plan, suite);
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
                let c = bot.choose_fresh(p);
                stage.inc(1);
                c
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        let chosen: Vec<RootValue> = suite
            .positions
            .par_iter()
            .zip(&choices)
            .map(|(p, (c, _))| path_value(p, &c.result.best, depth, bot.eval))
            .collect();
        let references = &all_references[&(bot.eval, depth)];
        for (i, ((p, (c, _)), (r, &v))) in suite
            .positions
            .iter()
            .zip(&choices)
            .zip(references.iter().zip(&chosen))
            .enumerate()
        {
            let broken = |what: &str| {
                Failure::Mismatch.because(format!(
                    "bot {bot} at position {i} ({}): {what}",
                    p.to_dfen()
                ))
            };
            let loss_cp = loss(r.best, v, depth).ok_or_else(|| {
                broken("exactly one of its move and the reference's best captures the king")
            })?;
            if loss_cp < 0.0 {
                return Err(broken("its move is worth more than the reference's best"));
            }
            let mine = r
                .turns
                .of_path(p, &c.result.best)
                .ok_or_else(|| broken("its move is not a legal turn"))?;
            let best = r.turns.best();
            rows.push(
                DeadlineRecord {
                    bot: bot.to_string(),
                    suite: suite.name.clone(),
                    position: i as u64,
                    dfen: p.to_dfen(),
                    moves: c
                        .result
                        .best
                        .iter()
                        .map(Move::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                    depth_completed: c.result.depth.turns(),
                    reference_depth: depth.turns(),
                    reference_best_cp: centipawns(r.best, depth),
                    chosen_cp: centipawns(v, depth),
                    loss_cp,
                    loss_cp_capped: best.value.capped_cp - mine.value.capped_cp,
                    loss_win_probability: best.value.win_probability - mine.value.win_probability,
                    chosen_king_rolls: mine.king_rolls,
                    best_king_rolls: best.king_rolls,
                    ..DeadlineRecord::default()
                }
                .with_provenance(prov),
            );
        }
        costs.push(Cost {
            mean_nodes_per_move: choices
                .iter()
                .map(|(c, _)| c.counters.nodes as f64)
                .sum::<f64>()
                / n as f64,
            mean_ms_per_move: choices.iter().map(|(_, s)| s).sum::<f64>() * 1e3 / n as f64,
        });
    }
    stage.finish("done");
    Ok((rows, costs))
}
