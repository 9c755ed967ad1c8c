//! The unbounded table's storage: one entry per key, nothing ever evicted.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::search::{Bound, TTEntry};

/// A locked map from key to its newest entry.
#[derive(Default, Debug)]
pub(crate) struct UnboundedEntries {
    map: Mutex<HashMap<u64, TTEntry>>,
}

impl UnboundedEntries {
    /// The map; a panic while it was held cannot leave an entry half-written, so poisoning is ignored.
    fn map(&self) -> MutexGuard<'_, HashMap<u64, TTEntry>> {
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The entry for `key`.
    pub(super) fn probe(&self, key: u64) -> Option<TTEntry> {
        self.map().get(&key).copied()
    }

    /// Keeps this result as `key`'s entry.
    pub(super) fn store(&self, key: u64, value: f64, bound: Bound, depth: i32, loss_tainted: bool) {
        let entry = TTEntry {
            key,
            value,
            bound,
            depth,
            loss_tainted,
        };
        self.map().insert(key, entry);
    }

    /// Entries held.
    pub(super) fn len(&self) -> usize {
        self.map().len()
    }

    /// Forgets every entry.
    pub(super) fn clear(&self) {
        self.map().clear();
    }
}
