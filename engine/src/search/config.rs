//! How a search is configured.

use crate::eval::{TurnBounds, ValueBounds};
use crate::search::{Pruning, TranspositionTable};

/// Pruning, the optional transposition table and the evaluator's declared value interval.
///
/// The table must be cleared when the evaluator or the bounds change (its entries hold values of one
/// evaluator); it may be reused across roots and sides, because chance-node keys carry the node's role and
/// the role with the side to move determines the perspective.
///
/// ```
/// use engine::eval::MATERIAL_BOUNDS;
/// use engine::search::{Pruning, SearchConfig};
/// let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
/// assert!(config.table.is_none());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SearchConfig<'a> {
    /// Which pruning.
    pub pruning: Pruning,
    /// The transposition table, or none.
    pub table: Option<&'a TranspositionTable>,
    /// The interval every evaluation lies in (Star1 and Star2 rely on it; a wrong one gives wrong values).
    pub bounds: ValueBounds,
    /// The evaluator's declared turn bounds, if it has any: Star1 and Star2 then bound the last ply's chance
    /// nodes from the position before the roll (`None` keeps the declared interval only).
    pub turn_bounds: Option<TurnBounds>,
}

impl<'a> SearchConfig<'a> {
    /// No table.
    pub const fn new(pruning: Pruning, bounds: ValueBounds) -> SearchConfig<'a> {
        SearchConfig {
            pruning,
            table: None,
            bounds,
            turn_bounds: None,
        }
    }

    /// This configuration with `table`.
    pub const fn with_table(self, table: &'a TranspositionTable) -> SearchConfig<'a> {
        SearchConfig {
            table: Some(table),
            ..self
        }
    }

    /// This configuration with the evaluator's turn bounds (see [`TurnBounds`] for what they promise).
    pub const fn with_turn_bounds(self, turn_bounds: TurnBounds) -> SearchConfig<'a> {
        SearchConfig {
            turn_bounds: Some(turn_bounds),
            ..self
        }
    }
}
