//! Piece types (which double as die faces) and coloured pieces.

use crate::color::Color;

/// A piece type; its discriminant is the die face that moves it (docs/rules.md §1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum PieceType {
    /// Die face 1.
    Pawn = 1,
    /// Die face 2.
    Knight = 2,
    /// Die face 3.
    Bishop = 3,
    /// Die face 4.
    Rook = 4,
    /// Die face 5.
    Queen = 5,
    /// Die face 6.
    King = 6,
}

impl PieceType {
    /// All six types in die-face order.
    pub const ALL: [PieceType; 6] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ];

    /// The die face, 1..=6.
    pub const fn face(self) -> u8 {
        self as u8
    }

    /// Index 0..6 (face - 1), for tables.
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// Type from a die face 1..=6.
    pub const fn from_face(face: u8) -> Option<PieceType> {
        match face {
            1 => Some(PieceType::Pawn),
            2 => Some(PieceType::Knight),
            3 => Some(PieceType::Bishop),
            4 => Some(PieceType::Rook),
            5 => Some(PieceType::Queen),
            6 => Some(PieceType::King),
            _ => None,
        }
    }

    /// Lower-case letter: p n b r q k.
    pub const fn letter(self) -> char {
        match self {
            PieceType::Pawn => 'p',
            PieceType::Knight => 'n',
            PieceType::Bishop => 'b',
            PieceType::Rook => 'r',
            PieceType::Queen => 'q',
            PieceType::King => 'k',
        }
    }

    /// Type from a letter in either case.
    pub const fn from_letter(c: char) -> Option<PieceType> {
        match c.to_ascii_lowercase() {
            'p' => Some(PieceType::Pawn),
            'n' => Some(PieceType::Knight),
            'b' => Some(PieceType::Bishop),
            'r' => Some(PieceType::Rook),
            'q' => Some(PieceType::Queen),
            'k' => Some(PieceType::King),
            _ => None,
        }
    }
}

/// A coloured piece, packed as `(color << 3) | type` like the reference mailbox (0 = empty square).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Type.
    pub kind: PieceType,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: PieceType) -> Piece {
        Piece { color, kind }
    }

    /// The 4-bit packed code used in the mailbox.
    pub const fn packed(self) -> u8 {
        ((self.color as u8) << 3) | self.kind as u8
    }

    /// Unpacks a mailbox code; `None` for an empty square or an invalid code.
    pub const fn from_packed(code: u8) -> Option<Piece> {
        match PieceType::from_face(code & 7) {
            Some(kind) => Some(Piece {
                color: Color::from_index(code >> 3),
                kind,
            }),
            None => None,
        }
    }

    /// DFEN letter: upper case for White, lower case for Black.
    pub const fn letter(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
}
