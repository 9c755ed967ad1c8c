//! Unit tests of the replacement rules (what each one evicts), capacities, and the contract's failure, panic,
//! re-entry and key-identity rules in the bounded cache.

use super::*;
use crate::color::Color;
use crate::memo::EvaluationMemo;
use crate::memo::fingerprint::Signature;
use crate::memo::test_states::{mailbox_variant, random_states, zobrist_variant};
use crate::state::GameState;
use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};

fn value(state: &GameState, perspective: Color) -> i32 {
    (state.full_move as i32).wrapping_mul(7) ^ state.colors[0].0 as i32 ^ perspective as i32
}

/// `n` distinct states whose black lookups all map to set 0 of a table of `sets` sets.
fn same_set(n: usize, sets: usize) -> Vec<GameState> {
    random_states(7, 4096)
        .into_iter()
        .filter(|s| (!Signature::of(s, Color::Black).slot_bits()) & (sets - 1) == 0)
        .take(n)
        .collect()
}

#[test]
fn capacities_must_be_nonzero_powers_of_two() {
    assert_eq!(
        DirectMappedCache::new(0, value).unwrap_err(),
        CapacityError::Zero
    );
    assert_eq!(
        ClockCache::new(12, value).unwrap_err(),
        CapacityError::NotPowerOfTwo(12)
    );
    assert_eq!(
        DirectMappedCache::new(1 << 32, value).unwrap_err(),
        CapacityError::TooLarge(1 << 32)
    );
    for (capacity, ways) in [(1, 1), (2, 2), (4, 4), (64, 4)] {
        let c = ClockCache::new(capacity, value).unwrap();
        assert_eq!((c.capacity(), c.ways()), (capacity, ways));
        assert_eq!(DirectMappedCache::new(capacity, value).unwrap().ways(), 1);
    }
}

#[test]
fn direct_mapped_always_replaces_the_one_slot() {
    let s = same_set(3, 2);
    let c = DirectMappedCache::new(2, value).unwrap();
    c.apply(&s[0], Color::Black);
    c.apply(&s[0], Color::Black);
    assert_eq!(c.counters().cache_hits, 1);
    // The newcomer always wins the slot, however often the incumbent was hit.
    c.apply(&s[1], Color::Black);
    assert!(!c.contains(&s[0], Color::Black) && c.contains(&s[1], Color::Black));
    c.apply(&s[2], Color::Black);
    assert!(!c.contains(&s[1], Color::Black) && c.contains(&s[2], Color::Black));
    assert_eq!(c.evictions(), 2);
    assert_eq!(c.counters().entry_count, 1);
    // The two perspectives of one state go to different slots and both stay.
    c.apply(&s[2], Color::White);
    assert!(c.contains(&s[2], Color::White) && c.contains(&s[2], Color::Black));
    assert_eq!(c.evictions(), 2);
}

#[test]
fn clock_gives_hit_entries_a_second_chance() {
    let s = same_set(7, 1);
    let c = ClockCache::new(4, value).unwrap();
    for x in &s[..4] {
        c.apply(x, Color::Black);
    }
    assert_eq!((c.evictions(), c.counters().entry_count), (0, 4));
    c.apply(&s[0], Color::Black);
    c.apply(&s[1], Color::Black);
    // The hand starts at way 0: ways 0 and 1 were hit (bits cleared, passed over), way 2 was not.
    c.apply(&s[4], Color::Black);
    let kept = |c: &ClockCache<_>| {
        s.iter()
            .map(|x| c.contains(x, Color::Black))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        kept(&c),
        [true, true, false, true, true, false, false],
        "s2 evicted"
    );
    // The hand now points at way 3 (s3, never hit).
    c.apply(&s[5], Color::Black);
    assert_eq!(kept(&c), [true, true, false, false, true, true, false]);
    // Ways 0 and 1 lost their bits in the first sweep: s0 goes next.
    c.apply(&s[6], Color::Black);
    assert_eq!(kept(&c), [false, true, false, false, true, true, true]);
    assert_eq!((c.evictions(), c.counters().entry_count), (3, 4));
}

