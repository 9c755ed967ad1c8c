//! The one-pass LRU miss-ratio curve equals LRU replayed at every budget, on seeded traces of several shapes.

use harness::{PolicyKind, lru_hits_by_budget};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[test]
fn mattson_curve_equals_lru_replay_at_every_budget() {
    for seed in 0..24u64 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let universe = 5 + (seed as u32 * 13) % 120;
        let len = 300 + (seed as usize * 97) % 3000;
        let keys: Vec<u32> = (0..len)
            .map(|i| match seed % 3 {
                0 => rng.random_range(0..universe),
                1 => {
                    let x: f64 = rng.random_range(0.0..1.0);
                    ((x * x * x) * universe as f64) as u32 % universe
                }
                _ => (i as u32 * 7 + rng.random_range(0..3)) % universe,
            })
            .collect();
        let u = universe as usize;
        let curve = lru_hits_by_budget(&keys, u);
        let distinct = {
            let mut k = keys.clone();
            k.sort_unstable();
            k.dedup();
            k.len()
        };
        assert_eq!(curve.len(), distinct + 1, "seed {seed}");
        assert_eq!(curve[0], 0);
        for (b, &hits) in curve.iter().enumerate().skip(1) {
            let lru = PolicyKind::Lru.build(b, &keys, u).replay(&keys, u).hits;
            assert_eq!(hits, lru, "seed {seed} budget {b}");
        }
        // The last budget holds everything: only cold misses remain.
        assert_eq!(curve[distinct], (len - distinct) as u64);
    }
}
