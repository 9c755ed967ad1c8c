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
}
