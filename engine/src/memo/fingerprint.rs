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
        // The top half of the mixed fingerprint is the best-mixed part of the folded product.
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

/// The two odd 64-bit constants (digits of pi) every product's operands are offset by: a zero field (an empty
/// queen board, no en-passant target) must not zero its product and erase its partner. Two constants rather than
/// one per word keep every operand pair asymmetric while staying in registers (ten 64-bit immediates cost ten
/// extra instructions per lookup); the fields' positions are kept apart by which product and which rotation they
/// reach, not by their offsets.
const LEFT: u64 = 0x243f_6a88_85a3_08d3;
/// The right operand's offset (see [`LEFT`]).
const RIGHT: u64 = 0x1319_8a2e_0370_7344;

/// Full 64x64 -> 128-bit product of the offset operands, folded by XOR: every input bit, high half and low half,
/// reaches the result.
#[inline(always)]
const fn mix(x: u64, y: u64) -> u64 {
    let p = ((x ^ LEFT) as u128).wrapping_mul((y ^ RIGHT) as u128);
    (p as u64) ^ ((p >> 64) as u64)
}

/// A 64-bit fingerprint of everything in `state` except the mailbox and the Zobrist key.
///
/// Constant work: five independent folded multiplies over the ten input words, then one to combine them. Each
/// 64-bit field enters a 128-bit product whole, so its high and low halves are both mixed before anything is
/// folded down (folding halves together first would lose information no final mixer can recover).
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
    let m0 = mix(w.0, b.0);
    let m1 = mix(p.0, n.0);
    let m2 = mix(bi.0, r.0);
    let m3 = mix(q.0, k.0);
    let m4 = mix(ep, scalars);
    // Rotations keep the combination from being symmetric in the five products (equal pairs of boards in two
    // places must not cancel). The sixth multiply spreads every product over the signature's bits: dropping it
    // measured three instructions per hit more (longer probe runs), not five fewer.
    let x = m0 ^ m2.rotate_left(21) ^ m4.rotate_left(43);
    let y = m1 ^ m3.rotate_left(29);
    mix(x, y)
}
