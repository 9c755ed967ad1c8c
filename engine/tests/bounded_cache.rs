//! The bounded evaluation cache returns exactly the uncached values at every power-of-two capacity from one
//! entry to more than the working set, under both replacement rules, and its counters add up.

use engine::memo::{
    BoundedCache, DirectMapped, EvaluationMemo, FourWayClock, Replacement, Uncached,
};
use engine::{Color, GameState, legal_turn_paths};
use proptest::prelude::*;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::OnceLock;

const POSITIONS: [&str; 4] = [
    "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3 NBP",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 PPP",
    "k7/8/8/8/8/8/8/R3K3 w - - 0 1 RKP",
];

/// Real positions: every turn's result from a few roots, plus copies that differ only in their clocks (equal
/// Zobrist keys, different cache keys).
fn pool() -> &'static [GameState] {
    static POOL: OnceLock<Vec<GameState>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut out = Vec::new();
        for dfen in POSITIONS {
            let root = GameState::from_dfen(dfen).unwrap();
            for path in legal_turn_paths(&root).iter().take(120) {
                let mut s = root;
                for &m in path {
                    s.make_move(m);
                }
                s.end_turn();
                out.push(s);
            }
        }
        let clocks: Vec<GameState> = out
            .iter()
            .step_by(9)
            .map(|s| s.with_full_move_number(s.full_move_number() + 1))
            .collect();
        out.extend(clocks);
        out.sort_by_key(|s| s.to_dfen());
        out.dedup();
        out
    })
}

/// A value that depends on every keyed field (the DFEN spells them all out) and on the perspective, so a hit
/// answered with another key's entry would show.
fn keyed_value(state: &GameState, perspective: Color) -> i32 {
    let mut h = DefaultHasher::new();
    (state.to_dfen(), perspective as u8).hash(&mut h);
    h.finish() as i32
}

/// Replays `lookups` through a bounded cache of `capacity` with rule `P` and through the uncached memo.
fn check<P: Replacement>(capacity: usize, lookups: &[(usize, Color)]) -> Result<(), TestCaseError> {
    let states = pool();
    let bounded = BoundedCache::<_, P>::new(capacity, keyed_value).unwrap();
    let plain = Uncached::new(keyed_value);
    for &(i, c) in lookups {
        let s = &states[i];
        prop_assert_eq!(
            bounded.apply(s, c),
            plain.apply(s, c),
            "{} capacity {}",
            P::NAME,
            capacity
        );
    }
    let k = bounded.counters();
    prop_assert_eq!(k.evaluator_calls + k.cache_hits, lookups.len() as u64);
    prop_assert!(k.entry_count <= capacity);
    // Every miss stores its result: into an empty slot (an entry more) or over another (an eviction).
    prop_assert_eq!(
        k.entry_count as u64 + bounded.evictions(),
        k.evaluator_calls
    );
    let mut distinct: Vec<(usize, Color)> = lookups.to_vec();
    distinct.sort_by_key(|&(i, c)| (i, c as u8));
    distinct.dedup();
    prop_assert!(k.evaluator_calls >= distinct.len() as u64);
    if capacity == 1 {
        // One slot keeps only the last key: every change of key is a miss.
        let changes = 1 + lookups.windows(2).filter(|w| w[0] != w[1]).count() as u64;
        prop_assert_eq!(k.evaluator_calls, changes);
    }
    Ok(())
}

fn lookups() -> impl Strategy<Value = Vec<(usize, Color)>> {
    let n = pool().len();
    // A small hot subset drawn often and the whole pool drawn rarely, so there are repeats at every distance.
    let key = prop_oneof![
        3 => (0..12usize, any::<bool>()),
        1 => (0..n, any::<bool>()),
    ]
    .prop_map(|(i, b)| (i, if b { Color::Black } else { Color::White }));
    prop::collection::vec(key, 1..600)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn bounded_values_equal_uncached_values_at_every_capacity(ops in lookups()) {
        // Up to 2^11 slots, beyond the pool's 2 x ~500 keys.
        let top = (2 * pool().len()).next_power_of_two().trailing_zeros();
        for k in 0..=top {
            check::<DirectMapped>(1 << k, &ops)?;
            check::<FourWayClock>(1 << k, &ops)?;
        }
    }
}

#[test]
fn a_capacity_above_the_working_set_evaluates_each_key_once_with_four_ways() {
    let states = pool();
    let cache = BoundedCache::<_, FourWayClock>::new(1 << 14, keyed_value).unwrap();
    for s in states.iter().chain(states) {
        cache.apply(s, Color::White);
    }
    let k = cache.counters();
    assert_eq!(k.evaluator_calls, states.len() as u64);
    assert_eq!((k.cache_hits, cache.evictions()), (states.len() as u64, 0));
}
