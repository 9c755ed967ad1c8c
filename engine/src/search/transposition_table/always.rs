//! Always-replace: the newest result owns the slot.

use super::replacement::{Placement, Replacement, Resident};

/// One entry per bucket, overwritten by every store.
pub(crate) struct AlwaysReplace;

impl Replacement for AlwaysReplace {
    const WAYS: usize = 1;

    fn place(_: &[Option<Resident>], _: &Resident, _: u8) -> Placement {
        Placement::Write(0)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Bound, ReplacementScheme, StoreOutcome, TranspositionTable};

    #[test]
    fn every_store_overwrites_whatever_the_depth() {
        let tt = TranspositionTable::with_scheme(ReplacementScheme::Always, 8).unwrap();
        let (a, b) = (3, 3 + 8);
        assert_eq!(
            tt.store_reporting(a, 1.0, Bound::Exact, 9, false),
            StoreOutcome::Written
        );
        assert_eq!(
            tt.store_reporting(b, 2.0, Bound::Exact, 1, false),
            StoreOutcome::Replaced
        );
        assert_eq!(tt.probe(a), None);
        assert_eq!(tt.probe(b).unwrap().value, 2.0);
        assert_eq!(
            tt.store_reporting(b, 3.0, Bound::LowerBound, 0, false),
            StoreOutcome::Written,
            "its own key, shallower: still written"
        );
        assert_eq!(tt.probe(b).unwrap().depth, 0);
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss_and_is_overwritten() {
        let tt = TranspositionTable::with_scheme(ReplacementScheme::Always, 4).unwrap();
        tt.store(1, 1.0, Bound::Exact, 2, false);
        tt.tear(1, 0);
        assert_eq!(tt.probe(1), None);
        assert!(tt.store(5, 2.0, Bound::Exact, 0, false));
        assert_eq!(tt.probe(5).unwrap().value, 2.0);
    }
}
