//! The optimized evaluation cache: an invocation-owned linear-probing table over parallel arrays.

use crate::color::Color;
use crate::memo::callback::{EvalCallback, Fallible, Plain};
use crate::memo::counters::MemoCounters;
use crate::memo::evaluation_memo::EvaluationMemo;
use crate::memo::fingerprint::Signature;
use crate::memo::key_compare::same_key;
use crate::memo::probe_stats::{NoStats, ProbeObserver, ProbeStats};
use crate::memo::slot_array::{EMPTY, SlotArray};
use crate::memo::state_store::StateStore;
use crate::state::GameState;
use std::cell::{Cell, UnsafeCell};
use std::convert::Infallible;

/// Exact memo of one pure `(GameState, Color) -> i32` callback for one search or rescoring invocation.
///
/// Keys use full `(GameState, Color)` equality (mailbox included, Zobrist key excluded). A constant-work
/// [`Signature`] selects a slot in a linear-probing table; full equality runs only on equal signatures, so
/// mailbox-only variants share a signature and still stay distinct. The table keeps entry indices in one 32-bit
/// slot array and the signatures, states and values in three dense parallel arrays (states in chunks that never
/// move): no per-entry objects, no tuple key built on lookup. Growth re-slots the stored signatures without
/// calling the evaluator or recomputing fingerprints. There is no eviction: memory grows with the unique pairs
/// evaluated, until the cache is dropped.
///
/// No identity shortcut (the contract permits one): the table's copies of the states are private, so no lookup
/// can pass one and a pointer check would never fire. Full comparison runs on every equal signature.
///
/// Single owner, deliberately `!Sync`; `apply` takes `&self` so it can be passed to path scoring and re-entered
/// from the callback. The callback's failure (`Err` or panic) propagates unchanged, inserts nothing and is retried
/// on the next access; existing entries survive.
///
/// The contract's first worked example: commuting pawn pushes (a2a3 then h2h3, or h2h3 then a2a3) reach the same
/// position after `end_turn`, so the cache reuses its score while every candidate path is still scored; and the
/// counter boundary, where a Zobrist key cannot tell two states apart but the cache's key can.
///
/// ```
/// use engine::memo::EvaluationCache;
/// use engine::{GameState, evaluate_material, legal_turn_paths, score_path};
/// let f8 = GameState::from_dfen("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP").unwrap();
/// let paths = legal_turn_paths(&f8);
/// let eval = EvaluationCache::new(evaluate_material);
/// let scored: Vec<i32> = paths.iter().map(|p| score_path(&f8, p, |s, c| eval.apply(s, c))).collect();
/// assert!(scored.len() == paths.len() && eval.evaluator_calls() < paths.len() as u64);
///
/// let mut after_turn = f8;
/// for &m in &paths[0] {
///     after_turn.make_move(m);
/// }
/// after_turn.end_turn();
/// let later_turn = after_turn.with_full_move_number(after_turn.full_move_number() + 2);
/// assert!(after_turn != later_turn && after_turn.zobrist() == later_turn.zobrist());
/// ```
pub struct EvaluationCache<C, O: ProbeObserver = NoStats> {
    callback: C,
    /// Only [`EvaluationCache::table`] touches it (see the safety argument there).
    table: UnsafeCell<Table<O>>,
    evaluator_calls: Cell<u64>,
    cache_hits: Cell<u64>,
}

/// The optimized cache with table instrumentation switched on (probe lengths, signature matches and collisions,
/// growth events); read them with [`EvaluationCache::probe_stats`].
pub type InstrumentedCache<C> = EvaluationCache<C, ProbeStats>;

impl<F: Fn(&GameState, Color) -> i32> EvaluationCache<Plain<F>> {
    /// A cache bound to an infallible callback.
    pub fn new(callback: F) -> Self {
        Self::with_callback(Plain(callback))
    }
}

