//! The dice pool: a multiset of at most three die faces.

use crate::piece::PieceType;

/// A multiset of at most 3 dice, kept sorted ascending so that equal multisets have equal encodings.
///
/// Encoding: three 3-bit slots (bits 0-2, 3-5, 6-8), filled slots first in ascending face order, 0 = empty.
/// Ascending order is also the reference's pool order for move generation (docs/rules.md §6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct DicePool(u16);

impl DicePool {
    /// The empty pool.
    pub const EMPTY: DicePool = DicePool(0);

    /// Pool holding `dice` (any order); `None` for more than 3 dice.
    pub fn from_dice(dice: &[PieceType]) -> Option<DicePool> {
        if dice.len() > 3 {
            return None;
        }
        let mut faces = [0u8; 3];
        for (slot, d) in faces.iter_mut().zip(dice) {
            *slot = d.face();
        }
        faces[..dice.len()].sort_unstable();
        Some(DicePool::pack(faces))
    }

    const fn pack(faces: [u8; 3]) -> DicePool {
        DicePool(faces[0] as u16 | (faces[1] as u16) << 3 | (faces[2] as u16) << 6)
    }

    /// The 9-bit encoding, as stored in the packed flags.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Pool from its 9-bit encoding (caller guarantees canonical form).
    pub const fn from_bits(bits: u16) -> DicePool {
        DicePool(bits & 0x1ff)
    }

    /// Face in slot `i` (0 = empty).
    const fn slot(self, i: u32) -> u8 {
        (self.0 >> (3 * i) & 7) as u8
    }

    /// Number of dice.
    pub const fn len(self) -> usize {
        (self.slot(0) != 0) as usize + (self.slot(1) != 0) as usize + (self.slot(2) != 0) as usize
    }

    /// Whether no dice are left.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many dice show `kind`'s face.
    pub const fn count(self, kind: PieceType) -> usize {
        let f = kind.face();
        (self.slot(0) == f) as usize + (self.slot(1) == f) as usize + (self.slot(2) == f) as usize
    }

    /// Whether some die shows `kind`'s face.
    pub const fn contains(self, kind: PieceType) -> bool {
        self.count(kind) > 0
    }

    /// The pool with one die of `kind` removed (unchanged when there is none).
    pub const fn without(self, kind: PieceType) -> DicePool {
        let f = kind.face();
        let mut out = [0u8; 3];
        let mut n = 0;
        let mut removed = false;
        let mut i = 0;
        while i < 3 {
            let s = self.slot(i);
            if s != 0 {
                if !removed && s == f {
                    removed = true;
                } else {
                    out[n] = s;
                    n += 1;
                }
            }
            i += 1;
        }
        DicePool::pack(out)
    }

    /// The dice in ascending order, repeats included.
    pub fn iter(self) -> impl Iterator<Item = PieceType> {
        (0..3).filter_map(move |i| PieceType::from_face(self.slot(i)))
    }

    /// The distinct faces in ascending order (the generator's die order, docs/rules.md §6).
    pub fn distinct(self) -> impl Iterator<Item = PieceType> {
        let mut prev = 0;
        (0..3).filter_map(move |i| {
            let s = self.slot(i);
            if s == 0 || s == prev {
                return None;
            }
            prev = s;
            PieceType::from_face(s)
        })
    }

    /// Zobrist dice index (docs/rules.md §12): slot values with 0 = empty, sorted a ≤ b ≤ c, index a·49 + b·7 + c.
    pub const fn zobrist_index(self) -> usize {
        let (a, b, c) = (self.slot(0), self.slot(1), self.slot(2));
        let mut v = [a, b, c];
        // Three-element sort: empties (0) come first, as the reference sorts raw slot values.
        if v[0] > v[1] {
            let t = v[0];
            v[0] = v[1];
            v[1] = t;
        }
        if v[1] > v[2] {
            let t = v[1];
            v[1] = v[2];
            v[2] = t;
        }
        if v[0] > v[1] {
            let t = v[0];
            v[0] = v[1];
            v[1] = t;
        }
        v[0] as usize * 49 + v[1] as usize * 7 + v[2] as usize
    }
}

/// The 56 sorted 3d6 roll classes in ascending order (d1 <= d2 <= d3, d1 slowest) with their weights among the
/// 216 ordered outcomes: 1 for AAA, 3 for AAB, 6 for ABC (docs/rules.md §13).
///
/// ```
/// use engine::dice::ROLL_CLASSES;
/// assert_eq!(ROLL_CLASSES.iter().map(|(_, w)| w).sum::<u32>(), 216);
/// assert_eq!(ROLL_CLASSES[0].1, 1); // PPP
/// ```
pub const ROLL_CLASSES: [(DicePool, u32); 56] = roll_classes();

const fn roll_classes() -> [(DicePool, u32); 56] {
    let mut out = [(DicePool::EMPTY, 0); 56];
    let mut n = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            let mut c = b;
            while c <= 6 {
                let weight = if a == c {
                    1
                } else if a == b || b == c {
                    3
                } else {
                    6
                };
                out[n] = (DicePool::pack([a, b, c]), weight);
                n += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// The weight of `roll` among the 216 ordered outcomes of 3d6 (1, 3 or 6; 0 unless `roll` holds 3 dice).
pub fn roll_weight(roll: DicePool) -> u32 {
    let mut i = 0;
    while i < ROLL_CLASSES.len() {
        if ROLL_CLASSES[i].0.0 == roll.0 {
            return ROLL_CLASSES[i].1;
        }
        i += 1;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use PieceType::*;

    #[test]
    fn canonical_and_removal() {
        let a = DicePool::from_dice(&[Queen, Pawn, Queen]).unwrap();
        let b = DicePool::from_dice(&[Pawn, Queen, Queen]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 3);
        assert_eq!(a.count(Queen), 2);
        assert_eq!(a.distinct().collect::<Vec<_>>(), vec![Pawn, Queen]);
        assert_eq!(
            a.without(Pawn),
            DicePool::from_dice(&[Queen, Queen]).unwrap()
        );
        assert_eq!(a.without(King), a);
        assert!(DicePool::from_dice(&[Pawn; 4]).is_none());
        assert_eq!(DicePool::EMPTY.zobrist_index(), 0);
        assert_eq!(DicePool::from_dice(&[King]).unwrap().zobrist_index(), 6);
        assert_eq!(a.zobrist_index(), 49 + 5 * 7 + 5);
    }
}
