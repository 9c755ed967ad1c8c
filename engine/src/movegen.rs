//! Pseudo-legal move generation per die, in the reference order (docs/rules.md §6): for a die, the pieces of that
//! type in ascending square order, and for each piece its targets in ascending order (pawns: pushes with promotions
//! Q, R, B, N, double push, east then west capture, en passant; king: targets, then king-side and queen-side castle).
//!
//! Generation is callback-based: nothing is allocated, and the caller decides what to keep.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::mv::{Move, flag};
use crate::piece::PieceType;
use crate::square::Square;
use crate::state::{CastlingRights, GameState};
use crate::telemetry::Telemetry;

/// Promotion flags in the reference order Q, R, B, N.
const PROMOTIONS: [u8; 4] = [
    flag::PROMO_KNIGHT + 3,
    flag::PROMO_KNIGHT + 2,
    flag::PROMO_KNIGHT + 1,
    flag::PROMO_KNIGHT,
];

#[inline]
fn sq(i: usize) -> Square {
    Square::from_index(i as u8)
}

/// Calls `f` with every pseudo-legal move of the pieces of type `die` of the side to move, in reference order.
///
/// Castles are included whenever the King die is asked for (the turn generator drops them without a Rook die;
/// per-die perft counts them). En-passant captures are generated onto empty targets only.
#[inline]
pub fn for_each_die_move<F: FnMut(Move)>(state: &GameState, die: PieceType, mut f: F) {
    generate(state, die, &mut f);
}

/// [`for_each_die_move`] reporting one `geometry` event to `t`.
#[inline]
pub fn for_each_die_move_with<T: Telemetry, F: FnMut(Move)>(
    state: &GameState,
    die: PieceType,
    t: &mut T,
    mut f: F,
) {
    t.geometry();
    generate(state, die, &mut f);
}

/// The moves of one die, collected (convenience; hot paths use [`for_each_die_move`]).
///
/// ```
/// use engine::{GameState, PieceType};
/// let s = GameState::initial();
/// assert_eq!(engine::die_moves(&s, PieceType::Pawn).len(), 16);
/// assert_eq!(engine::die_moves(&s, PieceType::Knight).len(), 4);
/// ```
pub fn die_moves(state: &GameState, die: PieceType) -> Vec<Move> {
    let mut out = Vec::new();
    generate(state, die, &mut |m| out.push(m));
    out
}

/// Every pseudo-legal move for the distinct dice of the pool, in reference order (no maximum-dice rule).
pub fn pseudo_legal_moves(state: &GameState) -> Vec<Move> {
    let mut out = Vec::new();
    for die in state.dice().distinct() {
        generate(state, die, &mut |m| out.push(m));
    }
    out
}

/// Finds the pseudo-legal micro-move written `uci` (e.g. `e2e4`, `e7e8q`, `e1g1`) for any piece type of the side
/// to move, whatever the dice pool holds; `None` when no such move exists.
///
/// ```
/// let s = engine::GameState::initial();
/// assert!(engine::find_move(&s, "g1f3").is_some());
/// assert!(engine::find_move(&s, "e2e5").is_none());
/// ```
pub fn find_move(state: &GameState, uci: &str) -> Option<Move> {
    let mut found = None;
    for die in PieceType::ALL {
        generate(state, die, &mut |m: Move| {
            if found.is_none() && m.to_string() == uci {
                found = Some(m);
            }
        });
    }
    found
}

/// The core generator (no telemetry).
#[inline]
pub(crate) fn generate<F: FnMut(Move)>(s: &GameState, die: PieceType, f: &mut F) {
    let us = s.side_to_move();
    let own = s.color_bb(us);
    let occ = s.occupied();
    let not_own = !own;
    let pieces = s.pieces(us, die);
    match die {
        PieceType::Pawn => pawn_moves(s, us, pieces, f),
        PieceType::Knight => {
            for from in pieces {
                emit_targets(s, from, attacks::knight(from) & not_own, f);
            }
        }
        PieceType::Bishop => {
            for from in pieces {
                emit_targets(s, from, attacks::bishop(from, occ) & not_own, f);
            }
        }
        PieceType::Rook => {
            for from in pieces {
                emit_targets(s, from, attacks::rook(from, occ) & not_own, f);
            }
        }
        PieceType::Queen => {
            for from in pieces {
                emit_targets(s, from, attacks::queen(from, occ) & not_own, f);
            }
        }
        PieceType::King => {
            for from in pieces {
                emit_targets(s, from, attacks::king(from) & not_own, f);
                castles(s, us, from, f);
            }
        }
    }
}

