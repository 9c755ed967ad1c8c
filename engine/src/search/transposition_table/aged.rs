//! Aged replacement in three-entry buckets: depth counts, but an entry from an earlier root search counts
//! eight plies less per search it is old.

use super::replacement::{Placement, Replacement, Resident, slot_of};
use crate::search::Bound;

/// Three entries per bucket. A store for a key already in the bucket rewrites that entry unless it is a
/// deeper exact result of the current generation; otherwise it fills an empty slot, else evicts the entry
/// with the least `depth − 8·age` (the first such on ties), age being how many generations ago it was written.
pub(crate) struct Aged;

/// How much one generation of age weighs against one ply of depth.
const AGE_WEIGHT: i64 = 8;

impl Replacement for Aged {
    const WAYS: usize = 3;

    fn place(bucket: &[Option<Resident>], incoming: &Resident, generation: u8) -> Placement {
        if let Some(j) = slot_of(bucket, incoming.key) {
            let old = bucket[j].expect("slot_of finds an occupied slot");
            let current_and_better = old.generation == generation
                && old.bound == Bound::Exact
                && old.depth > incoming.depth;
            return if current_and_better {
                Placement::Keep
            } else {
                Placement::Write(j)
            };
        }
        if let Some(j) = bucket.iter().position(Option::is_none) {
            return Placement::Write(j);
        }
        let worth = |r: &Resident| {
            let age = i64::from(generation.wrapping_sub(r.generation));
            i64::from(r.depth) - AGE_WEIGHT * age
        };
        let victim = (0..bucket.len())
            .min_by_key(|&j| bucket[j].as_ref().map(worth))
            .expect("a bucket has slots");
        Placement::Write(victim)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Bound, ReplacementScheme, StoreOutcome, TranspositionTable};

    #[test]
    fn buckets_hold_three_and_capacity_counts_entries() {
        let tt = TranspositionTable::with_scheme(ReplacementScheme::Aged, 16).unwrap();
        assert_eq!(tt.capacity(), 15, "five buckets of three fit in 16 entries");
        assert!(TranspositionTable::with_scheme(ReplacementScheme::Aged, 2).is_err());
    }

    #[test]
    fn the_least_depth_minus_eight_age_goes() {
        let tt = TranspositionTable::with_scheme(ReplacementScheme::Aged, 4).unwrap();
        // One bucket of three: every key shares it.
        for (key, depth) in [(10, 3), (11, 1), (12, 2)] {
            assert_eq!(
                tt.store_reporting(key, 0.0, Bound::Exact, depth, false),
                StoreOutcome::Written
            );
        }
        assert_eq!(
            tt.store_reporting(13, 0.0, Bound::Exact, 0, false),
            StoreOutcome::Replaced
        );
        assert_eq!(
            tt.probe(11),
            None,
            "the shallowest of one generation goes, even for a shallower newcomer"
        );
        tt.new_search();
        // Now 10 (depth 3, age 1: −5), 12 (2, age 1: −6), 13 (0, age 1: −8).
        tt.store(14, 0.0, Bound::Exact, 1, false);
        assert_eq!(tt.probe(13), None);
        tt.store(15, 0.0, Bound::Exact, 1, false);
        assert_eq!(tt.probe(12), None);
        // 10 is old (−5); 14 and 15 are current (1): 10 goes although it is the deepest.
        tt.store(16, 0.0, Bound::Exact, 1, false);
        assert_eq!(tt.probe(10), None);
        assert!([14, 15, 16].iter().all(|&k| tt.probe(k).is_some()));
    }

    #[test]
    fn a_current_deeper_exact_entry_of_the_same_key_is_kept() {
        let tt = TranspositionTable::with_scheme(ReplacementScheme::Aged, 4).unwrap();
        tt.store(7, 1.0, Bound::Exact, 3, false);
        assert!(!tt.store(7, 2.0, Bound::Exact, 1, false));
        assert!(
            tt.store(7, 2.0, Bound::LowerBound, 3, false),
            "as deep: rewritten"
        );
        assert!(
            tt.store(7, 3.0, Bound::Exact, 1, false),
            "an open bound yields"
        );
        tt.store(7, 4.0, Bound::Exact, 3, false);
        tt.new_search();
        assert!(
            tt.store(7, 5.0, Bound::Exact, 1, false),
            "an older generation yields"
        );
        assert_eq!(tt.probe(7).unwrap().value, 5.0);
        assert_eq!(tt.occupied(), 1, "one entry per key");
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss_and_leaves_its_neighbours_intact() {
        let tt = TranspositionTable::with_scheme(ReplacementScheme::Aged, 4).unwrap();
        for key in [1, 2, 3] {
            tt.store(key, 1.0, Bound::Exact, 3, false);
        }
        tt.tear(0, 1);
        assert_eq!(tt.probe(2), None);
        assert!([1, 3].iter().all(|&k| tt.probe(k).is_some()));
    }
}
