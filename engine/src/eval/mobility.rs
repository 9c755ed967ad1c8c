//! `mobility`: a classical hand-written evaluation (material, attack-map mobility, king safety, pawn structure),
//! the several-hundred-nanosecond rung of the evaluator cost ladder.

use super::{MATERIAL_VALUES, ValueBounds};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::piece::PieceType;
use crate::state::GameState;

/// Points per attacked square not held by an own piece, by `PieceType::index` (pawns and kings score none:
/// their reach says little about activity). Lower weights for long-range pieces keep a queen's 27 squares from
/// swamping the rest.
pub const MOBILITY_WEIGHTS: [i32; 6] = [0, 4, 5, 3, 2, 0];
/// Points lost per square around an own king that the opponent attacks.
pub const KING_RING_ATTACK_PENALTY: i32 = 12;
/// Points lost per extra pawn on a file (a file with k pawns loses `k - 1` times this).
pub const DOUBLED_PAWN_PENALTY: i32 = 15;
/// Points lost per pawn with no own pawn on a neighbouring file.
pub const ISOLATED_PAWN_PENALTY: i32 = 12;
/// Points for a pawn with no enemy pawn ahead of it on its own or a neighbouring file.
pub const PASSED_PAWN_BONUS: i32 = 20;
/// Extra points per rank a passed pawn has advanced from its side's first rank.
pub const PASSED_PAWN_RANK_BONUS: i32 = 5;

/// The most one piece adds to its side's term: a king's material, plus the largest mobility (a bishop's 13
/// squares at weight 5) and the largest passed-pawn bonus (seven ranks advanced), which no single piece can all
/// earn at once but bound it.
const MAX_GAIN_PER_PIECE: i32 =
    MATERIAL_VALUES[5] + 13 * 5 + PASSED_PAWN_BONUS + 7 * PASSED_PAWN_RANK_BONUS;
/// The most one piece takes from its side's term: a king with all eight ring squares attacked, or a pawn both
/// doubled and isolated.
const MAX_LOSS_PER_PIECE: i32 = 8 * KING_RING_ATTACK_PENALTY;

/// [`evaluate_mobility`]'s values: one side's term minus the other's, each at most [`MAX_GAIN_PER_PIECE`] and at
/// least `-MAX_LOSS_PER_PIECE` per piece, with at most 64 pieces on the board.
pub const MOBILITY_BOUNDS: ValueBounds = ValueBounds::new(
    -64 * (MAX_GAIN_PER_PIECE + MAX_LOSS_PER_PIECE),
    64 * (MAX_GAIN_PER_PIECE + MAX_LOSS_PER_PIECE),
);

/// Squares attacked by every piece of `color` (blockers respected; pawns by their capture squares).
fn attack_map(s: &GameState, color: Color) -> Bitboard {
    let occ = s.occupied();
    let mut map = Bitboard::EMPTY;
    for sq in s.pieces(color, PieceType::Pawn) {
        map |= attacks::pawn(color, sq);
    }
    for sq in s.pieces(color, PieceType::Knight) {
        map |= attacks::knight(sq);
    }
    for sq in s.pieces(color, PieceType::Bishop) {
        map |= attacks::bishop(sq, occ);
    }
    for sq in s.pieces(color, PieceType::Rook) {
        map |= attacks::rook(sq, occ);
    }
    for sq in s.pieces(color, PieceType::Queen) {
        map |= attacks::queen(sq, occ);
    }
    for sq in s.pieces(color, PieceType::King) {
        map |= attacks::king(sq);
    }
    map
}

/// Material plus mobility of `color`'s pieces.
fn material_and_mobility(s: &GameState, color: Color) -> i32 {
    let occ = s.occupied();
    let free = !s.color_bb(color);
    let mut score = 0;
    for kind in PieceType::ALL {
        let weight = MOBILITY_WEIGHTS[kind.index()];
        for sq in s.pieces(color, kind) {
            score += MATERIAL_VALUES[kind.index()];
            if weight != 0 {
                let reach = match kind {
                    PieceType::Knight => attacks::knight(sq),
                    PieceType::Bishop => attacks::bishop(sq, occ),
                    PieceType::Rook => attacks::rook(sq, occ),
                    _ => attacks::queen(sq, occ),
                };
                score += weight * (reach & free).count() as i32;
            }
        }
    }
    score
}

