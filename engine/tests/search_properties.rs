//! Pruned = plain = the oracle on proptest-generated small positions (kings plus up to three pieces, random
//! dice), for every pruning, table on/off and cache kind, at depths 1 and 2; and table on/off equality for
//! every shipped evaluator.

mod search_support;

use engine::eval::{
    AGGRESSIVE_BOUNDS, CONSTANT_BOUNDS, EVALUATE_BOUNDS, MATERIAL_BOUNDS, ValueBounds,
};
use engine::memo::CacheKind;
use engine::search::{Pruning, SearchDepth};
use engine::{Color, GameState, evaluate, evaluate_aggressive, evaluate_material};
use proptest::prelude::*;
use search_support::{Arm, arms, oracle, run, run_with};

/// A DFEN with both kings and `extra` pieces on distinct squares, `mover` to move with `dice`.
fn dfen(kings: (usize, usize), extra: &[(usize, char)], white: bool, dice: &str) -> Option<String> {
    let mut board = ['.'; 64];
    board[kings.0] = 'K';
    if board[kings.1] != '.' {
        return None;
    }
    board[kings.1] = 'k';
    for &(sq, p) in extra {
        let rank = sq / 8;
        if board[sq] != '.' || (p.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
            return None;
        }
        board[sq] = p;
    }
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                '.' => empty += 1,
                c => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let side = if white { "w" } else { "b" };
    let dice = if white {
        dice.to_uppercase()
    } else {
        dice.to_string()
    };
    Some(format!("{} {side} - - 0 1 {dice}", rows.join("/")))
}

fn small_position() -> impl Strategy<Value = Option<String>> {
    let piece = prop::sample::select(vec!['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q']);
    let die = prop::sample::select(vec!['p', 'n', 'b', 'r', 'q', 'k']);
    (
        0usize..64,
        0usize..64,
        prop::collection::vec((0usize..64, piece), 0..=3),
        any::<bool>(),
        prop::collection::vec(die, 3),
    )
        .prop_map(|(wk, bk, extra, white, dice)| {
            dfen(
                (wk, bk),
                &extra,
                white,
                &dice.into_iter().collect::<String>(),
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn every_arm_equals_the_oracle(text in small_position()) {
        let Some(text) = text else { return Ok(()) };
        let Ok(root) = GameState::from_dfen(&text) else { return Ok(()) };
        for depth in [SearchDepth::One, SearchDepth::Two] {
            let expected = oracle(&root, depth, evaluate_material);
            for arm in arms() {
                let (result, _) = run(&root, depth, arm);
                prop_assert_eq!(result.value, expected, "{} depth {} {:?}", text, depth, arm);
            }
        }
    }
}

type Evaluator = fn(&GameState, Color) -> i32;

const EVALUATORS: [(&str, Evaluator, ValueBounds); 4] = [
    ("material", evaluate_material, MATERIAL_BOUNDS),
    ("evaluate", evaluate, EVALUATE_BOUNDS),
    ("aggressive", evaluate_aggressive, AGGRESSIVE_BOUNDS),
    ("constant", |_, _| 0, CONSTANT_BOUNDS),
];

/// The Zobrist key ignores the clocks, so positions differing only there share table entries; that is exact
/// because no shipped evaluator reads the clocks. Searched with one shared table, roots that differ only in
/// their clocks give the values a fresh, table-free search gives.
#[test]
fn table_on_equals_table_off_for_every_shipped_evaluator_across_clock_values() {
    for (name, eval, bounds) in EVALUATORS {
        for dfen in search_support::SMALL_ROOTS {
            let root = GameState::from_dfen(dfen).unwrap();
            for pruning in Pruning::ALL {
                let off = Arm {
                    pruning,
                    cache: CacheKind::Optimized,
                    tt: false,
                    turn_bounds: false,
                };
                let on = Arm { tt: true, ..off };
                let (a, _) = run_with(&root, SearchDepth::Two, off, eval, bounds);
                let (b, _) = run_with(&root, SearchDepth::Two, on, eval, bounds);
                assert_eq!(a.value, b.value, "{name} {dfen} {pruning}");
                assert_eq!(a.loss_tainted, b.loss_tainted, "{name} {dfen} {pruning}");
            }
            let table = engine::search::TranspositionTable::new(1 << 14).unwrap();
            for (half, full) in [(0u8, 1u32), (37, 12), (99, 200)] {
                let clocked = root.with_half_move_clock(half).with_full_move_number(full);
                assert_eq!(clocked.zobrist(), root.zobrist());
                let memo = engine::memo::EvaluationCache::new(eval);
                let config =
                    engine::search::SearchConfig::new(Pruning::Star2, bounds).with_table(&table);
                let shared = engine::search::search(
                    &clocked,
                    SearchDepth::Two,
                    &config,
                    &memo,
                    &engine::search::SearchControl::unbounded(),
                )
                .unwrap();
                let off = Arm {
                    pruning: Pruning::None,
                    cache: CacheKind::None,
                    tt: false,
                    turn_bounds: false,
                };
                let (fresh, _) = run_with(&clocked, SearchDepth::Two, off, eval, bounds);
                assert_eq!(
                    shared.outcome.value().unwrap().value,
                    fresh.value,
                    "{name} {dfen} clocks {half} {full}"
                );
            }
        }
    }
}
