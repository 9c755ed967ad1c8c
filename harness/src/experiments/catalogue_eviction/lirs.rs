//! LIRS (Jiang & Zhang, SIGMETRICS'02) with libCacheSim's `LIRS` sizes: a recency stack S ranks keys by their
//! inter-reference recency; the low-IRR (LIR) keys hold `budget - max(1, 1% of budget)` slots, the high-IRR (HIR)
//! residents the rest in a FIFO Q. S also keeps non-resident HIR keys (keys only) and is held to at most twice
//! the budget by forgetting the oldest of them.
//!
//! The paper's rules, case by case: a hit on a LIR key moves it to the top of S; a hit on a resident HIR key in S
//! makes it LIR and demotes the LIR key at S's bottom to Q's tail; a hit on a resident HIR key outside S moves it to
//! S's top and Q's tail and leaves it HIR; a miss on a non-resident HIR key in S makes it LIR (demoting as above);
//! any other miss enters as LIR while the LIR share has room, else as a resident HIR key. The full table evicts
//! Q's head. After each change S's bottom is pruned down to a LIR key.

use super::lists::Lists;
use super::policy::Policy;

const ABSENT: u8 = 0;
const LIR: u8 = 1;
const HIR_RESIDENT: u8 = 2;
const HIR_GHOST: u8 = 3;

/// LIRS over index-linked lists (S, Q and the non-resident keys in the order they left).
#[derive(Debug, Clone)]
pub(crate) struct Lirs {
    lir_cap: usize,
    stack_cap: usize,
    lir_count: usize,
    hir_count: usize,
    stack: Lists<1>,
    queue: Lists<1>,
    ghosts: Lists<1>,
    status: Vec<u8>,
}

impl Lirs {
    /// An empty table of `capacity` (>= 1) entries over the keys `0..universe`.
    pub(crate) fn new(capacity: usize, universe: usize) -> Self {
        let hir_cap = (capacity / 100).max(1);
        Lirs {
            lir_cap: capacity.saturating_sub(hir_cap),
            stack_cap: 2 * capacity,
            lir_count: 0,
            hir_count: 0,
            stack: Lists::new(universe),
            queue: Lists::new(universe),
            ghosts: Lists::new(universe),
            status: vec![ABSENT; universe],
        }
    }

    fn in_stack(&self, key: u32) -> bool {
        self.stack.list_of(key).is_some()
    }

    /// Removes HIR keys from S's bottom until a LIR key is there; non-resident ones are forgotten.
    fn prune(&mut self) {
        while let Some(b) = self.stack.back(0) {
            match self.status[b as usize] {
                LIR => return,
                HIR_GHOST => {
                    self.ghosts.remove(b);
                    self.status[b as usize] = ABSENT;
                }
                _ => {}
            }
            self.stack.remove(b);
        }
    }

    /// The LIR key at S's bottom becomes a resident HIR key at Q's tail.
    fn demote_bottom_lir(&mut self) {
        self.prune();
        if let Some(b) = self.stack.pop_back(0) {
            self.status[b as usize] = HIR_RESIDENT;
            self.lir_count -= 1;
            self.hir_count += 1;
            self.queue.push_front(0, b);
            self.prune();
        }
    }

    /// Makes a key at S's top LIR; if that overfills the LIR share, S's bottom LIR key is demoted.
    fn promote(&mut self, key: u32) {
        // Marked first, so that pruning during the demotion cannot drop the key from S.
        self.status[key as usize] = LIR;
        self.lir_count += 1;
        if self.lir_count > self.lir_cap {
            self.demote_bottom_lir();
        }
    }
}

impl Policy for Lirs {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        match self.status[key as usize] {
            LIR => {
                self.stack.move_to_front(0, key);
                self.prune();
                true
            }
            HIR_RESIDENT => {
                if self.in_stack(key) {
                    self.queue.remove(key);
                    self.hir_count -= 1;
                    self.stack.move_to_front(0, key);
                    self.promote(key);
                } else {
                    self.stack.push_front(0, key);
                    self.queue.move_to_front(0, key);
                }
                true
            }
            _ => false,
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.lir_count + self.hir_count
    }

    fn evict(&mut self) {
        if self.queue.len(0) == 0 {
            // Only a table whose LIR share is everything (a budget of 1) can be full with Q empty.
            self.demote_bottom_lir();
        }
        if let Some(v) = self.queue.pop_back(0) {
            self.hir_count -= 1;
            if self.in_stack(v) {
                self.status[v as usize] = HIR_GHOST;
                self.ghosts.push_front(0, v);
            } else {
                self.status[v as usize] = ABSENT;
            }
        }
    }

    fn insert(&mut self, key: u32) {
        if self.status[key as usize] == HIR_GHOST {
            self.ghosts.remove(key);
            self.stack.move_to_front(0, key);
            self.promote(key);
        } else if self.lir_count < self.lir_cap {
            self.stack.push_front(0, key);
            self.status[key as usize] = LIR;
            self.lir_count += 1;
        } else {
            self.stack.push_front(0, key);
            self.queue.push_front(0, key);
            self.status[key as usize] = HIR_RESIDENT;
            self.hir_count += 1;
        }
    }

    // S keeps at most twice the budget: the non-resident keys that left the table longest ago go first.
    fn after_access(&mut self) {
        while self.stack.len(0) > self.stack_cap {
            let Some(g) = self.ghosts.pop_back(0) else {
                return;
            };
            self.stack.remove(g);
            self.status[g as usize] = ABSENT;
        }
    }

    fn resident(&self) -> Vec<u32> {
        (0..self.status.len() as u32)
            .filter(|&k| matches!(self.status[k as usize], LIR | HIR_RESIDENT))
            .collect()
    }
}
