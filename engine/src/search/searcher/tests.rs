//! Role separation: the same board as the opponent's chance node and as ours never shares a table entry.

use super::*;
use crate::eval::MATERIAL_BOUNDS;
use crate::memo::EvaluationCache;
use crate::{GameState, evaluate_material};

fn node_value(board: &GameState, us: Color, table: Option<&TranspositionTable>) -> Scored {
    let memo = EvaluationCache::new(evaluate_material);
    let control = SearchControl::unbounded();
    let mut s = Searcher::new(
        &memo,
        &control,
        table,
        Pruning::Star2,
        ValueRanges::new(MATERIAL_BOUNDS),
        us,
    );
    s.after_turn(board, 1, Window::FULL).ok().unwrap()
}

/// Black to roll on a board where White is a rook up: as White's view of the opponent's node the value is
/// about +500, as Black's own chance node about −500. With the salt both go through one table and each gets
/// its own value; without it the second would read the first's entry (same key, same remaining depth).
#[test]
fn max_and_min_chance_nodes_on_one_board_never_collide() {
    let board = GameState::from_dfen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap();
    let as_min = node_value(&board, Color::White, None);
    let as_max = node_value(&board, Color::Black, None);
    assert_ne!(as_min.value, as_max.value);
    let table = TranspositionTable::new(1 << 10).unwrap();
    assert_eq!(node_value(&board, Color::White, Some(&table)), as_min);
    assert!(table.probe(board.zobrist()).is_some());
    assert!(table.probe(max_chance_key(board.zobrist())).is_none());
    assert_eq!(node_value(&board, Color::Black, Some(&table)), as_max);
    assert!(table.probe(max_chance_key(board.zobrist())).is_some());
    assert_eq!(
        node_value(&board, Color::White, Some(&table)).value,
        as_min.value
    );
}
