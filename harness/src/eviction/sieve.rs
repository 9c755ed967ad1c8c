//! SIEVE (Zhang et al., NSDI'24): one FIFO queue with a visited bit per entry and a hand that sweeps from the
//! oldest entry towards the newest, clearing bits and evicting the first unvisited entry. Hits never move entries.

use super::lists::Lists;
use super::policy::Policy;

/// SIEVE over an index-linked FIFO.
#[derive(Debug, Clone)]
pub struct Sieve {
    cap: usize,
    queue: Lists<1>,
    visited: Vec<bool>,
    hand: Option<u32>,
}

impl Sieve {
    /// An empty table holding at most `capacity` (>= 1) of the keys `0..universe`.
    pub fn new(capacity: usize, universe: usize) -> Self {
        assert!(capacity >= 1, "capacity must be at least 1");
        Sieve {
            cap: capacity,
            queue: Lists::new(universe),
            visited: vec![false; universe],
            hand: None,
        }
    }

    fn evict(&mut self) {
        let mut o = self.hand.or(self.queue.back(0)).expect("queue non-empty");
        while self.visited[o as usize] {
            self.visited[o as usize] = false;
            o = self
                .queue
                .newer(o)
                .or(self.queue.back(0))
                .expect("queue non-empty");
        }
        self.hand = self.queue.newer(o);
        self.queue.remove(o);
    }
}

impl Policy for Sieve {
    fn name(&self) -> String {
        "sieve".into()
    }

    fn capacity(&self) -> usize {
        self.cap
    }

    #[inline]
    fn access(&mut self, key: u32) -> bool {
        if self.queue.list_of(key).is_some() {
            self.visited[key as usize] = true;
            return true;
        }
        if self.queue.len(0) == self.cap {
            self.evict();
        }
        self.queue.push_front(0, key);
        self.visited[key as usize] = false;
        false
    }

    fn resident(&self) -> Vec<u32> {
        self.queue.keys(0)
    }
}
