//! Interleaved timing of several variants of one operation.

use crate::statistics::median_ci_rank;
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// How long to warm up and how much to measure.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// Warm-up time shared by all variants (each runs at least once).
    pub warm_up: Duration,
    /// Fewest rounds; each round times every variant once, in a seeded random order.
    pub min_rounds: usize,
    /// Most rounds.
    pub max_rounds: usize,
    /// Time budget for all rounds: the round count is the budget over the warm-up's estimate of one round,
    /// clamped to `min_rounds..=max_rounds`.
    pub budget: Duration,
    /// Target duration of one timed sample; fast operations are repeated within a sample to reach it.
    pub sample_target: Duration,
    /// Seed of the round-order shuffle.
    pub seed: u64,
}

/// Raw timings of one variant.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Timed {
    /// Nanoseconds per operation, one value per round (index = round, so variants pair up by index).
    pub ns_per_op: Vec<f64>,
    /// Operations timed in each sample.
    pub ops_per_sample: u64,
    /// The rounds the plan allowed (its budget over the warm-up's estimate of a round, within the plan's bounds).
    pub rounds_cap: usize,
}

/// Times every variant's operation: warm-up, then rounds (as many as the budget allows, within the plan's
/// bounds) in which each variant runs one sample.
///
/// Drift (thermal, other processes) hits all variants alike because they alternate; the order within a round is
/// shuffled with a seeded generator so no variant always runs first.
pub(crate) fn measure_interleaved(variants: &mut [&mut dyn FnMut()], plan: &Plan) -> Vec<Timed> {
    let n = variants.len();
    let mut spent = vec![Duration::ZERO; n];
    let mut runs = vec![0u64; n];
    let start = Instant::now();
    loop {
        for (i, op) in variants.iter_mut().enumerate() {
            let t = Instant::now();
            op();
            spent[i] += t.elapsed();
            runs[i] += 1;
        }
        if start.elapsed() >= plan.warm_up {
            break;
        }
    }
    let ops_per_sample: Vec<u64> = (0..n)
        .map(|i| {
            let per_op = spent[i].as_nanos() as f64 / runs[i] as f64;
            ((plan.sample_target.as_nanos() as f64 / per_op.max(1.0)).floor() as u64).max(1)
        })
        .collect();
    let round_ns: f64 = (0..n)
        .map(|i| ops_per_sample[i] as f64 * spent[i].as_nanos() as f64 / runs[i] as f64)
        .sum();
    let rounds = fewest_as_narrow(
        ((plan.budget.as_nanos() as f64 / round_ns.max(1.0)) as usize).clamp(
            plan.min_rounds.max(1),
            plan.max_rounds.max(plan.min_rounds.max(1)),
        ),
        plan.min_rounds.max(1),
    );
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(plan.seed);
    let mut out: Vec<Timed> = ops_per_sample
        .iter()
        .map(|&k| Timed {
            ns_per_op: Vec::with_capacity(rounds),
            ops_per_sample: k,
            rounds_cap: rounds,
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    for _ in 0..rounds {
        for i in (1..n).rev() {
            let j = rng.random_range(0..=i);
            order.swap(i, j);
        }
        for &i in &order {
            let k = ops_per_sample[i];
            let op = &mut variants[i];
            let t = Instant::now();
            for _ in 0..k {
                op();
            }
            let ns = t.elapsed().as_nanos() as f64;
            out[i].ns_per_op.push(ns / k as f64);
        }
    }
    out
}

/// The fewest rounds, from `min` up to `cap`, whose 95% order-statistic interval of the median has the same ranks
/// as `cap` rounds' (and at least its coverage up to 95%). Rounds beyond those add no rank: 6, 7 and 8 rounds all
/// give `[min, max]` (ranks move inward first at 9), and the extremes of 8 rounds hold those of their first 6, so
/// the seventh and eighth rounds can only widen the interval every verdict reads.
pub(crate) fn fewest_as_narrow(cap: usize, min: usize) -> usize {
    let target = crate::verdict::MIN_LEVEL;
    let (rank, level) = median_ci_rank(cap, target);
    let needed = level.min(target);
    (min.min(cap)..cap)
        .find(|&n| {
            let (k, l) = median_ci_rank(n, target);
            k == rank && l >= needed
        })
        .unwrap_or(cap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_gets_every_round() {
        let mut a_calls = 0u64;
        let mut b_calls = 0u64;
        let plan = Plan {
            warm_up: Duration::from_millis(1),
            min_rounds: 7,
            max_rounds: 7,
            budget: Duration::ZERO,
            sample_target: Duration::from_micros(50),
            seed: 1,
        };
        let timed = {
            let mut a = || a_calls += 1;
            let mut b = || {
                b_calls += 1;
                std::hint::black_box((0..100).sum::<u64>());
            };
            measure_interleaved(&mut [&mut a, &mut b], &plan)
        };
        assert_eq!(timed.len(), 2);
        for t in &timed {
            assert_eq!(t.ns_per_op.len(), 7);
            assert!(t.ops_per_sample >= 1);
            assert!(t.ns_per_op.iter().all(|x| x.is_finite() && *x >= 0.0));
        }
        // Warm-up calls plus exactly rounds x ops_per_sample timed calls.
        assert!(a_calls > 7 * timed[0].ops_per_sample);
        assert!(b_calls > 7 * timed[1].ops_per_sample);
        assert_eq!(timed[0].rounds_cap, 7);
    }

    #[test]
    fn fewest_as_narrow_examples() {
        use crate::measure::interleave::fewest_as_narrow;
        assert_eq!(
            (
                fewest_as_narrow(8, 6),
                fewest_as_narrow(7, 6),
                fewest_as_narrow(6, 6)
            ),
            (6, 6, 6)
        );
        assert_eq!((fewest_as_narrow(9, 6), fewest_as_narrow(12, 6)), (9, 12));
        // Below 6 rounds no interval reaches 95%: a cap under 6 is kept.
        assert_eq!(fewest_as_narrow(5, 1), 5);
    }
}
