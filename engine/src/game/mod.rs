//! Games by the rules between two players: rolls from a seeded generator (shared by both games of a
//! duplicate-dice pair), king capture wins, the half-move clock draw, forced passes and a hard turn cap.
//!
//! The players are engine types ([`Player`]; [`SearchPlayer`] is the search under a per-move budget), so a caller
//! outside the engine describes a bot by its search setup and the game loop stays here with the rules.

mod play;
mod player;
mod rolls;
mod search_player;
mod self_play;

pub use play::{
    CLOCK_DRAW, EndReason, GameEnd, GameRecord, GameRules, TurnRecord, play_game, play_game_with,
};
pub use player::{Player, TurnChoice};
pub use rolls::{RollGenerator, RollSequence, pair_seed, roll};
pub use search_player::{DepthPlan, MoveBudget, SearchPlayer};
pub use self_play::{PlayedGame, PlayedTurn, SelfPlay};

#[cfg(test)]
mod tests;
