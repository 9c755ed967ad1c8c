//! The 16-bit search move encoding (docs/rules.md §11).

use crate::piece::PieceType;
use crate::square::Square;
use std::fmt;

/// A micro-move: bits 0-5 = to, bits 6-11 = from, bits 12-15 = flag (docs/rules.md §11).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

/// Move flags of the search encoding. Bit 2 = capture, bit 3 = promotion.
pub mod flag {
    /// Quiet move.
    pub const QUIET: u8 = 0;
    /// Pawn double push.
    pub const DOUBLE_PUSH: u8 = 1;
    /// King-side castle (written as the king's move).
    pub const KING_CASTLE: u8 = 2;
    /// Queen-side castle.
    pub const QUEEN_CASTLE: u8 = 3;
    /// Capture.
    pub const CAPTURE: u8 = 4;
    /// En-passant capture.
    pub const EN_PASSANT: u8 = 5;
    /// Promotion to a knight; +1 bishop, +2 rook, +3 queen.
    pub const PROMO_KNIGHT: u8 = 8;
    /// Promotion-capture to a knight; +1 bishop, +2 rook, +3 queen.
    pub const PROMO_CAPTURE_KNIGHT: u8 = 12;
}

impl Move {
    /// A move from its parts.
    pub const fn new(from: Square, to: Square, flag: u8) -> Move {
        Move((to.index() as u16) | (from.index() as u16) << 6 | (flag as u16 & 15) << 12)
    }

    /// The raw 16-bit encoding.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Move from its raw encoding.
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// Origin square.
    pub const fn from(self) -> Square {
        Square::from_index((self.0 >> 6 & 63) as u8)
    }

    /// Destination square.
    pub const fn to(self) -> Square {
        Square::from_index((self.0 & 63) as u8)
    }

    /// The 4-bit flag.
    pub const fn flag(self) -> u8 {
        (self.0 >> 12) as u8
    }

    /// Whether the destination held an enemy piece (en passant included).
    pub const fn is_capture(self) -> bool {
        self.flag() & 4 != 0
    }

    /// Whether this is a castle.
    pub const fn is_castle(self) -> bool {
        matches!(self.flag(), flag::KING_CASTLE | flag::QUEEN_CASTLE)
    }

    /// Whether this is an en-passant capture.
    pub const fn is_en_passant(self) -> bool {
        self.flag() == flag::EN_PASSANT
    }

    /// The promotion piece, if any.
    pub const fn promotion(self) -> Option<PieceType> {
        if self.flag() & 8 == 0 {
            return None;
        }
        PieceType::from_face(2 + (self.flag() & 3))
    }
}

impl fmt::Display for Move {
    /// UCI text: from, to, then a lower-case promotion letter; castling as the king's move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}, flag {})", self.flag())
    }
}
