//! The fixed slot array of a bounded cache: signatures, states and values in parallel arrays, allocated once.

use super::replacement::Replacement;
use crate::bitboard::Bitboard;
use crate::memo::fingerprint::Signature;
use crate::state::{GameFlags, GameState};

/// Marks an unused slot; a stored tag is a 32-bit signature, so it never equals this.
const EMPTY: u64 = u64::MAX;
/// The signature leaves 31 bits for choosing a set, so more sets than this could never be reached.
pub(crate) const MAX_CAPACITY: usize = 1 << 31;

/// A capacity a bounded cache cannot have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CapacityError {
    /// Zero entries.
    #[error("a bounded cache needs a capacity of at least one entry")]
    Zero,
    /// Not a power of two (sets are chosen by masking signature bits).
    #[error("capacity {0} is not a power of two")]
    NotPowerOfTwo(usize),
    /// More entries than the signature can address.
    #[error("capacity {0} exceeds 2^31 entries")]
    TooLarge(usize),
}

/// Where a probe ended.
pub(crate) enum Probe {
    /// The key is stored in this slot.
    Hit(usize),
    /// The key is absent; its set starts at this slot.
    Miss(usize),
}

/// The slots and the replacement rule's bookkeeping. Unused slots hold a placeholder state that no lookup ever
/// compares (its tag is [`EMPTY`]).
pub(crate) struct Table<P> {
    tags: Vec<u64>,
    states: Vec<GameState>,
    values: Vec<i32>,
    ways: usize,
    set_mask: usize,
    occupied: usize,
    evictions: u64,
    /// Entries written so far; the outer insert after a callback compares it to see whether nested lookups
    /// changed the table.
    writes: u64,
    policy: P,
}

/// The state unused slots hold.
const PLACEHOLDER: GameState = GameState {
    colors: [Bitboard(0); 2],
    kinds: [Bitboard(0); 6],
    mailbox: [0; 64],
    flags: GameFlags(0),
    en_passant: Bitboard(0),
    full_move: 0,
    zobrist: 0,
};

impl<P: Replacement> Table<P> {
    /// A table of `capacity` slots in sets of `min(P::WAYS, capacity)`.
    pub(crate) fn new(capacity: usize) -> Result<Self, CapacityError> {
        if capacity == 0 {
            return Err(CapacityError::Zero);
        }
        if !capacity.is_power_of_two() {
            return Err(CapacityError::NotPowerOfTwo(capacity));
        }
        if capacity > MAX_CAPACITY {
            return Err(CapacityError::TooLarge(capacity));
        }
        let ways = P::WAYS.min(capacity);
        Ok(Table {
            tags: vec![EMPTY; capacity],
            states: vec![PLACEHOLDER; capacity],
            values: vec![0; capacity],
            ways,
            set_mask: capacity / ways - 1,
            occupied: 0,
            evictions: 0,
            writes: 0,
            policy: P::with_slots(capacity, ways),
        })
    }

    /// The first slot of the set `signature` maps to. The two perspectives of one state share their slot bits,
    /// and the search looks both up; flipping every bit for one of them sends them to different sets, so they do
    /// not evict each other in a direct-mapped table.
    #[inline(always)]
    fn set_start(&self, signature: Signature) -> usize {
        let flip = 0usize.wrapping_sub(signature.0 as usize & 1);
        ((signature.slot_bits() ^ flip) & self.set_mask) * self.ways
    }

    /// Finds `(state, signature)`: a stored entry with an equal signature and an equal state (full equality,
    /// never the signature alone).
    #[inline]
    pub(crate) fn probe(&self, state: &GameState, signature: Signature) -> Probe {
        let start = self.set_start(signature);
        let tag = u64::from(signature.0);
        for slot in start..start + self.ways {
            if self.tags[slot] == tag && self.states[slot] == *state {
                return Probe::Hit(slot);
            }
        }
        Probe::Miss(start)
    }

    /// The value in `slot`, recording the hit with the replacement rule.
    #[inline]
    pub(crate) fn hit(&mut self, slot: usize) -> i32 {
        self.policy.on_hit(slot);
        self.values[slot]
    }

    /// Overwrites the value of the entry in `slot` (an outer result on a key a nested lookup stored).
    pub(crate) fn overwrite(&mut self, slot: usize, value: i32) {
        self.values[slot] = value;
        self.writes += 1;
    }

    /// Stores a new entry in the set starting at `start`: an empty way if there is one, else the rule's victim.
    #[inline]
    pub(crate) fn insert(
        &mut self,
        start: usize,
        signature: Signature,
        state: &GameState,
        value: i32,
    ) {
        let set = start..start + self.ways;
        let slot = match self.tags[set].iter().position(|&t| t == EMPTY) {
            Some(way) => {
                self.occupied += 1;
                start + way
            }
            None => {
                self.evictions += 1;
                self.policy.victim(start, self.ways)
            }
        };
        self.tags[slot] = u64::from(signature.0);
        self.states[slot] = *state;
        self.values[slot] = value;
        self.writes += 1;
        self.policy.on_insert(slot);
    }

    /// Entries written so far (inserts and overwrites).
    #[inline]
    pub(crate) fn writes(&self) -> u64 {
        self.writes
    }

    /// Occupied slots.
    pub(crate) fn occupied(&self) -> usize {
        self.occupied
    }

    /// Entries replaced by a new one.
    pub(crate) fn evictions(&self) -> u64 {
        self.evictions
    }

    /// Slots.
    pub(crate) fn capacity(&self) -> usize {
        self.tags.len()
    }

    /// Slots per set.
    pub(crate) fn ways(&self) -> usize {
        self.ways
    }

    /// Heap bytes: the three slot arrays and the rule's bookkeeping (fixed at construction).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.capacity() * (size_of::<u64>() + size_of::<GameState>() + size_of::<i32>())
            + self.policy.heap_bytes()
    }
}
