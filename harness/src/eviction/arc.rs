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
pub struct Arc {
    c: usize,
    p: usize,
    lists: Lists<4>,
}

impl Arc {
    /// An empty table holding at most `capacity` (>= 1) of the keys `0..universe`.
    pub fn new(capacity: usize, universe: usize) -> Self {
        assert!(capacity >= 1, "capacity must be at least 1");
        Arc {
            c: capacity,
            p: 0,
            lists: Lists::new(universe),
        }
    }

    /// The current adaptive target for T1.
    pub fn target_t1(&self) -> usize {
        self.p
    }

    fn replace(&mut self, key_in_b2: bool) {
        let t1 = self.lists.len(T1);
        if t1 >= 1 && (t1 > self.p || (key_in_b2 && t1 == self.p)) {
            let v = self.lists.pop_back(T1).expect("T1 non-empty");
            self.lists.push_front(B1, v);
        } else if let Some(v) = self.lists.pop_back(T2) {
            self.lists.push_front(B2, v);
        } else if let Some(v) = self.lists.pop_back(T1) {
            self.lists.push_front(B1, v);
        }
    }
}

impl Policy for Arc {
    fn name(&self) -> String {
        "arc".into()
    }

    fn capacity(&self) -> usize {
        self.c
    }

    #[inline]
    fn access(&mut self, key: u32) -> bool {
        match self.lists.list_of(key) {
            Some(T1) | Some(T2) => {
                self.lists.move_to_front(T2, key);
                true
            }
            Some(B1) => {
                let (b1, b2) = (self.lists.len(B1), self.lists.len(B2));
                self.p = (self.p + (b2 / b1).max(1)).min(self.c);
                self.replace(false);
                self.lists.move_to_front(T2, key);
                false
            }
            Some(_) => {
                let (b1, b2) = (self.lists.len(B1), self.lists.len(B2));
                self.p = self.p.saturating_sub((b1 / b2).max(1));
                self.replace(true);
                self.lists.move_to_front(T2, key);
                false
            }
            None => {
                let (t1, t2, b1, b2) = (
                    self.lists.len(T1),
                    self.lists.len(T2),
                    self.lists.len(B1),
                    self.lists.len(B2),
                );
                if t1 + b1 == self.c {
                    if t1 < self.c {
                        self.lists.pop_back(B1);
                        self.replace(false);
                    } else {
                        self.lists.pop_back(T1);
                    }
                } else if t1 + t2 + b1 + b2 >= self.c {
                    if t1 + t2 + b1 + b2 == 2 * self.c {
                        self.lists.pop_back(B2);
                    }
                    self.replace(false);
                }
                self.lists.push_front(T1, key);
                false
            }
        }
    }

    fn resident(&self) -> Vec<u32> {
        let mut r = self.lists.keys(T1);
        r.extend(self.lists.keys(T2));
        r
    }
}