/// The file mask of file `f` (0 = a).
const fn file_mask(f: u8) -> u64 {
    0x0101_0101_0101_0101 << f
}

/// The files next to file `f`.
const fn neighbour_files(f: u8) -> u64 {
    let left = if f > 0 { file_mask(f - 1) } else { 0 };
    let right = if f < 7 { file_mask(f + 1) } else { 0 };
    left | right
}

/// Squares strictly ahead of rank `r` from `color`'s side (towards rank 8 for White).
const fn ahead_of(color: Color, r: u8) -> u64 {
    match color {
        Color::White if r < 7 => !0u64 << (8 * (r as u32 + 1)),
        Color::Black if r > 0 => !0u64 >> (8 * (8 - r as u32)),
        _ => 0,
    }
}

/// Doubled, isolated and passed pawns of `color`.
fn pawn_structure(s: &GameState, color: Color) -> i32 {
    let own = s.pieces(color, PieceType::Pawn).0;
    let enemy = s.pieces(!color, PieceType::Pawn).0;
    let mut score = 0;
    for f in 0..8u8 {
        let on_file = (own & file_mask(f)).count_ones() as i32;
        if on_file > 1 {
            score -= DOUBLED_PAWN_PENALTY * (on_file - 1);
        }
    }
    for sq in s.pieces(color, PieceType::Pawn) {
        let (f, r) = (sq.file(), sq.rank());
        if own & neighbour_files(f) == 0 {
            score -= ISOLATED_PAWN_PENALTY;
        }
        if enemy & (file_mask(f) | neighbour_files(f)) & ahead_of(color, r) == 0 {
            let advanced = match color {
                Color::White => r as i32,
                Color::Black => 7 - r as i32,
            };
            score += PASSED_PAWN_BONUS + PASSED_PAWN_RANK_BONUS * advanced;
        }
    }
    score
}

/// King safety of `color`: the penalty for every square around each own king that the opponent attacks.
fn king_safety(s: &GameState, color: Color, enemy_attacks: Bitboard) -> i32 {
    s.pieces(color, PieceType::King)
        .map(|k| -KING_RING_ATTACK_PENALTY * (attacks::king(k) & enemy_attacks).count() as i32)
        .sum()
}

/// One side's whole term.
fn side_term(s: &GameState, color: Color, enemy_attacks: Bitboard) -> i32 {
    material_and_mobility(s, color)
        + pawn_structure(s, color)
        + king_safety(s, color, enemy_attacks)
}

/// Material, mobility, king safety and pawn structure of `color` minus the opponent's, in centipawns.
///
/// Weights: material as [`MATERIAL_VALUES`]; [`MOBILITY_WEIGHTS`] per reachable square not held by an own piece;
/// [`KING_RING_ATTACK_PENALTY`] per attacked square around an own king; [`DOUBLED_PAWN_PENALTY`],
/// [`ISOLATED_PAWN_PENALTY`], [`PASSED_PAWN_BONUS`] plus [`PASSED_PAWN_RANK_BONUS`] per rank advanced. Pure and
/// deterministic; antisymmetric by construction: `evaluate_mobility(s, White) == -evaluate_mobility(s, Black)`.
///
/// ```
/// use engine::eval::{MOBILITY_BOUNDS, evaluate_mobility};
/// use engine::{Color, GameState};
/// let s = GameState::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
/// assert_eq!(evaluate_mobility(&s, Color::White), 0); // the initial position is symmetric
/// let up = GameState::from_dfen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// let w = evaluate_mobility(&up, Color::White);
/// assert!(w > 900 && MOBILITY_BOUNDS.contains(w));
/// assert_eq!(w, -evaluate_mobility(&up, Color::Black));
/// ```
pub fn evaluate_mobility(s: &GameState, color: Color) -> i32 {
    let ours = attack_map(s, color);
    let theirs = attack_map(s, !color);
    side_term(s, color, theirs) - side_term(s, !color, ours)
}
