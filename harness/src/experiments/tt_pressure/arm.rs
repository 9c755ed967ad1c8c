//! One table of the sweep: a scheme at a size, or the unbounded ceiling.

use crate::arm::Capacity;
use engine::search::{TableSizeError, TranspositionTable};

/// Which table an arm searches with: `Capacity::Bounded { rule, size }` is `rule` with at most `size` entries (a
/// power of two, requested as 2^k).
pub use crate::arm::TableArm;

impl TableArm {
    /// `rule` at 2^`log2` entries.
    pub fn sized(rule: engine::search::ReplacementScheme, log2: u8) -> TableArm {
        Capacity::Bounded {
            rule,
            size: 1usize << log2,
        }
    }

    /// A fresh, empty table for this arm.
    pub(crate) fn build(self) -> Result<TranspositionTable, TableSizeError> {
        match self {
            Capacity::Bounded { rule, size } => TranspositionTable::with_scheme(rule, size),
            Capacity::Unbounded => Ok(TranspositionTable::unbounded()),
        }
    }

    /// log2 of the requested size, `None` for the unbounded table.
    pub(crate) fn log2(self) -> Option<u8> {
        self.size().map(|n| n.trailing_zeros() as u8)
    }
}
