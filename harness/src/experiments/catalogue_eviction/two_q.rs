//! 2Q (Johnson & Shasha, VLDB'94), full version, with libCacheSim's `TwoQ` layout: new keys enter A1in, a FIFO of
//! 25% of the budget whose hits change nothing; keys pushed out of an over-full A1in are remembered in A1out (keys
//! only, a FIFO of 50% of the budget); a miss on a remembered key goes to Am, an LRU of the remaining 75%.
//!
//! A full table evicts from A1in while A1in is over its share, else from Am. Unlike libCacheSim, whose A1in of
//! `floor(budget / 4)` entries is empty below a budget of 4 (so it caches nothing there), A1in keeps at least one
//! slot, and an empty Am sends the eviction to A1in.

use super::lists::Lists;
use super::policy::Policy;

const A1IN: usize = 0;
const AM: usize = 1;
const A1OUT: usize = 2;

/// 2Q over index-linked queues.
#[derive(Debug, Clone)]
pub(crate) struct TwoQ {
    in_cap: usize,
    out_cap: usize,
    main_cap: usize,
    q: Lists<3>,
    remembered: bool,
}

impl TwoQ {
    /// An empty table of `capacity` (>= 1) entries over the keys `0..universe`.
    pub(crate) fn new(capacity: usize, universe: usize) -> Self {
        let in_cap = (capacity / 4).max(1);
        TwoQ {
            in_cap,
            out_cap: capacity / 2,
            main_cap: capacity.saturating_sub(in_cap),
            q: Lists::new(universe),
            remembered: false,
        }
    }
}

impl Policy for TwoQ {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        match self.q.list_of(key) {
            Some(A1IN) => true,
            Some(AM) => {
                self.q.move_to_front(AM, key);
                true
            }
            _ => false,
        }
    }

    #[inline]
    fn on_miss(&mut self, key: u32) {
        self.remembered = self.q.list_of(key) == Some(A1OUT);
        if self.remembered {
            self.q.remove(key);
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.q.len(A1IN) + self.q.len(AM)
    }

    fn evict(&mut self) {
        if self.q.len(A1IN) > self.in_cap || self.q.len(AM) == 0 {
            if let Some(v) = self.q.pop_back(A1IN)
                && self.out_cap > 0
            {
                if self.q.len(A1OUT) >= self.out_cap {
                    self.q.pop_back(A1OUT);
                }
                self.q.push_front(A1OUT, v);
            }
        } else {
            self.q.pop_back(AM);
        }
    }

    // Am is a table of its own share: a remembered key entering a full Am pushes out Am's least recent entry
    // even when the whole table had room (libCacheSim inserts through Am's own get).
    #[inline]
    fn insert(&mut self, key: u32) {
        if self.remembered {
            if self.q.len(AM) >= self.main_cap {
                self.q.pop_back(AM);
            }
            self.q.push_front(AM, key);
        } else {
            self.q.push_front(A1IN, key);
        }
    }

    fn resident(&self) -> Vec<u32> {
        self.q.keys(&[A1IN, AM])
    }
}
