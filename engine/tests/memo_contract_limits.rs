//! Two requirements of the evaluation-cache contract that the other memo tests leave implicit: every `i32` a callback
//! returns is cacheable (no value is reserved as an "empty" marker), and a memo has a single owner (it is not `Sync`,
//! so it cannot be shared across threads), while the transposition table may be read by racing threads (`Sync`).

use engine::memo::{
    CacheKind, EvaluationCache, FxCache, HashbrownCache, Plain, TupleKeyCache, Uncached,
};
use engine::search::TranspositionTable;
use engine::{Color, GameState};
use std::cell::Cell;
use std::marker::PhantomData;

/// Distinct states (full-move numbers 1..=n of one position) and the extreme value each one evaluates to.
fn cases() -> Vec<(GameState, i32)> {
    let base = GameState::from_dfen("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1").unwrap();
    [i32::MIN, i32::MAX, 0, -1, 1, i32::MIN + 1]
        .into_iter()
        .enumerate()
        .map(|(i, v)| (base.with_full_move_number(i as u32 + 1), v))
        .collect()
}

#[test]
fn every_i32_value_is_cacheable() {
    let cases = cases();
    for kind in CacheKind::ALL {
        let calls = Cell::new(0u64);
        let memo = kind.build(Plain(|s: &GameState, _: Color| {
            calls.set(calls.get() + 1);
            cases.iter().find(|(t, _)| t == s).unwrap().1
        }));
        for _ in 0..2 {
            for (s, v) in &cases {
                assert_eq!(memo.apply(s, Color::White), *v, "{kind}");
            }
        }
        let n = cases.len() as u64;
        let (want_calls, want_hits) = if kind == CacheKind::None {
            (2 * n, 0)
        } else {
            (n, n)
        };
        let c = memo.counters();
        assert_eq!(
            (c.evaluator_calls, c.cache_hits),
            (want_calls, want_hits),
            "{kind}"
        );
        assert_eq!(calls.get(), want_calls, "{kind}");
    }
}

/// `Probe::<T>::is_sync()` resolves to the inherent method when `T: Sync` and falls back to the trait otherwise.
struct Probe<T>(PhantomData<T>);

trait NotSyncFallback {
    fn is_sync(&self) -> bool {
        false
    }
}

impl<T> NotSyncFallback for Probe<T> {}

impl<T: Sync> Probe<T> {
    fn is_sync(&self) -> bool {
        true
    }
}

macro_rules! is_sync {
    ($t:ty) => {
        Probe::<$t>(PhantomData).is_sync()
    };
}

type F = Plain<fn(&GameState, Color) -> i32>;

#[test]
fn memos_have_a_single_owner_and_the_table_may_be_shared() {
    // The probe itself can say both: a plain integer is Sync, a `Cell` is not.
    assert!(is_sync!(u64));
    assert!(!is_sync!(Cell<u8>));
    assert!(
        !is_sync!(EvaluationCache<F>),
        "the optimized cache must not be Sync"
    );
    assert!(!is_sync!(Uncached<F>));
    assert!(!is_sync!(TupleKeyCache<F>));
    assert!(!is_sync!(HashbrownCache<F>));
    assert!(!is_sync!(FxCache<F>));
    assert!(
        is_sync!(TranspositionTable),
        "racing readers need a shared table"
    );
}