impl<E, F: Fn(&GameState, Color) -> Result<i32, E>> EvaluationCache<Fallible<F>> {
    /// A cache bound to a fallible callback (use [`EvaluationCache::try_apply`]).
    pub fn fallible(callback: F) -> Self {
        Self::with_callback(Fallible(callback))
    }
}

impl<C: EvalCallback> EvaluationCache<C> {
    /// A cache bound to `callback`; allocates nothing until the first successful evaluation.
    pub fn with_callback(callback: C) -> Self {
        Self::with_observer(callback)
    }

    /// A cache with room for `entries` results before its first growth.
    pub fn with_capacity(callback: C, entries: usize) -> Self {
        let cache = Self::with_callback(callback);
        let Table { arrays, observer } = cache.table();
        arrays.reserve(entries, observer);
        cache
    }
}

impl<C: EvalCallback, O: ProbeObserver> EvaluationCache<C, O> {
    /// A cache bound to `callback` that reports table events to a fresh `O` (see [`InstrumentedCache`]).
    pub fn with_observer(callback: C) -> Self {
        EvaluationCache {
            callback,
            table: UnsafeCell::new(Table::default()),
            evaluator_calls: Cell::new(0),
            cache_hits: Cell::new(0),
        }
    }

    /// The score of `state` from `perspective`: a retained result, or the callback's (retained on success).
    ///
    /// Re-entry: if the callback's own nested lookups inserted entries, the outer insert probes again; if one of
    /// them inserted this very key, the outer result overwrites it. An outer failure inserts nothing and keeps the
    /// nested successes.
    #[inline]
    pub fn try_apply(&self, state: &GameState, perspective: Color) -> Result<i32, C::Error> {
        let signature = Signature::of(state, perspective);
        let vacant = {
            let table = self.table();
            match table.arrays.probe(state, signature, &mut table.observer) {
                Probe::Hit(entry) => {
                    self.cache_hits.set(self.cache_hits.get() + 1);
                    // SAFETY: a hit's entry index came from an occupied slot word (see `Arrays::probe`), and
                    // `values` grows in step with `states`.
                    return Ok(unsafe { *table.arrays.values.get_unchecked(entry) });
                }
                Probe::Vacant(slot) => slot,
            }
        };
        self.miss(state, perspective, signature, vacant)
    }

    /// A lookup that found no entry: evaluate, then insert at `vacant` unless the callback changed the table.
    ///
    /// Out of line so the hit path, inlined into every caller's loop, keeps the caller's loop state in registers:
    /// inlined, the miss path's calls would push it onto the stack. A miss pays a call for it, which nested
    /// expansion, where the caller holds more state, more than recovers on its hits (docs/evaluation-cache.md §9).
    #[inline(never)]
    fn miss(
        &self,
        state: &GameState,
        perspective: Color,
        signature: Signature,
        vacant: usize,
    ) -> Result<i32, C::Error> {
        let entries_before = self.table().arrays.states.len();
        // No borrow is held across the callback: it may re-enter this cache, fail or panic.
        self.evaluator_calls.set(self.evaluator_calls.get() + 1);
        let value = self.callback.evaluate(state, perspective)?;
        let Table { arrays, observer } = self.table();
        if arrays.states.len() == entries_before {
            arrays.insert(Some(vacant), signature, state, value, observer);
        } else {
            match arrays.probe(state, signature, observer) {
                Probe::Hit(entry) => arrays.values[entry] = value,
                Probe::Vacant(slot) => arrays.insert(Some(slot), signature, state, value, observer),
            }
        }
        Ok(value)
    }

    /// Actual callback attempts, failures and panics included.
    pub fn evaluator_calls(&self) -> u64 {
        self.evaluator_calls.get()
    }

    /// Successful lookups that reused an earlier result.
    pub fn cache_hits(&self) -> u64 {
        self.cache_hits.get()
    }

