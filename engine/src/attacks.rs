//! Attack sets for every piece: const-generated knight, king and pawn tables, and magic-bitboard sliding attacks
//! whose magics are found once by a seeded search (rules §6).

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Square;
use std::sync::OnceLock;

const fn step_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < deltas.len() {
            let (f, r) = (file + deltas[i].0, rank + deltas[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = step_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = step_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    step_table(&[(1, 1), (-1, 1)]),
    step_table(&[(1, -1), (-1, -1)]),
];

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (its two diagonal capture squares).
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares a rook on `sq` attacks given the occupancy `occ` (blockers included).
#[inline]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    let s = sliders();
    Bitboard(s.table[s.rook[sq.index()].index(occ.0)])
}

/// Squares a bishop on `sq` attacks given the occupancy `occ` (blockers included).
#[inline]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    let s = sliders();
    Bitboard(s.table[s.bishop[sq.index()].index(occ.0)])
}

/// Squares a queen on `sq` attacks given the occupancy `occ`.
#[inline]
pub fn queen(sq: Square, occ: Bitboard) -> Bitboard {
    let s = sliders();
    Bitboard(s.table[s.rook[sq.index()].index(occ.0)] | s.table[s.bishop[sq.index()].index(occ.0)])
}

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Slow ray walk, the ground truth the magic tables are built from (and tested against).
fn ray_attacks(sq: usize, occ: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
        }
    }
    out
}

/// The relevant-occupancy mask: the rays without their last square (an edge blocker changes nothing).
fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
        loop {
            f += df;
            r += dr;
            let (nf, nr) = (f + df, r + dr);
            if !(0..8).contains(&nf) || !(0..8).contains(&nr) {
                break;
            }
            out |= 1u64 << (r * 8 + f);
        }
    }
    out
}

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline]
    fn index(&self, occ: u64) -> usize {
        self.offset as usize + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    table: Vec<u64>,
}

fn sliders() -> &'static Sliders {
    static SLIDERS: OnceLock<Sliders> = OnceLock::new();
    SLIDERS.get_or_init(build_sliders)
}

/// SplitMix64 step; also the generator of the Zobrist keys.
pub(crate) const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Finds a magic for one square by seeded trial, then appends its attack slice to `table`.
fn find_magic(sq: usize, dirs: &[(i8, i8); 4], rng: &mut u64, table: &mut Vec<u64>) -> Magic {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let mut occs = Vec::with_capacity(size);
    let mut subset = 0u64;
    // Carry-rippler enumeration of every subset of the mask.
    loop {
        occs.push((subset, ray_attacks(sq, subset, dirs)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let shift = 64 - bits;
    let mut slots = vec![0u64; size];
    let mut stamp = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        // Sparse candidates (few set bits) succeed far more often.
        let magic = splitmix64(rng) & splitmix64(rng) & splitmix64(rng);
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let ok = occs.iter().all(|&(occ, att)| {
            let i = (occ.wrapping_mul(magic) >> shift) as usize;
            if stamp[i] != attempt {
                stamp[i] = attempt;
                slots[i] = att;
                true
            } else {
                slots[i] == att
            }
        });
        if ok {
            let offset = table.len() as u32;
            table.extend_from_slice(&slots);
            return Magic {
                mask,
                magic,
                shift,
                offset,
            };
        }
    }
}

fn build_sliders() -> Sliders {
    let mut rng = 0x5eed_d1ce_c0de_0001u64;
    let mut table = Vec::with_capacity(102_400 + 5_248);
    // `from_fn` visits indices in order, so the seeded search is reproducible.
    let rook = std::array::from_fn(|sq| find_magic(sq, &ROOK_DIRS, &mut rng, &mut table));
    let bishop = std::array::from_fn(|sq| find_magic(sq, &BISHOP_DIRS, &mut rng, &mut table));
    Sliders {
        rook,
        bishop,
        table,
    }
}

/// Forces the one-time magic search now (so that a timed run does not pay for it).
pub fn warm_up() {
    sliders();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_ray_walk() {
        let mut rng = 42u64;
        for sq in 0..64u8 {
            for _ in 0..200 {
                let occ = splitmix64(&mut rng) & splitmix64(&mut rng);
                let s = Square::from_index(sq);
                assert_eq!(
                    rook(s, Bitboard(occ)).0,
                    ray_attacks(sq as usize, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop(s, Bitboard(occ)).0,
                    ray_attacks(sq as usize, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    #[test]
    fn step_tables() {
        assert_eq!(knight(Square::from_index(0)).count(), 2);
        assert_eq!(knight(Square::from_index(27)).count(), 8);
        assert_eq!(king(Square::from_index(0)).count(), 3);
        // White pawn on e2 attacks d3 and f3; black pawn on e7 attacks d6 and f6.
        let e2 = Square::parse("e2").unwrap();
        assert_eq!(
            pawn(Color::White, e2),
            Bitboard::from_square(Square::parse("d3").unwrap())
                | Bitboard::from_square(Square::parse("f3").unwrap())
        );
        let e7 = Square::parse("e7").unwrap();
        assert!(pawn(Color::Black, e7).contains(Square::parse("f6").unwrap()));
    }
}
