//! S3-FIFO (Yang et al., SOSP'23) as in libCacheSim's `S3FIFOv0`, the paper's implementation: a small FIFO S
//! (10% of the budget) filters one-hit wonders, a main FIFO M reinserts entries that were hit (a 2-bit clock), and a
//! ghost FIFO G (90% of the budget, keys only) remembers keys dropped from S.
//!
//! Semantics pinned to libCacheSim's defaults: hits count up from 0 at insertion; an entry leaves S for M when it
//! has at least 2 hits (`move-to-main-threshold=2`), its count cleared; M reinserts an entry with count
//! `min(count, 3) - 1`; eviction takes from M when M is over its share or S is empty, else from S. A key found in
//! G is removed from G before any eviction and inserted into M. Unlike libCacheSim, which rejects budgets below 10,
//! S keeps at least one slot.

use super::lists::Lists;
use super::policy::Policy;

const S: usize = 0;
const M: usize = 1;
const G: usize = 2;
const MOVE_TO_MAIN: u8 = 2;
const MAX_FREQ: u8 = 3;

/// S3-FIFO over index-linked queues.
#[derive(Debug, Clone)]
pub(crate) struct S3Fifo {
    main_cap: usize,
    ghost_cap: usize,
    q: Lists<3>,
    freq: Vec<u8>,
    ghost_hit: bool,
}

impl S3Fifo {
    /// An empty table of `capacity` (>= 1) entries over the keys `0..universe`.
    pub(crate) fn new(capacity: usize, universe: usize) -> Self {
        let small_cap = (capacity / 10).max(1);
        S3Fifo {
            main_cap: capacity.saturating_sub(small_cap),
            ghost_cap: capacity * 9 / 10,
            q: Lists::new(universe),
            freq: vec![0; universe],
            ghost_hit: false,
        }
    }

    fn evict_small(&mut self) {
        while let Some(t) = self.q.pop_back(S) {
            if self.freq[t as usize] >= MOVE_TO_MAIN {
                self.freq[t as usize] = 0;
                self.q.push_front(M, t);
            } else {
                if self.ghost_cap > 0 {
                    if self.q.len(G) == self.ghost_cap {
                        self.q.pop_back(G);
                    }
                    self.q.push_front(G, t);
                }
                return;
            }
        }
    }

    fn evict_main(&mut self) {
        while let Some(t) = self.q.pop_back(M) {
            let f = self.freq[t as usize];
            if f >= 1 {
                self.freq[t as usize] = f.min(MAX_FREQ) - 1;
                self.q.push_front(M, t);
            } else {
                return;
            }
        }
    }
}

impl Policy for S3Fifo {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        let held = matches!(self.q.list_of(key), Some(S) | Some(M));
        if held {
            let k = key as usize;
            self.freq[k] = self.freq[k].saturating_add(1);
        }
        held
    }

    #[inline]
    fn on_miss(&mut self, key: u32) {
        self.ghost_hit = self.q.list_of(key) == Some(G);
        if self.ghost_hit {
            self.q.remove(key);
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.q.len(S) + self.q.len(M)
    }

    // One step may only move S's hit entries to M; the loop calls again until an entry has left.
    fn evict(&mut self) {
        if self.q.len(M) > self.main_cap || self.q.len(S) == 0 {
            self.evict_main();
        } else {
            self.evict_small();
        }
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        self.freq[key as usize] = 0;
        self.q.push_front(if self.ghost_hit { M } else { S }, key);
    }

    fn resident(&self) -> Vec<u32> {
        self.q.keys(&[S, M])
    }
}
