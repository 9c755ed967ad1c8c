//! Least frequently used with never-aged counts (the original experiment's frequency rule), plus the original experiment's one-line bug as an
//! explicit variant so a test can show what the new-entry protection is for.

use super::heap::IndexedHeap;
use super::policy::Policy;

/// LFU: evict the entry with the fewest uses since it entered the table, ties to the earlier arrival.
///
/// Priority = `count << 32 | arrival`, so the heap minimum is exactly the original experiment's victim.
#[derive(Debug, Clone)]
pub(crate) struct Lfu {
    heap: IndexedHeap,
    now: u64,
    arrival: u64,
    protect_new: bool,
}

/// One use in the priority's count field.
pub(crate) const ONE_USE: u64 = 1 << 32;
/// The priority's arrival field.
pub(crate) const ARRIVAL_MASK: u64 = ONE_USE - 1;

impl Lfu {
    /// An empty table over the keys `0..universe`.
    pub(crate) fn new(universe: usize) -> Self {
        Lfu {
            heap: IndexedHeap::new(universe),
            now: 0,
            arrival: 0,
            protect_new: true,
        }
    }

    /// The original experiment's bug: the new entry is pruned before its use is recorded, so it has nought uses, is always the
    /// victim, and nothing that arrives after the table fills is ever held.
    pub(crate) fn without_new_entry_protection(universe: usize) -> Self {
        Lfu {
            protect_new: false,
            ..Lfu::new(universe)
        }
    }

    #[cfg(test)]
    /// Current use count of a held key.
    pub fn count(&self, key: u32) -> Option<u64> {
        self.heap
            .contains(key)
            .then(|| self.heap.priority(key) >> 32)
    }
}

impl Policy for Lfu {
    #[inline]
    fn on_access(&mut self, _key: u32) {
        self.arrival = self.now;
        self.now += 1;
    }

    #[inline]
    fn find(&mut self, key: u32) -> bool {
        let held = self.heap.contains(key);
        if held {
            let p = self.heap.priority(key);
            self.heap.set(key, p + ONE_USE);
        }
        held
    }

    /// Without the protection the new key, scored nought, would be the victim of a full table: it never enters.
    #[inline]
    fn admits(&self, _key: u32, full: bool) -> bool {
        self.protect_new || !full
    }

    #[inline]
    fn len(&self) -> usize {
        self.heap.len()
    }

    #[inline]
    fn evict(&mut self) {
        self.heap.pop();
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        self.heap.push(key, ONE_USE | (self.arrival & ARRIVAL_MASK));
    }

    fn resident(&self) -> Vec<u32> {
        self.heap.keys().collect()
    }
}
