//! The unbounded table: keeps every key it meets, so only the first lookup of each key misses (the ceiling).

use super::policy::Policy;

/// A table without a budget (its capacity is the whole key universe, so it never evicts).
#[derive(Debug, Clone)]
pub(crate) struct Unbounded {
    held: Vec<bool>,
    len: usize,
}

impl Unbounded {
    /// An empty table over keys `0..universe`.
    pub(crate) fn new(universe: usize) -> Self {
        Unbounded {
            held: vec![false; universe],
            len: 0,
        }
    }
}

impl Policy for Unbounded {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        self.held[key as usize]
    }

    #[inline]
    fn len(&self) -> usize {
        self.len
    }

    /// Never called: a missed key is not held, so fewer than the universe's keys are.
    fn evict(&mut self) {
        unreachable!("the unbounded table is never full on a miss");
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        self.held[key as usize] = true;
        self.len += 1;
    }

    fn resident(&self) -> Vec<u32> {
        (0..self.held.len() as u32)
            .filter(|&k| self.held[k as usize])
            .collect()
    }
}
