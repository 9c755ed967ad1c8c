//! The evaluator as a value: a pure, deterministic `(&GameState, Color) -> i32` with its name and what the pruned
//! searches may rely on. The reference evaluators implement it; a downstream crate implements it for its own and
//! hands it to the harness (`harness::main_with`), which measures it as it measures these.

use super::{
    AGGRESSIVE_BOUNDS, MATERIAL_BOUNDS, MATERIAL_TURN_BOUNDS, MOBILITY_BOUNDS, NETWORK_BOUNDS,
    TurnBounds, ValueBounds, evaluate_mobility, evaluate_network,
};
use crate::color::Color;
use crate::state::GameState;

/// A pure, deterministic evaluation: the same position and perspective always give the same value, whatever was
/// evaluated before (caches and the searches' parity checks rely on it).
///
/// ```
/// use engine::eval::{Evaluator, ValueBounds};
/// use engine::{Color, GameState};
///
/// /// Material, doubled.
/// struct Doubled;
/// impl Evaluator for Doubled {
///     fn name(&self) -> &str {
///         "doubled"
///     }
///     fn evaluate(&self, s: &GameState, c: Color) -> i32 {
///         2 * engine::evaluate_material(s, c)
///     }
///     fn bounds(&self) -> Option<ValueBounds> {
///         Some(ValueBounds::new(-1_280_000, 1_280_000))
///     }
/// }
/// let s = GameState::from_dfen("k7/8/8/8/8/8/8/R6K w - - 0 1").unwrap();
/// assert_eq!(Doubled.evaluate(&s, Color::White), 1000);
/// assert_eq!(Doubled.value_bounds(), ValueBounds::new(-1_280_000, 1_280_000));
/// ```
pub trait Evaluator: Send + Sync {
    /// The name on command lines and in every result (lowercase, no commas).
    fn name(&self) -> &str;

    /// The value of `state` from `perspective`'s side.
    fn evaluate(&self, state: &GameState, perspective: Color) -> i32;

    /// An interval every value lies in, if the evaluator declares one: Star1 and Star2 prune with it, so a wrong
    /// one gives wrong values, which the harness's search parity against unpruned expectimax catches. `None`:
    /// [`UNDECLARED_BOUNDS`], sound for any value and of little use to the pruning.
    fn bounds(&self) -> Option<ValueBounds> {
        None
    }

    /// How far one turn can move the value, if declared (see [`TurnBounds`]); lets Star1 and Star2 bound the last
    /// ply's chance nodes from the position before the roll.
    fn turn_bounds(&self) -> Option<TurnBounds> {
        None
    }

    /// [`Evaluator::bounds`], or [`UNDECLARED_BOUNDS`] when none is declared.
    fn value_bounds(&self) -> ValueBounds {
        self.bounds().unwrap_or(UNDECLARED_BOUNDS)
    }
}

/// The bounds of an evaluator that declares none: every `i32` but `i32::MIN` (so that negating a value never
/// overflows).
pub const UNDECLARED_BOUNDS: ValueBounds = ValueBounds::new(-i32::MAX, i32::MAX);

/// `evaluate_material` as an [`Evaluator`] (`material`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Material;

impl Evaluator for Material {
    fn name(&self) -> &str {
        "material"
    }
    #[inline]
    fn evaluate(&self, state: &GameState, perspective: Color) -> i32 {
        super::evaluate_material(state, perspective)
    }
    fn bounds(&self) -> Option<ValueBounds> {
        Some(MATERIAL_BOUNDS)
    }
    fn turn_bounds(&self) -> Option<TurnBounds> {
        Some(MATERIAL_TURN_BOUNDS)
    }
}

/// `evaluate_aggressive` as an [`Evaluator`] (`aggressive`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Aggressive;

impl Evaluator for Aggressive {
    fn name(&self) -> &str {
        "aggressive"
    }
    #[inline]
    fn evaluate(&self, state: &GameState, perspective: Color) -> i32 {
        super::evaluate_aggressive(state, perspective)
    }
    fn bounds(&self) -> Option<ValueBounds> {
        Some(AGGRESSIVE_BOUNDS)
    }
}

/// `evaluate_mobility` as an [`Evaluator`] (`mobility`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Mobility;

impl Evaluator for Mobility {
    fn name(&self) -> &str {
        "mobility"
    }
    #[inline]
    fn evaluate(&self, state: &GameState, perspective: Color) -> i32 {
        evaluate_mobility(state, perspective)
    }
    fn bounds(&self) -> Option<ValueBounds> {
        Some(MOBILITY_BOUNDS)
    }
}

/// `evaluate_network` as an [`Evaluator`] (`network`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Network;

impl Evaluator for Network {
    fn name(&self) -> &str {
        "network"
    }
    #[inline]
    fn evaluate(&self, state: &GameState, perspective: Color) -> i32 {
        evaluate_network(state, perspective)
    }
    fn bounds(&self) -> Option<ValueBounds> {
        Some(NETWORK_BOUNDS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_evaluators_are_their_functions_with_their_bounds() {
        let s = GameState::from_dfen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 NBQ",
        )
        .unwrap();
        type Reference = (
            &'static dyn Evaluator,
            fn(&GameState, Color) -> i32,
            ValueBounds,
        );
        let all: [Reference; 4] = [
            (&Material, super::super::evaluate_material, MATERIAL_BOUNDS),
            (
                &Aggressive,
                super::super::evaluate_aggressive,
                AGGRESSIVE_BOUNDS,
            ),
            (&Mobility, evaluate_mobility, MOBILITY_BOUNDS),
            (&Network, evaluate_network, NETWORK_BOUNDS),
        ];
        for (e, f, b) in all {
            for c in [Color::White, Color::Black] {
                assert_eq!(e.evaluate(&s, c), f(&s, c), "{}", e.name());
            }
            assert_eq!(e.value_bounds(), b, "{}", e.name());
        }
        assert_eq!(Material.turn_bounds(), Some(MATERIAL_TURN_BOUNDS));
        assert_eq!(Network.turn_bounds(), None);
    }
}
