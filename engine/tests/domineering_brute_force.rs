//! Checks the game-value engine against plain game-tree search, which knows nothing of canonical forms:
//! `G >= 0` exactly when Right, moving first in G, loses; `G <= H` exactly when Left, moving first in G - H,
//! loses. `-H` is played as the transposed shape (vertical and horizontal swap roles).

use engine::domineering::{Catalogue, Dyadic, Game, Player, ShapeKey, connected_shapes};
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;

/// Anchor bits of a player's placements on a free set (bit = row * 8 + col).
fn anchors(free: u64, player: Player) -> u64 {
    match player {
        Player::Left => free & free >> 8,
        Player::Right => free & free >> 1 & !0x8080_8080_8080_8080,
    }
}

fn domino(anchor: u32, player: Player) -> u64 {
    let step = if player == Player::Left { 8 } else { 1 };
    1u64 << anchor | 1u64 << (anchor + step)
}

/// Normal play on a sum of two boards: does `mover`, moving first, win?
struct Search {
    memo: HashMap<(u64, u64, Player), bool>,
}

impl Search {
    fn wins(&mut self, a: u64, b: u64, mover: Player) -> bool {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if let Some(&w) = self.memo.get(&(a, b, mover)) {
            return w;
        }
        let mut win = false;
        'search: for (this, other) in [(a, b), (b, a)] {
            let mut rest = anchors(this, mover);
            while rest != 0 {
                let anchor = rest.trailing_zeros();
                rest &= rest - 1;
                if !self.wins(this & !domino(anchor, mover), other, mover.opponent()) {
                    win = true;
                    break 'search;
                }
            }
        }
        self.memo.insert((a, b, mover), win);
        win
    }
}

fn transpose(set: u64) -> u64 {
    (0..64)
        .filter(|b| set >> b & 1 == 1)
        .fold(0, |acc, b| acc | 1u64 << ((b % 8) * 8 + b / 8))
}

#[test]
fn every_catalogue_value_has_the_outcome_that_play_finds() {
    let mut catalogue = Catalogue::build();
    let entries: Vec<(ShapeKey, Game)> = catalogue.iter().map(|e| (e.key, e.game)).collect();
    let arena = catalogue.solver_mut().arena_mut();
    let zero = arena.zero();
    let mut search = Search {
        memo: HashMap::new(),
    };
    for (key, g) in entries {
        let left_first_wins = search.wins(key.bits(), 0, Player::Left);
        let right_first_wins = search.wins(key.bits(), 0, Player::Right);
        assert_eq!(arena.le(zero, g), !right_first_wins, "G >= 0 for {key}");
        assert_eq!(arena.le(g, zero), !left_first_wins, "G <= 0 for {key}");
        // Stops agree with the outcome where they decide it.
        if arena.right_stop(g) > Dyadic::ZERO {
            assert!(!right_first_wins && left_first_wins, "{key}");
        }
        if arena.left_stop(g) < Dyadic::ZERO {
            assert!(right_first_wins && !left_first_wins, "{key}");
        }
    }
}

#[test]
fn comparisons_and_sums_agree_with_play() {
    let mut catalogue = Catalogue::build();
    let small: Vec<(ShapeKey, Game)> = catalogue
        .iter()
        .filter(|e| e.cells <= 5)
        .map(|e| (e.key, e.game))
        .collect();
    let large: Vec<(ShapeKey, Game)> = catalogue
        .iter()
        .filter(|e| e.cells >= 6)
        .map(|e| (e.key, e.game))
        .collect();
    let seed = 6u64;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut pairs: Vec<((ShapeKey, Game), (ShapeKey, Game))> = Vec::new();
    for &g in &small {
        for &h in &small {
            pairs.push((g, h));
        }
    }
    for _ in 0..400 {
        let g = large[rng.random_range(0..large.len())];
        let h = if rng.random_range(0..2) == 0 {
            large[rng.random_range(0..large.len())]
        } else {
            small[rng.random_range(0..small.len())]
        };
        pairs.push((g, h));
    }
    let arena = catalogue.solver_mut().arena_mut();
    let zero = arena.zero();
    let mut search = Search {
        memo: HashMap::new(),
    };
    for ((gk, g), (hk, h)) in pairs {
        let minus_h = transpose(hk.bits());
        let left_first_wins = search.wins(gk.bits(), minus_h, Player::Left);
        let right_first_wins = search.wins(gk.bits(), minus_h, Player::Right);
        assert_eq!(
            arena.le(g, h),
            !left_first_wins,
            "{gk} <= {hk} (seed {seed})"
        );
        assert_eq!(
            arena.le(h, g),
            !right_first_wins,
            "{hk} <= {gk} (seed {seed})"
        );
        // The sum G + (-H) as the engine computes it has the same outcome.
        let difference = arena.sub(g, h);
        assert_eq!(
            arena.le(difference, zero),
            !left_first_wins,
            "{gk} - {hk} <= 0"
        );
        assert_eq!(
            arena.le(zero, difference),
            !right_first_wins,
            "{gk} - {hk} >= 0"
        );
    }
}

#[test]
fn shape_enumeration_matches_a_brute_force_count() {
    // Every connected subset of a 4x4 grid, up to mirroring, counted by brute force over all 2^16 subsets.
    let mut keys = std::collections::BTreeSet::new();
    for mask in 1u32..1 << 16 {
        let bits = (0..16)
            .filter(|i| mask >> i & 1 == 1)
            .fold(0u64, |acc, i| acc | 1 << ((i / 4) * 8 + i % 4));
        if bits.count_ones() <= 5 && engine::domineering::Region::from_bits(bits).is_connected() {
            keys.insert(ShapeKey::from_bits(bits));
        }
    }
    // Shapes of up to 5 cells whose bounding box fits 4x4 (only the straight 5-cell pieces do not).
    let expected: std::collections::BTreeSet<ShapeKey> = connected_shapes(5)
        .into_iter()
        .filter(|k| k.height() <= 4 && k.width() <= 4)
        .collect();
    assert_eq!(keys, expected);
}
