//! The evaluation-cache contract's worked examples (docs/evaluation-cache.md E9, E11, E13, T8), written from outside
//! the engine crate.

use engine::memo::{CacheKind, EvaluationCache, EvaluationMemo, Plain};
use engine::search::{Bound, SearchControl, SearchOutcome, TranspositionTable};
use engine::{Color, GameState, evaluate_material, legal_turn_paths, score_path};
use std::cell::Cell;

const F8: &str = "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP";
const F10: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3 NBP";

fn after(state: &GameState, path: &[engine::Move]) -> GameState {
    let mut s = *state;
    for &m in path {
        s.make_move(m);
    }
    s.end_turn();
    s
}

#[test]
fn commuting_pawn_pushes_reuse_evaluations_and_keep_every_path() {
    let f8 = GameState::from_dfen(F8).unwrap();
    let paths = legal_turn_paths(&f8);
    let eval = EvaluationCache::new(evaluate_material);
    let scored: Vec<i32> = paths
        .iter()
        .map(|p| score_path(&f8, p, |s, c| eval.apply(s, c)))
        .collect();
    assert_eq!(scored.len(), paths.len());
    assert!(
        eval.evaluator_calls() < paths.len() as u64,
        "{} calls for {} paths",
        eval.evaluator_calls(),
        paths.len()
    );
    let uncached: Vec<i32> = paths
        .iter()
        .map(|p| score_path(&f8, p, evaluate_material))
        .collect();
    assert_eq!(scored, uncached);
    // The two orders of a2a3 and h2h3 are distinct paths reaching one position.
    let a2a3_h2h3 = paths
        .iter()
        .position(|p| p.iter().map(|m| m.to_string()).eq(["a2a3", "h2h3"]))
        .unwrap();
    let h2h3_a2a3 = paths
        .iter()
        .position(|p| p.iter().map(|m| m.to_string()).eq(["h2h3", "a2a3"]))
        .unwrap();
    assert_ne!(a2a3_h2h3, h2h3_a2a3);
    assert_eq!(after(&f8, &paths[a2a3_h2h3]), after(&f8, &paths[h2h3_a2a3]));
    // Every unique final position was evaluated exactly once; the rest were hits.
    let c = eval.counters();
    assert_eq!(c.evaluator_calls + c.cache_hits, paths.len() as u64);
    assert_eq!(c.entry_count as u64, c.evaluator_calls);
}

#[test]
fn the_counter_boundary_separates_states_a_zobrist_key_merges() {
    let f8 = GameState::from_dfen(F8).unwrap();
    let paths = legal_turn_paths(&f8);
    let after_turn = after(&f8, &paths[0]);
    let later_turn = after_turn.with_full_move_number(after_turn.full_move_number() + 2);
    assert!(after_turn != later_turn && after_turn.zobrist() == later_turn.zobrist());
    let clock_only = after_turn.with_half_move_clock(after_turn.half_move_clock() + 1);
    assert!(after_turn != clock_only && after_turn.zobrist() == clock_only.zobrist());
    for kind in CacheKind::ALL {
        let calls = Cell::new(0);
        let memo = kind.build(Plain(|s: &GameState, c: Color| {
            calls.set(calls.get() + 1);
            evaluate_material(s, c)
        }));
        for s in [
            &after_turn,
            &later_turn,
            &clock_only,
            &after_turn,
            &later_turn,
            &clock_only,
        ] {
            memo.apply(s, Color::White);
        }
        let want = if kind == CacheKind::None { 6 } else { 3 };
        assert_eq!(calls.get(), want, "{kind}: three distinct keys");
        assert_eq!(memo.counters().evaluator_calls, want);
    }
}

#[test]
fn cancellation_is_checked_before_the_cache_including_warm_hits() {
    let f8 = GameState::from_dfen(F8).unwrap();
    let paths = legal_turn_paths(&f8);
    let eval = EvaluationCache::new(evaluate_material);
    // Warm the cache fully, then score again under a work budget of 3 lookups.
    for p in &paths {
        score_path(&f8, p, |s, c| eval.apply(s, c));
    }
    let warm = eval.counters();
    let control = SearchControl::with_work_budget(3);
    let scored: Vec<i32> = paths
        .iter()
        .take_while(|_| !control.is_cancelled())
        .map(|p| {
            control.add_work(1);
            score_path(&f8, p, |s, c| eval.apply(s, c))
        })
        .collect();
    assert_eq!(
        scored.len(),
        3,
        "an expired invocation makes no progress on warm hits"
    );
    assert_eq!(eval.cache_hits(), warm.cache_hits + 3);
    assert_eq!(eval.evaluator_calls(), warm.evaluator_calls);
}

#[test]
fn pre_probe_cancellation_and_incomplete_outcomes_in_the_transposition_table() {
    let f10 = GameState::from_dfen(F10).unwrap();
    let tt = TranspositionTable::new(1 << 10).unwrap();
    assert!(tt.store(f10.zobrist(), 125.0, Bound::Exact, 2, false));
    let probes = Cell::new(0);
    let probe_depth2 = |control: &SearchControl| -> SearchOutcome<f64> {
        if control.is_cancelled() {
            return SearchOutcome::Incomplete {
                work: control.work_used(),
            };
        }
        probes.set(probes.get() + 1);
        match tt.probe(f10.zobrist()) {
            Some(e) if e.depth == 2 && e.bound == Bound::Exact => SearchOutcome::Exact {
                value: e.value,
                work: control.work_used(),
            },
            _ => SearchOutcome::Incomplete {
                work: control.work_used(),
            },
        }
    };
    let expired = SearchControl::until_deadline(0, || 1);
    assert_eq!(
        probe_depth2(&SearchControl::unbounded()),
        SearchOutcome::Exact {
            value: 125.0,
            work: 0
        }
    );
    assert_eq!(
        probe_depth2(&expired),
        SearchOutcome::Incomplete { work: 0 }
    );
    assert_eq!(
        probes.get(),
        1,
        "the expired control never reached the table"
    );
    // A deadline on an injected clock: live before it, cancelled at it.
    let now = std::rc::Rc::new(Cell::new(10u64));
    let clock = std::rc::Rc::clone(&now);
    let timed = SearchControl::until_deadline(20, move || clock.get());
    assert!(!timed.is_cancelled());
    now.set(20);
    assert!(timed.is_cancelled());
}
