//! Synthetic states for unit tests, built field by field (they need not be legal positions).

use crate::bitboard::Bitboard;
use crate::state::{GameFlags, GameState};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A random synthetic state; boards and mailbox need not agree.
pub(crate) fn random_state(rng: &mut Pcg64Mcg) -> GameState {
    let mut mailbox = [0u8; 64];
    for b in &mut mailbox {
        *b = rng.random_range(0..13u8);
    }
    GameState {
        colors: [Bitboard(rng.random()), Bitboard(rng.random())],
        kinds: std::array::from_fn(|_| Bitboard(rng.random())),
        mailbox,
        flags: GameFlags(rng.random_range(0..1u32 << 21)),
        en_passant: Bitboard(rng.random()),
        full_move: rng.random_range(1..1u32 << 31),
        zobrist: rng.random(),
    }
}

/// `n` random states from `seed`.
pub(crate) fn random_states(seed: u64, n: usize) -> Vec<GameState> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    (0..n).map(|_| random_state(&mut rng)).collect()
}

/// `state` with mailbox square `square` set to `value`: same bitboards, so the same fingerprint.
pub(crate) fn mailbox_variant(state: &GameState, square: usize, value: u8) -> GameState {
    let mut s = *state;
    s.mailbox[square] = value;
    s
}

/// `state` with a different derived Zobrist key: still equal.
pub(crate) fn zobrist_variant(state: &GameState, zobrist: u64) -> GameState {
    GameState { zobrist, ..*state }
}

/// `state` with another full-move number: unequal, although a Zobrist key would ignore it.
pub(crate) fn full_move_variant(state: &GameState, full_move: u32) -> GameState {
    GameState {
        full_move,
        ..*state
    }
}
