//! Append-only storage for the cache's states: chunks that double in size and never move, so the table grows
//! without copying a single state.

use crate::state::GameState;
use std::ops::Index;

/// States of the first chunk; chunk `k` holds `FIRST << k`.
const FIRST: usize = 16;

/// Dense, append-only, index-addressed states in doubling chunks (one allocation per doubling).
#[derive(Default)]
pub(crate) struct StateStore {
    chunks: Vec<Vec<GameState>>,
    len: usize,
}

/// Chunk and offset of entry `index`: chunk `k` starts at `FIRST * (2^k - 1)`.
#[inline(always)]
const fn locate(index: usize) -> (usize, usize) {
    let k = (index / FIRST + 1).ilog2() as usize;
    (k, index - FIRST * ((1 << k) - 1))
}

impl StateStore {
    /// Number of states stored.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Allocates chunks until `total` states fit without further allocation.
    pub(crate) fn reserve(&mut self, total: usize) {
        while total > FIRST * ((1 << self.chunks.len()) - 1) {
            self.chunks
                .push(Vec::with_capacity(FIRST << self.chunks.len()));
        }
    }

    /// Appends `state`; existing states stay where they are.
    #[inline]
    pub(crate) fn push(&mut self, state: GameState) {
        let (k, _) = locate(self.len);
        if k == self.chunks.len() {
            self.chunks.push(Vec::with_capacity(FIRST << k));
        }
        self.chunks[k].push(state);
        self.len += 1;
    }
}

impl Index<usize> for StateStore {
    type Output = GameState;
    #[inline(always)]
    fn index(&self, index: usize) -> &GameState {
        let (k, offset) = locate(index);
        &self.chunks[k][offset]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memo::test_states::random_states;

    #[test]
    fn chunks_double_and_states_never_move() {
        assert_eq!(locate(0), (0, 0));
        assert_eq!(locate(15), (0, 15));
        assert_eq!(locate(16), (1, 0));
        assert_eq!(locate(47), (1, 31));
        assert_eq!(locate(48), (2, 0));
        let states = random_states(10, 1000);
        let mut store = StateStore::default();
        store.push(states[0]);
        let first = &store[0] as *const GameState;
        for s in &states[1..] {
            store.push(*s);
        }
        assert_eq!(store.len(), 1000);
        assert!(
            std::ptr::eq(first, &store[0]),
            "the first state did not move"
        );
        assert!(states.iter().enumerate().all(|(i, s)| store[i] == *s));
        assert_eq!(store.chunks.len(), 6); // 16 + 32 + ... + 512 = 1008 >= 1000
        store.reserve(1008);
        assert_eq!(store.chunks.len(), 6);
        store.reserve(1009);
        assert_eq!(store.chunks.len(), 7);
    }
}
