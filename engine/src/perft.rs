//! Per-die perft with the reference `perft_suite.json` semantics (not a turn perft).

use crate::movegen;
use crate::piece::PieceType;
use crate::state::GameState;
use crate::telemetry::{NoTelemetry, Telemetry};
use crate::turns::single;

/// Counts move sequences of `depth` plies where every ply rolls the single die `die`: set the pool to `[die]`,
/// generate the raw pseudo-legal moves (castles counted even without a Rook die), and for each one `make_move`,
/// `end_turn` and recurse for the opponent. Depth 0 counts 1; depth 1 counts the moves without playing them.
///
/// ```
/// use engine::{GameState, PieceType};
/// assert_eq!(engine::perft_die(&GameState::initial(), PieceType::Knight, 2), 16);
/// ```
pub fn perft_die(state: &GameState, die: PieceType, depth: u32) -> u64 {
    perft_die_with(state, die, depth, &mut NoTelemetry)
}

/// [`perft_die`] reporting to `t`.
pub fn perft_die_with<T: Telemetry>(
    state: &GameState,
    die: PieceType,
    depth: u32,
    t: &mut T,
) -> u64 {
    count(&state.with_dice(single(die)), die, depth, t)
}

/// `s` already holds the pool `[die]`.
fn count<T: Telemetry>(s: &GameState, die: PieceType, depth: u32, t: &mut T) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    t.geometry();
    if depth == 1 {
        return movegen::count_die_moves(s, die);
    }
    movegen::generate(s, die, &mut |m| {
        let mut child = *s;
        child.make_move(m);
        t.transition();
        child.end_turn();
        child.set_dice(single(die));
        nodes += count(&child, die, depth - 1, t);
    });
    nodes
}
