//! Least frequently used with never-aged counts (the essay's frequency rule), plus the essay's one-line bug as an
//! explicit variant so a test can show what the new-entry protection is for.

use super::heap::IndexedHeap;
use super::policy::Policy;

/// LFU: evict the entry with the fewest uses since it entered the table, ties to the earlier arrival.
///
/// Priority = `count << 32 | arrival`, so the heap minimum is exactly the essay's victim.
#[derive(Debug, Clone)]
pub struct Lfu {
    cap: usize,
    heap: IndexedHeap,
    now: u32,
    protect_new: bool,
}

const ONE_USE: u64 = 1 << 32;

impl Lfu {
    /// An empty table holding at most `capacity` (>= 1) of the keys `0..universe`.
    pub fn new(capacity: usize, universe: usize) -> Self {
        assert!(capacity >= 1, "capacity must be at least 1");
        Lfu {
            cap: capacity,
            heap: IndexedHeap::new(universe),
            now: 0,
            protect_new: true,
        }
    }

    /// The essay's bug: the new entry is pruned before its use is recorded, so it has nought uses, is always the
    /// victim, and nothing that arrives after the table fills is ever held.
    pub fn without_new_entry_protection(capacity: usize, universe: usize) -> Self {
        Lfu {
            protect_new: false,
            ..Lfu::new(capacity, universe)
        }
    }

    /// Current use count of a held key.
    pub fn count(&self, key: u32) -> Option<u64> {
        self.heap
            .contains(key)
            .then(|| self.heap.priority(key) >> 32)
    }
}

impl Policy for Lfu {
    fn name(&self) -> String {
        if self.protect_new {
            "lfu".into()
        } else {
            "lfu_unprotected".into()
        }
    }

    fn capacity(&self) -> usize {
        self.cap
    }

    #[inline]
    fn access(&mut self, key: u32) -> bool {
        let now = self.now;
        self.now += 1;
        if self.heap.contains(key) {
            let p = self.heap.priority(key);
            self.heap.set(key, p + ONE_USE);
            return true;
        }
        if self.protect_new {
            if self.heap.len() == self.cap {
                self.heap.pop();
            }
            self.heap.push(key, ONE_USE | now as u64);
        } else {
            self.heap.push(key, now as u64);
            if self.heap.len() > self.cap {
                self.heap.pop();
            }
            if self.heap.contains(key) {
                let p = self.heap.priority(key);
                self.heap.set(key, p + ONE_USE);
            }
        }
        false
    }

    fn resident(&self) -> Vec<u32> {
        self.heap.keys().to_vec()
    }
}
