//! King-capture probability (docs/rules.md §17): the chance that the side to move can capture an enemy king on this
//! turn's roll, over the 56 weighted roll classes.

use crate::dice::ROLL_CLASSES;
use crate::movegen;
use crate::piece::PieceType;
use crate::state::GameState;
use crate::telemetry::{NoTelemetry, Telemetry};

/// Whether some micro-move sequence with the dice of `state` (castles need King + Rook; the maximum rule is
/// ignored, exact for kings since a capture is always legal) lands on an enemy king.
pub fn can_capture_king<T: Telemetry>(state: &GameState, t: &mut T) -> bool {
    let pool = state.dice();
    let us = state.side_to_move();
    for die in pool.distinct() {
        t.geometry();
        if movegen::die_hits_king(state, die, us) {
            return true;
        }
    }
    let can_castle = pool.contains(PieceType::King) && pool.contains(PieceType::Rook);
    let mut found = false;
    for die in pool.distinct() {
        if pool.len() == 1 {
            // The last die was just tested for a direct hit; nothing can follow it.
            break;
        }
        t.geometry();
        movegen::generate(state, die, &mut |m| {
            if found || (m.is_castle() && !can_castle) {
                return;
            }
            let mut child = *state;
            child.make_move(m);
            t.transition();
            found = can_capture_king(&child, t);
        });
        if found {
            return true;
        }
    }
    false
}

/// The integer weight (out of 216) of the rolls with which the side to move can capture an enemy king.
///
/// ```
/// let s = engine::GameState::from_dfen("4k3/8/8/8/8/8/8/4K3 b - -").unwrap();
/// assert_eq!(engine::king_capture_weight(&s), 0);
/// ```
pub fn king_capture_weight(state: &GameState) -> u32 {
    king_capture_weight_with(state, &mut NoTelemetry)
}

/// [`king_capture_weight`] reporting to `t`.
pub fn king_capture_weight_with<T: Telemetry>(state: &GameState, t: &mut T) -> u32 {
    ROLL_CLASSES
        .iter()
        .filter(|(roll, _)| can_capture_king(&state.with_dice(*roll), t))
        .map(|(_, w)| w)
        .sum()
}

/// [`king_capture_weight`] / 216.
pub fn king_capture_probability(state: &GameState) -> f64 {
    f64::from(king_capture_weight(state)) / 216.0
}