#[test]
fn clock_fills_empty_ways_before_evicting() {
    let s = same_set(4, 16);
    let c = ClockCache::new(64, value).unwrap();
    for x in &s {
        c.apply(x, Color::Black);
    }
    assert_eq!(c.evictions(), 0);
    assert!(s.iter().all(|x| c.contains(x, Color::Black)));
}

#[test]
fn equal_signatures_need_equal_states_to_hit() {
    let base = random_states(3, 1)[0];
    let other = mailbox_variant(&base, 5, (base.mailbox[5] + 1) % 13);
    assert_eq!(
        Signature::of(&base, Color::White),
        Signature::of(&other, Color::White)
    );
    let calls = Cell::new(0);
    let f = |s: &GameState, c: Color| {
        calls.set(calls.get() + 1);
        i32::from(s.mailbox[5]) * 10 + c as i32
    };
    let c = ClockCache::new(4, f).unwrap();
    assert_eq!(c.apply(&base, Color::White), f(&base, Color::White));
    assert_eq!(c.apply(&other, Color::White), f(&other, Color::White));
    assert!(c.contains(&base, Color::White) && c.contains(&other, Color::White));
    // A different derived Zobrist key is still the same key.
    let z = zobrist_variant(&base, base.zobrist ^ 1);
    let hits = c.counters().cache_hits;
    assert_eq!(c.apply(&z, Color::White), f(&base, Color::White));
    assert_eq!(c.counters().cache_hits, hits + 1);
}

#[test]
fn failures_and_panics_insert_nothing_and_are_retried() {
    #[derive(Debug, PartialEq)]
    struct Injected;
    let mode = Cell::new(0u8);
    let f = |s: &GameState, c: Color| match mode.get() {
        1 => Err(Injected),
        2 => panic!("injected"),
        _ => Ok(value(s, c)),
    };
    let s = random_states(11, 2);
    let c = BoundedCache::<_, FourWayClock>::fallible(4, f).unwrap();
    c.try_apply(&s[0], Color::White).unwrap();
    mode.set(1);
    assert_eq!(c.try_apply(&s[1], Color::White), Err(Injected));
    mode.set(2);
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let panicked = catch_unwind(AssertUnwindSafe(|| c.try_apply(&s[1], Color::White)));
    std::panic::set_hook(hook);
    assert!(panicked.is_err());
    assert!(!c.contains(&s[1], Color::White) && c.contains(&s[0], Color::White));
    mode.set(0);
    assert_eq!(
        c.try_apply(&s[1], Color::White),
        Ok(value(&s[1], Color::White))
    );
    let k = c.counters();
    assert_eq!((k.evaluator_calls, k.cache_hits, k.entry_count), (4, 0, 2));
}

#[test]
fn an_outer_result_overwrites_a_nested_one_and_may_evict_nested_entries() {
    use std::cell::OnceCell;
    use std::rc::Rc;
    type Dyn = Box<dyn EvaluationMemo<Error = std::convert::Infallible>>;
    let s = same_set(2, 1);
    let cell: Rc<OnceCell<Dyn>> = Rc::new(OnceCell::new());
    let weak = Rc::downgrade(&cell);
    let nested = s[1];
    let depth = Rc::new(Cell::new(0));
    let d = Rc::clone(&depth);
    let f = move |st: &GameState, c: Color| {
        if d.get() == 0 {
            d.set(1);
            let memo = weak.upgrade().unwrap();
            // A nested lookup of the same key, then of another key of the same (single) slot.
            let inner = memo.get().unwrap().apply(st, c);
            memo.get().unwrap().apply(&nested, c);
            d.set(0);
            return inner + 1000;
        }
        value(st, c)
    };
    assert!(
        cell.set(Box::new(DirectMappedCache::new(1, f).unwrap()))
            .is_ok()
    );
    let memo = cell.get().unwrap();
    let outer = memo.apply(&s[0], Color::Black);
    assert_eq!(outer, value(&s[0], Color::Black) + 1000);
    // The outer result took the single slot back from the nested key and is what a later hit returns.
    assert_eq!(memo.apply(&s[0], Color::Black), outer);
    let k = memo.counters();
    assert_eq!((k.evaluator_calls, k.cache_hits, k.entry_count), (3, 1, 1));
}
