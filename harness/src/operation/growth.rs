//! The optimized cache's growth schedule in heap blocks: what a fresh cache may allocate, given how often its slot
//! array doubled and how many entries it holds. The `cache_growth` integration test checks it against dhat's count
//! through the allocation-profile path, so a change of the engine's schedule (or a per-lookup allocation) fails there.

/// States per chunk of the cache's state store (every chunk holds the same number).
const CHUNK: u64 = 256;

/// Heap blocks a fresh `EvaluationCache` allocates to reach `growth_events` slot-array doublings and `entries`
/// retained entries, and nothing else:
///
/// - per doubling, the new slot array and the reallocations of the signature and value arrays (3 blocks);
/// - the state store's chunks of 256 states each, which never move;
/// - the chunk directory (a `Vec` of chunks), reallocated at 1, 5, 9, 17, ... chunks (`Vec` capacities 4, 8, 16, ...).
pub fn growth_blocks(growth_events: u64, entries: u64) -> u64 {
    let chunks = entries.div_ceil(CHUNK);
    let directory = (0..chunks)
        .filter(|&len| len == 0 || (len >= 4 && len.is_power_of_two()))
        .count() as u64;
    3 * growth_events + chunks + directory
}

#[cfg(test)]
mod tests {
    #[test]
    fn growth_blocks_examples() {
        use crate::operation::growth::growth_blocks;
        assert_eq!(growth_blocks(0, 0), 0);
        // One doubling (to the first 1,024 slots), one chunk, the directory's first allocation.
        assert_eq!(growth_blocks(1, 1), 5);
        // 600 entries: slots 1,024 then 2,048; three chunks of 256 states; the directory's first allocation.
        assert_eq!(growth_blocks(2, 600), 6 + 3 + 1);
    }
}