#[inline]
fn emit_targets<F: FnMut(Move)>(s: &GameState, from: Square, targets: Bitboard, f: &mut F) {
    let enemy = s.color_bb(!s.side_to_move());
    for to in targets {
        let fl = if enemy.contains(to) {
            flag::CAPTURE
        } else {
            flag::QUIET
        };
        f(Move::new(from, to, fl));
    }
}

/// Castles for the king on `from` (D2 in docs/rules.md: the right, empty squares between, king and rook on their
/// home squares).
#[inline]
fn castles<F: FnMut(Move)>(s: &GameState, us: Color, from: Square, f: &mut F) {
    let (home, k_right, q_right) = match us {
        Color::White => (
            4usize,
            CastlingRights::WHITE_KING,
            CastlingRights::WHITE_QUEEN,
        ),
        Color::Black => (
            60usize,
            CastlingRights::BLACK_KING,
            CastlingRights::BLACK_QUEEN,
        ),
    };
    let rights = s.castling().0;
    if from.index() != home || rights & (k_right | q_right) == 0 {
        return;
    }
    let occ = s.occupied().0;
    let rooks = s.pieces(us, PieceType::Rook);
    if rights & k_right != 0 && rooks.contains(sq(home + 3)) && occ & (0b11 << (home + 1)) == 0 {
        f(Move::new(from, sq(home + 2), flag::KING_CASTLE));
    }
    if rights & q_right != 0 && rooks.contains(sq(home - 4)) && occ & (0b111 << (home - 3)) == 0 {
        f(Move::new(from, sq(home - 2), flag::QUEEN_CASTLE));
    }
}

#[inline]
fn pawn_moves<F: FnMut(Move)>(s: &GameState, us: Color, pawns: Bitboard, f: &mut F) {
    let occ = s.occupied();
    let enemy = s.color_bb(!us);
    let enemy_kings = enemy & s.kind_bb(PieceType::King);
    let (start_rank, last_rank, ep_rank) = match us {
        Color::White => (1u8, 7u8, 0xffu64 << 40),
        Color::Black => (6u8, 0u8, 0xffu64 << 16),
    };
    let ep_targets = Bitboard(s.en_passant().0 & ep_rank & !occ.0);
    let forward = |i: usize| -> Option<usize> {
        match us {
            Color::White => (i < 56).then(|| i + 8),
            Color::Black => i.checked_sub(8),
        }
    };
    for from in pawns {
        let i = from.index();
        if let Some(p1) = forward(i)
            && !occ.contains(sq(p1))
        {
            let to = sq(p1);
            if to.rank() == last_rank {
                for fl in PROMOTIONS {
                    f(Move::new(from, to, fl));
                }
            } else {
                f(Move::new(from, to, flag::QUIET));
            }
            if from.rank() == start_rank
                && let Some(p2) = forward(p1)
                && !occ.contains(sq(p2))
            {
                f(Move::new(from, sq(p2), flag::DOUBLE_PUSH));
            }
        }
        // East capture (towards the h-file), then west.
        let file = from.file();
        let diagonals = match us {
            Color::White => [(file < 7, i + 9), (file > 0, i + 7)],
            Color::Black => [(file < 7, i.wrapping_sub(7)), (file > 0, i.wrapping_sub(9))],
        };
        for (ok, t) in diagonals {
            if !ok || t >= 64 {
                continue;
            }
            let to = sq(t);
            if !enemy.contains(to) {
                continue;
            }
            if to.rank() == last_rank && !enemy_kings.contains(to) {
                for fl in PROMOTIONS {
                    f(Move::new(from, to, fl + 4));
                }
            } else {
                f(Move::new(from, to, flag::CAPTURE));
            }
        }
        for to in ep_targets & attacks::pawn(us, from) {
            f(Move::new(from, to, flag::EN_PASSANT));
        }
    }
}

