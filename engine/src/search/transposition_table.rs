//! A lockless transposition table of primitive words with a Hyatt XOR checksum and a choice of replacement
//! schemes (depth-preferred by default), plus an unbounded map-backed table as the no-eviction ceiling.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

mod aged;
mod always;
mod depth_preferred;
mod replacement;
mod two_big;
mod two_deep;
mod unbounded;

pub use replacement::ReplacementScheme;
use replacement::{Placement, Replacement, Resident};
use unbounded::UnboundedEntries;

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

/// A requested table size that is not a usable power of two (or smaller than one bucket of the scheme).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "transposition table size {0} must be a power of two between 1 and 2^32 entries, and hold one bucket \
     (1 entry for always|depth, 2 for two_deep|two_big, 3 for aged)"
)]
pub struct TableSizeError(pub usize);

/// Words per entry: checksum, value bits, metadata.
const WORDS: usize = 3;
const BOUND_SHIFT: u32 = 32;
const TAINT_BIT: u64 = 1 << 34;
const GENERATION_SHIFT: u32 = 35;
const NODES_SHIFT: u32 = 43;
/// The largest subtree size an entry records; larger ones saturate (they all compare as equally big).
const MAX_NODES: u64 = (1 << (64 - NODES_SHIFT)) - 1;

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
/// rule decides for it too.) [`TranspositionTable::with_scheme`] picks another [`ReplacementScheme`]: its
/// entries come in buckets at index `key mod buckets`, a probe accepts any slot of the bucket, and every slot
/// keeps the same three words and checksum. [`TranspositionTable::unbounded`] is the no-eviction ceiling.
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
    /// Buckets of `scheme.ways()` entries each (zero for the unbounded table).
    buckets: u64,
    scheme: ReplacementScheme,
    /// The current root search, modulo 256 (only the aged scheme reads it back).
    generation: AtomicU8,
    /// Present for the unbounded table only, which then has no words.
    unbounded: Option<UnboundedEntries>,
}

impl TranspositionTable {
    /// Bytes one entry of a bounded table takes: a table of `entries` entries allocates at most
    /// `entries * ENTRY_BYTES` bytes, all up front.
    pub const ENTRY_BYTES: usize = WORDS * size_of::<AtomicU64>();

    /// A table of `entries` empty entries (`entries` a power of two, at most 2^32).
    pub fn new(entries: usize) -> Result<Self, TableSizeError> {
        Self::with_scheme(ReplacementScheme::Depth, entries)
    }

    /// A table of at most `entries` entries replacing by `scheme` (`entries` a power of two, at most 2^32).
    ///
    /// Entries come in buckets of [`ReplacementScheme::ways`]; a bucket of three counts three, so an aged table
    /// of 16 entries holds five buckets (15 entries) and never more memory than asked for.
    ///
    /// ```
    /// use engine::search::{Bound, ReplacementScheme, TranspositionTable};
    /// let tt = TranspositionTable::with_scheme(ReplacementScheme::TwoDeep, 1 << 4).unwrap();
    /// assert_eq!((tt.capacity(), tt.scheme()), (16, Some(ReplacementScheme::TwoDeep)));
    /// tt.store(5, 1.0, Bound::Exact, 3, false);
    /// tt.store(5 + 8, 2.0, Bound::Exact, 1, false); // same bucket, shallower: the second slot
    /// assert!(tt.probe(5).is_some() && tt.probe(5 + 8).is_some());
    /// assert!(TranspositionTable::with_scheme(ReplacementScheme::Aged, 2).is_err());
    /// ```
    pub fn with_scheme(scheme: ReplacementScheme, entries: usize) -> Result<Self, TableSizeError> {
        let buckets = entries / scheme.ways();
        if !entries.is_power_of_two() || entries as u64 > 1 << 32 || buckets == 0 {
            return Err(TableSizeError(entries));
        }
        let words = (0..buckets * scheme.ways() * WORDS)
            .map(|_| AtomicU64::new(0))
            .collect();
        Ok(TranspositionTable {
            words,
            buckets: buckets as u64,
            scheme,
            generation: AtomicU8::new(0),
            unbounded: None,
        })
    }

