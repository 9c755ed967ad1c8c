//! Replacement rule, checksum and size cases.

use super::*;

fn entry(tt: &TranspositionTable, key: u64) -> Option<(f64, Bound, i32, bool)> {
    tt.probe(key).map(|e| {
        assert_eq!(e.key, key);
        (e.value, e.bound, e.depth, e.loss_tainted)
    })
}

#[test]
fn sizes_must_be_powers_of_two() {
    assert_eq!(TranspositionTable::new(0).unwrap_err(), TableSizeError(0));
    assert_eq!(
        TranspositionTable::new(1000).unwrap_err(),
        TableSizeError(1000)
    );
    assert!(
        TranspositionTable::new(1000)
            .unwrap_err()
            .to_string()
            .contains("power of two")
    );
    assert_eq!(TranspositionTable::new(1).unwrap().capacity(), 1);
    assert_eq!(TranspositionTable::new(64).unwrap().capacity(), 64);
}

#[test]
fn empty_table_misses_every_key_including_zero() {
    let tt = TranspositionTable::new(16).unwrap();
    for key in [0, 1, 15, 16, u64::MAX, MAX_CHANCE_KEY_SALT] {
        assert_eq!(tt.probe(key), None, "key {key:#x}");
    }
}

#[test]
fn deeper_or_equal_depth_replaces_shallower_does_not() {
    let tt = TranspositionTable::new(8).unwrap();
    let (a, b) = (3, 3 + 8); // same slot
    assert!(tt.store(a, 1.0, Bound::Exact, 4, false));
    assert!(
        !tt.store(b, 2.0, Bound::Exact, 3, false),
        "shallower other key is rejected"
    );
    assert_eq!(entry(&tt, a), Some((1.0, Bound::Exact, 4, false)));
    assert_eq!(entry(&tt, b), None);
    assert!(
        tt.store(b, 2.0, Bound::LowerBound, 4, true),
        "equal depth replaces"
    );
    assert_eq!(entry(&tt, a), None);
    assert_eq!(entry(&tt, b), Some((2.0, Bound::LowerBound, 4, true)));
    assert!(
        tt.store(a, -3.5, Bound::UpperBound, 9, false),
        "deeper replaces"
    );
    assert_eq!(entry(&tt, a), Some((-3.5, Bound::UpperBound, 9, false)));
}

#[test]
fn a_non_exact_bound_on_the_same_key_is_refined_even_by_shallower_results() {
    let tt = TranspositionTable::new(8).unwrap();
    assert!(tt.store(5, 1.0, Bound::LowerBound, 6, false));
    assert!(
        tt.store(5, 1.5, Bound::UpperBound, 2, false),
        "same key, old bound non-exact"
    );
    assert_eq!(entry(&tt, 5), Some((1.5, Bound::UpperBound, 2, false)));
    assert!(tt.store(5, 1.25, Bound::Exact, 1, true));
    assert!(
        !tt.store(5, 9.0, Bound::LowerBound, 0, false),
        "an exact entry is kept against shallower"
    );
    assert!(
        !tt.store(13, 9.0, Bound::Exact, 0, false),
        "a non-exact old bound only yields to its own key"
    );
    assert_eq!(entry(&tt, 5), Some((1.25, Bound::Exact, 1, true)));
}

#[test]
fn negative_depths_and_special_values_round_trip() {
    let tt = TranspositionTable::new(4).unwrap();
    for (key, value, depth) in [
        (0, f64::NEG_INFINITY, -1),
        (1, -0.0, i32::MIN),
        (2, f64::MAX, i32::MAX),
    ] {
        assert!(tt.store(key, value, Bound::Exact, depth, false));
        let (v, _, d, _) = entry(&tt, key).unwrap();
        assert_eq!((v.to_bits(), d), (value.to_bits(), depth));
    }
}

#[test]
fn salted_keys_do_not_collide_with_plain_ones() {
    let tt = TranspositionTable::new(1 << 10).unwrap();
    let z = 0x0123_4567_89ab_cdef;
    assert!(tt.store(z, 1.0, Bound::Exact, 3, false));
    assert_eq!(tt.probe(max_chance_key(z)), None);
    assert!(tt.store(max_chance_key(z), -1.0, Bound::Exact, 3, false));
    assert_eq!(
        entry(&tt, z).unwrap().0,
        1.0,
        "different slot: the salt changes the low bits"
    );
    assert_eq!(entry(&tt, max_chance_key(z)).unwrap().0, -1.0);
}

#[test]
fn a_torn_entry_reads_as_a_miss() {
    let tt = TranspositionTable::new(4).unwrap();
    assert!(tt.store(2, 1.0, Bound::Exact, 3, false));
    // Simulate a writer that updated the value word only.
    tt.words[2 * WORDS + 1].store(2.0f64.to_bits(), Ordering::Relaxed);
    assert_eq!(tt.probe(2), None);
    // A torn slot looks like some other key's entry: the depth rule still decides.
    assert!(!tt.store(2, 5.0, Bound::Exact, 2, false));
    assert!(tt.store(2, 5.0, Bound::Exact, 3, false));
    assert_eq!(entry(&tt, 2), Some((5.0, Bound::Exact, 3, false)));
}

#[test]
fn clear_empties_every_entry() {
    let tt = TranspositionTable::new(16).unwrap();
    for k in 0..16 {
        assert!(tt.store(k, k as f64, Bound::Exact, 1, false));
    }
    tt.clear();
    assert!((0..16).all(|k| tt.probe(k).is_none()));
    assert!(
        tt.store(3, 1.0, Bound::Exact, 0, false),
        "depth 0 fits a cleared slot"
    );
}
