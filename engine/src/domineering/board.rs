//! A Domineering board of up to 8x8 cells in a `u64`, its legal placements and its free regions.

use super::cells::{self, COL_LAST};
use super::{DomineeringError, Player, Region};
use std::fmt;
use std::str::FromStr;

/// One domino placement: the player and the anchor cell (the top cell of a vertical domino, the left cell of a
/// horizontal one). Bit numbering is `row * 8 + col`, row 0 on top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    player: Player,
    anchor: u8,
}

impl Placement {
    /// The placement of `player` anchored at (`row`, `col`); `None` if the domino leaves the 8x8 grid.
    pub fn new(player: Player, row: u32, col: u32) -> Option<Placement> {
        let fits = match player {
            Player::Left => row < 7 && col < 8,
            Player::Right => row < 8 && col < 7,
        };
        fits.then(|| Placement {
            player,
            anchor: (row * 8 + col) as u8,
        })
    }

    /// Who places this domino.
    pub fn player(self) -> Player {
        self.player
    }

    /// Row of the anchor cell.
    pub fn row(self) -> u32 {
        u32::from(self.anchor) / 8
    }

    /// Column of the anchor cell.
    pub fn col(self) -> u32 {
        u32::from(self.anchor) % 8
    }

    /// The two cells covered, as bits.
    ///
    /// ```
    /// use engine::domineering::{Placement, Player};
    /// assert_eq!(Placement::new(Player::Left, 0, 1).unwrap().mask(), 1 << 1 | 1 << 9);
    /// assert_eq!(Placement::new(Player::Right, 0, 1).unwrap().mask(), 1 << 1 | 1 << 2);
    /// ```
    pub fn mask(self) -> u64 {
        let other = match self.player {
            Player::Left => self.anchor + 8,
            Player::Right => self.anchor + 1,
        };
        1u64 << self.anchor | 1u64 << other
    }
}

/// A rectangular board of 1 to 8 rows and columns; `free` marks the cells not yet covered.
///
/// ```
/// use engine::domineering::{Board, Player};
/// let board = Board::empty(2, 3).unwrap();
/// assert_eq!(board.placements(Player::Left).len(), 3);
/// assert_eq!(board.placements(Player::Right).len(), 4);
/// let after = board.play(board.placements(Player::Left)[1]);
/// assert_eq!(after.to_string(), ".#.|.#.");
/// assert_eq!(after.regions().len(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u8,
    cols: u8,
    free: u64,
}

impl Board {
    /// An empty board of `rows` x `cols`; both must be in 1..=8.
    pub fn empty(rows: usize, cols: usize) -> Result<Board, DomineeringError> {
        if !(1..=8).contains(&rows) || !(1..=8).contains(&cols) {
            return Err(DomineeringError::Dimensions { rows, cols });
        }
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            free: cells::rectangle(rows as u32, cols as u32),
        })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The free cells as bits (`row * 8 + col`).
    pub fn free(&self) -> u64 {
        self.free
    }

    /// The legal placements of `player`, in increasing anchor-bit order (row by row, left to right).
    pub fn placements(&self, player: Player) -> Vec<Placement> {
        let mut anchors = anchors(self.free, player);
        let mut out = Vec::with_capacity(anchors.count_ones() as usize);
        while anchors != 0 {
            out.push(Placement {
                player,
                anchor: anchors.trailing_zeros() as u8,
            });
            anchors &= anchors - 1;
        }
        out
    }

    /// Whether `placement` covers two free cells of this board.
    pub fn is_legal(&self, placement: Placement) -> bool {
        self.free & placement.mask() == placement.mask()
    }

    /// The board after `placement`.
    ///
    /// # Panics
    /// If the placement is not legal here (a caller bug: take placements from [`Board::placements`]).
    pub fn play(&self, placement: Placement) -> Board {
        assert!(
            self.is_legal(placement),
            "illegal placement {placement:?} on {self}"
        );
        Board {
            free: self.free & !placement.mask(),
            ..*self
        }
    }

    /// The 4-connected regions of free cells, ordered by their lowest bit.
    pub fn regions(&self) -> Vec<Region> {
        self.regions_iter().collect()
    }

    /// The regions of [`Board::regions`] without collecting them (same order).
    pub fn regions_iter(&self) -> impl Iterator<Item = Region> + use<> {
        let mut rest = self.free;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let region = cells::flood(rest & rest.wrapping_neg(), rest);
            rest &= !region;
            Some(Region::from_bits(region))
        })
    }
}

/// Anchor bits of `player`'s legal placements on the free set.
pub(crate) fn anchors(free: u64, player: Player) -> u64 {
    match player {
        Player::Left => free & free >> 8,
        // A domino anchored in column 7 would wrap to the next row.
        Player::Right => free & free >> 1 & !COL_LAST,
    }
}

impl fmt::Display for Board {
    /// Rows top to bottom joined by `|`, `.` free and `#` covered (the notation `FromStr` reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        cells::write_grid(f, self.free, u32::from(self.rows), u32::from(self.cols))
    }
}

impl FromStr for Board {
    type Err = DomineeringError;

    /// Reads rows joined by `|` of `.` (free) and `#` (covered); all rows the same length, 1 to 8 rows and columns.
    fn from_str(text: &str) -> Result<Board, DomineeringError> {
        let (free, rows, cols) =
            cells::parse_grid(text).map_err(|reason| DomineeringError::Notation {
                text: text.to_string(),
                reason,
            })?;
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            free,
        })
    }
}
