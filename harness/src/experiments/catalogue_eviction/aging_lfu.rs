//! Ageing LFU, the original experiment's next rung: LFU whose every count is halved each `K` lookups, removing the ratchet
//! while keeping recent frequency.

use super::heap::IndexedHeap;
use super::lfu::{ARRIVAL_MASK, ONE_USE};
use super::policy::Policy;

/// LFU with all counts halved (rounding down) after every `period` lookups; ties to the earlier arrival.
///
/// The victim is the held key with the least `count << 32 | arrival`, as in [`super::lfu::Lfu`]. Held keys are
/// split in two heaps so that a halving costs the keys it can change, not the whole table: `counted` holds the
/// keys with a count of at least one (priority `count << 32 | arrival`), `zero` the keys whose count has aged to
/// nought (priority `arrival`). Every key of `zero` is below every key of `counted` in the single order, so the
/// victim is `zero`'s minimum while it has one. Halving leaves a zero count at zero, so only `counted` is rewritten;
/// its size is bounded by twice the period (each lookup adds at most one use, each halving removes at least half
/// of them), which makes halving every 10 lookups on a table of 100,000 entries cost about 20 entries a time.
/// Arrivals are distinct, so the victim is the same key a single heap over every entry would pick.
#[derive(Debug, Clone)]
pub(crate) struct AgingLfu {
    period: u64,
    lookups: u64,
    now: u64,
    arrival: u64,
    counted: IndexedHeap,
    zero: IndexedHeap,
}

impl AgingLfu {
    /// An empty table over the keys `0..universe`, halving every `period` (>= 1) lookups.
    pub(crate) fn new(universe: usize, period: u64) -> Self {
        assert!(period >= 1, "ageing period must be at least 1");
        AgingLfu {
            period,
            lookups: 0,
            now: 0,
            arrival: 0,
            counted: IndexedHeap::new(universe),
            zero: IndexedHeap::new(universe),
        }
    }

    #[cfg(test)]
    /// Current use count of a held key.
    pub fn count(&self, key: u32) -> Option<u64> {
        if self.zero.contains(key) {
            Some(0)
        } else {
            self.counted
                .contains(key)
                .then(|| self.counted.priority(key) >> 32)
        }
    }

    /// Halves every held count, rounding down; the counts that reach nought move to `zero`.
    fn halve_counts(&mut self) {
        let zero = &mut self.zero;
        self.counted.remap_retain(
            |p| (((p >> 32) / 2) << 32) | (p & ARRIVAL_MASK),
            |p| p >= ONE_USE,
            |key, arrival| zero.push(key, arrival),
        );
    }
}

impl Policy for AgingLfu {
    #[inline]
    fn on_access(&mut self, _key: u32) {
        self.arrival = self.now;
        self.now += 1;
        self.lookups += 1;
    }

    #[inline]
    fn find(&mut self, key: u32) -> bool {
        if self.counted.contains(key) {
            let p = self.counted.priority(key);
            self.counted.set(key, p + ONE_USE);
            true
        } else if self.zero.contains(key) {
            let arrival = self.zero.priority(key);
            self.zero.remove(key);
            self.counted.push(key, ONE_USE | arrival);
            true
        } else {
            false
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.counted.len() + self.zero.len()
    }

    #[inline]
    fn evict(&mut self) {
        if self.zero.pop().is_none() {
            self.counted.pop();
        }
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        self.counted
            .push(key, ONE_USE | (self.arrival & ARRIVAL_MASK));
    }

    #[inline]
    fn after_access(&mut self) {
        if self.lookups.is_multiple_of(self.period) {
            self.halve_counts();
        }
    }

    fn resident(&self) -> Vec<u32> {
        self.counted.keys().chain(self.zero.keys()).collect()
    }
}
