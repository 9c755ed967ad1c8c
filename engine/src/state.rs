//! `GameState`: the position value that rules, caches and tables key on (docs/rules.md §11, D4, D5).

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::dice::DicePool;
use crate::piece::{Piece, PieceType};
use crate::square::Square;
use std::hash::{Hash, Hasher};

/// Castling rights as the 4-bit reference value: 1 = K, 2 = Q, 4 = k, 8 = q.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    /// White king side (K).
    pub const WHITE_KING: u8 = 1;
    /// White queen side (Q).
    pub const WHITE_QUEEN: u8 = 2;
    /// Black king side (k).
    pub const BLACK_KING: u8 = 4;
    /// Black queen side (q).
    pub const BLACK_QUEEN: u8 = 8;
}

/// Packed flags (D4 in docs/rules.md): side to move, castling rights, dice pool and half-move clock; no en-passant
/// mask.
///
/// Layout: bit 0 side to move (0 = White); bits 1-4 castling rights; bits 5-13 the dice pool's 9-bit canonical
/// encoding; bits 14-20 the half-move clock (0-127).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct GameFlags(pub u32);

impl GameFlags {
    const CASTLING_SHIFT: u32 = 1;
    const DICE_SHIFT: u32 = 5;
    const CLOCK_SHIFT: u32 = 14;

    /// The side to move.
    pub const fn side_to_move(self) -> Color {
        Color::from_index((self.0 & 1) as u8)
    }

    /// With the side to move replaced.
    pub const fn with_side_to_move(self, c: Color) -> GameFlags {
        GameFlags((self.0 & !1) | c as u32)
    }

    /// Castling rights.
    pub const fn castling(self) -> CastlingRights {
        CastlingRights((self.0 >> Self::CASTLING_SHIFT & 0xf) as u8)
    }

    /// With castling rights replaced.
    pub const fn with_castling(self, r: CastlingRights) -> GameFlags {
        GameFlags(
            (self.0 & !(0xf << Self::CASTLING_SHIFT))
                | ((r.0 as u32 & 0xf) << Self::CASTLING_SHIFT),
        )
    }

    /// The dice pool.
    pub const fn dice(self) -> DicePool {
        DicePool::from_bits((self.0 >> Self::DICE_SHIFT & 0x1ff) as u16)
    }

    /// With the dice pool replaced.
    pub const fn with_dice(self, d: DicePool) -> GameFlags {
        GameFlags((self.0 & !(0x1ff << Self::DICE_SHIFT)) | ((d.bits() as u32) << Self::DICE_SHIFT))
    }

    /// The half-move clock (micro-moves since a pawn move or capture, saturating at 127; D3 in docs/rules.md).
    pub const fn half_move_clock(self) -> u8 {
        (self.0 >> Self::CLOCK_SHIFT & 0x7f) as u8
    }

    /// With the half-move clock replaced (values above 127 saturate).
    pub const fn with_half_move_clock(self, clock: u8) -> GameFlags {
        let c = if clock > 127 { 127 } else { clock };
        GameFlags((self.0 & !(0x7f << Self::CLOCK_SHIFT)) | ((c as u32) << Self::CLOCK_SHIFT))
    }
}

/// A dice-chess position: a `Copy` value holding exactly the fields the evaluation cache keys on
/// (docs/evaluation-cache.md E12).
///
/// Equality and hashing cover every field (mailbox included) **except** the derived Zobrist key.
///
/// `repr(C)` in this order puts the keyed fields in the first [`KEYED_BYTES`] bytes, without padding, and the
/// Zobrist key after them: the optimized cache compares a key as nine 16-byte words.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct GameState {
    /// Packed piece per square (`Piece::packed`, 0 = empty).
    pub(crate) mailbox: [u8; 64],
    /// Occupancy per colour: `[white, black]`.
    pub(crate) colors: [Bitboard; 2],
    /// Occupancy per type, both colours: pawns, knights, bishops, rooks, queens, kings.
    pub(crate) kinds: [Bitboard; 6],
    /// Every en-passant target (several allowed, docs/rules.md §7).
    pub(crate) en_passant: Bitboard,
    /// Side to move, castling, dice, clock.
    pub(crate) flags: GameFlags,
    /// Full-move number, 1 to 2^31 - 1.
    pub(crate) full_move: u32,
    /// Derived Zobrist key (docs/rules.md §12), kept current by every transition; not part of equality.
    pub(crate) zobrist: u64,
}

