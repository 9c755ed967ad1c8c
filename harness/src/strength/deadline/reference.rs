//! The reference: exact values of a rolled position's best turn and of any one turn path at a reference depth,
//! with the bot's evaluator.
//!
//! The best value comes from a Star2 search without a transposition table: Star2 returns the unpruned
//! expectimax value exactly (the engine's parity contract), and without a table no false key hit can enter it.
//! A path's own value is the nested chance expansion of the position after it (unpruned by construction), the
//! function the search maximizes over paths; both are numerators over 216^(depth − 1) from the mover's side, so
//! they compare exactly.

use crate::evaluators::EvaluatorKind;
use engine::chance::{ChanceDepth, Traversal, expand_chance};
use engine::memo::EvaluationCache;
use engine::search::{Pruning, RootValue, SearchConfig, SearchControl, SearchDepth, search};
use engine::{GameState, Move, PieceType};

/// A value as `deadline.csv` gives it: centipawns, or `None` for a king capture this turn.
pub(crate) fn centipawns(value: RootValue, depth: SearchDepth) -> Option<f64> {
    match value {
        RootValue::Win => None,
        RootValue::Numerator(n) => Some(n as f64 / depth.denominator() as f64),
    }
}

/// The exact value of `root`'s best turn at `depth`.
pub(crate) fn best_value(root: &GameState, depth: SearchDepth, eval: EvaluatorKind) -> RootValue {
    let memo = EvaluationCache::new(eval.function());
    let mut config = SearchConfig::new(Pruning::Star2, eval.bounds());
    if let Some(turn) = eval.turn_bounds() {
        config = config.with_turn_bounds(turn);
    }
    let report = search(root, depth, &config, &memo, &SearchControl::unbounded())
        .unwrap_or_else(|never| match never {});
    report
        .outcome
        .value()
        .expect("an unbounded search completes")
        .value
}

/// The exact value of playing `path` (a legal turn path of `root`, empty for a pass) at `depth`, as the root
/// search values that path: a win when it captures the enemy king; at depth 1 the evaluation after the turn (the
/// rolled position itself for a pass); deeper, the opponent's chance node after the turn expanded `depth − 1`
/// layers.
pub(crate) fn path_value(
    root: &GameState,
    path: &[Move],
    depth: SearchDepth,
    eval: EvaluatorKind,
) -> RootValue {
    let mover = root.side_to_move();
    let kings = root.pieces(!mover, PieceType::King).count();
    let mut after = *root;
    for &m in path {
        after.make_move(m);
    }
    if after.pieces(!mover, PieceType::King).count() < kings {
        return RootValue::Win;
    }
    after.end_turn();
    let memo = EvaluationCache::new(eval.function());
    let layers = depth.turns() - 1;
    match ChanceDepth::from_layers(layers) {
        None if path.is_empty() => RootValue::Numerator(i64::from((eval.function())(root, mover))),
        None => RootValue::Numerator(i64::from((eval.function())(&after, mover))),
        Some(layers) => {
            let v = expand_chance(&after, layers, &memo, Traversal::Cached)
                .unwrap_or_else(|never| match never {});
            RootValue::Numerator(v.numerator)
        }
    }
}

/// `best − chosen` in centipawns: 0 when both win this turn; `None` when exactly one of them wins (a bot's
/// search always takes a king capture first, so that is a broken invariant, not a loss).
pub(crate) fn loss(best: RootValue, chosen: RootValue, depth: SearchDepth) -> Option<f64> {
    match (best, chosen) {
        (RootValue::Win, RootValue::Win) => Some(0.0),
        (RootValue::Numerator(b), RootValue::Numerator(c)) => {
            Some((b - c) as f64 / depth.denominator() as f64)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::legal_turn_paths;

    /// Every path's own value is at most the best, and the best is some path's value, at every depth.
    #[test]
    fn the_best_value_is_the_maximum_of_the_path_values() {
        for dfen in [
            "k7/8/8/8/8/8/8/r2QK3 w - - 0 1 QPP",
            "4k3/8/8/8/4r3/8/3P4/4K3 w - - 0 1 PKR",
            "k7/8/8/8/8/8/8/R3K3 w - - 0 1 R",
        ] {
            let root = GameState::from_dfen(dfen).unwrap();
            for depth in [SearchDepth::One, SearchDepth::Two] {
                let best = best_value(&root, depth, EvaluatorKind::Material);
                let values: Vec<RootValue> = legal_turn_paths(&root)
                    .iter()
                    .map(|p| path_value(&root, p, depth, EvaluatorKind::Material))
                    .collect();
                let max = values
                    .iter()
                    .copied()
                    .max_by_key(|v| match v {
                        RootValue::Win => i64::MAX,
                        RootValue::Numerator(n) => *n,
                    })
                    .unwrap();
                assert_eq!(best, max, "{dfen} at depth {depth}");
            }
        }
    }
}
