//! A 4-connected region of free cells: the unit a Domineering position decomposes into.

/// A set of cells (bits `row * 8 + col`) that is 4-connected when produced by [`super::Board::regions`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    bits: u64,
}

impl Region {
    /// The region with exactly these cells (not checked for connectivity; see [`Region::is_connected`]).
    pub fn from_bits(bits: u64) -> Region {
        Region { bits }
    }

    /// The cells as bits.
    pub fn bits(&self) -> u64 {
        self.bits
    }

    /// Number of cells.
    pub fn cells(&self) -> u32 {
        self.bits.count_ones()
    }

    /// Whether the cells form one 4-connected piece (the empty set is not).
    ///
    /// ```
    /// use engine::domineering::Region;
    /// assert!(Region::from_bits(0b11).is_connected());
    /// assert!(!Region::from_bits(0b101).is_connected());
    /// ```
    pub fn is_connected(&self) -> bool {
        self.bits != 0
            && super::cells::flood(self.bits & self.bits.wrapping_neg(), self.bits) == self.bits
    }
}