    /// Successfully evaluated (state, perspective) pairs retained.
    pub fn entry_count(&self) -> usize {
        self.table().arrays.states.len()
    }

    /// A snapshot of the table observer (all zero for the default [`NoStats`]).
    pub fn probe_stats(&self) -> O
    where
        O: Clone,
    {
        self.table().observer.clone()
    }
}

impl<C, O: ProbeObserver> EvaluationCache<C, O> {
    /// The table, for the duration of one probe, insert or read.
    ///
    /// An `UnsafeCell` rather than a `RefCell`: a borrow flag would be checked and written on every hit and
    /// miss and would guard nothing the structure does not already rule out:
    #[inline(always)]
    #[allow(clippy::mut_from_ref)]
    fn table(&self) -> &mut Table<O> {
        // SAFETY: no two references from here are ever alive at once. The cache is `!Sync` (`UnsafeCell`), so
        // only the owning thread gets here. Every caller uses the reference within one method body and runs no
        // foreign code while holding it: the callback, the only code that can re-enter the cache, is called in
        // `try_apply` between two separate uses, with the first reference dead; the observers it calls are the
        // sealed `NoStats` and `ProbeStats`, which cannot reach the cache. `Debug` and the counters read through
        // here too, but only from outside a lookup or from inside the callback, where nothing else is alive.
        unsafe { &mut *self.table.get() }
    }
}

impl<C: EvalCallback<Error = Infallible>, O: ProbeObserver> EvaluationCache<C, O> {
    /// The score of `state` from `perspective` for an infallible callback.
    #[inline]
    pub fn apply(&self, state: &GameState, perspective: Color) -> i32 {
        match self.try_apply(state, perspective) {
            Ok(v) => v,
            Err(never) => match never {},
        }
    }
}

impl<C: EvalCallback, O: ProbeObserver> EvaluationMemo for EvaluationCache<C, O> {
    type Error = C::Error;
    #[inline]
    fn try_apply(&self, state: &GameState, perspective: Color) -> Result<i32, C::Error> {
        EvaluationCache::try_apply(self, state, perspective)
    }
    fn counters(&self) -> MemoCounters {
        MemoCounters {
            evaluator_calls: self.evaluator_calls(),
            cache_hits: self.cache_hits(),
            entry_count: self.entry_count(),
        }
    }
}

impl<C, O: ProbeObserver> std::fmt::Debug for EvaluationCache<C, O> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EvaluationCache")
            .field("evaluator_calls", &self.evaluator_calls.get())
            .field("cache_hits", &self.cache_hits.get())
            .field("entries", &self.table().arrays.states.len())
            .finish_non_exhaustive()
    }
}

/// Slots in the first allocation (room for 512 entries; 4 KiB of slots, 2 KiB each of signatures and values). A
/// fresh cache per search or rescoring invocation usually holds hundreds of entries, so a smaller start would
/// spend most invocations growing.
const MIN_SLOTS: usize = 1024;
/// The signature leaves 31 bits for slot selection, so the slot array stops there (2^30 entries, far beyond RAM).
const MAX_SLOTS: usize = 1 << 31;

/// Result of probing for a key.
enum Probe {
    /// The key is stored at this entry index.
    Hit(usize),
    /// The key is absent; this slot ends its probe run (slot 0 of the shared empty word while nothing is
    /// allocated).
    Vacant(usize),
}

/// The table and its observer, borrowed apart so probing can report to the observer.
struct Table<O> {
    arrays: Arrays,
    observer: O,
}

impl<O: ProbeObserver> Default for Table<O> {
    fn default() -> Self {
        Table {
            arrays: Arrays::default(),
            observer: O::default(),
        }
    }
}

