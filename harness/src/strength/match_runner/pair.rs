//! One duplicate-dice pair: the pair's opening twice, colours swapped, both games reading one roll sequence.

use super::record::GameLine;
use super::settings::{MAX_TURNS, MatchSettings};
use engine::game::{GameRules, Player, RollSequence, pair_seed, play_game};
use std::convert::Infallible;

/// Plays pair `pair`: game 0 with A as White, game 1 with A as Black, the k-th roll the same in both. Each game
/// gets fresh memos and tables, so the pair depends on the settings and its index only.
pub(crate) fn play_pair(s: &MatchSettings, pair: u64) -> anyhow::Result<[GameLine; 2]> {
    let (dfen, start) = s.openings.for_pair(pair);
    let seed = pair_seed(s.seed, pair);
    let mut rolls = RollSequence::new(seed);
    let (a_name, b_name) = (s.a.to_string(), s.b.to_string());
    let (a_timed, b_timed) = (!s.a.tc.is_deterministic(), !s.b.tc.is_deterministic());
    let mut game = |index: u8| -> anyhow::Result<GameLine> {
        let (a_state, b_state) = (s.a.new_state()?, s.b.new_state()?);
        let (mut a, mut b) = (s.a.player(&a_state), s.b.player(&b_state));
        let (players, names, timed): ([&mut dyn Player<Error = Infallible>; 2], _, _) =
            if index == 0 {
                ([&mut a, &mut b], [&a_name, &b_name], [a_timed, b_timed])
            } else {
                ([&mut b, &mut a], [&b_name, &a_name], [b_timed, a_timed])
            };
        let record = play_game(start, &mut rolls, players, GameRules::standard(MAX_TURNS))
            .unwrap_or_else(|never| match never {});
        Ok(GameLine::of(
            pair, index, dfen, seed, names[0], names[1], timed, &record,
        ))
    };
    Ok([game(0)?, game(1)?])
}
