//! A seeded game of the search against itself: rolls from a `rand_pcg` generator, each turn the searched path,
//! played by this module's game loop without the clock draw (a fixed-length trace). It lives with the game, which
//! uses the search; the search knows nothing of games.

use rand::SeedableRng;

use super::{GameRules, RollGenerator, RollSequence, TurnChoice, play_game_with, roll};
use crate::color::Color;
use crate::dice::DicePool;
use crate::memo::EvaluationMemo;
use crate::search::{RootResult, SearchConfig, SearchControl, SearchCounters, SearchDepth, search};
use crate::state::GameState;

/// How a self-play game is played: from which position, how deep each side searches, for how many turns.
///
/// ```
/// use engine::GameState;
/// use engine::game::SelfPlay;
/// use engine::search::SearchDepth;
/// let game = SelfPlay { start: GameState::initial(), depth: SearchDepth::One, turns: 4, seed: 7 };
/// assert_eq!(game.first_roll(), game.first_roll()); // the seed alone decides the rolls
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// The position before the first roll (its dice are replaced by the first roll).
    pub start: GameState,
    /// The depth both sides search.
    pub depth: SearchDepth,
    /// The most turns played (the game also ends when a king is captured).
    pub turns: usize,
    /// The seed of the roll generator.
    pub seed: u64,
}

/// One turn of a self-play game.
#[derive(Clone, PartialEq, Debug)]
pub struct PlayedTurn {
    /// The position searched: the mover to move with the dice rolled.
    pub position: GameState,
    /// The search's result; its `best` path was played.
    pub result: RootResult,
    /// What the search did.
    pub counters: SearchCounters,
}

/// A finished self-play game.
#[derive(Clone, PartialEq, Debug)]
pub struct PlayedGame {
    /// Every turn, in order.
    pub turns: Vec<PlayedTurn>,
    /// The position after the last turn (dice empty, the next side to move).
    pub end: GameState,
    /// The side whose king was captured, if the game ended that way.
    pub loser: Option<Color>,
}

impl SelfPlay {
    /// The first roll this game's generator makes (what the first searched position's dice will be).
    pub fn first_roll(&self) -> DicePool {
        roll(&mut RollGenerator::seed_from_u64(self.seed))
    }

    /// Plays the game through `memo` with `config` (its table, if any, kept across turns as the table's
    /// contract allows); `before_turn` runs before each search (e.g. to start a table generation).
    ///
    /// The same seed, start, depth and configuration give the same game: the search is deterministic and every
    /// roll comes from the seeded generator. Each search is unbounded (no deadline, no budget).
    ///
    /// ```
    /// use engine::GameState;
    /// use engine::eval::MATERIAL_BOUNDS;
    /// use engine::memo::EvaluationCache;
    /// use engine::game::SelfPlay;
    /// use engine::search::{Pruning, SearchConfig, SearchDepth};
    /// use engine::evaluate_material;
    /// let game = SelfPlay { start: GameState::initial(), depth: SearchDepth::One, turns: 6, seed: 1 };
    /// let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
    /// let memo = EvaluationCache::new(evaluate_material);
    /// let played = game.play(&config, &memo, |_| {}).unwrap();
    /// let again = game.play(&config, &EvaluationCache::new(evaluate_material), |_| {}).unwrap();
    /// assert_eq!(played, again);
    /// assert!(played.turns.len() <= 6);
    /// ```
    pub fn play<M: EvaluationMemo + ?Sized>(
        &self,
        config: &SearchConfig<'_>,
        memo: &M,
        mut before_turn: impl FnMut(&GameState),
    ) -> Result<PlayedGame, M::Error> {
        // A fixed-length trace: no clock draw, the turn count as the cap, one search for both sides.
        let rules = GameRules {
            max_turns: self.turns,
            clock_draw: None,
        };
        let mut rolls = RollSequence::new(self.seed);
        let game = play_game_with(&self.start, &mut rolls, rules, |_, position| {
            before_turn(position);
            let report = search(
                position,
                self.depth,
                config,
                memo,
                &SearchControl::unbounded(),
            )?;
            let result = report
                .outcome
                .value()
                .expect("an unbounded search always completes")
                .clone();
            Ok(TurnChoice {
                result,
                counters: report.counters,
                work: report.outcome.work(),
                cut: false,
            })
        })?;
        Ok(PlayedGame {
            turns: game
                .turns
                .into_iter()
                .map(|t| PlayedTurn {
                    position: t.position,
                    result: t.choice.result,
                    counters: t.choice.counters,
                })
                .collect(),
            end: game.end,
            loser: game.result.winner.map(|w| !w),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ROLL_CLASSES;
    use crate::eval::{MATERIAL_BOUNDS, evaluate_material};
    use crate::memo::{EvaluationCache, Uncached};
    use crate::piece::PieceType;
    use crate::search::Pruning;

    #[test]
    fn rolls_cover_every_class_with_roughly_its_weight() {
        let mut rng = RollGenerator::seed_from_u64(3);
        let mut counts = std::collections::HashMap::new();
        let n = 216_000;
        for _ in 0..n {
            *counts.entry(roll(&mut rng)).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), ROLL_CLASSES.len());
        for (pool, weight) in ROLL_CLASSES {
            let expected = f64::from(weight) * f64::from(n / 216);
            let got = f64::from(counts[&pool]);
            assert!(
                (got - expected).abs() < 5.0 * expected.sqrt() + 5.0,
                "{pool:?}: {got} vs {expected}"
            );
        }
    }

    #[test]
    fn each_turn_plays_the_searched_path_and_the_game_stops_at_a_king_capture() {
        let game = SelfPlay {
            start: GameState::initial(),
            depth: SearchDepth::One,
            turns: 200,
            seed: 11,
        };
        let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
        let played = game
            .play(&config, &Uncached::new(evaluate_material), |_| {})
            .unwrap();
        let mut state = game.start;
        for (k, turn) in played.turns.iter().enumerate() {
            assert_eq!(
                turn.position.side_to_move(),
                state.side_to_move(),
                "turn {k}"
            );
            assert_eq!(turn.position.with_dice(DicePool::EMPTY), state, "turn {k}");
            for &m in &turn.result.best {
                state.make_move(m);
            }
            state.end_turn();
        }
        assert_eq!(state, played.end);
        match played.loser {
            Some(color) => assert!(played.end.pieces(color, PieceType::King).is_empty()),
            None => assert_eq!(played.turns.len(), 200),
        }
    }

    #[test]
    fn different_seeds_give_different_games() {
        let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
        let play = |seed| {
            let game = SelfPlay {
                start: GameState::initial(),
                depth: SearchDepth::One,
                turns: 8,
                seed,
            };
            game.play(&config, &EvaluationCache::new(evaluate_material), |_| {})
                .unwrap()
                .end
        };
        assert_ne!(play(1), play(2));
    }
}