/// Bytes of a [`GameState`] that equality covers: everything before the Zobrist key.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) const KEYED_BYTES: usize = std::mem::offset_of!(GameState, zobrist);
const _: () = {
    // The keyed prefix is exactly the keyed fields, with no padding byte in it.
    assert!(KEYED_BYTES == 64 + 2 * 8 + 6 * 8 + 8 + 4 + 4);
    assert!(KEYED_BYTES.is_multiple_of(16));
    assert!(std::mem::size_of::<GameState>() == KEYED_BYTES + 8);
};

impl PartialEq for GameState {
    fn eq(&self, other: &GameState) -> bool {
        self.colors == other.colors
            && self.kinds == other.kinds
            && self.flags == other.flags
            && self.en_passant == other.en_passant
            && self.full_move == other.full_move
            && self.mailbox == other.mailbox
    }
}

impl Eq for GameState {}

impl Hash for GameState {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.colors.hash(h);
        self.kinds.hash(h);
        self.mailbox.hash(h);
        self.flags.hash(h);
        self.en_passant.hash(h);
        self.full_move.hash(h);
    }
}

impl GameState {
    /// Occupancy of `color`.
    pub const fn color_bb(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }

    /// Occupancy of `kind`, both colours.
    pub const fn kind_bb(&self, kind: PieceType) -> Bitboard {
        self.kinds[kind.index()]
    }

    /// Pieces of `color` and `kind`.
    pub const fn pieces(&self, color: Color, kind: PieceType) -> Bitboard {
        Bitboard(self.colors[color as usize].0 & self.kinds[kind.index()].0)
    }

    /// All occupied squares.
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.colors[0].0 | self.colors[1].0)
    }

    /// The eight bitboards in contract order: white, black, pawns, knights, bishops, rooks, queens, kings.
    pub const fn bitboards(&self) -> [Bitboard; 8] {
        [
            self.colors[0],
            self.colors[1],
            self.kinds[0],
            self.kinds[1],
            self.kinds[2],
            self.kinds[3],
            self.kinds[4],
            self.kinds[5],
        ]
    }

    /// The piece on `sq`, read from the mailbox.
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_packed(self.mailbox[sq.index()])
    }

    /// The raw mailbox.
    pub const fn mailbox(&self) -> &[u8; 64] {
        &self.mailbox
    }

    /// The packed flags word.
    pub const fn flags(&self) -> GameFlags {
        self.flags
    }

    /// Side to move.
    pub const fn side_to_move(&self) -> Color {
        self.flags.side_to_move()
    }

    /// Castling rights.
    pub const fn castling(&self) -> CastlingRights {
        self.flags.castling()
    }

    /// Dice left this turn.
    pub const fn dice(&self) -> DicePool {
        self.flags.dice()
    }

    /// Half-move clock.
    pub const fn half_move_clock(&self) -> u8 {
        self.flags.half_move_clock()
    }

    /// Every en-passant target.
    pub const fn en_passant(&self) -> Bitboard {
        self.en_passant
    }

    /// Full-move number.
    pub const fn full_move_number(&self) -> u32 {
        self.full_move
    }

    /// The Zobrist key (docs/rules.md §12), maintained incrementally so reading it costs nothing.
    pub const fn zobrist(&self) -> u64 {
        self.zobrist
    }
}
