//! The offline orderings the original experiment compares against: a fixed table chosen before the run, never changed.
//! "Best N" holds the N keys with the most lookups over the whole run; "first N" the first N distinct keys to
//! arrive. Their hit rate is the original experiment's "serve": the share of lookups whose key is in the set.

use super::policy::Policy;

/// The N keys of `keys` with the most lookups, ties to the earlier first arrival, most used first.
pub(crate) fn best_n(keys: &[u32], universe: usize, n: usize) -> Vec<u32> {
    let mut count = vec![0u64; universe];
    let mut first = vec![usize::MAX; universe];
    for (i, &k) in keys.iter().enumerate() {
        count[k as usize] += 1;
        if first[k as usize] == usize::MAX {
            first[k as usize] = i;
        }
    }
    let mut seen: Vec<u32> = (0..universe as u32)
        .filter(|&k| count[k as usize] > 0)
        .collect();
    seen.sort_by_key(|&k| (std::cmp::Reverse(count[k as usize]), first[k as usize]));
    seen.truncate(n);
    seen
}

/// The first N distinct keys of `keys`, in arrival order.
pub(crate) fn first_n(keys: &[u32], universe: usize, n: usize) -> Vec<u32> {
    let mut seen = vec![false; universe];
    let mut out = Vec::with_capacity(n.min(universe));
    for &k in keys {
        if out.len() == n {
            break;
        }
        if !std::mem::replace(&mut seen[k as usize], true) {
            out.push(k);
        }
    }
    out
}

/// A fixed table: a lookup hits exactly when its key is in the set; nothing is ever admitted or evicted.
#[derive(Debug, Clone)]
pub(crate) struct StaticSet {
    member: Vec<bool>,
    keys: Vec<u32>,
}

impl StaticSet {
    /// The best-N table for `keys`.
    pub(crate) fn best_n(n: usize, keys: &[u32], universe: usize) -> Self {
        Self::of(best_n(keys, universe, n), universe)
    }

    /// The first-N table for `keys`.
    pub(crate) fn first_n(n: usize, keys: &[u32], universe: usize) -> Self {
        Self::of(first_n(keys, universe, n), universe)
    }

    fn of(keys: Vec<u32>, universe: usize) -> Self {
        let mut member = vec![false; universe];
        for &k in &keys {
            member[k as usize] = true;
        }
        StaticSet { member, keys }
    }
}

impl Policy for StaticSet {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        self.member[key as usize]
    }

    #[inline]
    fn admits(&self, _key: u32, _full: bool) -> bool {
        false
    }

    #[inline]
    fn len(&self) -> usize {
        self.keys.len()
    }

    /// Never called: nothing is admitted.
    fn evict(&mut self) {
        unreachable!("a static table admits nothing");
    }

    /// Never called: nothing is admitted.
    fn insert(&mut self, _key: u32) {
        unreachable!("a static table admits nothing");
    }

    fn resident(&self) -> Vec<u32> {
        self.keys.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_n_and_first_n_examples() {
        assert_eq!(best_n(&[5, 1, 1, 2, 2, 5, 1], 6, 2), vec![1, 5]);
        assert_eq!(first_n(&[5, 1, 5, 2, 3], 6, 3), vec![5, 1, 2]);
    }
}
