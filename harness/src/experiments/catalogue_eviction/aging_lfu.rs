//! Ageing LFU, the original experiment's next rung: LFU whose every count is halved each `K` lookups, removing the ratchet
//! while keeping recent frequency.

use super::lfu::Lfu;
use super::policy::Policy;

/// LFU with all counts halved (rounding down) after every `period` lookups; ties to the earlier arrival.
#[derive(Debug, Clone)]
pub struct AgingLfu {
    period: u64,
    lookups: u64,
    lfu: Lfu,
}

impl AgingLfu {
    /// An empty table over the keys `0..universe`, halving every `period` (>= 1) lookups.
    pub fn new(universe: usize, period: u64) -> Self {
        assert!(period >= 1, "ageing period must be at least 1");
        AgingLfu {
            period,
            lookups: 0,
            lfu: Lfu::new(universe),
        }
    }

    /// Current use count of a held key.
    pub fn count(&self, key: u32) -> Option<u64> {
        self.lfu.count(key)
    }
}

impl Policy for AgingLfu {
    #[inline]
    fn on_access(&mut self, key: u32) {
        self.lfu.on_access(key);
        self.lookups += 1;
    }

    #[inline]
    fn find(&mut self, key: u32) -> bool {
        self.lfu.find(key)
    }

    #[inline]
    fn len(&self) -> usize {
        self.lfu.len()
    }

    #[inline]
    fn evict(&mut self) {
        self.lfu.evict();
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        self.lfu.insert(key);
    }

    #[inline]
    fn after_access(&mut self) {
        if self.lookups.is_multiple_of(self.period) {
            self.lfu.halve_counts();
        }
    }

    fn resident(&self) -> Vec<u32> {
        self.lfu.resident()
    }
}
