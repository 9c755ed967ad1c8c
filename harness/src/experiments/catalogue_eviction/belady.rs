//! Belady's MIN: on a miss with a full table, evict the resident entry whose next use is farthest in the future.
//!
//! Like every online rule here it is demand-paged (the missed key is always inserted and is never the victim on that
//! pass), so it is the exact optimum among such rules for this budget. O(log budget) per lookup: next uses are
//! precomputed per stream position and the residents sit in an indexed heap keyed by next use.

use super::heap::IndexedHeap;
use super::policy::Policy;

/// Position meaning "never used again".
const NEVER: u32 = u32::MAX;

/// For each position of `keys`, the position of the same key's next lookup, or `u32::MAX` if none.
pub(crate) fn next_uses(keys: &[u32], universe: usize) -> Vec<u32> {
    let mut last_seen = vec![NEVER; universe];
    let mut next = vec![NEVER; keys.len()];
    for (i, &k) in keys.iter().enumerate().rev() {
        next[i] = last_seen[k as usize];
        last_seen[k as usize] = i as u32;
    }
    next
}

/// Belady's MIN for one known key sequence.
#[derive(Debug, Clone)]
pub(crate) struct Belady {
    next: Vec<u32>,
    now: usize,
    priority: u64,
    heap: IndexedHeap,
}

impl Belady {
    /// An empty table clairvoyant about `keys` (which it must then be fed).
    pub(crate) fn new(keys: &[u32], universe: usize) -> Self {
        Belady {
            next: next_uses(keys, universe),
            now: 0,
            priority: 0,
            heap: IndexedHeap::new(universe),
        }
    }
}

impl Policy for Belady {
    #[inline]
    fn on_access(&mut self, _key: u32) {
        // A longer stream than the one foreseen is treated as never reused; the replay check reports the mismatch.
        let next = self.next.get(self.now).copied().unwrap_or(NEVER);
        self.now += 1;
        // Min-heap on (NEVER - next): the top is the farthest next use.
        self.priority = (NEVER - next) as u64;
    }

    #[inline]
    fn find(&mut self, key: u32) -> bool {
        let held = self.heap.contains(key);
        if held {
            self.heap.set(key, self.priority);
        }
        held
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
        self.heap.push(key, self.priority);
    }

    fn resident(&self) -> Vec<u32> {
        self.heap.keys().collect()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn next_uses_examples() {
        use crate::experiments::catalogue_eviction::belady::next_uses;
        assert_eq!(next_uses(&[7, 3, 7, 7], 8), vec![2, u32::MAX, 3, u32::MAX]);
    }
}
