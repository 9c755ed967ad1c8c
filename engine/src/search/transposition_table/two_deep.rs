//! Two-level replacement by depth: a depth-preferred slot backed by an always-replace slot.

use super::replacement::{Placement, Replacement, Resident, slot_of};

/// Slot 0 keeps the deepest result seen; a result that is not deep enough goes to slot 1, which every such
/// store overwrites. A result that wins slot 0 moves the old deep entry down to slot 1 instead of discarding
/// it, so the bucket loses the always-slot entry, the least valuable one.
pub(crate) struct TwoDeep;

/// Where a two-level scheme puts `incoming` given how slot 0 yields (`yields(deep, incoming)`).
pub(crate) fn two_level(
    bucket: &[Option<Resident>],
    incoming: &Resident,
    yields: fn(&Resident, &Resident) -> bool,
) -> Placement {
    let own = slot_of(bucket, incoming.key);
    match bucket[0] {
        // The key's own preferred entry: replace it in place or keep it, never a second copy below.
        Some(deep) if own == Some(0) => {
            if yields(&deep, incoming) {
                Placement::Write(0)
            } else {
                Placement::Keep
            }
        }
        // An unreadable preferred slot: fill it, and empty the key's old copy below if there is one (moving
        // the empty slot down does exactly that).
        None if own == Some(1) => Placement::Demote { from: 0, to: 1 },
        None => Placement::Write(0),
        Some(deep) if yields(&deep, incoming) => Placement::Demote { from: 0, to: 1 },
        Some(_) => Placement::Write(1),
    }
}

impl Replacement for TwoDeep {
    const WAYS: usize = 2;

    fn place(bucket: &[Option<Resident>], incoming: &Resident, _: u8) -> Placement {
        two_level(bucket, incoming, Resident::yields_by_depth)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Bound, ReplacementScheme, StoreOutcome, TranspositionTable};

    fn table() -> TranspositionTable {
        TranspositionTable::with_scheme(ReplacementScheme::TwoDeep, 8).unwrap()
    }

    #[test]
    fn a_deeper_result_takes_the_deep_slot_and_pushes_its_entry_down() {
        let tt = table();
        // Four buckets of two: keys equal modulo 4 share one.
        let (a, b, c) = (1, 5, 9);
        assert_eq!(
            tt.store_reporting(a, 1.0, Bound::Exact, 2, false),
            StoreOutcome::Written
        );
        assert_eq!(
            tt.store_reporting(b, 2.0, Bound::Exact, 3, false),
            StoreOutcome::Written
        );
        assert_eq!(tt.probe(a).unwrap().value, 1.0, "demoted, not lost");
        assert_eq!(tt.probe(b).unwrap().value, 2.0);
        // Shallower than the deep slot: overwrites the always slot (a), leaves b.
        assert_eq!(
            tt.store_reporting(c, 3.0, Bound::Exact, 1, false),
            StoreOutcome::Replaced
        );
        assert_eq!(tt.probe(a), None);
        assert_eq!(tt.probe(b).unwrap().value, 2.0);
        assert_eq!(tt.probe(c).unwrap().value, 3.0);
        // As deep as b: b moves down over c.
        assert_eq!(
            tt.store_reporting(a, 4.0, Bound::Exact, 3, false),
            StoreOutcome::Replaced
        );
        assert_eq!(tt.probe(c), None);
        assert_eq!(tt.probe(b).unwrap().value, 2.0);
        assert_eq!(tt.probe(a).unwrap().value, 4.0);
    }

    #[test]
    fn a_key_keeps_one_entry_per_bucket() {
        let tt = table();
        let (a, b) = (2, 6);
        tt.store(a, 1.0, Bound::Exact, 3, false);
        tt.store(b, 2.0, Bound::Exact, 1, false); // always slot
        // b again, now deep enough for the deep slot: a moves down over b's old copy.
        assert_eq!(
            tt.store_reporting(b, 5.0, Bound::Exact, 3, false),
            StoreOutcome::Written
        );
        assert_eq!(tt.probe(b).unwrap().value, 5.0);
        assert_eq!(tt.probe(a).unwrap().value, 1.0);
        // a shallower exact result for the deep key is refused rather than copied below.
        assert!(!tt.store(b, 9.0, Bound::Exact, 1, false));
        assert_eq!(tt.probe(b).unwrap().value, 5.0);
        assert_eq!(tt.occupied(), 2);
    }

    #[test]
    fn a_torn_entry_in_either_slot_reads_as_a_miss() {
        let tt = table();
        tt.store(3, 1.0, Bound::Exact, 3, false);
        tt.store(7, 2.0, Bound::Exact, 1, false);
        for (slot, key) in [(0, 3), (1, 7)] {
            assert!(tt.probe(key).is_some());
            tt.tear(3, slot);
            assert_eq!(tt.probe(key), None, "slot {slot}");
        }
    }
}
