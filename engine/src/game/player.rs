//! A player: whatever picks the turn path for a rolled position.

use crate::search::{RootResult, SearchCounters};
use crate::state::GameState;

/// What a player chose for one turn, and what choosing cost.
#[derive(Clone, PartialEq, Debug)]
pub struct TurnChoice {
    /// The chosen path (`best`, empty for a pass), its value and the depth that value is exact at.
    pub result: RootResult,
    /// What the search (or searches) behind the choice did.
    pub counters: SearchCounters,
    /// Work units used, in the unit of the player's budget (evaluator calls when it has none).
    pub work: u64,
    /// Whether the budget cut the intended search, so the choice came from a shallower one.
    pub cut: bool,
}

/// Picks the turn for a position whose side to move has rolled.
///
/// The returned path must be one of the position's legal paths ([`crate::legal_turn_paths`]), or empty when it
/// has none (a forced pass); [`crate::game::play_game`] plays it as given.
pub trait Player {
    /// Why a choice could not be made (an evaluator failure; `Infallible` for the shipped ones).
    type Error;

    /// The turn for `position`.
    fn choose(&mut self, position: &GameState) -> Result<TurnChoice, Self::Error>;
}

impl<E, F: FnMut(&GameState) -> Result<TurnChoice, E>> Player for F {
    type Error = E;

    fn choose(&mut self, position: &GameState) -> Result<TurnChoice, E> {
        self(position)
    }
}
