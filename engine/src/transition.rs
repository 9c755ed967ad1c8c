//! State transitions: `make_move` (one micro-move, docs/rules.md §5, §7, §8), `end_turn` (§9, D3) and the setters,
//! all keeping the Zobrist key current so that reading it costs nothing.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::dice::DicePool;
use crate::mv::Move;
use crate::piece::{Piece, PieceType};
use crate::square::Square;
use crate::state::{CastlingRights, GameFlags, GameState};
use crate::zobrist::{KEYS, dice_key, piece_key};

/// Rank 3 (index 2): the en-passant targets White creates.
const RANK_3: u64 = 0xff << 16;
/// Rank 6 (index 5): the en-passant targets Black creates.
const RANK_6: u64 = 0xff << 40;
/// Largest full-move number DFEN accepts (2^31 - 1); `end_turn` saturates there.
pub const MAX_FULL_MOVE: u32 = i32::MAX as u32;

/// The castling right lost when a rook leaves or is captured on this corner (0 for other squares).
#[inline]
const fn corner_right(sq: Square) -> u8 {
    match sq.index() {
        0 => CastlingRights::WHITE_QUEEN,
        7 => CastlingRights::WHITE_KING,
        56 => CastlingRights::BLACK_QUEEN,
        63 => CastlingRights::BLACK_KING,
        _ => 0,
    }
}

/// Both castling rights of `color`.
#[inline]
const fn both_rights(color: Color) -> u8 {
    match color {
        Color::White => CastlingRights::WHITE_KING | CastlingRights::WHITE_QUEEN,
        Color::Black => CastlingRights::BLACK_KING | CastlingRights::BLACK_QUEEN,
    }
}

/// The square one rank behind `sq` from `color`'s point of view (towards its own back rank), if on the board.
#[inline]
fn behind(sq: Square, color: Color) -> Option<Square> {
    match color {
        Color::White => sq
            .index()
            .checked_sub(8)
            .map(|i| Square::from_index(i as u8)),
        Color::Black => Square::new(sq.index() as u8 + 8),
    }
}

impl GameState {
    /// An empty board, White to move, no rights, no dice, clock 0, full move 1.
    pub fn empty() -> GameState {
        let mut s = GameState {
            colors: [Bitboard::EMPTY; 2],
            kinds: [Bitboard::EMPTY; 6],
            mailbox: [0; 64],
            flags: GameFlags::default(),
            en_passant: Bitboard::EMPTY,
            full_move: 1,
            zobrist: 0,
        };
        s.zobrist = crate::zobrist::compute(&s);
        s
    }

