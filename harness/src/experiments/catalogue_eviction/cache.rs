//! The one access loop (libCacheSim's `cache_get_base`): a budgeted table of at most `capacity` entries that asks
//! its [`Policy`] hooks what to do. Every rule, online or offline, runs through [`Cache::get`].

use super::policy::{FNV_OFFSET, FNV_PRIME, Policy, Tally};
use super::spec::PolicyKind;

/// A table of at most `capacity` entries run by the hooks of `P`.
#[derive(Debug, Clone)]
pub(crate) struct Cache<P> {
    kind: PolicyKind,
    capacity: usize,
    policy: P,
}

impl<P: Policy> Cache<P> {
    /// A table for `kind` holding at most `capacity` (>= 1) entries.
    pub(crate) fn new(kind: PolicyKind, capacity: usize, policy: P) -> Self {
        // Budgets are checked where they are read (the command line); reaching here with 0 is a programming error.
        assert!(capacity >= 1, "capacity must be at least 1");
        Cache {
            kind,
            capacity,
            policy,
        }
    }

    /// Looks `key` up; returns whether it was a hit. An admitted miss evicts while the table is at its budget and
    /// then inserts the key, so the new entry is never the victim.
    // Always inlined into the replay loop, which calls it once per lookup: a call would spill the loop's state.
    #[inline(always)]
    pub(crate) fn get(&mut self, key: u32) -> bool {
        let p = &mut self.policy;
        p.on_access(key);
        let hit = p.find(key);
        if !hit && p.admits(key, p.len() >= self.capacity) {
            p.on_miss(key);
            while p.len() >= self.capacity {
                p.evict();
            }
            p.insert(key);
        }
        p.after_access();
        hit
    }

    #[cfg(test)]
    /// The hooks, for rule-specific inspection (counts, adaptive targets).
    pub fn policy(&self) -> &P {
        &self.policy
    }
}

/// A budgeted table behind a pointer: what the experiment replays, whatever the rule.
pub trait Table {
    /// Name as written in the results (`lru`, `aging_lfu_k1000`, ...).
    fn name(&self) -> String;

    /// The budget: the most entries the table may hold.
    fn capacity(&self) -> usize;

    /// Looks `key` up; returns whether it was a hit.
    fn access(&mut self, key: u32) -> bool;

    /// The keys held now, in no particular order.
    fn resident(&self) -> Vec<u32>;

    /// Replays `keys` (all below `universe`) through the table and counts what happened.
    fn replay(&mut self, keys: &[u32], universe: usize) -> Tally;
}

impl<P: Policy> Table for Cache<P> {
    fn name(&self) -> String {
        self.kind.to_string()
    }

    fn capacity(&self) -> usize {
        self.capacity
    }

    fn access(&mut self, key: u32) -> bool {
        self.get(key)
    }

    fn resident(&self) -> Vec<u32> {
        self.policy.resident()
    }

    // One monomorphic loop per rule even behind `dyn Table`: the dynamic call is paid once per replay.
    fn replay(&mut self, keys: &[u32], universe: usize) -> Tally {
        let mut missed_before = vec![false; universe];
        let mut t = Tally {
            fingerprint: FNV_OFFSET,
            ..Tally::default()
        };
        for &k in keys {
            t.fingerprint = (t.fingerprint ^ k as u64).wrapping_mul(FNV_PRIME);
            if self.get(k) {
                t.hits += 1;
            } else if std::mem::replace(&mut missed_before[k as usize], true) {
                t.re_evaluations += 1;
            }
        }
        t.lookups = keys.len() as u64;
        t
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn new_examples() {
        use crate::experiments::catalogue_eviction::PolicyKind;
        use crate::experiments::catalogue_eviction::cache::Cache;
        use crate::experiments::catalogue_eviction::lru::Lru;
        let mut c = Cache::new(PolicyKind::Lru, 2, Lru::new(3));
        let hits: Vec<bool> = [0, 1, 0, 2, 1].iter().map(|&k| c.get(k)).collect();
        assert_eq!(hits, [false, false, true, false, false]); // 2 evicted 1, the least recent
    }
}