/// How many moves [`for_each_die_move`] would produce for `die`, counted with population counts instead of
/// enumerating them (the bulk count at perft leaves).
///
/// ```
/// use engine::{GameState, PieceType};
/// let s = GameState::initial();
/// assert_eq!(engine::count_die_moves(&s, PieceType::Pawn), 16);
/// ```
#[inline]
pub fn count_die_moves(s: &GameState, die: PieceType) -> u64 {
    let us = s.side_to_move();
    let not_own = !s.color_bb(us);
    let occ = s.occupied();
    let pieces = s.pieces(us, die);
    let mut n = 0u64;
    match die {
        PieceType::Pawn => return count_pawn_moves(s, us, pieces),
        PieceType::Knight => {
            for from in pieces {
                n += u64::from((attacks::knight(from) & not_own).count());
            }
        }
        PieceType::Bishop => {
            for from in pieces {
                n += u64::from((attacks::bishop(from, occ) & not_own).count());
            }
        }
        PieceType::Rook => {
            for from in pieces {
                n += u64::from((attacks::rook(from, occ) & not_own).count());
            }
        }
        PieceType::Queen => {
            for from in pieces {
                n += u64::from((attacks::queen(from, occ) & not_own).count());
            }
        }
        PieceType::King => {
            for from in pieces {
                n += u64::from((attacks::king(from) & not_own).count());
                castles(s, us, from, &mut |_| n += 1);
            }
        }
    }
    n
}

fn count_pawn_moves(s: &GameState, us: Color, pawns: Bitboard) -> u64 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    let p = pawns.0;
    let empty = !s.occupied().0;
    let enemy = s.color_bb(!us).0;
    let enemy_kings = enemy & s.kind_bb(PieceType::King).0;
    let (push1, double, east, west, last) = match us {
        Color::White => {
            let push1 = (p << 8) & empty;
            let double = ((push1 & (0xff << 16)) << 8) & empty;
            (
                push1,
                double,
                ((p & !FILE_H) << 9) & enemy,
                ((p & !FILE_A) << 7) & enemy,
                0xffu64 << 56,
            )
        }
        Color::Black => {
            let push1 = (p >> 8) & empty;
            let double = ((push1 & (0xff << 40)) >> 8) & empty;
            (
                push1,
                double,
                ((p & !FILE_H) >> 7) & enemy,
                ((p & !FILE_A) >> 9) & enemy,
                0xffu64,
            )
        }
    };
    let pop = |b: u64| u64::from(b.count_ones());
    let mut n = pop(push1 & !last) + 4 * pop(push1 & last) + pop(double);
    for caps in [east, west] {
        n += pop(caps & !last)
            + pop(caps & last & enemy_kings)
            + 4 * pop(caps & last & !enemy_kings);
    }
    let ep_rank = match us {
        Color::White => 0xffu64 << 40,
        Color::Black => 0xffu64 << 16,
    };
    for t in Bitboard(s.en_passant().0 & ep_rank & empty) {
        n += u64::from((attacks::pawn(!us, t) & pawns).count());
    }
    n
}

/// Whether a piece of type `die` of `attacker` attacks a king of the other side (so that die could capture it).
#[inline]
pub(crate) fn die_hits_king(s: &GameState, die: PieceType, attacker: Color) -> bool {
    let kings = s.pieces(!attacker, PieceType::King);
    if kings.is_empty() {
        return false;
    }
    let occ = s.occupied();
    let pieces = s.pieces(attacker, die);
    pieces.into_iter().any(|from| {
        let a = match die {
            PieceType::Pawn => attacks::pawn(attacker, from),
            PieceType::Knight => attacks::knight(from),
            PieceType::Bishop => attacks::bishop(from, occ),
            PieceType::Rook => attacks::rook(from, occ),
            PieceType::Queen => attacks::queen(from, occ),
            PieceType::King => attacks::king(from),
        };
        !(a & kings).is_empty()
    })
}

/// The pieces of `by` that attack `target` (every type; blockers respected).
pub fn attackers_to(s: &GameState, target: Square, by: Color) -> Bitboard {
    let occ = s.occupied();
    let them = s.color_bb(by);
    let diag = s.kind_bb(PieceType::Bishop) | s.kind_bb(PieceType::Queen);
    let line = s.kind_bb(PieceType::Rook) | s.kind_bb(PieceType::Queen);
    them & ((attacks::pawn(!by, target) & s.kind_bb(PieceType::Pawn))
        | (attacks::knight(target) & s.kind_bb(PieceType::Knight))
        | (attacks::king(target) & s.kind_bb(PieceType::King))
        | (attacks::bishop(target, occ) & diag)
        | (attacks::rook(target, occ) & line))
}

/// Whether the destination of `m` holds a king of the side other than the side to move (an immediate win).
///
/// ```
/// let s = engine::GameState::from_dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1 R").unwrap();
/// let m = engine::find_move(&s, "a1a8").unwrap();
/// assert!(engine::captures_king(&s, m));
/// ```
#[inline]
pub fn captures_king(state: &GameState, m: Move) -> bool {
    state
        .pieces(!state.side_to_move(), PieceType::King)
        .contains(m.to())
}
