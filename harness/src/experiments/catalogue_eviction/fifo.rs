//! First in, first out: evict the entry that arrived first; hits change nothing (libCacheSim's `FIFO`).

use super::lists::Lists;
use super::policy::Policy;

/// FIFO over an index-linked arrival queue.
#[derive(Debug, Clone)]
pub(crate) struct Fifo {
    queue: Lists<1>,
}

impl Fifo {
    /// An empty table over the keys `0..universe`.
    pub(crate) fn new(universe: usize) -> Self {
        Fifo {
            queue: Lists::new(universe),
        }
    }
}

impl Policy for Fifo {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        self.queue.list_of(key).is_some()
    }

    #[inline]
    fn len(&self) -> usize {
        self.queue.len(0)
    }

    #[inline]
    fn evict(&mut self) {
        self.queue.pop_back(0);
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        self.queue.push_front(0, key);
    }

    fn resident(&self) -> Vec<u32> {
        self.queue.keys(&[0])
    }
}
