//! The bounded evaluation cache: a fixed number of exact entries, a replacement rule deciding which survive.

use super::direct_mapped::DirectMapped;
use super::replacement::Replacement;
use super::table::{CapacityError, Probe, Table};
use crate::color::Color;
use crate::memo::callback::{EvalCallback, Fallible, Plain};
use crate::memo::counters::MemoCounters;
use crate::memo::evaluation_memo::EvaluationMemo;
use crate::memo::fingerprint::Signature;
use crate::state::GameState;
use std::cell::{Cell, RefCell};

/// Exact memo of one pure `(GameState, Color) -> i32` callback in a fixed number of slots.
///
/// Unlike [`EvaluationCache`](crate::memo::EvaluationCache), which keeps every result, this cache allocates its
/// slots once (a power of two, chosen at construction) and a replacement rule `P` decides which result a new one
/// replaces: [`DirectMapped`] (one slot per key, always replace) or [`FourWayClock`](super::FourWayClock). Keys
/// are the full `(GameState, Color)`: the [`Signature`] picks the set and is compared first, but a hit needs full
/// state equality too, so an evicted or colliding key is evaluated again, never answered with another key's
/// value. Values are therefore exactly the callback's at every capacity; only the number of evaluator calls
/// depends on the capacity and the rule. Lookups allocate nothing.
///
/// Counters follow the contract's memos (`evaluator_calls` counts attempts, failures and panics included;
/// `entry_count` is the entries retained now, at most the capacity), plus [`BoundedCache::evictions`]. Failures
/// and re-entry behave as in the unbounded cache: no borrow is held across the callback, a failure inserts
/// nothing, and an outer success on a key a nested lookup stored overwrites it.
///
/// ```
/// use engine::memo::{DirectMappedCache, EvaluationMemo};
/// use engine::{Color, GameState, evaluate_material};
/// let s = GameState::from_dfen("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP").unwrap();
/// let later = s.with_full_move_number(2);
/// let cache = DirectMappedCache::new(1, evaluate_material).unwrap();
/// assert_eq!(cache.apply(&s, Color::White), evaluate_material(&s, Color::White));
/// assert_eq!(cache.apply(&s, Color::White), evaluate_material(&s, Color::White));
/// // One slot: the second key replaces the first, which is evaluated again when it returns.
/// cache.apply(&later, Color::White);
/// assert_eq!(cache.apply(&s, Color::White), evaluate_material(&s, Color::White));
/// let c = cache.counters();
/// assert_eq!((c.evaluator_calls, c.cache_hits, c.entry_count, cache.evictions()), (3, 1, 1, 2));
/// assert!(DirectMappedCache::new(48, evaluate_material).is_err());
/// ```
pub struct BoundedCache<C, P = DirectMapped> {
    callback: C,
    table: RefCell<Table<P>>,
    evaluator_calls: Cell<u64>,
    cache_hits: Cell<u64>,
}

/// A direct-mapped, always-replace bounded cache.
pub type DirectMappedCache<C> = BoundedCache<C, DirectMapped>;
/// A bounded cache of four-way sets with CLOCK replacement.
pub type ClockCache<C> = BoundedCache<C, super::FourWayClock>;

impl<F: Fn(&GameState, Color) -> i32, P: Replacement> BoundedCache<Plain<F>, P> {
    /// `capacity` slots (a power of two) bound to an infallible callback.
    pub fn new(capacity: usize, callback: F) -> Result<Self, CapacityError> {
        Self::with_callback(capacity, Plain(callback))
    }
}

impl<E, F: Fn(&GameState, Color) -> Result<i32, E>, P: Replacement> BoundedCache<Fallible<F>, P> {
    /// `capacity` slots (a power of two) bound to a fallible callback.
    pub fn fallible(capacity: usize, callback: F) -> Result<Self, CapacityError> {
        Self::with_callback(capacity, Fallible(callback))
    }
}

impl<C: EvalCallback, P: Replacement> BoundedCache<C, P> {
    /// `capacity` slots (a power of two, at most 2^31) bound to `callback`; every slot is allocated here.
    pub fn with_callback(capacity: usize, callback: C) -> Result<Self, CapacityError> {
        Ok(BoundedCache {
            callback,
            table: RefCell::new(Table::new(capacity)?),
            evaluator_calls: Cell::new(0),
            cache_hits: Cell::new(0),
        })
    }

    /// The score of `state` from `perspective`: a retained result, or the callback's (stored on success,
    /// replacing another entry when its set is full).
    #[inline]
    pub fn try_apply(&self, state: &GameState, perspective: Color) -> Result<i32, C::Error> {
        let signature = Signature::of(state, perspective);
        let (start, writes_before) = {
            let mut table = self.table.borrow_mut();
            match table.probe(state, signature) {
                Probe::Hit(slot) => {
                    self.cache_hits.set(self.cache_hits.get() + 1);
                    return Ok(table.hit(slot));
                }
                Probe::Miss(start) => (start, table.writes()),
            }
        };
        // No borrow is held across the callback: it may re-enter this cache, fail or panic.
        self.evaluator_calls.set(self.evaluator_calls.get() + 1);
        let value = self.callback.evaluate(state, perspective)?;
        let mut table = self.table.borrow_mut();
        if table.writes() != writes_before
            && let Probe::Hit(slot) = table.probe(state, signature)
        {
            table.overwrite(slot, value);
        } else {
            table.insert(start, signature, state, value);
        }
        Ok(value)
    }

    /// Whether a result for `(state, perspective)` is retained (no counter or replacement bookkeeping changes).
    pub fn contains(&self, state: &GameState, perspective: Color) -> bool {
        let signature = Signature::of(state, perspective);
        matches!(self.table.borrow().probe(state, signature), Probe::Hit(_))
    }

    /// Entries a new result replaced.
    pub fn evictions(&self) -> u64 {
        self.table.borrow().evictions()
    }

    /// Slots, as chosen at construction.
    pub fn capacity(&self) -> usize {
        self.table.borrow().capacity()
    }

    /// Slots per set: `min(P::WAYS, capacity)`.
    pub fn ways(&self) -> usize {
        self.table.borrow().ways()
    }

    /// Heap bytes the cache holds, fixed at construction: per slot a tag, a state and a value, plus the rule's
    /// bookkeeping.
    pub fn heap_bytes(&self) -> usize {
        self.table.borrow().heap_bytes()
    }
}

impl<C: EvalCallback, P: Replacement> EvaluationMemo for BoundedCache<C, P> {
    type Error = C::Error;
    #[inline]
    fn try_apply(&self, state: &GameState, perspective: Color) -> Result<i32, C::Error> {
        BoundedCache::try_apply(self, state, perspective)
    }
    fn counters(&self) -> MemoCounters {
        MemoCounters {
            evaluator_calls: self.evaluator_calls.get(),
            cache_hits: self.cache_hits.get(),
            entry_count: self.table.borrow().occupied(),
        }
    }
}

impl<C, P: Replacement> std::fmt::Debug for BoundedCache<C, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let table = self.table.borrow();
        f.debug_struct("BoundedCache")
            .field("policy", &P::NAME)
            .field("capacity", &table.capacity())
            .field("evaluator_calls", &self.evaluator_calls.get())
            .field("cache_hits", &self.cache_hits.get())
            .field("entries", &table.occupied())
            .field("evictions", &table.evictions())
            .finish_non_exhaustive()
    }
}
