use super::*;
use crate::dice::DicePool;
use crate::eval::{MATERIAL_BOUNDS, evaluate_material};
use crate::memo::{EvaluationCache, Uncached};
use crate::piece::PieceType;
use crate::search::{
    Pruning, SearchConfig, SearchControl, SearchDepth, TranspositionTable, WorkUnit, search,
};
use crate::state::GameState;
use crate::turns::legal_turn_paths;
use std::convert::Infallible;

fn depth_one_game(start: &GameState, seed: u64, rules: GameRules) -> GameRecord {
    let memo = Uncached::new(evaluate_material);
    let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
    let plan = DepthPlan::Fixed(SearchDepth::One);
    let mut white = SearchPlayer::new(&memo, config, plan, MoveBudget::Unbounded);
    let mut black = SearchPlayer::new(&memo, config, plan, MoveBudget::Unbounded);
    let players: [&mut dyn Player<Error = Infallible>; 2] = [&mut white, &mut black];
    match play_game(start, &mut RollSequence::new(seed), players, rules) {
        Ok(g) => g,
        Err(never) => match never {},
    }
}

#[test]
fn a_node_budget_counts_the_nodes_the_counters_count() {
    let root = GameState::from_dfen("k7/8/8/8/8/8/8/r2QK3 w - - 0 1 QPP").unwrap();
    let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
    let control = SearchControl::unbounded().counting(WorkUnit::Nodes);
    let memo = EvaluationCache::new(evaluate_material);
    let report = search(&root, SearchDepth::Two, &config, &memo, &control).unwrap();
    assert!(report.outcome.is_exact());
    assert_eq!(control.work_used(), report.counters.nodes);
    // A budget below that cuts the search; the same budget cuts it at the same point every time.
    let cut = |budget| {
        let control = SearchControl::with_work_budget(budget).counting(WorkUnit::Nodes);
        let memo = EvaluationCache::new(evaluate_material);
        search(&root, SearchDepth::Two, &config, &memo, &control)
            .unwrap()
            .counters
    };
    let half = report.counters.nodes / 2;
    assert_eq!(cut(half), cut(half));
    assert!(cut(half).nodes < report.counters.nodes);
}

#[test]
fn every_turn_plays_a_legal_path_and_the_game_ends_by_a_reason() {
    for seed in 0..6 {
        let game = depth_one_game(&GameState::initial(), seed, GameRules::standard(300));
        let mut state = GameState::initial();
        for t in &game.turns {
            assert_eq!(t.position.with_dice(DicePool::EMPTY), state);
            let legal = legal_turn_paths(&t.position);
            if legal.is_empty() {
                assert!(
                    t.choice.result.best.is_empty(),
                    "a pass when nothing is legal"
                );
            } else {
                assert!(legal.contains(&t.choice.result.best));
            }
            state = t.position;
            for &m in &t.choice.result.best {
                state.make_move(m);
            }
            state.end_turn();
        }
        assert_eq!(state, game.end);
        match game.result.reason {
            EndReason::KingCapture => {
                let winner = game.result.winner.unwrap();
                assert!(game.end.pieces(!winner, PieceType::King).is_empty());
            }
            EndReason::HalfMoveClock => assert!(game.end.half_move_clock() >= CLOCK_DRAW),
            EndReason::TurnCap => assert_eq!(game.turns.len(), 300),
        }
    }
}

#[test]
fn a_roll_without_a_usable_die_is_a_pass() {
    let start = GameState::from_dfen("k7/8/8/8/8/8/8/7K w - - 0 1").unwrap();
    let seed = (0..100)
        .find(|&s| !RollSequence::new(s).get(0).contains(PieceType::King))
        .unwrap();
    let game = depth_one_game(&start, seed, GameRules::standard(1));
    assert_eq!(game.turns.len(), 1);
    assert!(game.turns[0].choice.result.best.is_empty());
    assert_eq!(game.end.side_to_move(), crate::Color::Black);
    assert_eq!(game.result.reason, EndReason::TurnCap);
}

#[test]
fn the_clock_draws_at_the_start_of_a_turn() {
    let at_limit = GameState::from_dfen("k7/8/8/8/8/8/8/7K w - - 100 1").unwrap();
    let game = depth_one_game(&at_limit, 1, GameRules::standard(10));
    assert!(game.turns.is_empty());
    assert_eq!(
        game.result,
        GameEnd {
            winner: None,
            reason: EndReason::HalfMoveClock
        }
    );
    // One quiet king move from 99 reaches 100: the next turn does not start.
    let seed = (0..100)
        .find(|&s| RollSequence::new(s).get(0).contains(PieceType::King))
        .unwrap();
    let near = GameState::from_dfen("k7/8/8/8/8/8/8/7K w - - 99 1").unwrap();
    let game = depth_one_game(&near, seed, GameRules::standard(10));
    assert_eq!(game.turns.len(), 1);
    assert_eq!(game.result.reason, EndReason::HalfMoveClock);
    // Off, the game plays on to the cap.
    let rules = GameRules {
        max_turns: 4,
        clock_draw: None,
    };
    assert_eq!(depth_one_game(&at_limit, 1, rules).turns.len(), 4);
}

#[test]
fn the_two_games_of_a_pair_read_the_same_rolls() {
    let start = GameState::initial();
    let memo = EvaluationCache::new(evaluate_material);
    let table = TranspositionTable::new(1 << 10).unwrap();
    let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS).with_table(&table);
    let budget = MoveBudget::Work {
        unit: WorkUnit::Nodes,
        units: 300,
    };
    let mut rolls = RollSequence::new(pair_seed(9, 0));
    let mut a = SearchPlayer::new(&memo, config, DepthPlan::Fixed(SearchDepth::Two), budget);
    let mut b = SearchPlayer::new(&memo, config, DepthPlan::Fixed(SearchDepth::One), budget);
    let first = play_game(
        &start,
        &mut rolls,
        [&mut a, &mut b],
        GameRules::standard(60),
    )
    .unwrap();
    let second = play_game(
        &start,
        &mut rolls,
        [&mut b, &mut a],
        GameRules::standard(60),
    )
    .unwrap();
    for (x, y) in first.turns.iter().zip(&second.turns) {
        assert_eq!(x.position.dice(), y.position.dice());
    }
    let mut fresh = RollSequence::new(pair_seed(9, 0));
    for (k, t) in first.turns.iter().enumerate() {
        assert_eq!(t.position.dice(), fresh.get(k));
    }
}
