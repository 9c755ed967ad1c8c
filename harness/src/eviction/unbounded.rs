//! The unbounded table: keeps every key it meets, so only the first lookup of each key misses (the ceiling).

use super::policy::Policy;

/// A table without a budget.
#[derive(Debug, Clone)]
pub struct Unbounded {
    held: Vec<bool>,
    len: usize,
}

impl Unbounded {
    /// An empty table over keys `0..universe`.
    pub fn new(universe: usize) -> Self {
        Unbounded {
            held: vec![false; universe],
            len: 0,
        }
    }
}

impl Policy for Unbounded {
    fn name(&self) -> String {
        "unbounded".into()
    }

    fn capacity(&self) -> usize {
        self.held.len()
    }

    #[inline]
    fn access(&mut self, key: u32) -> bool {
        let was = std::mem::replace(&mut self.held[key as usize], true);
        self.len += usize::from(!was);
        was
    }

    fn resident(&self) -> Vec<u32> {
        (0..self.held.len() as u32)
            .filter(|&k| self.held[k as usize])
            .collect()
    }
}
