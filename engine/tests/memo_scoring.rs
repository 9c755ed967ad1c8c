//! Scoring every legal turn path through any memo variant returns exactly the uncached scores, in the same order
//! and multiplicity, and a caller that tie-breaks with a seeded generator chooses the same path and consumes the
//! generator identically.

use engine::memo::{CacheKind, EvaluationMemo, Plain};
use engine::{
    Color, GameState, Move, evaluate_aggressive, evaluate_material, legal_turn_paths, score_path,
};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

const POSITIONS: [&str; 6] = [
    "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3 NBP",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNN",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 PPP",
    "k7/8/8/8/8/8/8/R3K3 w - - 0 1 RKP",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 BNQ",
];

type Evaluator = fn(&GameState, Color) -> i32;

/// The best-scoring path, ties broken uniformly with `rng` (the generator is consumed only on ties).
fn choose(scores: &[i32], rng: &mut Pcg64Mcg) -> usize {
    let best = *scores.iter().max().unwrap();
    let ties: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] == best).collect();
    if ties.len() == 1 {
        ties[0]
    } else {
        ties[rng.random_range(0..ties.len())]
    }
}

fn scores(
    state: &GameState,
    paths: &[Vec<Move>],
    memo: &dyn EvaluationMemo<Error = std::convert::Infallible>,
) -> Vec<i32> {
    paths
        .iter()
        .map(|p| score_path(state, p, |s, c| memo.apply(s, c)))
        .collect()
}

#[test]
fn every_variant_scores_like_the_uncached_evaluator() {
    for dfen in POSITIONS {
        let state = GameState::from_dfen(dfen).unwrap();
        let paths = legal_turn_paths(&state);
        assert!(!paths.is_empty(), "{dfen}");
        for (name, eval) in [
            ("material", evaluate_material as Evaluator),
            ("aggressive", evaluate_aggressive),
        ] {
            let reference: Vec<i32> = paths.iter().map(|p| score_path(&state, p, eval)).collect();
            let mut reference_rng = Pcg64Mcg::seed_from_u64(42);
            let reference_choice = choose(&reference, &mut reference_rng);
            let reference_next: u64 = reference_rng.random();
            let mut memo_counters = Vec::new();
            for kind in CacheKind::ALL {
                let memo = kind.build(Plain(eval));
                let got = scores(&state, &paths, &*memo);
                assert_eq!(got, reference, "{dfen} {name} {kind}");
                let mut rng = Pcg64Mcg::seed_from_u64(42);
                assert_eq!(
                    choose(&got, &mut rng),
                    reference_choice,
                    "{dfen} {name} {kind}"
                );
                assert_eq!(
                    rng.random::<u64>(),
                    reference_next,
                    "{dfen} {name} {kind}: RNG consumption"
                );
                let c = memo.counters();
                if kind == CacheKind::None {
                    assert!(c.evaluator_calls <= paths.len() as u64);
                } else {
                    memo_counters.push(c);
                }
            }
            assert!(
                memo_counters.windows(2).all(|w| w[0] == w[1]),
                "{dfen} {name}: {memo_counters:?}"
            );
        }
    }
}

#[test]
fn uncached_calls_equal_memo_calls_plus_hits() {
    let state = GameState::from_dfen(POSITIONS[3]).unwrap();
    let paths = legal_turn_paths(&state);
    let uncached = CacheKind::None.build(Plain(evaluate_material));
    let optimized = CacheKind::Optimized.build(Plain(evaluate_material));
    scores(&state, &paths, &*uncached);
    scores(&state, &paths, &*optimized);
    let (u, o) = (uncached.counters(), optimized.counters());
    assert_eq!(u.evaluator_calls, o.evaluator_calls + o.cache_hits);
    assert!(
        o.cache_hits > 0,
        "a transposition-rich position must produce hits"
    );
    assert_eq!(o.entry_count as u64, o.evaluator_calls);
}
