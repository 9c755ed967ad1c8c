//! The evaluator this crate brings to the harness, `mine`: shared by the timed binary (`src/main.rs`) and the
//! allocation profiler (`src/bin/alloc_profile.rs`), so both measure the same code.

use engine::eval::{Evaluator, ValueBounds};
use engine::{Bitboard, Color, GameState, PieceType};

/// Material, plus 12 points per own piece on the four centre squares and 4 per own piece on the ring around
/// them, from `color`'s perspective.
pub struct Mine;

impl Evaluator for Mine {
    fn name(&self) -> &str {
        "mine"
    }

    fn evaluate(&self, s: &GameState, color: Color) -> i32 {
        const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];
        const CENTRE: u64 = 0x0000_0018_1800_0000;
        const RING: u64 = 0x0000_3c24_243c_0000;
        let side = |c: Color| -> i32 {
            let mut score = 0;
            for kind in PieceType::ALL {
                let pieces = s.pieces(c, kind);
                score += VALUES[kind.index()] * pieces.count() as i32;
                score += 12 * (pieces & Bitboard(CENTRE)).count() as i32;
                score += 4 * (pieces & Bitboard(RING)).count() as i32;
            }
            score
        };
        side(color) - side(!color)
    }

    /// At most 64 pieces, each worth at most 900 + 12: a declared interval lets Star1 and Star2 prune (the
    /// harness checks them against unpruned expectimax on this evaluator, so a wrong one is caught).
    fn bounds(&self) -> Option<ValueBounds> {
        Some(ValueBounds::new(-64 * 912, 64 * 912))
    }
}
