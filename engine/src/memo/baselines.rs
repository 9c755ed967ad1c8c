//! The baselines the optimized cache is measured against, behind the same [`EvaluationMemo`] interface:
//! no cache at all, and tuple-key hash maps (std SipHash, hashbrown with foldhash, Fx).

use crate::color::Color;
use crate::memo::callback::{EvalCallback, Fallible, Plain};
use crate::memo::counters::MemoCounters;
use crate::memo::evaluation_memo::EvaluationMemo;
use crate::state::GameState;
use std::cell::{Cell, RefCell};
use std::hash::BuildHasher;

/// Calls the callback on every lookup, still counting attempts (its `cache_hits` and `entry_count` stay 0).
pub struct Uncached<C> {
    callback: C,
    evaluator_calls: Cell<u64>,
}

impl<F: Fn(&GameState, Color) -> i32> Uncached<Plain<F>> {
    /// Bound to an infallible callback.
    pub fn new(callback: F) -> Self {
        Self::with_callback(Plain(callback))
    }
}

impl<E, F: Fn(&GameState, Color) -> Result<i32, E>> Uncached<Fallible<F>> {
    /// Bound to a fallible callback.
    pub fn fallible(callback: F) -> Self {
        Self::with_callback(Fallible(callback))
    }
}

impl<C: EvalCallback> Uncached<C> {
    /// Bound to `callback`.
    pub fn with_callback(callback: C) -> Self {
        Uncached {
            callback,
            evaluator_calls: Cell::new(0),
        }
    }
}

impl<C: EvalCallback> EvaluationMemo for Uncached<C> {
    type Error = C::Error;
    #[inline]
    fn try_apply(&self, state: &GameState, perspective: Color) -> Result<i32, C::Error> {
        self.evaluator_calls.set(self.evaluator_calls.get() + 1);
        self.callback.evaluate(state, perspective)
    }
    fn counters(&self) -> MemoCounters {
        MemoCounters {
            evaluator_calls: self.evaluator_calls.get(),
            cache_hits: 0,
            entry_count: 0,
        }
    }
}

/// A hash map keyed by the `(GameState, Color)` tuple, as the baselines use it.
pub trait TupleKeyMap: Default {
    /// The retained value for `key`.
    fn get(&self, key: &(GameState, Color)) -> Option<i32>;
    /// Retains `value` for `key`, replacing an earlier one.
    fn insert(&mut self, key: (GameState, Color), value: i32);
    /// Entries retained.
    fn len(&self) -> usize;
    /// Whether nothing is retained.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<S: BuildHasher + Default> TupleKeyMap
    for std::collections::HashMap<(GameState, Color), i32, S>
{
    #[inline]
    fn get(&self, key: &(GameState, Color)) -> Option<i32> {
        std::collections::HashMap::get(self, key).copied()
    }
    #[inline]
    fn insert(&mut self, key: (GameState, Color), value: i32) {
        std::collections::HashMap::insert(self, key, value);
    }
    fn len(&self) -> usize {
        std::collections::HashMap::len(self)
    }
}

impl<S: BuildHasher + Default> TupleKeyMap for hashbrown::HashMap<(GameState, Color), i32, S> {
    #[inline]
    fn get(&self, key: &(GameState, Color)) -> Option<i32> {
        hashbrown::HashMap::get(self, key).copied()
    }
    #[inline]
    fn insert(&mut self, key: (GameState, Color), value: i32) {
        hashbrown::HashMap::insert(self, key, value);
    }
    fn len(&self) -> usize {
        hashbrown::HashMap::len(self)
    }
}

/// A memo over a tuple-key map: builds the `(GameState, Color)` key on every lookup, hashes the whole tuple.
///
/// Same failure and re-entry behaviour as the optimized cache: no borrow is held across the callback, and an
/// outer success on a key a nested call inserted overwrites it.
pub struct MapCache<C, M> {
    callback: C,
    map: RefCell<M>,
    evaluator_calls: Cell<u64>,
    cache_hits: Cell<u64>,
}

/// The tuple-key `std::collections::HashMap<(GameState, Color), i32>` (SipHash) the optimized cache replaces.
///
/// SipHash-1-3 with fixed keys (`DefaultHasher::new()`) rather than `RandomState`: the same hash function and
/// cost per lookup, but bucket layouts, and so instruction counts, repeat exactly from run to run.
pub type TupleKeyCache<C> = MapCache<
    C,
    std::collections::HashMap<
        (GameState, Color),
        i32,
        std::hash::BuildHasherDefault<std::collections::hash_map::DefaultHasher>,
    >,
>;
/// hashbrown's SwissTable with foldhash (fixed seed, for reproducible runs).
pub type HashbrownCache<C> =
    MapCache<C, hashbrown::HashMap<(GameState, Color), i32, foldhash::fast::FixedState>>;
/// std's map with rustc's Fx hasher.
pub type FxCache<C> = MapCache<C, rustc_hash::FxHashMap<(GameState, Color), i32>>;

impl<F: Fn(&GameState, Color) -> i32, M: TupleKeyMap> MapCache<Plain<F>, M> {
    /// Bound to an infallible callback.
    pub fn new(callback: F) -> Self {
        Self::with_callback(Plain(callback))
    }
}

impl<E, F: Fn(&GameState, Color) -> Result<i32, E>, M: TupleKeyMap> MapCache<Fallible<F>, M> {
    /// Bound to a fallible callback.
    pub fn fallible(callback: F) -> Self {
        Self::with_callback(Fallible(callback))
    }
}

impl<C: EvalCallback, M: TupleKeyMap> MapCache<C, M> {
    /// Bound to `callback`, with an empty map.
    pub fn with_callback(callback: C) -> Self {
        MapCache {
            callback,
            map: RefCell::new(M::default()),
            evaluator_calls: Cell::new(0),
            cache_hits: Cell::new(0),
        }
    }
}

impl<C: EvalCallback, M: TupleKeyMap> EvaluationMemo for MapCache<C, M> {
    type Error = C::Error;
    #[inline]
    fn try_apply(&self, state: &GameState, perspective: Color) -> Result<i32, C::Error> {
        let key = (*state, perspective);
        if let Some(v) = self.map.borrow().get(&key) {
            self.cache_hits.set(self.cache_hits.get() + 1);
            return Ok(v);
        }
        self.evaluator_calls.set(self.evaluator_calls.get() + 1);
        let value = self.callback.evaluate(state, perspective)?;
        self.map.borrow_mut().insert(key, value);
        Ok(value)
    }
    fn counters(&self) -> MemoCounters {
        MemoCounters {
            evaluator_calls: self.evaluator_calls.get(),
            cache_hits: self.cache_hits.get(),
            entry_count: self.map.borrow().len(),
        }
    }
}
