//! Attack sets for every piece: const-generated knight, king and pawn tables, and magic-bitboard sliding attacks
//! whose magics are found once by a seeded search (docs/rules.md §6).

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

/// Every (occupancy subset, attack set) pair of one square's relevant mask, by carry-rippler enumeration.
fn subsets(sq: usize, dirs: &[(i8, i8); 4]) -> (u64, Vec<(u64, u64)>) {
    let mask = relevant_mask(sq, dirs);
    let mut occs = Vec::with_capacity(1 << mask.count_ones());
    let mut subset = 0u64;
    loop {
        occs.push((subset, ray_attacks(sq, subset, dirs)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    (mask, occs)
}

/// The attack slice `magic` gives, or `None` on a destructive collision.
fn try_magic(mask: u64, occs: &[(u64, u64)], magic: u64) -> Option<Vec<u64>> {
    let shift = 64 - mask.count_ones();
    let mut slots = vec![0u64; occs.len()];
    let mut used = vec![false; occs.len()];
    for &(occ, att) in occs {
        let i = (occ.wrapping_mul(magic) >> shift) as usize;
        if used[i] && slots[i] != att {
            return None;
        }
        used[i] = true;
        slots[i] = att;
    }
    Some(slots)
}

/// Finds a magic for one square by seeded trial, then appends its attack slice to `table`.
fn find_magic(sq: usize, dirs: &[(i8, i8); 4], rng: &mut u64, table: &mut Vec<u64>) -> Magic {
    let (mask, occs) = subsets(sq, dirs);
    loop {
        // Sparse candidates (few set bits) succeed far more often.
        let magic = splitmix64(rng) & splitmix64(rng) & splitmix64(rng);
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        if let Some(slots) = try_magic(mask, &occs, magic) {
            return append(mask, magic, &slots, table);
        }
    }
}

fn append(mask: u64, magic: u64, slots: &[u64], table: &mut Vec<u64>) -> Magic {
    let offset = table.len() as u32;
    table.extend_from_slice(slots);
    Magic {
        mask,
        magic,
        shift: 64 - mask.count_ones(),
        offset,
    }
}

/// Builds one square's slice from the stored magic, re-verified; falls back to the search if it ever fails.
fn stored_magic(sq: usize, dirs: &[(i8, i8); 4], magic: u64, table: &mut Vec<u64>) -> Magic {
    let (mask, occs) = subsets(sq, dirs);
    match try_magic(mask, &occs, magic) {
        Some(slots) => append(mask, magic, &slots, table),
        None => {
            let mut rng = SEARCH_SEED ^ sq as u64;
            find_magic(sq, dirs, &mut rng, table)
        }
    }
}

// Found by `find_magic`'s seeded trial and stored, so start-up costs milliseconds; `stored_magic` re-verifies each
// one when the tables are built (and searches afresh if one ever failed), and `stored_magics_are_valid` checks them.
const ROOK_MAGICS: [u64; 64] = [
    0x11800140008418a0,
    0x8140001000a000c0,
    0x8200082042001082,
    0x8480040800801000,
    0x0200042008100200,
    0x0500220100040008,
    0x0880008002000100,
    0x4200010040840022,
    0x2640800540046a82,
    0x4000c04010002000,
    0x3182001044832200,
    0x4002801000080080,
    0x4c09000800050210,
    0x0005000204010008,
    0x1010800200010080,
    0x0001002091000042,
    0x4040808000400020,
    0x0600424000201000,
    0x0020410011002002,
    0xa801010008201000,
    0xc021010008000410,
    0x0041010002080400,
    0x0400840008421001,
    0x13800a0001084084,
    0x8040008480084024,
    0x4240810200220040,
    0x0090100080200082,
    0x1400100080080080,
    0x8642080280040080,
    0x0000020080800400,
    0x0000010400089002,
    0x4010802080124500,
    0x0e08400288800020,
    0x0020100020400040,
    0xa000801000802000,
    0x2108020010100100,
    0x0c18000400808008,
    0x4800800400800201,
    0x1281000401000200,
    0x0024011082002044,
    0x2280400080208000,
    0x001001200040c008,
    0x01a0008010008020,
    0x0001001003210008,
    0x0100080005010010,
    0x000a00d410120008,
    0x1000c80241040010,
    0x102a0c408902000c,
    0x4002204000801480,
    0x4400400081002100,
    0x0044281042008200,
    0x0000800800100080,
    0x0208000804008080,
    0x0c02800200040080,
    0x4811010210080400,
    0x4000808104004200,
    0x00068000b100a041,
    0x00101a8240010021,
    0x0420081041042001,
    0x0200081001006075,
    0x0802008811046002,
    0x0013000208040001,
    0x10181a0108104084,
    0x04020029004c0082,
];
const BISHOP_MAGICS: [u64; 64] = [
    0x0004102408008410,
    0x0210020a484e0210,
    0x1010010041080004,
    0x0104050214182010,
    0x0804042080104008,
    0xc002013028860000,
    0x0051010110401000,
    0x0085004500a05068,
    0x48a4149810440480,
    0x044064010c040090,
    0x0209040400a20001,
    0x8000080a00205402,
    0x20a0040420001002,
    0x040c210460040020,
    0x0000640084100902,
    0x0020002404220808,
    0x00a0001084014800,
    0x0120002408224040,
    0x021000020c841104,
    0x4008002082004020,
    0x00020034010c0401,
    0x82020013044a0204,
    0x0202000101100202,
    0x0431000044308401,
    0x0190140018281085,
    0x8030250602280200,
    0x8201480004080118,
    0x2020080205004088,
    0x422500c409004000,
    0x1490004001845002,
    0x0072221060413012,
    0x6000aa0020220a00,
    0x0081209000081008,
    0x0408242440025801,
    0x0180140a040c0800,
    0x0400900820040400,
    0x8084008400020102,
    0x2148100104002080,
    0x0409040f00408800,
    0x4014010203002085,
    0x0142012008802200,
    0x000a013022470809,
    0x0402010441088810,
    0x4000804208000081,
    0x0a00080100400400,
    0x1040388081002080,
    0x0034011242028400,
    0x100202020a140022,
    0x10208c0460240000,
    0x8000410090900100,
    0x0000008400884000,
    0x02c0082020880002,
    0x1010804010410008,
    0x0848281095020e40,
    0x801002100410a100,
    0x0912022c0922048c,
    0xa0c4424400a84000,
    0x24c0404202212012,
    0x040800c08c008800,
    0xd019040100840400,
    0x0100008213020201,
    0x0001001120010100,
    0x122040080a8c0044,
    0x0140013222004504,
];

/// Seed of the magic search.
const SEARCH_SEED: u64 = 0x5eed_d1ce_c0de_0001;

fn build_sliders() -> Sliders {
    let mut table = Vec::with_capacity(102_400 + 5_248);
    // `from_fn` visits indices in order, so the table layout is reproducible.
    let rook = std::array::from_fn(|sq| stored_magic(sq, &ROOK_DIRS, ROOK_MAGICS[sq], &mut table));
    let bishop =
        std::array::from_fn(|sq| stored_magic(sq, &BISHOP_DIRS, BISHOP_MAGICS[sq], &mut table));
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
    fn stored_magics_are_valid() {
        for sq in 0..64 {
            let (mask, occs) = subsets(sq, &ROOK_DIRS);
            assert!(
                try_magic(mask, &occs, ROOK_MAGICS[sq]).is_some(),
                "rook {sq}"
            );
            let (mask, occs) = subsets(sq, &BISHOP_DIRS);
            assert!(
                try_magic(mask, &occs, BISHOP_MAGICS[sq]).is_some(),
                "bishop {sq}"
            );
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
