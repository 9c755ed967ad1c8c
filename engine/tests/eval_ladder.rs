//! The evaluator cost ladder (`mobility`, `network`, `work:N`): determinism, declared bounds on random boards
//! (legal or not: up to 64 pieces, several kings, pawns on any rank), and each evaluator's perspective symmetry.

use engine::eval::{
    MOBILITY_BOUNDS, NETWORK_BOUNDS, WORK_BOUNDS, evaluate_mobility, evaluate_network,
    evaluate_work,
};
use engine::{Color, GameState};
use proptest::prelude::*;

const PIECES: &[u8] = b"PNBRQKpnbrqk";

/// A board as 64 squares (index 0 = a1), each empty or a piece letter.
fn board() -> impl Strategy<Value = Vec<Option<u8>>> {
    (0u32..=100).prop_flat_map(|density| {
        proptest::collection::vec(
            (0u32..100, 0..PIECES.len())
                .prop_map(move |(roll, p)| (roll < density).then_some(PIECES[p])),
            64,
        )
    })
}

/// The DFEN of `squares` with White to move, no rights, no dice.
fn dfen(squares: &[Option<u8>]) -> String {
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match squares[rank * 8 + file] {
                Some(p) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(p as char);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    format!("{} w - - 0 1", ranks.join("/"))
}

/// The board with its ranks mirrored and the piece colours swapped.
fn mirrored(squares: &[Option<u8>]) -> Vec<Option<u8>> {
    (0..64)
        .map(|sq| squares[sq ^ 56].map(|p| p ^ 0x20))
        .collect()
}

fn state(squares: &[Option<u8>]) -> GameState {
    GameState::from_dfen(&dfen(squares)).unwrap_or_else(|e| panic!("{}: {e}", dfen(squares)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn values_lie_in_the_declared_bounds(squares in board(), rounds in 1u32..40) {
        let s = state(&squares);
        for c in [Color::White, Color::Black] {
            let m = evaluate_mobility(&s, c);
            prop_assert!(MOBILITY_BOUNDS.contains(m), "mobility {m} outside {MOBILITY_BOUNDS:?}");
            let n = evaluate_network(&s, c);
            prop_assert!(NETWORK_BOUNDS.contains(n), "network {n} outside {NETWORK_BOUNDS:?}");
            let w = evaluate_work(&s, c, rounds);
            prop_assert!(WORK_BOUNDS.contains(w), "work {w} outside {WORK_BOUNDS:?}");
        }
    }

    #[test]
    fn values_are_deterministic_functions_of_the_key(squares in board(), rounds in 1u32..40) {
        let s = state(&squares);
        // A copy rebuilt from text shares no memory with the original.
        let copy = GameState::from_dfen(&s.to_dfen()).unwrap();
        for c in [Color::White, Color::Black] {
            prop_assert_eq!(evaluate_mobility(&s, c), evaluate_mobility(&copy, c));
            prop_assert_eq!(evaluate_network(&s, c), evaluate_network(&copy, c));
            prop_assert_eq!(evaluate_work(&s, c, rounds), evaluate_work(&copy, c, rounds));
        }
    }

    #[test]
    fn mobility_and_work_are_antisymmetric(squares in board(), rounds in 1u32..40) {
        let s = state(&squares);
        prop_assert_eq!(evaluate_mobility(&s, Color::White), -evaluate_mobility(&s, Color::Black));
        prop_assert_eq!(evaluate_work(&s, Color::White, rounds), -evaluate_work(&s, Color::Black, rounds));
    }

    #[test]
    fn network_sees_the_mirrored_board_alike_from_the_other_side(squares in board()) {
        let s = state(&squares);
        let m = state(&mirrored(&squares));
        prop_assert_eq!(evaluate_network(&s, Color::White), evaluate_network(&m, Color::Black));
        prop_assert_eq!(evaluate_network(&s, Color::Black), evaluate_network(&m, Color::White));
    }
}

#[test]
fn mobility_rewards_reach_and_punishes_weak_pawns() {
    let eval = |d: &str| evaluate_mobility(&GameState::from_dfen(d).unwrap(), Color::White);
    // A centralised knight reaches 8 squares, a cornered one 2 (4 points each), and from d5 it also attacks e7
    // next to the black king (12 points of Black's king safety).
    assert_eq!(
        eval("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1") - eval("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"),
        6 * 4 + 12
    );
    // Doubling a pawn behind another on the a-file: one more pawn (100), doubled (-15), isolated (-12), and
    // passed too, since only enemy pawns stop a pawn (20, plus 5 for each of its two ranks advanced).
    let single = eval("4k3/8/8/8/P7/8/8/4K3 w - - 0 1");
    let doubled = eval("4k3/8/8/8/P7/P7/8/4K3 w - - 0 1");
    assert_eq!(doubled - single, 100 - 15 - 12 + 20 + 2 * 5);
    // A rook on a7 rather than a1: 14 squares instead of 10 (3 points each) and d7, e7, f7 around the black king
    // attacked (12 each).
    let open = eval("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let pressed = eval("4k3/R7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(pressed - open, 4 * 3 + 3 * 12);
}

#[test]
fn work_depends_on_every_round_and_every_keyed_word() {
    let s = GameState::from_dfen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let values: Vec<i32> = (1..=16)
        .map(|n| evaluate_work(&s, Color::White, n))
        .collect();
    let mut distinct = values.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        values.len(),
        "rounds must change the value: {values:?}"
    );
    let later = s.with_full_move_number(2);
    assert_ne!(
        evaluate_work(&s, Color::White, 4),
        evaluate_work(&later, Color::White, 4)
    );
}
