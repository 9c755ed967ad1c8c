//! Nested chance expansion: hand-computed values, a brute force over all 216 ordered rolls in shuffled order,
//! agreement across cache variants and traversal modes, counter parity, perspective of every lookup, and error
//! propagation.

use engine::chance::{
    ChanceCounters, ChanceDepth, LOSS_VALUE, Traversal, expand_chance, expand_chance_with,
};
use engine::memo::{
    CacheKind, EvaluationCache, EvaluationMemo, FxCache, HashbrownCache, Plain, TupleKeyCache,
    Uncached,
};
use engine::{
    Color, DicePool, GameState, PieceType, TERMINAL_WIN_SCORE, evaluate_material, legal_turn_paths,
    score_path,
};
use rand::{RngExt, SeedableRng};
use std::cell::Cell;

fn state(dfen: &str) -> GameState {
    GameState::from_dfen(dfen).unwrap()
}

/// Outer successors with something to do for both sides (Black to roll; White just moved).
const OUTERS: [&str; 4] = [
    "4k3/8/8/8/8/8/P6P/4K3 b - - 0 1",
    "4k3/3p4/8/8/8/8/3PP3/4K3 b - - 0 2",
    "r3k3/1p6/8/8/8/8/1P6/4K2R b - - 0 5",
    "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 3",
];

fn ordered_rolls() -> Vec<DicePool> {
    let mut v = Vec::new();
    for a in PieceType::ALL {
        for b in PieceType::ALL {
            for c in PieceType::ALL {
                v.push(DicePool::from_dice(&[a, b, c]).unwrap());
            }
        }
    }
    v
}

/// Depth-1 value of one roll, straight from the rules text with the engine's turn list (no memo, no dedup).
fn brute_roll_depth1(outer: &GameState, roll: DicePool) -> i64 {
    let us = outer.side_to_move().opponent();
    let rolled = outer.with_dice(roll);
    let paths = legal_turn_paths(&rolled);
    if paths.is_empty() {
        let mut pass = rolled;
        pass.end_turn();
        return evaluate_material(&pass, us) as i64;
    }
    let mut best = i64::MAX;
    for p in &paths {
        let mut s = rolled;
        for (i, &m) in p.iter().enumerate() {
            if i + 1 == p.len() && engine::captures_king(&s, m) {
                return LOSS_VALUE;
            }
            s.make_move(m);
        }
        s.end_turn();
        best = best.min(evaluate_material(&s, us) as i64);
    }
    best
}

/// Our chance node at `leaf` (depth-2 inner layer) with score_path, over all 216 ordered rolls.
fn brute_our_node(leaf: &GameState) -> i64 {
    ordered_rolls()
        .into_iter()
        .map(|roll| {
            let rolled = leaf.with_dice(roll);
            let paths = legal_turn_paths(&rolled);
            if paths.is_empty() {
                return score_path(&rolled, &[], evaluate_material) as i64;
            }
            paths
                .iter()
                .map(|p| score_path(&rolled, p, evaluate_material) as i64)
                .max()
                .unwrap()
        })
        .sum()
}

#[test]
fn bare_kings_next_to_each_other_lose_on_every_king_roll() {
    // Black's king b2 touches White's king a1: every roll with a King die (91 of 216) captures it; the other
    // 125 rolls are forced passes, evaluated after end_turn at material 0.
    let outer = state("8/8/8/8/8/8/1k6/K7 b - - 0 1");
    let memo = Uncached::new(evaluate_material);
    let v = expand_chance(&outer, ChanceDepth::One, &memo, Traversal::Plain).unwrap();
    assert_eq!(v.numerator, 91 * LOSS_VALUE);
    assert_eq!(v.denominator(), 216);
    assert_eq!(v.to_f64(), 91.0 * LOSS_VALUE as f64 / 216.0);
    // 125 passes evaluate once each per roll class without a King die (35 classes), none with one.
    assert_eq!(memo.counters().evaluator_calls, 35);
}

#[test]
fn depth1_equals_brute_force_over_ordered_rolls_in_any_order() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    for dfen in OUTERS {
        let outer = state(dfen);
        let mut rolls = ordered_rolls();
        // Visit the 216 outcomes in a seeded random order: exact integer sums cannot depend on it.
        for i in (1..rolls.len()).rev() {
            rolls.swap(i, rng.random_range(0..=i));
        }
        let brute: i64 = rolls.iter().map(|&r| brute_roll_depth1(&outer, r)).sum();
        for traversal in [Traversal::Plain, Traversal::Cached] {
            let memo = EvaluationCache::new(evaluate_material);
            let v = expand_chance(&outer, ChanceDepth::One, &memo, traversal).unwrap();
            assert_eq!(v.numerator, brute, "{dfen} {traversal:?}");
        }
    }
}

