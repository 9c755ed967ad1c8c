//! Append-only storage for the cache's states: fixed-size chunks that never move, so the table grows without
//! copying a single state.

use crate::state::GameState;
use std::mem::MaybeUninit;
use std::ops::Index;

/// States per chunk (40 KiB each). Equal chunks make an entry's chunk a shift and its offset a mask; doubling
/// chunks would need a bit-scan and two bounds checks per hit. 256 keeps a small invocation's
/// first allocation below glibc's mmap threshold.
pub(crate) const CHUNK: usize = 256;

/// A stored state, 16-byte aligned: the key comparison then reads the stored side with aligned vector compares
/// straight from memory (one instruction per 16 bytes instead of a load and a compare), for 8 bytes of padding
/// per entry.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
pub(crate) struct StoredState(pub(crate) GameState);

/// One allocation of `CHUNK` state slots, written in order; the store's `len` says how many are initialised.
/// A thin box (one pointer per chunk) with no length of its own: a `Vec` per chunk would add a length update and
/// a capacity check per miss and a three-word stride per hit.
type Chunk = Box<[MaybeUninit<StoredState>; CHUNK]>;

/// A fresh chunk, uninitialised.
fn new_chunk() -> Chunk {
    Box::<[StoredState]>::new_uninit_slice(CHUNK)
        .try_into()
        .unwrap_or_else(|_| unreachable!("the slice has CHUNK elements"))
}

/// Dense, append-only, index-addressed states in fixed-size chunks (one allocation per `CHUNK` states).
#[derive(Default)]
pub(crate) struct StateStore {
    chunks: Vec<Chunk>,
    /// States written: every chunk but the last is full, and the last holds `len % CHUNK` (or is full).
    len: usize,
}

/// Chunk and offset of entry `index`.
#[inline(always)]
const fn locate(index: usize) -> (usize, usize) {
    (index / CHUNK, index % CHUNK)
}

impl StateStore {
    /// Number of states stored.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Allocates chunks until `total` states fit without further allocation.
    pub(crate) fn reserve(&mut self, total: usize) {
        while total > CHUNK * self.chunks.len() {
            self.chunks.push(new_chunk());
        }
    }

    /// Appends a copy of `state`; existing states stay where they are. Forced inline: the miss path that calls it
    /// holds the state's address and the chunk index in registers already.
    #[inline(always)]
    pub(crate) fn push(&mut self, state: &GameState) {
        let (k, offset) = locate(self.len);
        if k == self.chunks.len() {
            self.chunks.push(new_chunk());
        }
        // SAFETY: chunk `k` exists (pushed just above if it did not), `offset < CHUNK` by `locate`, and the slot at
        // `offset` is unused (states fill chunks in order); `GameState` is `Copy` (no drop, any bytes of a valid
        // state are a valid state), and `StoredState` is a `GameState` at offset 0.
        unsafe {
            let slot = self.chunks.get_unchecked_mut(k).get_unchecked_mut(offset);
            copy_state(state, slot.as_mut_ptr().cast::<GameState>());
        }
        self.len += 1;
    }
}

/// Bytes of a state copied by the first, vector-sized part of [`copy_state`].
const HEAD: usize = 128;

/// Copies one state in two parts the optimizer expands into register moves: a single 152-byte copy exceeds the
/// size it expands inline and becomes a `memcpy` call.
///
/// # Safety
/// `dst` must be valid for writing one `GameState` and must not overlap `src`.
#[inline(always)]
unsafe fn copy_state(src: &GameState, dst: *mut GameState) {
    const SIZE: usize = std::mem::size_of::<GameState>();
    const { assert!(SIZE > HEAD) };
    let (from, to) = (std::ptr::from_ref(src).cast::<u8>(), dst.cast::<u8>());
    // SAFETY: both ranges lie within one `GameState` each (the caller's guarantee for `dst`), and they do not
    // overlap; `GameState` is `Copy`, so a byte-wise copy is a valid copy.
    unsafe {
        std::ptr::copy_nonoverlapping(from, to, HEAD);
        std::ptr::copy_nonoverlapping(from.add(HEAD), to.add(HEAD), SIZE - HEAD);
    }
}

impl StateStore {
    /// The state at `index` without bounds checks (two per lookup through `Index`).
    ///
    /// # Safety
    /// `index < self.len()`.
    #[inline(always)]
    pub(crate) unsafe fn get_unchecked(&self, index: usize) -> &StoredState {
        let (k, offset) = locate(index);
        debug_assert!(index < self.len);
        // SAFETY: `index < len`, chunks fill in order and every chunk but the last is full, so chunk `k` exists
        // and its slot `offset` was written by `push`.
        unsafe {
            self.chunks
                .get_unchecked(k)
                .get_unchecked(offset)
                .assume_init_ref()
        }
    }
}

impl Index<usize> for StateStore {
    type Output = GameState;
    #[inline(always)]
    fn index(&self, index: usize) -> &GameState {
        assert!(index < self.len, "state {index} of {}", self.len);
        // SAFETY: checked just above.
        unsafe { &self.get_unchecked(index).0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memo::test_states::random_states;

    #[test]
    fn chunks_fill_in_order_and_states_never_move() {
        assert_eq!(locate(0), (0, 0));
        assert_eq!(locate(CHUNK - 1), (0, CHUNK - 1));
        assert_eq!(locate(CHUNK), (1, 0));
        assert_eq!(locate(3 * CHUNK + 7), (3, 7));
        let states = random_states(10, 1000);
        let mut store = StateStore::default();
        store.push(&states[0]);
        let first = &store[0] as *const GameState;
        for s in &states[1..] {
            store.push(s);
        }
        assert_eq!(store.len(), 1000);
        assert!(
            std::ptr::eq(first, &store[0]),
            "the first state did not move"
        );
        assert!(states.iter().enumerate().all(|(i, s)| store[i] == *s));
        assert_eq!(store.chunks.len(), 4); // 4 x 256 = 1024 >= 1000
        store.reserve(1024);
        assert_eq!(store.chunks.len(), 4);
        store.reserve(1025);
        assert_eq!(store.chunks.len(), 5);
        assert!(store.chunks.iter().all(|c| c.len() == CHUNK));
        // SAFETY: every index below `len`.
        assert!(
            (0..store.len()).all(|i| std::ptr::eq(unsafe { &store.get_unchecked(i).0 }, &store[i]))
        );
    }
}