    /// The ceiling: a map from key to entry that never evicts another key (a key's newest result replaces its
    /// older one), behind the same interface. It takes a lock per access, so it is a reference, not a rival.
    ///
    /// ```
    /// use engine::search::{Bound, StoreOutcome, TranspositionTable};
    /// let tt = TranspositionTable::unbounded();
    /// for key in 0..1000 {
    ///     assert_eq!(tt.store_reporting(key, 1.0, Bound::Exact, 2, false), StoreOutcome::Written);
    /// }
    /// assert_eq!((tt.occupied(), tt.scheme()), (1000, None));
    /// tt.store(3, 9.0, Bound::LowerBound, 1, false);
    /// assert_eq!(tt.probe(3).unwrap().depth, 1, "the newest result for a key");
    /// ```
    pub fn unbounded() -> Self {
        TranspositionTable {
            words: Box::new([]),
            buckets: 0,
            scheme: ReplacementScheme::Depth,
            generation: AtomicU8::new(0),
            unbounded: Some(UnboundedEntries::default()),
        }
    }

    /// Number of entries (`usize::MAX` for the unbounded table).
    pub fn capacity(&self) -> usize {
        if self.unbounded.is_some() {
            return usize::MAX;
        }
        self.buckets as usize * self.scheme.ways()
    }

    /// The replacement scheme, or `None` for the unbounded table.
    pub fn scheme(&self) -> Option<ReplacementScheme> {
        self.unbounded.is_none().then_some(self.scheme)
    }

    /// Entries now held intact (a scan of the whole table for the bucketed ones).
    pub fn occupied(&self) -> usize {
        match &self.unbounded {
            Some(map) => map.len(),
            None => self
                .words
                .chunks(WORDS)
                .filter(|slot| Self::resident(slot).is_some())
                .count(),
        }
    }

