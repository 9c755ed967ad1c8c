//! How to build each eviction rule's table: the one place where rules, parameters and budgets meet. The rules'
//! names are [`crate::eviction_policy`]'s.

use super::cache::{Cache, Table};
use super::{
    aging_lfu::AgingLfu, arc::Arc, belady::Belady, clock::Clock, fifo::Fifo, lfu::Lfu, lirs::Lirs,
    lru::Lru, s3fifo::S3Fifo, sieve::Sieve, static_sets::StaticSet, two_q::TwoQ,
    unbounded::Unbounded, wtinylfu::WTinyLfu,
};
pub use crate::eviction_policy::PolicyKind;

impl PolicyKind {
    /// Builds the rule's table for a budget (>= 1) over a known key sequence (the offline rules need it).
    pub fn build(self, capacity: usize, keys: &[u32], universe: usize) -> Box<dyn Table + Send> {
        fn boxed<P: super::policy::Policy + Send + 'static>(
            kind: PolicyKind,
            capacity: usize,
            p: P,
        ) -> Box<dyn Table + Send> {
            Box::new(Cache::new(kind, capacity, p))
        }
        let (c, u) = (capacity, universe);
        match self {
            PolicyKind::Lru => boxed(self, c, Lru::new(u)),
            PolicyKind::Lfu => boxed(self, c, Lfu::new(u)),
            PolicyKind::LfuUnprotected => boxed(self, c, Lfu::without_new_entry_protection(u)),
            PolicyKind::AgingLfu { period } => boxed(self, c, AgingLfu::new(u, period)),
            PolicyKind::Sieve => boxed(self, c, Sieve::new(u)),
            PolicyKind::Arc => boxed(self, c, Arc::new(c, u)),
            PolicyKind::S3Fifo => boxed(self, c, S3Fifo::new(c, u)),
            PolicyKind::WTinyLfu => boxed(self, c, WTinyLfu::new(c, u)),
            PolicyKind::Fifo => boxed(self, c, Fifo::new(u)),
            PolicyKind::Clock => boxed(self, c, Clock::new(u)),
            PolicyKind::TwoQ => boxed(self, c, TwoQ::new(c, u)),
            PolicyKind::Lirs => boxed(self, c, Lirs::new(c, u)),
            PolicyKind::Belady => boxed(self, c, Belady::new(keys, u)),
            // Holding the whole universe, it is never full on a miss.
            PolicyKind::Unbounded => boxed(self, u.max(1), Unbounded::new(u)),
            PolicyKind::BestN => boxed(self, c, StaticSet::best_n(c, keys, u)),
            PolicyKind::FirstN => boxed(self, c, StaticSet::first_n(c, keys, u)),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn build_examples() {
        use crate::experiments::catalogue_eviction::PolicyKind;
        let keys = [0, 1, 0, 2, 0, 1];
        let mut t = PolicyKind::Fifo.build(2, &keys, 3);
        assert_eq!(t.replay(&keys, 3).hits, 1); // FIFO evicts 0 for 2 although 0 was just hit
        assert_eq!(PolicyKind::Lru.build(2, &keys, 3).replay(&keys, 3).hits, 2);
    }
}
