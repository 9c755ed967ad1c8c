//! The game every arm replays: played once by the search against itself with the unbounded table.

use super::Config;
use engine::GameState;
use engine::eval::{MATERIAL_BOUNDS, evaluate_material};
use engine::game::SelfPlay;
use engine::memo::EvaluationCache;
use engine::search::{Pruning, RootResult, SearchConfig, TranspositionTable};

/// The positions of the fixed game with the unbounded table's decision at each.
#[derive(Clone, Debug)]
pub struct FixedGame {
    /// Each searched position (the mover to move, dice rolled), in order.
    pub positions: Vec<GameState>,
    /// The unbounded table's result at each position: the decision every arm is compared with.
    pub reference: Vec<RootResult>,
    /// Entries the unbounded table held at the end of the game (what a table would need to evict nothing).
    pub unbounded_entries: usize,
}

/// Star2 with the material evaluator: the search the sweep measures.
pub(crate) fn search_config(table: &TranspositionTable) -> SearchConfig<'_> {
    SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS).with_table(table)
}

/// Plays `config`'s game once with the unbounded table (a generation per move).
pub fn fix_game(config: &Config) -> FixedGame {
    let game = SelfPlay {
        start: config.start,
        depth: config.depth,
        turns: config.moves,
        seed: config.seed,
    };
    let table = TranspositionTable::unbounded();
    let memo = EvaluationCache::new(evaluate_material);
    let played = match game.play(&search_config(&table), &memo, |_| table.new_search()) {
        Ok(p) => p,
        Err(never) => match never {},
    };
    FixedGame {
        positions: played.turns.iter().map(|t| t.position).collect(),
        reference: played.turns.into_iter().map(|t| t.result).collect(),
        unbounded_entries: table.occupied(),
    }
}
