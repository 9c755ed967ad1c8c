//! Ageing LFU, the essay's next rung: LFU whose every count is halved each `K` lookups, removing the ratchet
//! while keeping recent frequency.

use super::heap::IndexedHeap;
use super::policy::Policy;

/// LFU with all counts halved (rounding down) after every `period` lookups; ties to the earlier arrival.
#[derive(Debug, Clone)]
pub struct AgingLfu {
    cap: usize,
    period: u64,
    heap: IndexedHeap,
    now: u64,
}

const ONE_USE: u64 = 1 << 32;
const ARRIVAL_MASK: u64 = ONE_USE - 1;

impl AgingLfu {
    /// An empty table of at most `capacity` (>= 1) keys of `0..universe`, halving every `period` (>= 1) lookups.
    pub fn new(capacity: usize, universe: usize, period: u64) -> Self {
        assert!(capacity >= 1, "capacity must be at least 1");
        assert!(period >= 1, "ageing period must be at least 1");
        AgingLfu {
            cap: capacity,
            period,
            heap: IndexedHeap::new(universe),
            now: 0,
        }
    }

    /// Current use count of a held key.
    pub fn count(&self, key: u32) -> Option<u64> {
        self.heap
            .contains(key)
            .then(|| self.heap.priority(key) >> 32)
    }
}

impl Policy for AgingLfu {
    fn name(&self) -> String {
        format!("aging_lfu_k{}", self.period)
    }

    fn capacity(&self) -> usize {
        self.cap
    }

    #[inline]
    fn access(&mut self, key: u32) -> bool {
        let now = self.now;
        self.now += 1;
        let hit = if self.heap.contains(key) {
            let p = self.heap.priority(key);
            self.heap.set(key, p + ONE_USE);
            true
        } else {
            if self.heap.len() == self.cap {
                self.heap.pop();
            }
            self.heap.push(key, ONE_USE | (now & ARRIVAL_MASK));
            false
        };
        if self.now.is_multiple_of(self.period) {
            // Halving can turn (2, late) < (3, early) into (1, late) > (1, early): rebuild the order.
            self.heap
                .remap(|p| (((p >> 32) / 2) << 32) | (p & ARRIVAL_MASK));
        }
        hit
    }

    fn resident(&self) -> Vec<u32> {
        self.heap.keys().to_vec()
    }
}
