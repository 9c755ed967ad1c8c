//! The constant-work scalar fingerprint that selects a slot in the optimized cache.
//!
//! It covers the eight bitboards, the packed flags, the complete en-passant bitboard, the full-move number and the
//! perspective, and deliberately omits the mailbox and the derived Zobrist key: mailbox-only variants share a
//! fingerprint and are told apart by full equality.

use crate::color::Color;
use crate::state::GameState;

/// A 32-bit slot signature: bit 0 is the perspective, bits 1-31 are fingerprint bits that also select the slot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Signature(pub u32);

impl Signature {
    /// The signature of `(state, perspective)`.
    ///
    /// ```
    /// use engine::{Color, GameState};
    /// use engine::memo::Signature;
    /// let s = GameState::from_dfen("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP").unwrap();
    /// // The two perspectives differ exactly in bit 0 and share the slot-selection bits.
    /// let w = Signature::of(&s, Color::White);
    /// let b = Signature::of(&s, Color::Black);
    /// assert_eq!(w.0 ^ b.0, 1);
    /// assert_eq!(w.slot_bits(), b.slot_bits());
    /// ```
    #[inline]
    pub fn of(state: &GameState, perspective: Color) -> Signature {
        // The top half of the fingerprint is the best-mixed part of the final product.
        let hash = (fingerprint(state) >> 32) as u32;
        Signature((hash & !1) | perspective as u32)
    }

    /// The perspective bit.
    #[inline]
    pub const fn perspective(self) -> Color {
        Color::from_index(self.0 as u8)
    }

    /// The 31 bits left for slot selection.
    #[inline]
    pub const fn slot_bits(self) -> usize {
        (self.0 >> 1) as usize
    }
}

/// One odd multiplier per input word, each below 2^31 so it fits an instruction's sign-extended 32-bit immediate:
/// a word's multiply is then a single load-and-multiply, where a 64-bit constant would need a register load of its
/// own for each of the ten words. Distinct multipliers keep the fields' positions apart (two equal boards in
/// two places do not cancel). Drawn at random (seed 20261201), odd, with bit 30 set.
const WORD_MULTIPLIERS: [u64; 10] = [
    0x5227_6765,
    0x738d_cac9,
    0x530e_d8eb,
    0x5de7_0a55,
    0x58b9_7a21,
    0x5521_c795,
    0x7f29_d989,
    0x48a6_cfe7,
    0x7213_fa3b,
    0x4ae9_29a1,
];

/// The final multiplier (the 64-bit golden-ratio constant), odd so the final step is a bijection.
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

/// A 64-bit fingerprint of everything in `state` except the mailbox and the Zobrist key.
///
/// Constant work: ten 64-bit multiplies by odd constants, summed, then one xor-shift and one multiply to spread the
/// sum over the signature's bits. Multiplying a whole 64-bit word by an odd constant is a bijection of the word, so
/// its high and low halves are both mixed (the high half into the upper product bits, the low half into all of
/// them) before anything is folded; folding halves together first (`hi ^ lo`) would lose information no final
/// mixer can recover. The final step is a bijection too, so a change in any one keyed field always changes the
/// fingerprint.
///
/// The sum is linear in the words; the final xor-shift brings the sum's upper half, where the high halves of the
/// words landed, down to the bits the multiply spreads into the signature's slot-selection bits.
///
/// ```
/// use engine::GameState;
/// use engine::memo::fingerprint;
/// let s = GameState::from_dfen("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP").unwrap();
/// // The full-move number is keyed (a Zobrist key ignores it); the derived Zobrist key is not.
/// let later = s.with_full_move_number(3);
/// assert_eq!(s.zobrist(), later.zobrist());
/// assert_ne!(fingerprint(&s), fingerprint(&later));
/// assert_eq!(fingerprint(&s), fingerprint(&GameState::from_dfen(&s.to_dfen()).unwrap()));
/// ```
#[inline]
pub fn fingerprint(state: &GameState) -> u64 {
    let [w, b, p, n, bi, r, q, k] = state.bitboards();
    let ep = state.en_passant().0;
    let scalars = u64::from(state.flags().0) | (u64::from(state.full_move_number()) << 32);
    let words = [w.0, b.0, p.0, n.0, bi.0, r.0, q.0, k.0, ep, scalars];
    let mut sum = 0u64;
    for (word, multiplier) in words.into_iter().zip(WORD_MULTIPLIERS) {
        sum = sum.wrapping_add(word.wrapping_mul(multiplier));
    }
    (sum ^ (sum >> 32)).wrapping_mul(SPREAD)
}
