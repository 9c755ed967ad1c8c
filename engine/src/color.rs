//! The two sides.

/// A side; White = 0, Black = 1 as in the reference engine.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    /// Moves first; upper-case letters in DFEN.
    White = 0,
    /// Lower-case letters in DFEN.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Colour from its index bit (0 or 1; higher bits ignored).
    pub const fn from_index(index: u8) -> Color {
        if index & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opponent()
    }
}