#[test]
fn depth2_equals_score_path_brute_force() {
    // Small enough for a brute force over 216 x 216 ordered rolls at opt-level 2.
    let outer = state("k7/8/8/8/8/8/P7/7K b - - 0 1");
    let us = Color::White;
    let brute: i64 = ordered_rolls()
        .into_iter()
        .map(|roll| {
            let rolled = outer.with_dice(roll);
            let paths = legal_turn_paths(&rolled);
            if paths.is_empty() {
                let mut pass = rolled;
                pass.end_turn();
                return brute_our_node(&pass);
            }
            let mut best = i64::MAX;
            for p in &paths {
                let mut s = rolled;
                for (i, &m) in p.iter().enumerate() {
                    if i + 1 == p.len() && engine::captures_king(&s, m) {
                        return LOSS_VALUE * 216;
                    }
                    s.make_move(m);
                }
                s.end_turn();
                assert_eq!(s.side_to_move(), us);
                best = best.min(brute_our_node(&s));
            }
            best
        })
        .sum();
    for traversal in [Traversal::Plain, Traversal::Cached] {
        let memo = EvaluationCache::new(evaluate_material);
        let v = expand_chance(&outer, ChanceDepth::Two, &memo, traversal).unwrap();
        assert_eq!(v.numerator, brute, "{traversal:?}");
        assert_eq!(v.denominator(), 46656);
    }
}

/// Expands with one concrete memo type and returns (value, memo counters, expansion counters).
fn run<M: EvaluationMemo<Error = std::convert::Infallible>>(
    outer: &GameState,
    depth: ChanceDepth,
    traversal: Traversal,
    memo: M,
) -> (i64, engine::memo::MemoCounters, ChanceCounters) {
    let mut c = ChanceCounters::default();
    let Ok(v) = expand_chance_with(outer, depth, &memo, traversal, &mut c);
    let counters = memo.counters();
    // A second, uncounted pass over the now warm memo: same value, and no further evaluator call for caches.
    let Ok(quiet) = expand_chance(outer, depth, &memo, traversal);
    assert_eq!(quiet, v, "counting must not change the value");
    if counters.entry_count > 0 {
        assert_eq!(memo.counters().evaluator_calls, counters.evaluator_calls);
    }
    (v.numerator, counters, c)
}

#[test]
fn every_variant_and_traversal_agrees_and_counters_match() {
    type F = fn(&GameState, Color) -> i32;
    let f: F = evaluate_material;
    for dfen in OUTERS {
        let outer = state(dfen);
        let mut values = Vec::new();
        for traversal in [Traversal::Plain, Traversal::Cached] {
            let (a, none, ca) = counted(&outer, traversal, CacheKind::None, f);
            let mut memo_counts = Vec::new();
            for kind in [
                CacheKind::Tuple,
                CacheKind::Hashbrown,
                CacheKind::Fx,
                CacheKind::Optimized,
            ] {
                let (v, m, c) = counted(&outer, traversal, kind, f);
                assert_eq!(v, a, "{dfen} {kind} {traversal:?}");
                assert_eq!(c, ca, "expansion counters of {kind}");
                memo_counts.push(m);
            }
            assert!(
                memo_counts.windows(2).all(|w| w[0] == w[1]),
                "{memo_counts:?}"
            );
            let m = memo_counts[0];
            assert_eq!(none.evaluator_calls, m.evaluator_calls + m.cache_hits);
            assert_eq!((none.cache_hits, none.entry_count), (0, 0));
            assert_eq!(m.entry_count as u64, m.evaluator_calls);
            assert_eq!(ca.class_edges, 56);
            assert!(
                ca.generation.geometry > 0
                    && ca.generation.emissions > 0
                    && ca.generation.transitions >= ca.replays
            );
            values.push(a);
        }
        assert_eq!(
            values[0], values[1],
            "traversal cache changed the value of {dfen}"
        );
    }
}

