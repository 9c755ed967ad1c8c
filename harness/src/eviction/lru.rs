//! Least recently used: evict the entry whose last consultation is oldest (the essay's control).

use super::lists::Lists;
use super::policy::Policy;

/// LRU over an index-linked recency list.
#[derive(Debug, Clone)]
pub struct Lru {
    cap: usize,
    list: Lists<1>,
}

impl Lru {
    /// An empty table holding at most `capacity` (>= 1) of the keys `0..universe`.
    pub fn new(capacity: usize, universe: usize) -> Self {
        assert!(capacity >= 1, "capacity must be at least 1");
        Lru {
            cap: capacity,
            list: Lists::new(universe),
        }
    }
}

impl Policy for Lru {
    fn name(&self) -> String {
        "lru".into()
    }

    fn capacity(&self) -> usize {
        self.cap
    }

    #[inline]
    fn access(&mut self, key: u32) -> bool {
        if self.list.list_of(key).is_some() {
            self.list.move_to_front(0, key);
            return true;
        }
        // Insert-then-prune with the new key excluded is the same as dropping the oldest old key first.
        if self.list.len(0) == self.cap {
            self.list.pop_back(0);
        }
        self.list.push_front(0, key);
        false
    }

    fn resident(&self) -> Vec<u32> {
        self.list.keys(0)
    }
}
