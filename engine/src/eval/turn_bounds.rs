//! Declared turn bounds: how far one full turn can move an evaluator's value, which lets a pruned chance search
//! bound a chance node from the position before any of its replies is generated.

/// How far one side's full turn can move an evaluator's value, from the perspective of the side that values.
///
/// The contract, for every position `s` after a full turn (empty pool), every roll, and every legal turn path of
/// the side to roll that does not capture a king, with `c` the position the roll class yields (the path played,
/// then `end_turn`; for a pass, `s` itself after `end_turn`, or rolled on our last roll):
///
/// - the **other** side's turn raises our value by at most [`TurnBounds::other_turn_raise`]:
///   `E(c, us) ≤ E(s, us) + other_turn_raise`;
/// - our **own** turn lowers our value by at most [`TurnBounds::own_turn_drop`]:
///   `E(c, us) ≥ E(s, us) − own_turn_drop`.
///
/// King-capture paths are excluded because they end the roll class with a terminal value instead (a loss below
/// every evaluation for the opponent's capture, a win above every evaluation for ours), which keeps both
/// inequalities for the class value. There is no public constructor: only evaluators whose argument is written
/// down (and tested) get a value, since a wrong bound makes Star1 and Star2 return wrong values.
///
/// ```
/// use engine::eval::MATERIAL_TURN_BOUNDS;
/// assert_eq!(MATERIAL_TURN_BOUNDS.other_turn_raise(), 0);
/// assert_eq!(MATERIAL_TURN_BOUNDS.own_turn_drop(), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TurnBounds {
    other_turn_raise: i32,
    own_turn_drop: i32,
}

impl TurnBounds {
    /// The most the other side's turn can raise our value (never negative).
    pub const fn other_turn_raise(self) -> i32 {
        self.other_turn_raise
    }

    /// The most our own turn can lower our value (never negative).
    pub const fn own_turn_drop(self) -> i32 {
        self.own_turn_drop
    }

    /// Crate-internal, so tests can declare a deliberately wrong bound and watch the search fail.
    #[cfg(test)]
    pub(crate) const fn declared(other_turn_raise: i32, own_turn_drop: i32) -> TurnBounds {
        TurnBounds {
            other_turn_raise,
            own_turn_drop,
        }
    }
}

/// `evaluate_material`: a turn can only move material towards the mover, so both slacks are zero.
///
/// Why, move by move (docs/rules.md): a quiet move or a double push relocates a piece; a castle relocates king and
/// rook; a capture (en passant included) removes an enemy piece and never one of the mover's; a promotion turns a
/// pawn (100) into a queen, rook, bishop or knight (900/500/300/300), never less; no move adds an enemy piece or
/// removes an own one. A pass and `end_turn` change no piece at all. So over a whole turn the mover's material
/// never falls and the other side's never rises, and `evaluate_material` is the mover's minus the other's: the
/// opponent's turn never raises our value and our turn never lowers it. A king capture ends the path and its
/// roll class is valued `LOSS_VALUE` (below every material value) or the win score (above every one).
pub const MATERIAL_TURN_BOUNDS: TurnBounds = TurnBounds {
    other_turn_raise: 0,
    own_turn_drop: 0,
};
