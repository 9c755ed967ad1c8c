//! Board squares in LERF order (a1 = 0, h1 = 7, a8 = 56, h8 = 63).

use std::fmt;

/// A board square, 0..64 in little-endian rank-file order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// Square from an index; `None` when the index is 64 or more.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Square from an index known to be below 64 (checked in debug builds).
    pub const fn from_index(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    /// Square from a file (0 = a) and a rank (0 = rank 1), both below 8.
    pub const fn from_file_rank(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square((rank << 3) | file)
    }

    /// The LERF index, 0..64.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 = a .. 7 = h.
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank, 0 = rank 1 .. 7 = rank 8.
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// Parses algebraic notation such as `e4`.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Some(Square::from_file_rank(b[0] - b'a', b[1] - b'1'))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}
