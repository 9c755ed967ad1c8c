//! Least recently used: evict the entry whose last consultation is oldest (the original experiment's control).

use super::lists::Lists;
use super::policy::Policy;

/// LRU over an index-linked recency list.
#[derive(Debug, Clone)]
pub(crate) struct Lru {
    list: Lists<1>,
}

impl Lru {
    /// An empty table over the keys `0..universe`.
    pub(crate) fn new(universe: usize) -> Self {
        Lru {
            list: Lists::new(universe),
        }
    }
}

impl Policy for Lru {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        let held = self.list.list_of(key).is_some();
        if held {
            self.list.move_to_front(0, key);
        }
        held
    }

    #[inline]
    fn len(&self) -> usize {
        self.list.len(0)
    }

    #[inline]
    fn evict(&mut self) {
        self.list.pop_back(0);
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        self.list.push_front(0, key);
    }

    fn resident(&self) -> Vec<u32> {
        self.list.keys(&[0])
    }
}
