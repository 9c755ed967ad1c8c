//! The declared turn bounds hold: for every roll class and every legal non-capturing-the-king turn, material
//! moves only towards the mover (random positions, the hand-made roots with castling, en passant and
//! promotions, and every frozen scenario root); and the exhaustive opponent chance node after a root path never
//! exceeds 216 times the material before it, the bound Star1 and Star2 cut root candidates with.

mod search_support;

use engine::chance::{ChanceDepth, ROLLS, Traversal, expand_chance};
use engine::eval::{MATERIAL_TURN_BOUNDS, TurnBounds};
use engine::memo::Uncached;
use engine::{Color, GameState, PieceType, ROLL_CLASSES, evaluate_material, legal_turn_paths};
use proptest::prelude::*;

/// The declared slacks `(other_turn_raise, own_turn_drop)`.
fn declared(turn: TurnBounds) -> (i32, i32) {
    (turn.other_turn_raise(), turn.own_turn_drop())
}

/// Checks both inequalities of `turn` for `s` (a position whose side to move rolls) under every roll class.
/// `turn` is `(other_turn_raise, own_turn_drop)`. Returns the number of turns checked.
fn check_every_turn(s: &GameState, turn: (i32, i32)) -> Result<usize, String> {
    let (other_turn_raise, own_turn_drop) = turn;
    let mover = s.side_to_move();
    let other = !mover;
    let own_before = i64::from(evaluate_material(s, mover));
    let other_before = i64::from(evaluate_material(s, other));
    let kings = s.pieces(other, PieceType::King).count();
    let mut checked = 0;
    for &(dice, _) in ROLL_CLASSES.iter() {
        let rolled = s.with_dice(dice);
        for path in legal_turn_paths(&rolled) {
            let mut c = rolled;
            for &m in &path {
                c.make_move(m);
            }
            // A king capture is a terminal value, not an evaluation: outside the contract.
            if c.pieces(other, PieceType::King).count() < kings {
                continue;
            }
            c.end_turn();
            let own = i64::from(evaluate_material(&c, mover));
            let theirs = i64::from(evaluate_material(&c, other));
            if own < own_before - i64::from(own_turn_drop) {
                return Err(format!(
                    "{path:?}: the mover's value fell from {own_before} to {own}"
                ));
            }
            if theirs > other_before + i64::from(other_turn_raise) {
                return Err(format!(
                    "{path:?}: the other side's value rose from {other_before} to {theirs}"
                ));
            }
            checked += 1;
        }
    }
    Ok(checked)
}

/// A DFEN with both kings and up to eight more pieces (pawns off the first and last rank), either side to move.
fn position() -> impl Strategy<Value = Option<String>> {
    let piece = prop::sample::select("PNBRQpnbrq".chars().collect::<Vec<_>>());
    (
        0usize..64,
        0usize..64,
        prop::collection::vec((0usize..64, piece), 0..=8),
        any::<bool>(),
    )
        .prop_map(|(wk, bk, extra, white)| {
            let mut board = ['.'; 64];
            board[wk] = 'K';
            if board[bk] != '.' {
                return None;
            }
            board[bk] = 'k';
            for (sq, p) in extra {
                let rank = sq / 8;
                if board[sq] != '.' || (p.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
                    return None;
                }
                board[sq] = p;
            }
            let rows: Vec<String> = (0..8)
                .rev()
                .map(|rank| {
                    let mut row = String::new();
                    let mut empty = 0;
                    for &c in &board[rank * 8..rank * 8 + 8] {
                        if c == '.' {
                            empty += 1;
                            continue;
                        }
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                    }
                    row
                })
                .collect();
            let side = if white { "w" } else { "b" };
            Some(format!("{} {side} - - 0 1", rows.join("/")))
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn material_moves_only_towards_the_mover_on_random_positions(text in position()) {
        let Some(text) = text else { return Ok(()) };
        let Ok(s) = GameState::from_dfen(&text) else { return Ok(()) };
        if let Err(e) = check_every_turn(&s, declared(MATERIAL_TURN_BOUNDS)) {
            prop_assert!(false, "{}: {}", text, e);
        }
    }
}

/// The hand-made and frozen roots cover castling, en passant onto several targets and promotions.
#[test]
fn material_moves_only_towards_the_mover_on_every_frozen_and_hand_made_root() {
    let mut roots: Vec<String> = search_support::SMALL_ROOTS
        .iter()
        .chain(search_support::TINY_ROOTS.iter())
        .map(|s| s.to_string())
        .collect();
    roots.extend(
        search_support::scenario_roots()
            .into_iter()
            .map(|(_, dfen, _)| dfen),
    );
    let mut checked = 0;
    for dfen in &roots {
        let s = GameState::from_dfen(dfen).unwrap();
        checked += check_every_turn(&s, declared(MATERIAL_TURN_BOUNDS))
            .unwrap_or_else(|e| panic!("{dfen}: {e}"));
    }
    assert!(checked > 10_000, "only {checked} turns checked");
}

/// A bound claiming the opponent's turn always costs us a pawn is wrong, and the check says so: the test above
/// can fail.
#[test]
fn a_wrong_bound_is_caught() {
    let s = GameState::from_dfen(search_support::SMALL_ROOTS[0]).unwrap();
    let mut pass = s;
    pass.end_turn();
    assert!(check_every_turn(&pass, (-100, 0)).is_err());
}

/// The exhaustive opponent chance node after each root path (the nested expansion, one layer) lies at or below
/// 216 times our material before the opponent rolls.
#[test]
fn the_opponent_chance_node_never_exceeds_the_material_before_it() {
    let mut nodes = 0;
    for (_, dfen, _) in search_support::scenario_roots() {
        let root = GameState::from_dfen(&dfen).unwrap();
        let us: Color = root.side_to_move();
        for path in legal_turn_paths(&root).into_iter().take(6) {
            let mut after = root;
            for &m in &path {
                after.make_move(m);
            }
            if after.pieces(!us, PieceType::King).count()
                < root.pieces(!us, PieceType::King).count()
            {
                continue;
            }
            after.end_turn();
            let memo = Uncached::new(evaluate_material);
            let value = expand_chance(&after, ChanceDepth::One, &memo, Traversal::Cached)
                .unwrap()
                .numerator;
            let bound = ROLLS * i64::from(evaluate_material(&after, us));
            assert!(value <= bound, "{dfen} {path:?}: {value} above {bound}");
            nodes += 1;
        }
    }
    assert!(nodes > 20);
}
