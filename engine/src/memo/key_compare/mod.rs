//! Whether a stored state holds the same key as a lookup's: `GameState` equality, every field but the Zobrist key.
//!
//! One implementation per target, chosen here (as hashbrown chooses its control-group implementation): x86_64
//! compares the keyed prefix as nine 16-byte SSE2 words; every other target uses the derived equality. Both give
//! the same answer for every pair of states; the tests build the generic one on x86_64 too and check that.

#[cfg(target_arch = "x86_64")]
mod x86_64;
#[cfg(target_arch = "x86_64")]
use x86_64 as imp;

#[cfg(any(test, not(target_arch = "x86_64")))]
mod generic;
#[cfg(not(target_arch = "x86_64"))]
use generic as imp;

pub(super) use imp::same_key;

#[cfg(test)]
mod tests {
    use super::{generic, imp};
    use crate::memo::state_store::StoredState;
    use crate::memo::test_states::{
        full_move_variant, mailbox_variant, random_state, random_states, zobrist_variant,
    };
    use crate::state::{GameState, KEYED_BYTES};
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;
    use std::mem::offset_of;

    /// Both implementations, checked against each other and against `GameState` equality.
    fn check(a: &GameState, b: &GameState) {
        let stored = StoredState(*a);
        let fast = imp::same_key(&stored, b);
        assert_eq!(fast, generic::same_key(&stored, b), "{a:?} / {b:?}");
        assert_eq!(fast, a == b, "{a:?} / {b:?}");
    }

    /// `state` with byte `n` of its keyed prefix (in `repr(C)` order) xor-ed with `x`.
    fn flip_byte(state: &GameState, n: usize, x: u8) -> GameState {
        let mut s = *state;
        let wide = |byte: usize| u64::from(x) << (8 * byte);
        let narrow = |byte: usize| u32::from(x) << (8 * byte);
        match n {
            0..64 => s.mailbox[n] ^= x,
            64..80 => s.colors[(n - 64) / 8].0 ^= wide((n - 64) % 8),
            80..128 => s.kinds[(n - 80) / 8].0 ^= wide((n - 80) % 8),
            128..136 => s.en_passant.0 ^= wide(n - 128),
            136..140 => s.flags.0 ^= narrow(n - 136),
            140..144 => s.full_move ^= narrow(n - 140),
            _ => unreachable!("byte {n} is outside the keyed prefix"),
        }
        s
    }

    #[test]
    fn flip_byte_covers_the_keyed_prefix_in_layout_order() {
        assert_eq!(
            [
                offset_of!(GameState, mailbox),
                offset_of!(GameState, colors),
                offset_of!(GameState, kinds),
                offset_of!(GameState, en_passant),
                offset_of!(GameState, flags),
                offset_of!(GameState, full_move),
                KEYED_BYTES,
            ],
            [0, 64, 80, 128, 136, 140, 144]
        );
    }

    #[test]
    fn a_key_differing_in_any_one_byte_differs() {
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        for _ in 0..20 {
            let a = random_state(&mut rng);
            check(&a, &a);
            for n in 0..KEYED_BYTES {
                for x in [1, 0x80, 0xff] {
                    check(&a, &flip_byte(&a, n, x));
                }
            }
        }
    }

    #[test]
    fn both_agree_with_state_equality() {
        let states = random_states(9, 200);
        for (i, a) in states.iter().enumerate() {
            let variants = [
                *a,
                zobrist_variant(a, !a.zobrist),
                mailbox_variant(a, i % 64, a.mailbox[i % 64] ^ 1),
                full_move_variant(a, a.full_move ^ 1),
                states[(i + 1) % states.len()],
            ];
            for b in &variants {
                check(a, b);
            }
        }
    }

    proptest! {
        #[test]
        fn both_agree_on_random_pairs(seed in any::<u64>(), n in 0..KEYED_BYTES, x in any::<u8>(), other in any::<bool>()) {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let a = random_state(&mut rng);
            let b = if other { random_state(&mut rng) } else { flip_byte(&a, n, x) };
            check(&a, &b);
        }
    }
}
