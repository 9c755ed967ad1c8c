//! Contract tests shared by every memo variant: a reference model, mailbox-only variants, failures, panics,
//! re-entry, adversarial fingerprint collisions, and the fingerprint's coverage of each field.

use super::test_states::{full_move_variant, mailbox_variant, random_states, zobrist_variant};
use super::*;
use crate::color::Color;
use crate::state::GameState;
use proptest::prelude::*;
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::{Rc, Weak};

/// The pure part of every test callback.
fn pure_value(state: &GameState, perspective: Color) -> i32 {
    let mut h = u64::from(state.flags.0) ^ u64::from(state.full_move) << 21 ^ perspective as u64;
    for bb in state.bitboards() {
        h = (h ^ bb.0)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(23);
    }
    for (i, &b) in state.mailbox.iter().enumerate() {
        h = h.wrapping_add(u64::from(b) << (i % 57));
    }
    h = (h ^ h >> 29).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    (h >> 40) as i32
}

/// What the callback does on one top-level lookup.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Returns the pure value.
    Succeed,
    /// Returns `Err(Injected)`.
    Fail,
    /// Panics (without the panic hook, to keep test output clean).
    Panic,
    /// Looks up `nested` through the same memo, then succeeds with pure value + `offset`, or fails.
    Reenter {
        nested: (usize, Color),
        offset: i32,
        then_fail: bool,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Injected;

/// What a lookup ended with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Value(i32),
    Failed,
    Panicked,
}

/// The reference model: a plain `HashMap` memo with the contract's semantics written out directly.
#[derive(Default)]
struct Model {
    map: HashMap<(GameState, Color), i32>,
    calls: u64,
    hits: u64,
    cached: bool,
}

impl Model {
    fn lookup(&mut self, pool: &[GameState], key: (usize, Color), mode: Mode) -> Outcome {
        let k = (pool[key.0], key.1);
        if self.cached
            && let Some(&v) = self.map.get(&k)
        {
            self.hits += 1;
            return Outcome::Value(v);
        }
        self.calls += 1;
        let value = match mode {
            Mode::Succeed => pure_value(&k.0, k.1),
            Mode::Fail => return Outcome::Failed,
            Mode::Panic => return Outcome::Panicked,
            Mode::Reenter {
                nested,
                offset,
                then_fail,
            } => {
                let inner = self.lookup(pool, nested, Mode::Succeed);
                assert!(matches!(inner, Outcome::Value(_)));
                if then_fail {
                    return Outcome::Failed;
                }
                pure_value(&k.0, k.1).wrapping_add(offset)
            }
        };
        if self.cached {
            self.map.insert(k, value);
        }
        Outcome::Value(value)
    }

    fn counters(&self) -> MemoCounters {
        MemoCounters {
            evaluator_calls: self.calls,
            cache_hits: self.hits,
            entry_count: self.map.len(),
        }
    }
}

type DynMemo = Box<dyn EvaluationMemo<Error = Injected>>;

/// A memo of `kind` whose callback follows the mode set before each top-level lookup and may re-enter the memo.
struct Harness {
    memo: Rc<OnceCell<DynMemo>>,
    mode: Rc<Cell<Mode>>,
}

impl Harness {
    fn new(kind: CacheKind, pool: Rc<Vec<GameState>>) -> Harness {
        let memo: Rc<OnceCell<DynMemo>> = Rc::new(OnceCell::new());
        let mode = Rc::new(Cell::new(Mode::Succeed));
        let weak: Weak<OnceCell<DynMemo>> = Rc::downgrade(&memo);
        let callback_mode = Rc::clone(&mode);
        let callback = move |s: &GameState, c: Color| -> Result<i32, Injected> {
            // Nested lookups see `Succeed`: the mode applies to the top-level call only.
            match callback_mode.replace(Mode::Succeed) {
                Mode::Succeed => Ok(pure_value(s, c)),
                Mode::Fail => Err(Injected),
                Mode::Panic => std::panic::resume_unwind(Box::new("injected panic")),
                Mode::Reenter {
                    nested,
                    offset,
                    then_fail,
                } => {
                    let cell = weak.upgrade().expect("memo alive during its own callback");
                    let memo = cell.get().expect("memo initialised");
                    memo.try_apply(&pool[nested.0], nested.1)?;
                    if then_fail {
                        Err(Injected)
                    } else {
                        Ok(pure_value(s, c).wrapping_add(offset))
                    }
                }
            }
        };
        assert!(memo.set(kind.build(Fallible(callback))).is_ok());
        Harness { memo, mode }
    }

    fn lookup(&self, state: &GameState, perspective: Color, mode: Mode) -> Outcome {
        self.mode.set(mode);
        let memo = self.memo.get().unwrap();
        match catch_unwind(AssertUnwindSafe(|| memo.try_apply(state, perspective))) {
            Ok(Ok(v)) => Outcome::Value(v),
            Ok(Err(Injected)) => Outcome::Failed,
            Err(_) => Outcome::Panicked,
        }
    }

    fn counters(&self) -> MemoCounters {
        self.memo.get().unwrap().counters()
    }
}

