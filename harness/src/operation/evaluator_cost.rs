//! The evaluator's own cost per call, measured directly: the evaluator alone over a sample of the very evaluations
//! an uncached expansion asks for, timed in rounds against the `constant` evaluator over the same sample (the two
//! passes back to back, in an order drawn from a seeded coin), so the loop and the call cost the same on both sides
//! and cancel. Per round, (time with the evaluator − time with `constant`) / calls; the estimate is the median of
//! those paired differences with the order-statistic interval (`n` = rounds).
//!
//! The callers pass the operation callgrind counts (the family's first successor,
//! [`crate::callgrind::operation_states`]), so the cost in nanoseconds and the cost in instructions per call describe
//! the same calls; one successor's expansion also costs a small part of the family's.
//!
//! Why a sample of at most [`SAMPLE_CALLS`] evenly spaced calls and not the whole list: in an expansion the
//! evaluator reads a state that was just made, so it is in the core's first-level cache. A long list (tens of
//! thousands of 160-byte states) streams from memory instead: both passes wait on it, the evaluator's work hides in
//! that wait, and the difference reads far too low, lower the longer the list (even below 0). A sample that stays
//! in the first-level cache times the call as it runs in situ, the same in every family.
//!
//! Why not the difference of the `none` arm's times with the two evaluators: those are two estimates of separate
//! configurations, so their difference carries both one's noise (it read as a negative cost).

use super::arm::evaluated_states;
use crate::evaluators::EvaluatorKind;
use crate::statistics::{Interval, summarize};
use engine::chance::{ChanceDepth, Traversal};
use engine::{Color, GameState};
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// The most calls a pass makes: 128 states of 160 bytes (20 KiB) stay in a 32 KiB first-level data cache.
pub(crate) const SAMPLE_CALLS: usize = 128;

/// How long to warm up and how much to time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// Warm-up time of both passes together (each runs at least once); it also sizes the samples.
    pub warm_up: Duration,
    /// Rounds; each times both passes once.
    pub rounds: usize,
    /// Target duration of one timed sample (a pass repeats within it).
    pub sample_target: Duration,
    /// Seed of each round's order.
    pub seed: u64,
}

impl Plan {
    /// A full run's plan, or `--quick`'s.
    pub(crate) fn of_run(quick: bool, seed: u64) -> Plan {
        Plan {
            warm_up: Duration::from_millis(10),
            rounds: if quick { 6 } else { 12 },
            sample_target: Duration::from_millis(if quick { 1 } else { 2 }),
            seed,
        }
    }
}

/// Evaluations (state and perspective) to time an evaluator over.
pub(crate) type Calls = Vec<(GameState, Color)>;

/// The calls a cost is timed over: at most [`SAMPLE_CALLS`] evenly spaced evaluations of `states`' uncached
/// expansion with `traversal`. They do not depend on the evaluator, so one sample serves every evaluator.
pub(crate) fn sampled_calls(
    states: &[GameState],
    depth: ChanceDepth,
    traversal: Traversal,
) -> Calls {
    evenly_spaced(evaluated_states(states, depth, traversal), SAMPLE_CALLS)
}

/// Nanoseconds per call of `eval` over `calls` ([`sampled_calls`]; `None` when there are none).
pub(crate) fn evaluator_ns_per_call(
    calls: &[(GameState, Color)],
    eval: EvaluatorKind,
    plan: &Plan,
) -> Option<Interval> {
    if calls.is_empty() {
        return None;
    }
    let pass = |f: fn(&GameState, Color) -> i32| {
        move || {
            let mut sum = 0i64;
            for (s, c) in calls {
                sum = sum.wrapping_add(i64::from(f(std::hint::black_box(s), *c)));
            }
            std::hint::black_box(sum);
        }
    };
    let [evaluator, constant] = time_pair(
        [
            &mut pass(eval.function()),
            &mut pass(EvaluatorKind::Constant.function()),
        ],
        plan,
    );
    let n = calls.len() as f64;
    let differences: Vec<f64> = evaluator
        .iter()
        .zip(&constant)
        .map(|(e, c)| (e - c) / n)
        .collect();
    summarize(&differences)
}

/// At most `most` items of `all`, evenly spaced from its first (all of them when there are no more).
fn evenly_spaced<T>(all: Vec<T>, most: usize) -> Vec<T> {
    let step = (all.len() / most.max(1)).max(1);
    all.into_iter().step_by(step).take(most).collect()
}

/// Times the two passes: warm-up, then `plan.rounds` rounds in which each runs one sample of the same number of
/// passes, in an order drawn per round from a seeded coin; per pass and round, nanoseconds per pass.
fn time_pair(mut passes: [&mut dyn FnMut(); 2], plan: &Plan) -> [Vec<f64>; 2] {
    let (mut runs, start) = (0u32, Instant::now());
    while runs == 0 || start.elapsed() < plan.warm_up {
        passes.iter_mut().for_each(|p| p());
        runs += 1;
    }
    // Both passes repeat as often as the pair's mean pass needs to fill the sample target, so each round's two
    // samples cover the same calls.
    let per_pass = start.elapsed().as_secs_f64() / (2 * runs) as f64;
    let repeats = ((plan.sample_target.as_secs_f64() / per_pass.max(1e-9)) as u64).max(1);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(plan.seed);
    let mut out = [
        Vec::with_capacity(plan.rounds),
        Vec::with_capacity(plan.rounds),
    ];
    for _ in 0..plan.rounds {
        let first = usize::from(rng.random_bool(0.5));
        for i in [first, 1 - first] {
            let t = Instant::now();
            for _ in 0..repeats {
                passes[i]();
            }
            out[i].push(t.elapsed().as_nanos() as f64 / repeats as f64);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_is_evenly_spaced_and_at_most_its_size() {
        assert_eq!(
            evenly_spaced((0..10).collect(), 20),
            (0..10).collect::<Vec<_>>()
        );
        assert_eq!(evenly_spaced((0..10).collect(), 5), vec![0, 2, 4, 6, 8]);
        assert_eq!(evenly_spaced((0..11).collect(), 5), vec![0, 2, 4, 6, 8]);
        assert_eq!(evenly_spaced((0..1000).collect(), 3), vec![0, 333, 666]);
    }

    #[test]
    fn every_round_times_both_passes_the_same_number_of_times() {
        let (mut a, mut b) = (0u64, 0u64);
        let plan = Plan {
            warm_up: Duration::from_millis(1),
            rounds: 7,
            sample_target: Duration::from_micros(200),
            seed: 1,
        };
        let [ta, tb] = time_pair([&mut || a += 1, &mut || b += 1], &plan);
        assert_eq!((ta.len(), tb.len()), (7, 7));
        assert!(ta.iter().chain(&tb).all(|x| x.is_finite() && *x >= 0.0));
        // Warm-up passes are the same for both, and every round adds the same repeats to each.
        assert_eq!(a, b);
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
        let plan = Plan {
            rounds: 6,
            ..Plan::of_run(true, 1)
        };
        let calls = sampled_calls(&states, scn.depth, Traversal::Cached);
        let i = evaluator_ns_per_call(&calls, EvaluatorKind::Constant, &plan).unwrap();
        assert_eq!(i.n, 6);
        assert!(i.low <= i.point && i.point <= i.high);
    }
}
