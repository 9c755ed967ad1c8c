//! The reference evaluators (docs/rules.md §15, D8), in centipawns from `color`'s perspective.

mod bounds;
mod evaluator;
mod mobility;
mod network;
mod turn_bounds;
mod work;
pub use bounds::{
    AGGRESSIVE_BOUNDS, CONSTANT_BOUNDS, EVALUATE_BOUNDS, MATERIAL_BOUNDS, ValueBounds,
};
pub use evaluator::{Aggressive, Evaluator, Material, Mobility, Network, UNDECLARED_BOUNDS};
pub use mobility::{
    DOUBLED_PAWN_PENALTY, ISOLATED_PAWN_PENALTY, KING_RING_ATTACK_PENALTY, MOBILITY_BOUNDS,
    MOBILITY_WEIGHTS, PASSED_PAWN_BONUS, PASSED_PAWN_RANK_BONUS, evaluate_mobility,
};
pub use network::{
    NETWORK_BOUNDS, NETWORK_HIDDEN, NETWORK_INPUTS, NETWORK_SECOND, NETWORK_SEED, evaluate_network,
};
pub use turn_bounds::{MATERIAL_TURN_BOUNDS, TurnBounds};
pub use work::{MAX_WORK_ROUNDS, WORK_BOUNDS, evaluate_work};

use crate::attacks;
use crate::color::Color;
use crate::movegen::attackers_to;
use crate::piece::PieceType;
use crate::state::GameState;

/// Material values P 100, N 300, B 300, R 500, Q 900, K 10000, indexed by `PieceType::index`.
pub const MATERIAL_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 10_000];
/// The penalty when any king of the side is attacked.
pub const KING_EXPOSURE_PENALTY: i32 = -2000;
/// Points per (square next to the enemy king, own attacker) pair.
pub const RING_WEIGHT: i32 = 25;
/// Points per rank of pawn advance.
pub const PAWN_STORM_WEIGHT: i32 = 15;

fn side_material(s: &GameState, c: Color) -> i32 {
    PieceType::ALL
        .iter()
        .map(|&k| MATERIAL_VALUES[k.index()] * s.pieces(c, k).count() as i32)
        .sum()
}

/// Material of `color` minus the opponent's, kings included; 0 in the initial position.
///
/// ```
/// let s = engine::GameState::from_dfen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// assert_eq!(engine::evaluate_material(&s, engine::Color::White), 900);
/// assert_eq!(engine::evaluate_material(&s, engine::Color::Black), -900);
/// ```
pub fn evaluate_material(s: &GameState, color: Color) -> i32 {
    side_material(s, color) - side_material(s, !color)
}

/// `KING_EXPOSURE_PENALTY` if any king of `color` is attacked by the opponent, else 0.
pub fn evaluate_king_safety(s: &GameState, color: Color) -> i32 {
    let exposed = s
        .pieces(color, PieceType::King)
        .any(|k| !attackers_to(s, k, !color).is_empty());
    if exposed { KING_EXPOSURE_PENALTY } else { 0 }
}

/// Material plus king safety.
///
/// ```
/// let s = engine::GameState::from_dfen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
/// assert_eq!(engine::evaluate(&s, engine::Color::White), -500 - 2000);
/// ```
pub fn evaluate(s: &GameState, color: Color) -> i32 {
    evaluate_material(s, color) + evaluate_king_safety(s, color)
}

/// `evaluate` plus pawn storm, piece proximity and king-ring pressure, the last three only when the enemy king
/// exists (the lowest-square one when there are several).
pub fn evaluate_aggressive(s: &GameState, color: Color) -> i32 {
    let base = evaluate(s, color);
    let Some(king) = s.pieces(!color, PieceType::King).first() else {
        return base;
    };
    let mut bonus = 0;
    for p in s.pieces(color, PieceType::Pawn) {
        let rank = p.rank() as i32 + 1;
        bonus += PAWN_STORM_WEIGHT
            * match color {
                Color::White => rank - 2,
                Color::Black => 7 - rank,
            };
    }
    for (kind, weight) in [
        (PieceType::Knight, 15),
        (PieceType::Bishop, 15),
        (PieceType::Rook, 25),
        (PieceType::Queen, 40),
    ] {
        for p in s.pieces(color, kind) {
            let dist = (p.file() as i32 - king.file() as i32)
                .abs()
                .max((p.rank() as i32 - king.rank() as i32).abs());
            bonus += (8 - dist) * weight;
        }
    }
    for ring in attacks::king(king) {
        bonus += RING_WEIGHT * attackers_to(s, ring, color).count() as i32;
    }
    base + bonus
}
