//! How a search is configured.

use crate::eval::ValueBounds;
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
}

impl<'a> SearchConfig<'a> {
    /// No table.
    pub const fn new(pruning: Pruning, bounds: ValueBounds) -> SearchConfig<'a> {
        SearchConfig {
            pruning,
            table: None,
            bounds,
        }
    }

    /// This configuration with `table`.
    pub const fn with_table(self, table: &'a TranspositionTable) -> SearchConfig<'a> {
        SearchConfig {
            table: Some(table),
            ..self
        }
    }
}
