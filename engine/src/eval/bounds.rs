//! Declared value intervals of the evaluators, which pruned chance searches (Star1/Star2) rely on.

/// The closed interval `[lo, hi]` that every value of an evaluator lies in, for every legal-or-not board a DFEN
/// can describe (up to 64 pieces, several kings, pawns on any rank).
///
/// ```
/// use engine::eval::{MATERIAL_BOUNDS, ValueBounds};
/// assert!(MATERIAL_BOUNDS.contains(0));
/// assert_eq!(ValueBounds::new(-3, 5).width(), 8);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ValueBounds {
    /// The least value the evaluator can return.
    pub lo: i32,
    /// The greatest value the evaluator can return.
    pub hi: i32,
}

impl ValueBounds {
    /// The interval `[lo, hi]`; `lo > hi` is a programming error.
    pub const fn new(lo: i32, hi: i32) -> ValueBounds {
        assert!(lo <= hi, "ValueBounds::new: lo above hi");
        ValueBounds { lo, hi }
    }

    /// Whether `value` lies in the interval.
    pub const fn contains(self, value: i32) -> bool {
        self.lo <= value && value <= self.hi
    }

    /// `hi - lo`, widened so it cannot overflow.
    pub const fn width(self) -> i64 {
        self.hi as i64 - self.lo as i64
    }

    /// The smallest interval holding both.
    pub const fn union(self, other: ValueBounds) -> ValueBounds {
        ValueBounds {
            lo: if self.lo < other.lo {
                self.lo
            } else {
                other.lo
            },
            hi: if self.hi > other.hi {
                self.hi
            } else {
                other.hi
            },
        }
    }
}

/// At most 64 pieces on the board, each worth at most a king's 10,000.
const MAX_SIDE_MATERIAL: i32 = 64 * 10_000;

/// `evaluate_material`: one side's material minus the other's.
pub const MATERIAL_BOUNDS: ValueBounds = ValueBounds::new(-MAX_SIDE_MATERIAL, MAX_SIDE_MATERIAL);

/// `evaluate`: material plus the king-exposure penalty (-2,000 or 0).
pub const EVALUATE_BOUNDS: ValueBounds = ValueBounds::new(
    -MAX_SIDE_MATERIAL + super::KING_EXPOSURE_PENALTY,
    MAX_SIDE_MATERIAL,
);

/// `evaluate_aggressive`: `evaluate` plus a bonus of at least -15 per pawn (a pawn on its own first rank) and at
/// most 280 per piece (a queen next to the king) plus 25 per (ring square, attacker) pair, 8 x 64 pairs at most.
pub const AGGRESSIVE_BOUNDS: ValueBounds = ValueBounds::new(
    EVALUATE_BOUNDS.lo - 64 * super::PAWN_STORM_WEIGHT,
    EVALUATE_BOUNDS.hi + 64 * 280 + 8 * 64 * super::RING_WEIGHT,
);

/// A constant-zero evaluator.
pub const CONSTANT_BOUNDS: ValueBounds = ValueBounds::new(0, 0);
