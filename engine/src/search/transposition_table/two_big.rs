//! Two-level replacement by subtree size: the entry that cost more nodes to compute is kept.

use super::replacement::{Placement, Replacement, Resident};
use super::two_deep::two_level;

/// As [`TwoDeep`](super::two_deep::TwoDeep), but slot 0 prefers the result whose subtree counted more nodes
/// (at least as many wins), the size the searcher passes with each store.
pub(crate) struct TwoBig;

impl Replacement for TwoBig {
    const WAYS: usize = 2;

    fn place(bucket: &[Option<Resident>], incoming: &Resident, _: u8) -> Placement {
        two_level(bucket, incoming, Resident::yields_by_nodes)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Bound, ReplacementScheme, StoreOutcome, TranspositionTable};

    #[test]
    fn the_larger_subtree_wins_the_big_slot_whatever_its_depth() {
        let tt = TranspositionTable::with_scheme(ReplacementScheme::TwoBig, 8).unwrap();
        let (a, b, c) = (1, 5, 9);
        let store = |key, depth, nodes| {
            tt.store_subtree(key, key as f64, Bound::Exact, depth, false, nodes)
        };
        assert_eq!(store(a, 1, 500), StoreOutcome::Written);
        // Deeper but smaller: the always slot.
        assert_eq!(store(b, 3, 40), StoreOutcome::Written);
        assert_eq!(
            store(c, 3, 60),
            StoreOutcome::Replaced,
            "b, in the always slot, goes"
        );
        assert_eq!(tt.probe(b), None);
        assert!(tt.probe(a).is_some() && tt.probe(c).is_some());
        // Larger than a: a moves down over c.
        assert_eq!(store(b, 1, 501), StoreOutcome::Replaced);
        assert_eq!(tt.probe(c), None);
        assert!(tt.probe(a).is_some() && tt.probe(b).is_some());
    }

    #[test]
    fn sizes_saturate_instead_of_wrapping() {
        let tt = TranspositionTable::with_scheme(ReplacementScheme::TwoBig, 2).unwrap();
        tt.store_subtree(0, 1.0, Bound::Exact, 1, false, u64::MAX);
        tt.store_subtree(1, 2.0, Bound::Exact, 1, false, 1 << 40);
        // Both saturate to the same size, so the second (at least as big) takes the big slot.
        assert!(tt.probe(0).is_some() && tt.probe(1).is_some());
        tt.store_subtree(2, 3.0, Bound::Exact, 1, false, 7);
        assert_eq!(
            tt.probe(0),
            None,
            "the always slot held the demoted first entry"
        );
        assert!(tt.probe(1).is_some());
    }

    #[test]
    fn a_torn_big_entry_reads_as_a_miss_and_a_key_keeps_one_copy() {
        let tt = TranspositionTable::with_scheme(ReplacementScheme::TwoBig, 2).unwrap();
        tt.store_subtree(4, 1.0, Bound::Exact, 1, false, 100);
        tt.store_subtree(6, 2.0, Bound::Exact, 1, false, 10); // the always slot
        // 6 grows past 4: 4 moves down over 6's old copy.
        assert_eq!(
            tt.store_subtree(6, 3.0, Bound::Exact, 2, false, 200),
            StoreOutcome::Written
        );
        assert_eq!(tt.occupied(), 2);
        assert_eq!(tt.probe(6).unwrap().value, 3.0);
        tt.tear(0, 0);
        assert_eq!(tt.probe(6), None);
        assert_eq!(tt.probe(4).unwrap().value, 1.0);
    }
}
