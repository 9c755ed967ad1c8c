//! The evaluator's own cost per call, measured directly: the evaluator alone over the very evaluations the family's
//! uncached expansion asks for, timed in rounds interleaved with the `constant` evaluator over the same list, so
//! the loop, the list's memory traffic and the call cost the same on both sides and cancel. Per round, (time with
//! the evaluator − time with `constant`) / calls; the estimate is the median of those paired differences with the
//! order-statistic interval. An interval that holds 0 means the cost is below the timer's resolution.
//!
//! Why not the difference of the family's `none` times with the two evaluators: those are two medians of separate
//! groups timed minutes apart, so their difference carries both groups' noise (it read as a negative cost).

use super::arm::evaluated_states;
use crate::evaluators::EvaluatorKind;
use crate::measure::{Plan, measure_interleaved};
use crate::statistics::{Interval, summarize};
use engine::chance::{ChanceDepth, Traversal};
use engine::{Color, GameState};

/// Nanoseconds per call of `eval` over the evaluations of `states`' uncached expansion with `traversal` (`None`
/// when the expansion evaluates nothing).
pub(crate) fn evaluator_ns_per_call(
    states: &[GameState],
    depth: ChanceDepth,
    traversal: Traversal,
    eval: EvaluatorKind,
    plan: &Plan,
) -> Option<Interval> {
    let calls = evaluated_states(states, depth, traversal);
    if calls.is_empty() {
        return None;
    }
    let pass = |f: fn(&GameState, Color) -> i32| {
        let calls = &calls;
        move || {
            let mut sum = 0i64;
            for (s, c) in calls {
                sum = sum.wrapping_add(i64::from(f(std::hint::black_box(s), *c)));
            }
            std::hint::black_box(sum);
        }
    };
    let mut evaluator = pass(eval.function());
    let mut constant = pass(EvaluatorKind::Constant.function());
    let timed = measure_interleaved(&mut [&mut evaluator, &mut constant], plan);
    let n = calls.len() as f64;
    let differences: Vec<f64> = timed[0]
        .ns_per_op
        .iter()
        .zip(&timed[1].ns_per_op)
        .map(|(e, c)| (e - c) / n)
        .collect();
    summarize(&differences)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn plan() -> Plan {
        Plan {
            warm_up: Duration::from_millis(5),
            min_rounds: 6,
            max_rounds: 6,
            budget: Duration::ZERO,
            sample_target: Duration::from_millis(1),
            seed: 1,
        }
    }

    #[test]
    fn the_recorded_calls_are_the_uncached_expansions_calls() {
        let scn = crate::scenario::load_dir(
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios")),
            &crate::scenario::families(&["promotion-en-passant".to_owned()]).unwrap(),
        )
        .unwrap()
        .remove(0);
        let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
        for traversal in [Traversal::Cached, Traversal::Plain] {
            let counted = super::super::count_family(
                &states,
                scn.depth,
                super::super::Arm {
                    cache: engine::memo::CacheKind::None,
                    eval: EvaluatorKind::Material,
                    traversal,
                },
            );
            let recorded = evaluated_states(&states, scn.depth, traversal);
            assert_eq!(recorded.len() as u64, counted.memo.evaluator_calls);
        }
        // The constant evaluator against itself: an interval, whatever its sign (nothing timed is asserted).
        let i = evaluator_ns_per_call(
            &states,
            scn.depth,
            Traversal::Cached,
            EvaluatorKind::Constant,
            &plan(),
        )
        .unwrap();
        assert_eq!(i.n, 6);
        assert!(i.low <= i.point && i.point <= i.high);
    }
}