    /// Starts a new root search: entries written before now age by one generation (the aged scheme evicts
    /// them first). Call it before each root search of a game; it costs one relaxed atomic add.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The words of bucket `key mod buckets` (a mask when the bucket count is a power of two).
    fn bucket(&self, key: u64) -> &[AtomicU64] {
        let index = if self.buckets.is_power_of_two() {
            key & (self.buckets - 1)
        } else {
            key % self.buckets
        };
        let len = self.scheme.ways() * WORDS;
        let base = index as usize * len;
        &self.words[base..base + len]
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

    /// What a replacement rule sees of `slot`: the entry under the key its words spell, if its bound is valid.
    /// A torn slot reads as some other key's entry, so the rule decides for it like for any other.
    fn resident(slot: &[AtomicU64]) -> Option<Resident> {
        let check = slot[0].load(Ordering::Relaxed);
        let value = slot[1].load(Ordering::Relaxed);
        let meta = slot[2].load(Ordering::Relaxed);
        let bound = Bound::from_code(meta >> BOUND_SHIFT & 3)?;
        Some(Resident {
            key: check ^ value ^ meta,
            depth: meta as u32 as i32,
            bound,
            generation: (meta >> GENERATION_SHIFT) as u8,
            nodes: (meta >> NODES_SHIFT) as u32,
        })
    }

    /// The entry stored for `key`, if one is present and intact (in any slot of its bucket).
    pub fn probe(&self, key: u64) -> Option<TTEntry> {
        if let Some(map) = &self.unbounded {
            return map.probe(key);
        }
        self.bucket(key)
            .chunks(WORDS)
            .find_map(|slot| Self::read(slot, key))
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
        self.store_subtree(key, value, bound, depth, loss_tainted, 0)
    }

    /// [`TranspositionTable::store_reporting`] with the size of the subtree that produced the value, in nodes
    /// (the two_big scheme keeps the larger; sizes above 2^21 − 1 saturate). The table's scheme decides.
    ///
    /// ```
    /// use engine::search::{Bound, ReplacementScheme, StoreOutcome, TranspositionTable};
    /// let tt = TranspositionTable::with_scheme(ReplacementScheme::TwoBig, 2).unwrap();
    /// tt.store_subtree(1, 1.0, Bound::Exact, 1, false, 900);
    /// tt.store_subtree(2, 2.0, Bound::Exact, 3, false, 50); // deeper, smaller: the second slot
    /// assert_eq!(tt.store_subtree(3, 3.0, Bound::Exact, 3, false, 60), StoreOutcome::Replaced);
    /// assert!(tt.probe(1).is_some() && tt.probe(2).is_none());
    /// ```
    pub fn store_subtree(
        &self,
        key: u64,
        value: f64,
        bound: Bound,
        depth: i32,
        loss_tainted: bool,
        nodes: u64,
    ) -> StoreOutcome {
        let generation = self.generation.load(Ordering::Relaxed);
        let nodes = nodes.min(MAX_NODES);
        let meta = u64::from(depth as u32)
            | bound.code() << BOUND_SHIFT
            | if loss_tainted { TAINT_BIT } else { 0 }
            | u64::from(generation) << GENERATION_SHIFT
            | nodes << NODES_SHIFT;
        if let Some(map) = &self.unbounded {
            map.store(key, value, bound, depth, loss_tainted);
            return StoreOutcome::Written;
        }
        let incoming = Resident {
            key,
            depth,
            bound,
            generation,
            nodes: nodes as u32,
        };
        let bucket = self.bucket(key);
        let entry = Entry {
            key,
            value: value.to_bits(),
            meta,
        };
        match self.scheme {
            ReplacementScheme::Always => {
                Self::place::<always::AlwaysReplace>(bucket, &incoming, entry, generation)
            }
            ReplacementScheme::Depth => {
                Self::place::<depth_preferred::DepthPreferred>(bucket, &incoming, entry, generation)
            }
            ReplacementScheme::TwoDeep => {
                Self::place::<two_deep::TwoDeep>(bucket, &incoming, entry, generation)
            }
            ReplacementScheme::TwoBig => {
                Self::place::<two_big::TwoBig>(bucket, &incoming, entry, generation)
            }
            ReplacementScheme::Aged => {
                Self::place::<aged::Aged>(bucket, &incoming, entry, generation)
            }
        }
    }

    /// Asks `R` where `entry` goes in `bucket` and writes it there.
    fn place<R: Replacement>(
        bucket: &[AtomicU64],
        incoming: &Resident,
        entry: Entry,
        generation: u8,
    ) -> StoreOutcome {
        let mut residents = [None; MAX_WAYS];
        for (j, slot) in bucket.chunks(WORDS).enumerate() {
            residents[j] = Self::resident(slot);
        }
        let slot = |j: usize| &bucket[j * WORDS..(j + 1) * WORDS];
        let (written, lost) = match R::place(&residents[..R::WAYS], incoming, generation) {
            Placement::Keep => return StoreOutcome::Kept,
            Placement::Write(j) => (j, j),
            Placement::Demote { from, to } => {
                let moved = slot(from);
                let (value, meta) = (
                    moved[1].load(Ordering::Relaxed),
                    moved[2].load(Ordering::Relaxed),
                );
                let check = moved[0].load(Ordering::Relaxed);
                write_words(slot(to), check, value, meta);
                (from, to)
            }
        };
        write_words(
            slot(written),
            entry.key ^ entry.value ^ entry.meta,
            entry.value,
            entry.meta,
        );
        match residents[lost] {
            Some(old) if old.key != incoming.key => StoreOutcome::Replaced,
            _ => StoreOutcome::Written,
        }
    }

    /// Empties every entry and restarts the generation count.
    pub fn clear(&self) {
        for w in self.words.iter() {
            w.store(0, Ordering::Relaxed);
        }
        if let Some(map) = &self.unbounded {
            map.clear();
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Simulates a writer torn after the value word of slot `slot` in bucket `bucket`.
    #[cfg(test)]
    fn tear(&self, bucket: usize, slot: usize) {
        let w = &self.words[(bucket * self.scheme.ways() + slot) * WORDS + 1];
        w.store(w.load(Ordering::Relaxed) ^ 1, Ordering::Relaxed);
    }
}

/// The most entries any scheme's bucket holds.
const MAX_WAYS: usize = 3;

/// An entry's words before the checksum: key, value bits, metadata.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    value: u64,
    meta: u64,
}

/// Writes one slot, the checksum word last (a reader racing the write sees a mismatch, hence a miss).
fn write_words(slot: &[AtomicU64], check: u64, value: u64, meta: u64) {
    slot[1].store(value, Ordering::Relaxed);
    slot[2].store(meta, Ordering::Relaxed);
    slot[0].store(check, Ordering::Relaxed);
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("capacity", &self.capacity())
            .field("scheme", &self.scheme())
            .finish()
    }
}

#[cfg(test)]
mod tests;
