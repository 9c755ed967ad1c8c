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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{
        MOBILITY_BOUNDS, NETWORK_BOUNDS, WORK_BOUNDS, evaluate_mobility, evaluate_network,
        evaluate_work,
    };
    use crate::{Color, GameState, evaluate, evaluate_aggressive, evaluate_material};
    use proptest::prelude::*;

    /// A DFEN placement from 64 squares (rank 8 first), `None` = empty.
    fn placement(squares: &[Option<char>]) -> String {
        squares
            .chunks(8)
            .map(|rank| {
                let mut row = String::new();
                let mut empty = 0;
                for sq in rank {
                    match sq {
                        None => empty += 1,
                        Some(c) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(*c);
                        }
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    fn board() -> impl Strategy<Value = (Vec<Option<char>>, bool)> {
        let piece = prop::sample::select("PNBRQKpnbrqk".chars().collect::<Vec<_>>());
        let density = 0.05f64..1.0;
        (density, any::<bool>()).prop_flat_map(move |(d, white)| {
            (
                prop::collection::vec(prop::option::weighted(d, piece.clone()), 64),
                Just(white),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        /// Every shipped evaluator (the cost ladder's `work` at 4 rounds) stays within its declared bounds, for both perspectives, on random boards
        /// from nearly empty to full (any number of kings, pawns anywhere the DFEN parser accepts).
        #[test]
        fn every_evaluator_stays_within_its_declared_bounds((squares, white) in board()) {
            let side = if white { "w" } else { "b" };
            let Ok(s) = GameState::from_dfen(&format!("{} {side} - - 0 1", placement(&squares))) else {
                return Ok(());
            };
            for c in [Color::White, Color::Black] {
                prop_assert!(MATERIAL_BOUNDS.contains(evaluate_material(&s, c)));
                prop_assert!(EVALUATE_BOUNDS.contains(evaluate(&s, c)));
                prop_assert!(AGGRESSIVE_BOUNDS.contains(evaluate_aggressive(&s, c)));
                prop_assert!(MOBILITY_BOUNDS.contains(evaluate_mobility(&s, c)));
                prop_assert!(NETWORK_BOUNDS.contains(evaluate_network(&s, c)));
                prop_assert!(WORK_BOUNDS.contains(evaluate_work(&s, c, 4)));
            }
        }
    }

    /// The extremes are reached or nearly so: a board of 64 white kings is the material maximum.
    #[test]
    fn material_bounds_are_attained() {
        let full =
            GameState::from_dfen(&format!("{} w - - 0 1", ["KKKKKKKK"; 8].join("/"))).unwrap();
        assert_eq!(evaluate_material(&full, Color::White), MATERIAL_BOUNDS.hi);
        assert_eq!(evaluate_material(&full, Color::Black), MATERIAL_BOUNDS.lo);
    }
}
