//! ARC (Megiddo & Modha, FAST'03): recency list T1 and frequency list T2 with ghost lists B1, B2 steering the
//! adaptive target `p` for T1's size.
//!
//! `p` is kept as an integer and the adaptation step uses integer division (`max(1, |B2| / |B1|)`), as most
//! implementations do; the paper's `p` is real-valued.

use super::lists::Lists;
use super::policy::Policy;

const T1: usize = 0;
const T2: usize = 1;
const B1: usize = 2;
const B2: usize = 3;

/// Adaptive Replacement Cache over index-linked lists.
#[derive(Debug, Clone)]
pub(crate) struct Arc {
    c: usize,
    p: usize,
    lists: Lists<4>,
    /// The missed key was found in B2 (the paper's case III), which tilts REPLACE towards T1.
    missed_in_b2: bool,
    /// The directory's recency half is all T1 (case IV(A) with |T1| = c): drop T1's oldest without a ghost.
    drop_t1: bool,
}

impl Arc {
    /// An empty table of `capacity` entries (the target's range) over the keys `0..universe`.
    pub(crate) fn new(capacity: usize, universe: usize) -> Self {
        Arc {
            c: capacity,
            p: 0,
            lists: Lists::new(universe),
            missed_in_b2: false,
            drop_t1: false,
        }
    }

    #[cfg(test)]
    /// The current adaptive target for T1.
    pub fn target_t1(&self) -> usize {
        self.p
    }
}

impl Policy for Arc {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        let held = matches!(self.lists.list_of(key), Some(T1) | Some(T2));
        if held {
            self.lists.move_to_front(T2, key);
        }
        held
    }

    // The paper's cases II–IV before REPLACE: adapt p, trim the directory. The loop then calls `evict` exactly
    // when the table is full, which in ARC is exactly when the paper calls REPLACE (or drops T1's oldest).
    #[inline]
    fn on_miss(&mut self, key: u32) {
        let (t1, t2, b1, b2) = (
            self.lists.len(T1),
            self.lists.len(T2),
            self.lists.len(B1),
            self.lists.len(B2),
        );
        self.missed_in_b2 = false;
        self.drop_t1 = false;
        match self.lists.list_of(key) {
            Some(B1) => self.p = (self.p + (b2 / b1).max(1)).min(self.c),
            Some(_) => {
                self.p = self.p.saturating_sub((b1 / b2).max(1));
                self.missed_in_b2 = true;
            }
            None => {
                if t1 + b1 == self.c {
                    if t1 < self.c {
                        self.lists.pop_back(B1);
                    } else {
                        self.drop_t1 = true;
                    }
                } else if t1 + t2 + b1 + b2 == 2 * self.c {
                    self.lists.pop_back(B2);
                }
            }
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.lists.len(T1) + self.lists.len(T2)
    }

    // REPLACE(x, p).
    fn evict(&mut self) {
        if std::mem::take(&mut self.drop_t1) {
            self.lists.pop_back(T1);
            return;
        }
        let t1 = self.lists.len(T1);
        if t1 >= 1 && (t1 > self.p || (self.missed_in_b2 && t1 == self.p)) {
            let v = self.lists.pop_back(T1).expect("T1 non-empty");
            self.lists.push_front(B1, v);
        } else if let Some(v) = self.lists.pop_back(T2) {
            self.lists.push_front(B2, v);
        } else if let Some(v) = self.lists.pop_back(T1) {
            self.lists.push_front(B1, v);
        }
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        if self.lists.list_of(key).is_some() {
            // A ghost hit: the key has been seen twice recently.
            self.lists.move_to_front(T2, key);
        } else {
            self.lists.push_front(T1, key);
        }
    }

    fn resident(&self) -> Vec<u32> {
        self.lists.keys(&[T1, T2])
    }
}