    /// The standard initial position, White to move, all castling rights, no dice.
    ///
    /// ```
    /// let s = engine::GameState::initial();
    /// assert_eq!(s.to_dfen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn initial() -> GameState {
        use PieceType::*;
        let back = [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook];
        let mut s = GameState::empty();
        for file in 0..8u8 {
            s.put(
                Square::from_file_rank(file, 0),
                Piece::new(Color::White, back[file as usize]),
            );
            s.put(
                Square::from_file_rank(file, 1),
                Piece::new(Color::White, Pawn),
            );
            s.put(
                Square::from_file_rank(file, 6),
                Piece::new(Color::Black, Pawn),
            );
            s.put(
                Square::from_file_rank(file, 7),
                Piece::new(Color::Black, back[file as usize]),
            );
        }
        s.set_castling(CastlingRights(15));
        s
    }

    /// Places `piece` on the empty square `sq` (bitboards, mailbox and key).
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.mailbox[sq.index()], 0);
        let bit = Bitboard::from_square(sq);
        self.colors[piece.color.index()] |= bit;
        self.kinds[piece.kind.index()] |= bit;
        self.mailbox[sq.index()] = piece.packed();
        self.zobrist ^= piece_key(piece, sq);
    }

    /// Removes and returns whatever stands on `sq`.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = Piece::from_packed(self.mailbox[sq.index()])?;
        let bit = !Bitboard::from_square(sq);
        self.colors[piece.color.index()] &= bit;
        self.kinds[piece.kind.index()] &= bit;
        self.mailbox[sq.index()] = 0;
        self.zobrist ^= piece_key(piece, sq);
        Some(piece)
    }

    #[inline]
    pub(crate) fn set_castling(&mut self, rights: CastlingRights) {
        let old = self.flags.castling();
        self.zobrist ^= KEYS.castling[old.0 as usize] ^ KEYS.castling[rights.0 as usize & 15];
        self.flags = self.flags.with_castling(rights);
    }

    #[inline]
    pub(crate) fn set_dice(&mut self, pool: DicePool) {
        self.zobrist ^= dice_key(self.flags.dice()) ^ dice_key(pool);
        self.flags = self.flags.with_dice(pool);
    }

    #[inline]
    pub(crate) fn set_side_to_move(&mut self, color: Color) {
        if self.flags.side_to_move() != color {
            self.zobrist ^= KEYS.side;
        }
        self.flags = self.flags.with_side_to_move(color);
    }

    #[inline]
    pub(crate) fn set_en_passant(&mut self, ep: Bitboard) {
        for sq in self.en_passant ^ ep {
            self.zobrist ^= KEYS.en_passant[sq.index()];
        }
        self.en_passant = ep;
    }

    /// With the dice pool replaced (the key follows).
    ///
    /// ```
    /// use engine::{DicePool, GameState, PieceType};
    /// let s = GameState::initial().with_dice(DicePool::from_dice(&[PieceType::Pawn]).unwrap());
    /// assert_eq!(s.to_dfen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 P");
    /// assert_eq!(s.zobrist(), engine::zobrist::compute(&s));
    /// ```
    pub fn with_dice(mut self, pool: DicePool) -> GameState {
        self.set_dice(pool);
        self
    }

    /// With the side to move replaced (the key follows).
    pub fn with_side_to_move(mut self, color: Color) -> GameState {
        self.set_side_to_move(color);
        self
    }

    /// With the half-move clock replaced; values above 127 saturate (D3 in docs/rules.md). Not hashed.
    pub fn with_half_move_clock(mut self, clock: u8) -> GameState {
        self.flags = self.flags.with_half_move_clock(clock);
        self
    }

    /// With the full-move number replaced, clamped to 1..=2^31-1 (the range DFEN accepts). Not hashed.
    pub fn with_full_move_number(mut self, n: u32) -> GameState {
        self.full_move = n.clamp(1, MAX_FULL_MOVE);
        self
    }

    /// With the castling rights replaced (the key follows).
    pub fn with_castling(mut self, rights: CastlingRights) -> GameState {
        self.set_castling(CastlingRights(rights.0 & 15));
        self
    }

    /// Plays one micro-move produced by the generator for this state (docs/rules.md §5, §7, §8).
    ///
    /// It spends the die of the mover's pre-move type (a castle spends a King and a Rook die; a die that is not in
    /// the pool is simply not removed), moves the piece (and the rook when castling), handles captures, en
    /// passant, promotion, castling rights and the half-move clock. The side to move does not change: the turn is
    /// closed by [`GameState::end_turn`]. A move that does not come from this state's generator leaves the state
    /// internally consistent (bitboards, mailbox and key agree) but is meaningless.
    ///
    /// ```
    /// use engine::GameState;
    /// let mut s = GameState::initial();
    /// let m = engine::find_move(&s, "e2e4").unwrap();
    /// s.make_move(m);
    /// assert_eq!(s.to_dfen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1");
    /// ```
    pub fn make_move(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let Some(mover) = self.piece_at(from) else {
            debug_assert!(false, "make_move from an empty square: {m:?}");
            return;
        };
        let us = mover.color;
        let mut rights = self.flags.castling().0;
        let mut clock = self.flags.half_move_clock().saturating_add(1);
        let mut ep = self.en_passant;

        let pool = self.flags.dice();
        let pool = if m.is_castle() {
            pool.without(PieceType::King).without(PieceType::Rook)
        } else {
            pool.without(mover.kind)
        };
        self.set_dice(pool);

        self.take(from);
        if let Some(victim) = self.take(to) {
            clock = 0;
            match victim.kind {
                PieceType::Rook => rights &= !corner_right(to),
                PieceType::King => rights &= !both_rights(victim.color),
                PieceType::Pawn => {
                    // The captured pawn's own fresh target goes with it.
                    if let Some(b) = behind(to, victim.color) {
                        ep = ep.without(b);
                    }
                }
                _ => {}
            }
        }
        // A move landing on a target consumes it.
        ep = ep.without(to);

        let mut placed = mover;
        match mover.kind {
            PieceType::Pawn => {
                clock = 0;
                if let Some(b) = behind(from, us) {
                    ep = ep.without(b);
                }
                if m.flag() == crate::mv::flag::DOUBLE_PUSH {
                    let skipped = Square::from_index(((from.index() + to.index()) / 2) as u8);
                    ep = ep.with(skipped);
                } else if m.is_en_passant() {
                    if let Some(victim_sq) = behind(to, us)
                        && self.piece_at(victim_sq).is_some_and(|p| p.color != us)
                    {
                        self.take(victim_sq);
                    }
                } else if let Some(promo) = m.promotion() {
                    placed = Piece::new(us, promo);
                }
            }
            PieceType::King => {
                rights &= !both_rights(us);
                if m.is_castle() {
                    let rank = from.rank();
                    let (rook_from, rook_to) = if m.flag() == crate::mv::flag::KING_CASTLE {
                        (
                            Square::from_file_rank(7, rank),
                            Square::from_file_rank(5, rank),
                        )
                    } else {
                        (
                            Square::from_file_rank(0, rank),
                            Square::from_file_rank(3, rank),
                        )
                    };
                    if let Some(rook) = self.take(rook_from) {
                        // The generator guarantees an empty square; a hand-made move must not corrupt the board.
                        self.take(rook_to);
                        self.put(rook_to, rook);
                    }
                }
            }
            PieceType::Rook => rights &= !corner_right(from),
            _ => {}
        }
        self.put(to, placed);
        self.set_en_passant(ep);
        self.set_castling(CastlingRights(rights));
        self.flags = self.flags.with_half_move_clock(clock);
    }

    /// Closes the turn (docs/rules.md §9): wipes the en-passant targets the side about to move created (the ones the
    /// finishing side declined), empties the dice pool, passes the move, and counts a full move after Black.
    ///
    /// ```
    /// let s = engine::GameState::from_dfen("rnbqkbnr/p1pppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6e3 0 1 PN")
    ///     .unwrap();
    /// let mut t = s;
    /// t.end_turn();
    /// assert_eq!(t.to_dfen(), "rnbqkbnr/p1pppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// ```
    pub fn end_turn(&mut self) {
        let mover = self.flags.side_to_move();
        let next = !mover;
        let stale = match next {
            Color::White => RANK_3,
            Color::Black => RANK_6,
        };
        self.set_en_passant(Bitboard(self.en_passant.0 & !stale));
        self.set_dice(DicePool::EMPTY);
        if mover == Color::Black {
            self.full_move = (self.full_move + 1).min(MAX_FULL_MOVE);
        }
        self.set_side_to_move(next);
    }
}
