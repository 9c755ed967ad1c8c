//! A lockless transposition table of primitive words with depth-preferred replacement and a Hyatt XOR checksum.

use std::sync::atomic::{AtomicU64, Ordering};

/// Salt XORed into the Zobrist key of depth-3 inner MAX chance nodes, so MAX and MIN continuations on the same
/// board never share a key.
pub const MAX_CHANCE_KEY_SALT: u64 = 0x9e37_79b9_7f4a_7c15;

/// The table key of a MAX chance node on a board with Zobrist key `zobrist`.
///
/// ```
/// use engine::search::{MAX_CHANCE_KEY_SALT, max_chance_key};
/// assert_eq!(max_chance_key(0), MAX_CHANCE_KEY_SALT);
/// assert_eq!(max_chance_key(max_chance_key(7)), 7);
/// ```
pub const fn max_chance_key(zobrist: u64) -> u64 {
    zobrist ^ MAX_CHANCE_KEY_SALT
}

/// What a stored value means relative to the true subtree value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the stored one.
    LowerBound,
    /// The true value is at most the stored one.
    UpperBound,
}

impl Bound {
    const fn code(self) -> u64 {
        match self {
            Bound::Exact => 1,
            Bound::LowerBound => 2,
            Bound::UpperBound => 3,
        }
    }

    const fn from_code(code: u64) -> Option<Bound> {
        match code {
            1 => Some(Bound::Exact),
            2 => Some(Bound::LowerBound),
            3 => Some(Bound::UpperBound),
            _ => None,
        }
    }
}

/// One stored search result.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct TTEntry {
    /// The full 64-bit key (Zobrist key, XOR a role salt).
    pub key: u64,
    /// The value on the search's utility scale.
    pub value: f64,
    /// What `value` bounds.
    pub bound: Bound,
    /// Remaining search depth the value was computed with.
    pub depth: i32,
    /// Whether some opponent roll captured the root perspective's king below this node.
    pub loss_tainted: bool,
}

/// What a store did to its slot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StoreOutcome {
    /// The slot held a deeper entry of another key (or a deeper exact one of this key) and was left alone.
    Kept,
    /// Written into an empty slot or over this key's own entry.
    Written,
    /// Written over another key's intact entry (an overwrite).
    Replaced,
}

/// A requested table size that is not a usable power of two.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("transposition table size {0} must be a power of two between 1 and 2^32 entries")]
pub struct TableSizeError(pub usize);

/// Words per entry: checksum, value bits, metadata.
const WORDS: usize = 3;
const BOUND_SHIFT: u32 = 32;
const TAINT_BIT: u64 = 1 << 34;

/// Fixed power-of-two array of primitive words, caller-owned and reusable across moves for one fixed evaluator
/// and configuration (call [`TranspositionTable::clear`] when either changes).
///
/// Entry `i` (index `key & mask`) is three words `[key ^ value ^ meta, value, meta]`. A reader accepts an entry
/// only if the XOR of the three words it read equals the probed key (Hyatt & Mann), so an entry torn by a racing
/// writer reads as a miss (residual false acceptance about 2^-64). Loads and stores are relaxed atomics: racing
/// is allowed, and a single writer is recommended.
///
/// Replacement is depth-preferred: a store replaces the slot when it is empty, when `depth >= old depth`, or when
/// it replaces a non-exact bound on the same key. (A torn slot reads as some other key's entry here, so the depth
/// rule decides for it too.)
///
/// ```
/// use engine::search::{Bound, TranspositionTable};
/// let tt = TranspositionTable::new(1 << 10).unwrap();
/// assert!(tt.store(7, 125.0, Bound::Exact, 2, false));
/// let e = tt.probe(7).unwrap();
/// assert_eq!((e.value, e.bound, e.depth, e.loss_tainted), (125.0, Bound::Exact, 2, false));
/// assert!(!tt.store(7 + 1024, -1.0, Bound::Exact, 1, false)); // same slot, shallower: kept
/// assert_eq!(tt.probe(7 + 1024), None);
/// ```
///
/// The contract's second worked example: check cancellation **before** probing, and never store an incomplete
/// outcome.
///
/// ```
/// use engine::GameState;
/// use engine::search::{Bound, SearchControl, SearchOutcome, TranspositionTable};
/// let f10 = GameState::from_dfen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3 NBP").unwrap();
/// let tt = TranspositionTable::new(1 << 10).unwrap();
/// tt.store(f10.zobrist(), 125.0, Bound::Exact, 2, false);
/// let probe_depth2 = |control: &SearchControl| -> SearchOutcome<f64> {
///     if control.is_cancelled() {
///         return SearchOutcome::Incomplete { work: control.work_used() };
///     }
///     match tt.probe(f10.zobrist()) {
///         Some(e) if e.depth == 2 && e.bound == Bound::Exact => {
///             SearchOutcome::Exact { value: e.value, work: control.work_used() }
///         }
///         _ => SearchOutcome::Incomplete { work: control.work_used() },
///     }
/// };
/// let expired = SearchControl::until_deadline(0, || 1);
/// assert_eq!(probe_depth2(&SearchControl::unbounded()), SearchOutcome::Exact { value: 125.0, work: 0 });
/// assert_eq!(probe_depth2(&expired), SearchOutcome::Incomplete { work: 0 });
/// ```
pub struct TranspositionTable {
    words: Box<[AtomicU64]>,
    mask: u64,
}

