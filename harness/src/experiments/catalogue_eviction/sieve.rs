//! SIEVE (Zhang et al., NSDI'24): one FIFO queue with a visited bit per entry and a hand that sweeps from the
//! oldest entry towards the newest, clearing bits and evicting the first unvisited entry. Hits never move entries.

use super::lists::Lists;
use super::policy::Policy;

/// SIEVE over an index-linked FIFO.
#[derive(Debug, Clone)]
pub(crate) struct Sieve {
    queue: Lists<1>,
    visited: Vec<bool>,
    hand: Option<u32>,
}

impl Sieve {
    /// An empty table over the keys `0..universe`.
    pub(crate) fn new(universe: usize) -> Self {
        Sieve {
            queue: Lists::new(universe),
            visited: vec![false; universe],
            hand: None,
        }
    }
}

impl Policy for Sieve {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        let held = self.queue.list_of(key).is_some();
        if held {
            self.visited[key as usize] = true;
        }
        held
    }

    #[inline]
    fn len(&self) -> usize {
        self.queue.len(0)
    }

    fn evict(&mut self) {
        let Some(mut o) = self.hand.or(self.queue.back(0)) else {
            return;
        };
        while self.visited[o as usize] {
            self.visited[o as usize] = false;
            o = match self.queue.newer(o).or(self.queue.back(0)) {
                Some(next) => next,
                None => return,
            };
        }
        self.hand = self.queue.newer(o);
        self.queue.remove(o);
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        self.queue.push_front(0, key);
        self.visited[key as usize] = false;
    }

    fn resident(&self) -> Vec<u32> {
        self.queue.keys(&[0])
    }
}
