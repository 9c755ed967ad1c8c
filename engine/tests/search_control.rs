//! Cancellation inside the search: a work budget of K evaluator calls stops within K (plus one in-flight
//! callback), an injected clock's deadline stops at the first check past it, an interrupted search never
//! reports a value, and iterative deepening keeps the deepest completed iteration.

mod search_support;

use engine::eval::MATERIAL_BOUNDS;
use engine::memo::{CacheKind, EvaluationCache, EvaluationMemo, Plain};
use engine::search::{
    Pruning, SearchConfig, SearchControl, SearchDepth, SearchOutcome, TranspositionTable, search,
    search_iteratively,
};
use engine::{GameState, evaluate_material};
use std::cell::Cell;
use std::rc::Rc;

const ROOT: &str = "4k3/3p4/8/8/8/8/3PP3/4K3 w - - 0 2 PNK";

fn root() -> GameState {
    GameState::from_dfen(ROOT).unwrap()
}

#[test]
fn a_budget_of_k_evaluations_stops_within_k_and_never_reports_a_value() {
    for pruning in Pruning::ALL {
        for cache in [CacheKind::None, CacheKind::Optimized] {
            let table = TranspositionTable::new(1 << 12).unwrap();
            let config = SearchConfig::new(pruning, MATERIAL_BOUNDS).with_table(&table);
            let memo = cache.build(Plain(evaluate_material));
            let full = search(
                &root(),
                SearchDepth::Two,
                &config,
                &*memo,
                &SearchControl::unbounded(),
            )
            .unwrap();
            let needed = full.counters.evaluator_calls;
            let value = full.outcome.value().unwrap().value;
            assert!(needed > 100, "{pruning} {cache}: {needed}");
            for k in [1, 2, 7, 50, needed / 2, needed - 1, needed, needed + 5] {
                table.clear();
                let memo = cache.build(Plain(evaluate_material));
                let control = SearchControl::with_work_budget(k);
                let r = search(&root(), SearchDepth::Two, &config, &*memo, &control).unwrap();
                let calls = memo.counters().evaluator_calls;
                assert!(
                    calls <= k + 1,
                    "{pruning} {cache} budget {k}: {calls} calls"
                );
                assert_eq!(r.counters.evaluator_calls, calls);
                assert_eq!(control.work_used(), calls);
                if k < needed {
                    assert_eq!(
                        r.outcome,
                        SearchOutcome::Incomplete { work: calls },
                        "{pruning} {cache} {k}"
                    );
                    assert_eq!(calls, k, "the budget is used up before stopping");
                } else if k > needed {
                    assert_eq!(
                        r.outcome.value().unwrap().value,
                        value,
                        "{pruning} {cache} {k}"
                    );
                } else if let Some(v) = r.outcome.value() {
                    // Spent exactly at the last evaluation: complete only if no check followed it.
                    assert_eq!(v.value, value);
                }
            }
        }
    }
}

/// A clock that advances one tick per reading, so the deadline is a count of cancellation checks.
fn ticking_clock() -> (Rc<Cell<u64>>, impl Fn() -> u64 + 'static) {
    let ticks = Rc::new(Cell::new(0));
    let t = Rc::clone(&ticks);
    (ticks, move || {
        t.set(t.get() + 1);
        t.get()
    })
}

#[test]
fn a_deadline_stops_at_the_first_check_past_it() {
    let table = TranspositionTable::new(1 << 12).unwrap();
    let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS).with_table(&table);
    let (ticks, clock) = ticking_clock();
    let memo = EvaluationCache::new(evaluate_material);
    let done = search(
        &root(),
        SearchDepth::Two,
        &config,
        &memo,
        &SearchControl::until_deadline(u64::MAX, clock),
    )
    .unwrap();
    let checks = ticks.get();
    assert!(done.outcome.is_exact());
    // One check per table probe and per leaf evaluation (warm hits included).
    assert_eq!(checks, done.counters.tt_probes + done.counters.leaves);
    for deadline in [1, 10, checks / 3, checks - 1] {
        table.clear();
        let (ticks, clock) = ticking_clock();
        let memo = EvaluationCache::new(evaluate_material);
        let control = SearchControl::until_deadline(deadline, clock);
        let r = search(&root(), SearchDepth::Two, &config, &memo, &control).unwrap();
        assert!(!r.outcome.is_exact(), "deadline {deadline}");
        assert_eq!(
            ticks.get(),
            deadline,
            "no check after the one that saw the deadline"
        );
    }
}

#[test]
fn warm_cache_hits_are_refused_once_cancelled() {
    let memo = EvaluationCache::new(evaluate_material);
    let config = SearchConfig::new(Pruning::None, MATERIAL_BOUNDS);
    search(
        &root(),
        SearchDepth::Two,
        &config,
        &memo,
        &SearchControl::unbounded(),
    )
    .unwrap();
    let warm = memo.counters();
    let expired = SearchControl::until_deadline(0, || 1);
    let r = search(&root(), SearchDepth::Two, &config, &memo, &expired).unwrap();
    assert!(!r.outcome.is_exact());
    assert_eq!(r.counters.leaves, 0);
    assert_eq!(memo.counters(), warm, "not even a hit after cancellation");
}

#[test]
fn iterative_deepening_keeps_the_deepest_completed_iteration() {
    let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
    let fixed = |depth| {
        let memo = EvaluationCache::new(evaluate_material);
        search(&root(), depth, &config, &memo, &SearchControl::unbounded())
            .unwrap()
            .outcome
            .value()
            .unwrap()
            .clone()
    };
    let d1 = fixed(SearchDepth::One);
    let d2 = fixed(SearchDepth::Two);
    let memo = EvaluationCache::new(evaluate_material);
    let all = search_iteratively(
        &root(),
        SearchDepth::Two,
        &config,
        &memo,
        &SearchControl::unbounded(),
    )
    .unwrap();
    assert!(all.is_complete());
    assert_eq!(all.depth_completed(), 2);
    assert_eq!(all.completed.as_ref().unwrap().value, d2.value);
    // A budget depth 1 fits in but depth 2 does not.
    let memo = EvaluationCache::new(evaluate_material);
    let one = search(
        &root(),
        SearchDepth::One,
        &config,
        &memo,
        &SearchControl::unbounded(),
    )
    .unwrap();
    let budget = one.counters.evaluator_calls + 10;
    let memo = EvaluationCache::new(evaluate_material);
    let control = SearchControl::with_work_budget(budget);
    let cut = search_iteratively(&root(), SearchDepth::Two, &config, &memo, &control).unwrap();
    assert!(!cut.is_complete());
    assert_eq!(cut.depth_completed(), 1);
    assert_eq!(cut.completed.as_ref().unwrap().value, d1.value);
    assert_eq!(cut.last, SearchOutcome::Incomplete { work: budget });
    // Nothing completes under an expired deadline.
    let memo = EvaluationCache::new(evaluate_material);
    let none = search_iteratively(
        &root(),
        SearchDepth::Three,
        &config,
        &memo,
        &SearchControl::until_deadline(0, || 1),
    )
    .unwrap();
    assert_eq!(
        (none.depth_completed(), none.completed.is_none()),
        (0, true)
    );
}
