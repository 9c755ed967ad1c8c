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

/// The turn bounds are load-bearing: declared correctly, Star1 and Star2 equal plain expectimax; declared too
/// tight (the opponent's turn claimed to cost us at least a minor piece), some root's value comes out wrong.
#[test]
fn a_wrong_turn_bound_gives_a_wrong_value_and_the_right_one_does_not() {
    use crate::eval::{MATERIAL_TURN_BOUNDS, TurnBounds};
    use crate::search::{SearchConfig, SearchDepth, search};
    let roots = [
        "4k3/4r3/8/8/8/8/3P4/4K3 w - - 0 1 PKN",
        "4k3/3p4/8/8/8/8/3PP3/4K3 w - - 0 2 PNK",
        "r3k3/1p6/8/8/8/8/1P6/4K2R w K - 0 5 KRP",
        "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 3 PPQ",
        // The queen may take a pawn the other pawn defends: ranked first, worth less than a quiet move.
        "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1 QNN",
    ];
    let value = |root: &GameState, pruning, turn: Option<TurnBounds>| {
        let memo = EvaluationCache::new(evaluate_material);
        let mut config = SearchConfig::new(pruning, MATERIAL_BOUNDS);
        if let Some(turn) = turn {
            config = config.with_turn_bounds(turn);
        }
        let report = search(
            root,
            SearchDepth::Two,
            &config,
            &memo,
            &SearchControl::unbounded(),
        );
        report.ok().unwrap().outcome.value().unwrap().value
    };
    let mut wrong = 0;
    for dfen in roots {
        let root = GameState::from_dfen(dfen).unwrap();
        let plain = value(&root, Pruning::None, None);
        for pruning in [Pruning::Star1, Pruning::Star2] {
            assert_eq!(
                value(&root, pruning, Some(MATERIAL_TURN_BOUNDS)),
                plain,
                "{dfen} {pruning}"
            );
            let too_tight = TurnBounds::declared(-300, 0);
            wrong += usize::from(value(&root, pruning, Some(too_tight)) != plain);
        }
    }
    assert!(wrong > 0, "a wrong bound went unnoticed on every root");
}

/// The probing pass is skipped exactly where its one-sided bounds cannot reach the window: the opponent's node
/// with no alpha, ours with no beta; a finite limit on the probed side keeps it, except at the last ply, which
/// is never probed.
#[test]
fn probing_is_skipped_only_where_no_probe_can_settle_the_node() {
    assert!(!probe_can_settle(Role::Them, 2, Window::FULL));
    assert!(!probe_can_settle(Role::Us, 2, Window::FULL));
    let low = Window {
        alpha: -5,
        beta: INF,
    };
    let high = Window {
        alpha: -INF,
        beta: 5,
    };
    assert!(probe_can_settle(Role::Them, 2, low));
    assert!(!probe_can_settle(Role::Them, 2, high));
    assert!(probe_can_settle(Role::Us, 2, high));
    assert!(!probe_can_settle(Role::Us, 2, low));
    assert!(!probe_can_settle(Role::Them, 1, low));
    assert!(!probe_can_settle(Role::Us, 1, high));
}

/// A window cuts only if some weighted sum of class values can reach it: one end inside the range the node's
/// value can take (216 times its classes' range) is enough.
#[test]
fn a_window_outside_every_reachable_value_cuts_nothing() {
    let unknown = Range { lo: -10, hi: 20 };
    assert!(!window_can_cut(Window::FULL, unknown));
    let around = Window {
        alpha: -10 * 216 - 1,
        beta: 20 * 216 + 1,
    };
    assert!(!window_can_cut(around, unknown));
    let low_end = Window {
        alpha: -10 * 216,
        ..around
    };
    assert!(window_can_cut(low_end, unknown));
    let high_end = Window {
        beta: 20 * 216,
        ..around
    };
    assert!(window_can_cut(high_end, unknown));
}

/// A node Star2 searches without its probing pass (full window) and with it (a finite alpha just below the
/// value, which no probe sum can reach, and one above it, which the probes settle) agrees with plain
/// expectimax: exact inside the window, a true upper bound at or below alpha. Two plies deep, since the last
/// ply is never probed. One board has a roll class with no legal reply (a pass), one a capture of our king.
#[test]
fn star2_with_and_without_probes_agrees_with_plain_expectimax() {
    let boards = [
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",
        "4k3/4r3/8/8/8/8/8/4K3 b - - 0 1",
        "7k/8/8/8/8/8/p7/K7 b - - 0 1",
    ];
    for dfen in boards {
        let board = GameState::from_dfen(dfen).unwrap();
        let memo = EvaluationCache::new(evaluate_material);
        let control = SearchControl::unbounded();
        let node = |pruning, w| {
            let mut s = Searcher::new(
                &memo,
                &control,
                None,
                pruning,
                ValueRanges::new(MATERIAL_BOUNDS),
                Color::White,
            );
            s.after_turn(&board, 2, w).ok().unwrap()
        };
        let plain = node(Pruning::None, Window::FULL);
        assert_eq!(node(Pruning::Star2, Window::FULL), plain, "{dfen}");
        let below = Window {
            alpha: plain.value - 1,
            beta: INF,
        };
        let r = node(Pruning::Star2, below);
        assert_eq!((r.value, r.bound), (plain.value, Bound::Exact), "{dfen}");
        let above = Window {
            alpha: plain.value + 1,
            beta: INF,
        };
        let r = node(Pruning::Star2, above);
        assert!(
            r.is_upper() && r.value <= above.alpha && r.value >= plain.value,
            "{dfen}"
        );
    }
}