/// One counted expansion with a fresh memo of `kind`.
fn counted(
    outer: &GameState,
    traversal: Traversal,
    kind: CacheKind,
    f: fn(&GameState, Color) -> i32,
) -> (i64, engine::memo::MemoCounters, ChanceCounters) {
    let d = ChanceDepth::One;
    match kind {
        CacheKind::None => run(outer, d, traversal, Uncached::with_callback(Plain(f))),
        CacheKind::Tuple => run(outer, d, traversal, TupleKeyCache::with_callback(Plain(f))),
        CacheKind::Hashbrown => run(outer, d, traversal, HashbrownCache::with_callback(Plain(f))),
        CacheKind::Fx => run(outer, d, traversal, FxCache::with_callback(Plain(f))),
        CacheKind::Optimized => run(
            outer,
            d,
            traversal,
            EvaluationCache::<Plain<fn(&GameState, Color) -> i32>>::with_callback(Plain(f)),
        ),
    }
}

#[test]
fn traversal_cache_saves_lookups_and_generation() {
    let outer = state(OUTERS[0]);
    let f: fn(&GameState, Color) -> i32 = evaluate_material;
    let (_, plain, cp) = counted(&outer, Traversal::Plain, CacheKind::Optimized, f);
    let (_, cached, cc) = counted(&outer, Traversal::Cached, CacheKind::Optimized, f);
    // Deduplicating each roll's leaves removes repeated lookups but never an evaluation.
    assert_eq!(plain.evaluator_calls, cached.evaluator_calls);
    assert!(cached.cache_hits < plain.cache_hits);
    assert!(
        cc.generation.emissions <= cp.generation.emissions
            && cc.generation.geometry <= cp.generation.geometry
    );
}

#[test]
fn every_lookup_is_keyed_by_our_colour() {
    let outer = state(OUTERS[2]);
    let us = Color::White;
    for depth in [ChanceDepth::One, ChanceDepth::Two] {
        let calls = Cell::new(0u64);
        let memo = Uncached::new(|s: &GameState, c: Color| {
            calls.set(calls.get() + 1);
            assert_eq!(c, us);
            match depth {
                // Depth-1 leaves: after the opponent's reply and end_turn, we are to move with no dice.
                ChanceDepth::One => assert!(s.side_to_move() == us && s.dice().is_empty()),
                // Depth-2 leaves: after our turn and end_turn, or our rolled position when we have no turn.
                ChanceDepth::Two => assert!(
                    (s.side_to_move() != us && s.dice().is_empty())
                        || (s.side_to_move() == us && s.dice().len() == 3)
                ),
            }
            evaluate_material(s, c)
        });
        if depth == ChanceDepth::Two {
            // Keep the depth-2 pass short: one lookup pattern check is enough.
            let small = state("k7/8/8/8/8/8/P7/7K b - - 0 1");
            expand_chance(&small, depth, &memo, Traversal::Cached).unwrap();
        } else {
            expand_chance(&outer, depth, &memo, Traversal::Plain).unwrap();
        }
        assert!(calls.get() > 0);
    }
}

#[test]
fn terminal_win_dominates_our_layer() {
    // White (us) has a rook on the a-file facing Black's king with nothing between: at depth 2, every roll of
    // ours with a Rook die captures the king, scoring TERMINAL_WIN_SCORE for that roll.
    let outer = state("k7/8/8/8/8/8/8/R6K b - - 0 1");
    let memo = EvaluationCache::new(evaluate_material);
    let v = expand_chance(&outer, ChanceDepth::Two, &memo, Traversal::Cached).unwrap();
    assert!(v.to_f64() > 0.5 * TERMINAL_WIN_SCORE as f64 * (91.0 / 216.0));
}

#[test]
fn evaluator_errors_propagate_unchanged() {
    let cases = [
        (OUTERS[0], ChanceDepth::One),
        ("k7/8/8/8/8/8/P7/7K b - - 0 1", ChanceDepth::Two),
    ];
    for (dfen, depth) in cases {
        for traversal in [Traversal::Plain, Traversal::Cached] {
            let calls = Cell::new(0);
            let memo = EvaluationCache::fallible(|s: &GameState, c: Color| {
                calls.set(calls.get() + 1);
                if calls.get() == 5 {
                    Err("evaluator failed")
                } else {
                    Ok(evaluate_material(s, c))
                }
            });
            let outer = state(dfen);
            assert_eq!(
                expand_chance(&outer, depth, &memo, traversal),
                Err("evaluator failed")
            );
            // The failure stopped the expansion at once and left no entry.
            assert_eq!(calls.get(), 5);
            assert_eq!(memo.entry_count(), 4);
        }
    }
}