impl TranspositionTable {
    /// A table of `entries` empty entries (`entries` a power of two, at most 2^32).
    pub fn new(entries: usize) -> Result<Self, TableSizeError> {
        if !entries.is_power_of_two() || entries as u64 > 1 << 32 {
            return Err(TableSizeError(entries));
        }
        let words = (0..entries * WORDS).map(|_| AtomicU64::new(0)).collect();
        Ok(TranspositionTable {
            words,
            mask: entries as u64 - 1,
        })
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.mask as usize + 1
    }

    fn slot(&self, key: u64) -> &[AtomicU64] {
        let base = (key & self.mask) as usize * WORDS;
        &self.words[base..base + WORDS]
    }

    /// Reads and validates the entry in `slot`, whatever key it holds.
    fn read(slot: &[AtomicU64], key: u64) -> Option<TTEntry> {
        let check = slot[0].load(Ordering::Relaxed);
        let value = slot[1].load(Ordering::Relaxed);
        let meta = slot[2].load(Ordering::Relaxed);
        if check ^ value ^ meta != key {
            return None;
        }
        let bound = Bound::from_code(meta >> BOUND_SHIFT & 3)?;
        Some(TTEntry {
            key,
            value: f64::from_bits(value),
            bound,
            depth: meta as u32 as i32,
            loss_tainted: meta & TAINT_BIT != 0,
        })
    }

    /// The entry stored for `key`, if one is present and intact.
    pub fn probe(&self, key: u64) -> Option<TTEntry> {
        Self::read(self.slot(key), key)
    }

    /// Stores a result under the depth-preferred rule; returns whether it was written.
    ///
    /// Only a finished value can be passed: an interrupted search (`SearchOutcome::Incomplete`) has none.
    pub fn store(
        &self,
        key: u64,
        value: f64,
        bound: Bound,
        depth: i32,
        loss_tainted: bool,
    ) -> bool {
        self.store_reporting(key, value, bound, depth, loss_tainted) != StoreOutcome::Kept
    }

    /// [`TranspositionTable::store`], telling whether the write replaced another key's intact entry.
    ///
    /// ```
    /// use engine::search::{Bound, StoreOutcome, TranspositionTable};
    /// let tt = TranspositionTable::new(1 << 4).unwrap();
    /// assert_eq!(tt.store_reporting(3, 1.0, Bound::Exact, 1, false), StoreOutcome::Written);
    /// assert_eq!(tt.store_reporting(3, 2.0, Bound::Exact, 1, false), StoreOutcome::Written);
    /// assert_eq!(tt.store_reporting(3 + 16, 5.0, Bound::Exact, 2, false), StoreOutcome::Replaced);
    /// assert_eq!(tt.store_reporting(3, 1.0, Bound::Exact, 1, false), StoreOutcome::Kept);
    /// ```
    pub fn store_reporting(
        &self,
        key: u64,
        value: f64,
        bound: Bound,
        depth: i32,
        loss_tainted: bool,
    ) -> StoreOutcome {
        let slot = self.slot(key);
        let old_meta = slot[2].load(Ordering::Relaxed);
        let old_key = slot[0].load(Ordering::Relaxed) ^ slot[1].load(Ordering::Relaxed) ^ old_meta;
        let mut outcome = StoreOutcome::Written;
        if let Some(old) = Self::read(slot, old_key) {
            let refines_bound = old.key == key && old.bound != Bound::Exact;
            if depth < old.depth && !refines_bound {
                return StoreOutcome::Kept;
            }
            if old.key != key {
                outcome = StoreOutcome::Replaced;
            }
        }
        let value = value.to_bits();
        let meta = u64::from(depth as u32)
            | bound.code() << BOUND_SHIFT
            | if loss_tainted { TAINT_BIT } else { 0 };
        slot[1].store(value, Ordering::Relaxed);
        slot[2].store(meta, Ordering::Relaxed);
        slot[0].store(key ^ value ^ meta, Ordering::Relaxed);
        outcome
    }

    /// Empties every entry.
    pub fn clear(&self) {
        for w in self.words.iter() {
            w.store(0, Ordering::Relaxed);
        }
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("capacity", &self.capacity())
            .finish()
    }
}

#[cfg(test)]
mod tests;
