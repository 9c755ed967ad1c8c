//! `work:N`: a synthetic evaluator of tunable cost, for sweeping the evaluator-cost axis of a break-even map.

use super::ValueBounds;
use crate::color::Color;
use crate::state::GameState;

/// The most rounds `work:N` accepts (a power of two; about a millisecond per call at the top).
pub const MAX_WORK_ROUNDS: u32 = 1 << 16;
/// Odd multiplier of each round (a 64-bit golden-ratio constant).
const ROUND_MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;
/// Bits kept of the mixed word: the score is a 20-bit magnitude.
const SCORE_BITS: u32 = 20;

/// [`evaluate_work`]'s values: a 20-bit magnitude, negated for Black.
pub const WORK_BOUNDS: ValueBounds =
    ValueBounds::new(-(1 << SCORE_BITS) + 1, (1 << SCORE_BITS) - 1);

/// A pure, deterministic score of `s` from `perspective` that costs `rounds` rounds of mixing the state's ten key
/// words (bitboards, en-passant targets, flags and full-move number); each round is a dependent chain of ten
/// multiply-xorshift steps, so the optimizer can neither skip nor merge rounds and the cost grows linearly in
/// `rounds`. Antisymmetric: `evaluate_work(s, White, n) == -evaluate_work(s, Black, n)`. It carries no chess
/// meaning.
///
/// ```
/// use engine::eval::{WORK_BOUNDS, evaluate_work};
/// use engine::{Color, GameState};
/// let s = GameState::from_dfen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// let v = evaluate_work(&s, Color::White, 8);
/// assert!(WORK_BOUNDS.contains(v));
/// assert_eq!(v, -evaluate_work(&s, Color::Black, 8));
/// assert_ne!(v, evaluate_work(&s, Color::White, 9));
/// ```
pub fn evaluate_work(s: &GameState, perspective: Color, rounds: u32) -> i32 {
    let bitboards = s.bitboards();
    let scalars = u64::from(s.flags().0) | u64::from(s.full_move_number()) << 32;
    let mut words = [0u64; 10];
    for (w, b) in words.iter_mut().zip(bitboards) {
        *w = b.0;
    }
    words[8] = s.en_passant().0;
    words[9] = scalars;
    let mut acc = u64::from(rounds);
    for _ in 0..rounds {
        for &w in &words {
            acc = (acc ^ w).wrapping_mul(ROUND_MULTIPLIER);
            acc ^= acc >> 29;
        }
    }
    let magnitude = (acc >> (64 - SCORE_BITS)) as i32;
    match perspective {
        Color::White => magnitude,
        Color::Black => -magnitude,
    }
}
