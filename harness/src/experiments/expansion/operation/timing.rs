//! Timing one group (family x evaluator x traversal): its cache variants interleaved, speedups paired by round.

use super::{Arm, timed_operation};
use crate::measure::stop_rule::setting_settled;
use crate::measure::{Plan, measure_interleaved_until};
use crate::statistics::{Interval, paired_ratio, summarize};
use engine::GameState;
use engine::chance::ChanceDepth;
use engine::memo::CacheKind;

/// Timings of one arm.
#[derive(Clone, Debug)]
pub struct ArmTiming {
    /// The arm.
    pub arm: Arm,
    /// Nanoseconds per operation (one outer successor's full expansion with fresh caches).
    pub ns_per_op: Interval,
    /// Speedup over `none`: the paired per-round ratio time(none) / time(this arm), > 1 = faster (when `none`
    /// was timed in the group).
    pub speedup_vs_none: Option<Interval>,
    /// Speedup over `tuple`, likewise (when timed).
    pub speedup_vs_tuple: Option<Interval>,
    /// Family passes per timed sample.
    pub passes_per_sample: u64,
    /// The most rounds the setting could have taken ([`crate::measure::stop_rule`] may stop it earlier).
    pub rounds_cap: usize,
}

/// Times `arms` (same family, evaluator and traversal; different cache variants) interleaved, until every variant's
/// speedup over `none` is settled by [`crate::measure::stop_rule`] or the plan's cap is reached.
pub(crate) fn time_group(
    states: &[GameState],
    depth: ChanceDepth,
    arms: &[Arm],
    plan: &Plan,
) -> Vec<ArmTiming> {
    let mut ops: Vec<Box<dyn FnMut() + '_>> = arms
        .iter()
        .map(|&a| timed_operation(states, depth, a))
        .collect();
    let mut refs: Vec<&mut dyn FnMut()> = ops
        .iter_mut()
        .map(|b| &mut **b as &mut dyn FnMut())
        .collect();
    let none_at = arms.iter().position(|a| a.cache == CacheKind::None);
    let timed = measure_interleaved_until(&mut refs, plan, &|ns| setting_settled(ns, none_at));
    let per_successor = states.len().max(1) as f64;
    let ns: Vec<Vec<f64>> = timed
        .iter()
        .map(|t| t.ns_per_op.iter().map(|x| x / per_successor).collect())
        .collect();
    let find = |kind: CacheKind| arms.iter().position(|a| a.cache == kind);
    let (none, tuple) = (find(CacheKind::None), find(CacheKind::Tuple));
    arms.iter()
        .enumerate()
        .map(|(i, &arm)| ArmTiming {
            arm,
            ns_per_op: summarize(&ns[i]).expect("at least one round"),
            speedup_vs_none: none.and_then(|j| paired_ratio(&ns[j], &ns[i])),
            speedup_vs_tuple: tuple.and_then(|j| paired_ratio(&ns[j], &ns[i])),
            passes_per_sample: timed[i].ops_per_sample,
            rounds_cap: timed[i].rounds_cap,
        })
        .collect()
}
