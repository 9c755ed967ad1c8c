//! One table of the sweep: a scheme at a size, or the unbounded ceiling.

use engine::search::{ReplacementScheme, TableSizeError, TranspositionTable};
use std::fmt;

/// Which table an arm searches with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TableArm {
    /// `scheme` with at most 2^`log2` entries.
    Bounded {
        /// The replacement scheme.
        scheme: ReplacementScheme,
        /// log2 of the requested entry count.
        log2: u8,
    },
    /// The map-backed table that never evicts.
    Unbounded,
}

impl TableArm {
    /// A fresh, empty table for this arm.
    pub fn build(self) -> Result<TranspositionTable, TableSizeError> {
        match self {
            TableArm::Bounded { scheme, log2 } => {
                TranspositionTable::with_scheme(scheme, 1usize << log2)
            }
            TableArm::Unbounded => Ok(TranspositionTable::unbounded()),
        }
    }

    /// The scheme's name, or `unbounded`.
    pub fn scheme_name(self) -> &'static str {
        match self {
            TableArm::Bounded { scheme, .. } => scheme.name(),
            TableArm::Unbounded => "unbounded",
        }
    }

    /// log2 of the requested size, `None` for the unbounded table.
    pub fn log2(self) -> Option<u8> {
        match self {
            TableArm::Bounded { log2, .. } => Some(log2),
            TableArm::Unbounded => None,
        }
    }
}

impl fmt::Display for TableArm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableArm::Bounded { scheme, log2 } => write!(f, "{scheme} 2^{log2}"),
            TableArm::Unbounded => f.write_str("unbounded"),
        }
    }
}