/// The parallel arrays. A slot holds an entry index plus one (zero marks an empty slot); entries are dense, in
/// insertion order, each with its signature, state and value at the same index of three parallel arrays.
///
/// 32-bit slots (rather than `signature << 32 | entry` words) halve the slot array, which is most of what a fresh
/// cache writes before its first lookup (the slot array is filled on every growth); the signature check before the
/// state comparison reads the dense signature array instead, and growth re-slots entries by their stored
/// signatures in entry order without reading the old slots.
#[derive(Default)]
struct Arrays {
    slots: SlotArray,
    signatures: Vec<u32>,
    states: StateStore,
    values: Vec<i32>,
}

impl Arrays {
    /// Finds `state` or the vacant slot that ends its probe run. The load factor stays at most 1/2, so a vacant
    /// slot always exists.
    #[inline(always)]
    fn probe<O: ProbeObserver>(
        &self,
        state: &GameState,
        signature: Signature,
        observer: &mut O,
    ) -> Probe {
        // Before the first allocation the mask is 0 and the one word read is empty: slot 0 is reported vacant.
        let mask = self.slots.mask();
        let mut slot = signature.slot_bits() & mask;
        let mut inspected = 1;
        loop {
            // SAFETY: `slot` is masked by the array's own mask.
            let word = unsafe { self.slots.get_unchecked(slot) };
            if word == EMPTY {
                // The shared empty word of an unallocated array is not a slot: such a lookup inspected none
                // (the check compiles away with `NoStats`, whose hook is empty).
                if self.slots.len() != 0 {
                    observer.on_probe(inspected);
                }
                return Probe::Vacant(slot);
            }
            let entry = (word - 1) as usize;
            // SAFETY: every occupied slot holds one plus the index of an entry `insert` pushed (slots are only
            // written there and by `grow`, from the entry indices), entries are never removed, and `signatures`
            // and `states` grow in step.
            if unsafe { *self.signatures.get_unchecked(entry) } == signature.0 {
                // SAFETY: as above.
                let stored = unsafe { self.states.get_unchecked(entry) };
                let equal = same_key(stored, state);
                observer.on_signature_match(equal);
                if equal {
                    observer.on_probe(inspected);
                    return Probe::Hit(entry);
                }
            }
            slot = (slot + 1) & mask;
            inspected += 1;
        }
    }

    /// Appends a new entry; `vacant` is the slot a probe just returned for this key, if nothing moved since.
    /// Forced inline: left to the optimizer it became a call once the table lost its `RefCell`, +16 per miss.
    #[inline(always)]
    fn insert<O: ProbeObserver>(
        &mut self,
        vacant: Option<usize>,
        signature: Signature,
        state: &GameState,
        value: i32,
        observer: &mut O,
    ) {
        let entry = self.states.len();
        let slot = if (entry + 1) * 2 > self.slots.len() {
            self.grow(observer);
            self.vacant_slot(signature)
        } else {
            match vacant {
                Some(slot) => slot,
                None => self.vacant_slot(signature),
            }
        };
        self.states.push(state);
        // SAFETY (both pushes and the slot write): the check above or `grow` left at least `2 * (entry + 1)`
        // slots, and `grow` reserves room for half the slots in `values` and `signatures`, which hold `entry`
        // items each (they grow in step with `states`); `slot` came from a probe or `vacant_slot` of the current
        // slot array, so it is below its length.
        unsafe {
            push_within_capacity(&mut self.values, entry, value);
            push_within_capacity(&mut self.signatures, entry, signature.0);
            // `MAX_SLOTS / 2` entries at most, so one plus the index fits.
            self.slots.set_unchecked(slot, entry as u32 + 1);
        }
    }

    /// The first empty slot of `signature`'s probe run.
    fn vacant_slot(&self, signature: Signature) -> usize {
        let mask = self.slots.mask();
        let mut slot = signature.slot_bits() & mask;
        // SAFETY: every slot index is masked.
        while unsafe { self.slots.get_unchecked(slot) } != EMPTY {
            slot = (slot + 1) & mask;
        }
        slot
    }