/// A pool of random states plus mailbox-only, Zobrist-only and full-move-only variants of the first ones.
fn pool(seed: u64, base: usize) -> Vec<GameState> {
    let mut pool = random_states(seed, base);
    let first = pool[0];
    for i in 0..4 {
        pool.push(mailbox_variant(&first, 7 * i + 3, (i as u8 + 1) * 2));
    }
    pool.push(zobrist_variant(&first, first.zobrist ^ 0xdead_beef));
    pool.push(full_move_variant(
        &first,
        first.full_move.wrapping_add(2) & 0x7fff_ffff,
    ));
    pool
}

fn mode_strategy(pool_len: usize) -> impl Strategy<Value = Mode> {
    let key = (0..pool_len, any::<bool>())
        .prop_map(|(i, b)| (i, if b { Color::Black } else { Color::White }));
    prop_oneof![
        6 => Just(Mode::Succeed),
        2 => Just(Mode::Fail),
        1 => Just(Mode::Panic),
        3 => (key, prop_oneof![Just(0), 1..1000i32], any::<bool>())
            .prop_map(|(nested, offset, then_fail)| Mode::Reenter { nested, offset, then_fail }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Every variant returns exactly the model's outcomes and counters, lookup by lookup.
    #[test]
    fn variants_match_the_reference_model(
        seed in any::<u64>(),
        ops in prop::collection::vec((0usize..14, any::<bool>(), mode_strategy(14)), 1..160),
    ) {
        let pool = Rc::new(pool(seed, 8));
        prop_assert_eq!(pool.len(), 14);
        for kind in CacheKind::ALL {
            let harness = Harness::new(kind, Rc::clone(&pool));
            let mut model = Model { cached: kind != CacheKind::None, ..Model::default() };
            for (step, &(i, black, mode)) in ops.iter().enumerate() {
                let c = if black { Color::Black } else { Color::White };
                let got = harness.lookup(&pool[i], c, mode);
                let want = model.lookup(&pool, (i, c), mode);
                prop_assert_eq!(got, want, "{} step {} {:?}", kind, step, mode);
                prop_assert_eq!(harness.counters(), model.counters(), "{} step {}", kind, step);
            }
        }
    }
}

#[test]
fn mailbox_only_variants_share_a_fingerprint_but_stay_distinct() {
    let base = random_states(1, 1)[0];
    let variant = mailbox_variant(&base, 12, base.mailbox[12] ^ 1);
    assert_eq!(fingerprint(&base), fingerprint(&variant));
    assert_ne!(base, variant);
    for kind in CacheKind::ALL {
        let memo = kind.build(Plain(pure_value));
        let a = memo.apply(&base, Color::White);
        let b = memo.apply(&variant, Color::White);
        assert_eq!(
            (a, b),
            (
                pure_value(&base, Color::White),
                pure_value(&variant, Color::White)
            ),
            "{kind}"
        );
        assert_ne!(a, b, "the test callback must tell the variants apart");
        assert_eq!(memo.apply(&base, Color::White), a, "{kind}");
        assert_eq!(
            memo.apply(&zobrist_variant(&base, 1), Color::White),
            a,
            "{kind}: Zobrist key is not identity"
        );
    }
}

#[test]
fn fingerprint_covers_every_keyed_field_and_both_halves() {
    let states = random_states(2, 64);
    for s in &states {
        let f = fingerprint(s);
        for bit in [0, 17, 31, 32, 50, 63] {
            for i in 0..2 {
                let mut t = *s;
                t.colors[i].0 ^= 1 << bit;
                assert_ne!(fingerprint(&t), f, "colour board {i} bit {bit}");
            }
            for i in 0..6 {
                let mut t = *s;
                t.kinds[i].0 ^= 1 << bit;
                assert_ne!(fingerprint(&t), f, "kind board {i} bit {bit}");
            }
            let mut t = *s;
            t.en_passant.0 ^= 1 << bit;
            assert_ne!(fingerprint(&t), f, "en passant bit {bit}");
        }
        for bit in 0..21 {
            let mut t = *s;
            t.flags.0 ^= 1 << bit;
            assert_ne!(fingerprint(&t), f, "flags bit {bit}");
        }
        assert_ne!(
            fingerprint(&full_move_variant(s, s.full_move ^ 4)),
            f,
            "full-move number"
        );
        assert_eq!(
            fingerprint(&mailbox_variant(s, 5, 200)),
            f,
            "mailbox is omitted"
        );
        assert_eq!(
            fingerprint(&zobrist_variant(s, !s.zobrist)),
            f,
            "Zobrist key is omitted"
        );
        // Swapping a board's halves collides under hi ^ lo folding; mixing both halves first must not.
        let mut t = *s;
        t.kinds[0].0 = t.kinds[0].0.rotate_left(32);
        if t.kinds[0] != s.kinds[0] {
            assert_ne!(fingerprint(&t), f, "swapped halves");
        }
        let w = Signature::of(s, Color::White);
        let b = Signature::of(s, Color::Black);
        assert_eq!(
            (w.0 ^ b.0, w.perspective(), b.perspective()),
            (1, Color::White, Color::Black)
        );
    }
}

#[test]
fn signatures_spread_over_slots() {
    // 4096 random states into 1024 buckets by slot bits: no bucket should be grossly overloaded.
    let states = random_states(3, 4096);
    let mut buckets = vec![0u32; 1024];
    for s in &states {
        buckets[Signature::of(s, Color::White).slot_bits() & 1023] += 1;
    }
    let max = *buckets.iter().max().unwrap();
    assert!(max <= 16, "max bucket load {max} for mean 4");
}

#[test]
fn thousands_of_equal_fingerprints_stay_correct() {
    let base = random_states(4, 1)[0];
    let variants: Vec<GameState> = (0..3000)
        .map(|i| {
            let mut s = base;
            s.mailbox[0] = (i % 251) as u8;
            s.mailbox[1] = (i / 251) as u8;
            s
        })
        .collect();
    assert!(
        variants
            .iter()
            .all(|v| fingerprint(v) == fingerprint(&base))
    );
    for kind in [CacheKind::Optimized, CacheKind::Fx] {
        let memo = kind.build(Plain(pure_value));
        for v in &variants {
            assert_eq!(memo.apply(v, Color::Black), pure_value(v, Color::Black));
        }
        for v in variants.iter().rev() {
            assert_eq!(memo.apply(v, Color::Black), pure_value(v, Color::Black));
        }
        let c = memo.counters();
        assert_eq!(
            (c.evaluator_calls, c.cache_hits, c.entry_count),
            (3000, 3000, 3000),
            "{kind}"
        );
    }
}

#[test]
fn growth_keeps_entries_without_evaluating() {
    let states = random_states(5, 5000);
    let calls = Rc::new(Cell::new(0u64));
    let counted = Rc::clone(&calls);
    let cache = InstrumentedCache::with_observer(Plain(move |s: &GameState, c: Color| {
        counted.set(counted.get() + 1);
        pure_value(s, c)
    }));
    for s in &states {
        cache.apply(s, Color::White);
    }
    assert_eq!(calls.get(), 5000);
    for s in &states {
        assert_eq!(cache.apply(s, Color::White), pure_value(s, Color::White));
    }
    assert_eq!(calls.get(), 5000, "growth must not re-evaluate");
    let stats = cache.probe_stats();
    // 1024 slots first, doubled until 5000 entries fit at load <= 1/2: 1024 -> 16384 is 5 allocations.
    assert_eq!((stats.growth_events, stats.slots), (5, 16384));
    assert!(
        stats.mean_probe_length() < 2.5,
        "mean probe {}",
        stats.mean_probe_length()
    );
    assert_eq!(
        stats.probe_lengths.iter().sum::<u64>(),
        10_000 - 1,
        "every lookup but the very first probes"
    );
}

#[test]
fn instrumentation_counts_signature_matches() {
    let base = random_states(6, 1)[0];
    let cache = InstrumentedCache::with_observer(Plain(pure_value));
    cache.apply(&base, Color::White);
    cache.apply(&mailbox_variant(&base, 9, 99), Color::White); // equal signature, unequal state
    cache.apply(&base, Color::White); // hit at the home slot
    let stats = cache.probe_stats();
    assert_eq!(stats.signature_matches, 2);
    assert_eq!(stats.signature_collisions, 1);
}

#[test]
fn panics_leave_the_table_usable_and_failures_are_retried() {
    let states = random_states(7, 3);
    let fail_next = Rc::new(RefCell::new(Vec::<bool>::new()));
    let f = Rc::clone(&fail_next);
    let cache = EvaluationCache::fallible(move |s: &GameState, c: Color| {
        if f.borrow_mut().pop() == Some(true) {
            Err("boom")
        } else {
            Ok(pure_value(s, c))
        }
    });
    cache.try_apply(&states[0], Color::White).unwrap();
    fail_next.borrow_mut().push(true);
    assert_eq!(cache.try_apply(&states[1], Color::White), Err("boom"));
    assert_eq!(cache.entry_count(), 1);
    assert_eq!(
        cache.try_apply(&states[1], Color::White),
        Ok(pure_value(&states[1], Color::White))
    );
    assert_eq!(
        (
            cache.evaluator_calls(),
            cache.cache_hits(),
            cache.entry_count()
        ),
        (3, 0, 2)
    );

    let panicky = EvaluationCache::new(|s: &GameState, c: Color| {
        if s.full_move.is_multiple_of(2) {
            std::panic::resume_unwind(Box::new(()))
        } else {
            pure_value(s, c)
        }
    });
    let odd = full_move_variant(&states[2], 3);
    let even = full_move_variant(&states[2], 4);
    panicky.apply(&odd, Color::Black);
    assert!(catch_unwind(AssertUnwindSafe(|| panicky.apply(&even, Color::Black))).is_err());
    assert_eq!(
        panicky.apply(&odd, Color::Black),
        pure_value(&odd, Color::Black)
    );
    assert_eq!(
        (
            panicky.evaluator_calls(),
            panicky.cache_hits(),
            panicky.entry_count()
        ),
        (2, 1, 1)
    );
}
