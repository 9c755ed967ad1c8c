//! Shape keys: a region up to translation and horizontal/vertical mirroring, the catalogue's index.

use super::cells;
use super::{DomineeringError, Region};
use std::fmt;
use std::str::FromStr;

/// A region translated to the origin and reduced to the smallest of its four images under left-right and
/// top-bottom mirroring (the Klein four-group, which keeps the game value). Transposition is deliberately not
/// included: it swaps the players and negates the value.
///
/// ```
/// use engine::domineering::ShapeKey;
/// let a: ShapeKey = "..|.#|.#".parse().unwrap();
/// let b: ShapeKey = ".#|.#|..".parse().unwrap();
/// assert_eq!(a, b);
/// assert_ne!(a, a.transpose());
/// assert_eq!(a.to_string().parse::<ShapeKey>().unwrap(), a);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShapeKey(u64);

impl ShapeKey {
    /// The key of a region's shape.
    pub fn of(region: &Region) -> ShapeKey {
        ShapeKey::from_bits(region.bits())
    }

    /// The key of a cell set anywhere on the 8x8 grid (the empty set gets the empty key).
    pub fn from_bits(bits: u64) -> ShapeKey {
        let origin = cells::to_origin(bits);
        if origin == 0 {
            return ShapeKey(0);
        }
        let (h, w) = (cells::height(origin), cells::width(origin));
        let flipped = cells::mirror_columns(origin, w);
        let candidates = [
            origin,
            flipped,
            cells::mirror_rows(origin, h),
            cells::mirror_rows(flipped, h),
        ];
        ShapeKey(candidates.into_iter().min().expect("four candidates"))
    }

    /// The cells of the canonical image, at the origin.
    pub fn bits(&self) -> u64 {
        self.0
    }

    /// Number of cells.
    pub fn cells(&self) -> u32 {
        self.0.count_ones()
    }

    /// Bounding-box height.
    pub fn height(&self) -> u32 {
        cells::height(self.0)
    }

    /// Bounding-box width.
    pub fn width(&self) -> u32 {
        cells::width(self.0)
    }

    /// The key of the transposed shape (rows and columns swapped), whose value is the negative of this one's.
    pub fn transpose(&self) -> ShapeKey {
        ShapeKey::from_bits(cells::transpose(self.0))
    }
}

impl fmt::Display for ShapeKey {
    /// The bounding box, rows top to bottom joined by `|`, `.` a cell of the shape and `#` a cell outside it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        cells::write_grid(f, self.0, self.height(), self.width())
    }
}

impl FromStr for ShapeKey {
    type Err = DomineeringError;

    /// Reads the `Display` notation (any translation or mirror image is accepted); the `.` cells must form one
    /// non-empty 4-connected region.
    fn from_str(text: &str) -> Result<ShapeKey, DomineeringError> {
        let bad = |reason: String| DomineeringError::Notation {
            text: text.to_string(),
            reason,
        };
        let (bits, _, _) = cells::parse_grid(text).map_err(bad)?;
        if bits == 0 {
            return Err(bad("no '.' cell".to_string()));
        }
        if !Region::from_bits(bits).is_connected() {
            return Err(bad("the '.' cells are not 4-connected".to_string()));
        }
        Ok(ShapeKey::from_bits(bits))
    }
}
