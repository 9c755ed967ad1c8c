//! Exact LRU miss-ratio curves for every budget in one pass (Mattson et al., 1970): LRU is a stack algorithm, so a
//! lookup hits at budget `b` exactly when its stack distance (distinct keys since the key's previous lookup, plus
//! one) is at most `b`. Distances come from a Fenwick tree over lookup positions marking each key's latest lookup,
//! O(log n) per lookup.

/// LRU hits at every budget: `hits[b]` for `b` in `0..=distinct` (the last entry is the unbounded table's).
pub fn lru_hits_by_budget(keys: &[u32], universe: usize) -> Vec<u64> {
    let histogram = stack_distances(keys, universe);
    let mut hits = Vec::with_capacity(histogram.len());
    let mut sum = 0u64;
    for (b, &h) in histogram.iter().enumerate() {
        if b > 0 {
            sum += h;
        }
        hits.push(sum);
    }
    hits
}

/// `histogram[d]` = lookups with stack distance `d` (1-based; index 0 unused, cold misses not counted), up to
/// the number of distinct keys.
pub(crate) fn stack_distances(keys: &[u32], universe: usize) -> Vec<u64> {
    const NONE: usize = usize::MAX;
    let n = keys.len();
    let mut tree = vec![0u32; n + 1];
    let mut last = vec![NONE; universe];
    let mut distinct = 0usize;
    let mut histogram = vec![0u64; universe + 1];
    let add = |tree: &mut [u32], mut i: usize, v: i32| {
        i += 1;
        while i < tree.len() {
            tree[i] = tree[i].wrapping_add_signed(v);
            i += i & i.wrapping_neg();
        }
    };
    let prefix = |tree: &[u32], mut i: usize| -> u64 {
        // Sum of positions 0..i.
        let mut s = 0u64;
        while i > 0 {
            s += tree[i] as u64;
            i &= i - 1;
        }
        s
    };
    for (t, &k) in keys.iter().enumerate() {
        let p = last[k as usize];
        if p == NONE {
            distinct += 1;
        } else {
            // Keys whose latest lookup lies strictly between p and t, plus the key itself.
            let between = prefix(&tree, t) - prefix(&tree, p + 1);
            histogram[between as usize + 1] += 1;
            add(&mut tree, p, -1);
        }
        add(&mut tree, t, 1);
        last[k as usize] = t;
    }
    histogram.truncate(distinct + 1);
    histogram
}

#[cfg(test)]
mod tests {
    #[test]
    fn lru_hits_by_budget_examples() {
        use crate::experiments::catalogue_eviction::mrc::lru_hits_by_budget;
        // a b a c b a: distances -, -, 2, -, 3, 3.
        assert_eq!(lru_hits_by_budget(&[0, 1, 0, 2, 1, 0], 3), vec![0, 0, 1, 3]);
    }
}