    /// Makes room for `entries` entries at load factor 1/2.
    fn reserve<O: ProbeObserver>(&mut self, entries: usize, observer: &mut O) {
        while entries * 2 > self.slots.len() {
            self.grow(observer);
        }
        self.states.reserve(entries);
    }

    /// Doubles the slot array, re-slotting each stored signature; states and values stay where they are.
    #[cold]
    fn grow<O: ProbeObserver>(&mut self, observer: &mut O) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        assert!(
            size <= MAX_SLOTS,
            "evaluation cache exceeds {} entries",
            MAX_SLOTS / 2
        );
        self.slots = SlotArray::empty(size);
        let mask = size - 1;
        for (entry, &signature) in self.signatures.iter().enumerate() {
            let mut slot = Signature(signature).slot_bits() & mask;
            // SAFETY: every slot index is masked by the new array's mask, and it is allocated (`size > 0`).
            unsafe {
                while self.slots.get_unchecked(slot) != EMPTY {
                    slot = (slot + 1) & mask;
                }
                self.slots.set_unchecked(slot, entry as u32 + 1);
            }
        }
        // Signatures and values grow in step with the slot array (one reallocation each per doubling); states
        // live in chunks that never move.
        let room = size / 2 - self.states.len();
        self.values.reserve_exact(room);
        self.signatures.reserve_exact(room);
        observer.on_growth(size);
    }
}

/// Appends `item` at index `len`, the vector's length, without the capacity check of `Vec::push` (passing the
/// length the entry arrays share saves reloading each vector's own).
///
/// # Safety
/// `len == v.len()` and `len < v.capacity()`.
#[inline(always)]
unsafe fn push_within_capacity<T>(v: &mut Vec<T>, len: usize, item: T) {
    debug_assert!(len == v.len() && len < v.capacity());
    // SAFETY: `len < capacity`, so the slot at `len` is allocated, unused spare capacity; `set_len` then covers
    // exactly the one item written.
    unsafe {
        v.as_mut_ptr().add(len).write(item);
        v.set_len(len + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memo::test_states::random_states;

    #[test]
    fn the_callback_may_read_and_re_enter_the_table_it_is_called_from() {
        // The table has no borrow flag: this exercises every access a callback can make while an outer lookup is
        // between its probe and its insert (reads of the counters and stats, nested misses that grow the table
        // past its first allocation, nested hits), then checks the outer insert landed on the moved table.
        use std::rc::Rc;
        let states = Rc::new(random_states(11, 700));
        let inner_states = Rc::clone(&states);
        type Callback = Box<dyn Fn(&GameState, Color) -> i32>;
        let cache: Rc<std::cell::OnceCell<InstrumentedCache<Plain<Callback>>>> =
            Rc::new(std::cell::OnceCell::new());
        let inner = Rc::clone(&cache);
        let callback: Callback = Box::new(move |s: &GameState, p: Color| {
            if let Some(me) = inner.get()
                && std::ptr::eq(s, &inner_states[0])
            {
                let before = me.entry_count();
                for t in &inner_states[1..] {
                    me.apply(t, p);
                }
                me.apply(&inner_states[1], p);
                assert_eq!(me.entry_count(), before + 699);
                assert!(me.probe_stats().growth_events >= 1);
                let _ = format!("{me:?}");
            }
            crate::eval::evaluate_material(s, p)
        });
        let c = InstrumentedCache::with_observer(Plain(callback));
        assert!(cache.set(c).is_ok());
        let c = cache.get().unwrap();
        let v = c.apply(&states[0], Color::White);
        assert_eq!(v, crate::eval::evaluate_material(&states[0], Color::White));
        assert_eq!((c.entry_count(), c.evaluator_calls()), (700, 700));
        assert_eq!(c.apply(&states[0], Color::White), v);
        assert_eq!(c.cache_hits(), 2);
        assert_eq!(c.probe_stats().growth_events, 2); // 1,024 then 2,048 slots for 700 entries
    }
}
