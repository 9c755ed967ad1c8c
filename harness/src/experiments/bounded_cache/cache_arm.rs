//! The caches compared: the contract's unbounded `EvaluationCache`, and the bounded cache under each replacement
//! rule at each capacity; each as a counting pass over one family's invocations and a timed operation per
//! invocation, and named as the `timing-rounds` child takes it.

use super::workload::{EVALUATOR, EvalFn, Footprint, Invocations, PassCounts, Workload, pass};
use crate::arm::ArmId;
use crate::operation::sampled::{Planting, Successors};
use anyhow::{Context, Result};
use engine::GameState;
use engine::memo::{
    BoundedCache, BoundedPolicy, DirectMapped, EvaluationCache, FourWayClock, Plain, Replacement,
};
use engine::search::{RootValue, TranspositionTable};
use std::time::Duration;

/// One cache configuration: `Capacity::Bounded { rule, size }` is a `BoundedCache` with `size` slots (a power
/// of two).
pub(crate) use crate::arm::CacheArm;
use crate::arm::Capacity;

/// Bytes of one retained entry in the unbounded cache that its layout guarantees: the state and the value, and
/// two 8-byte slot words (its slot array stays at most half full). Its chunk and growth slack is not counted.
const UNBOUNDED_BYTES_PER_ENTRY: u64 = (size_of::<GameState>() + size_of::<i32>() + 16) as u64;

impl Footprint for EvaluationCache<Plain<EvalFn>> {
    fn evictions(&self) -> u64 {
        0
    }
    fn heap_bytes(&self) -> u64 {
        self.entry_count() as u64 * UNBOUNDED_BYTES_PER_ENTRY
    }
}

impl<P: Replacement> Footprint for BoundedCache<Plain<EvalFn>, P> {
    fn evictions(&self) -> u64 {
        BoundedCache::evictions(self)
    }
    fn heap_bytes(&self) -> u64 {
        BoundedCache::heap_bytes(self) as u64
    }
}

/// The heap bytes of one bounded-cache slot under the costlier rule, measured on a 64-slot table (every slot is
/// allocated up front, so a table of N slots takes N times this).
pub(crate) fn bounded_bytes_per_slot() -> u64 {
    let f: EvalFn = EVALUATOR.function();
    let direct = BoundedCache::<_, DirectMapped>::new(64, f).map_or(0, |c| c.heap_bytes());
    let clock = BoundedCache::<_, FourWayClock>::new(64, f).map_or(0, |c| c.heap_bytes());
    (direct.max(clock) as u64).div_ceil(64)
}

/// Runs `$body` with `$make` bound to a constructor of a fresh memo for `$arm` (static dispatch, so the timed
/// code is monomorphised per cache type).
macro_rules! with_cache {
    ($arm:expr, |$make:ident| $body:expr) => {{
        let f: EvalFn = EVALUATOR.function();
        match $arm {
            Capacity::Unbounded => {
                let $make = move || EvaluationCache::<Plain<EvalFn>>::with_callback(Plain(f));
                $body
            }
            Capacity::Bounded {
                rule: BoundedPolicy::Direct,
                size,
            } => {
                let $make = move || bounded::<DirectMapped>(size, f);
                $body
            }
            Capacity::Bounded {
                rule: BoundedPolicy::Clock,
                size,
            } => {
                let $make = move || bounded::<FourWayClock>(size, f);
                $body
            }
        }
    }};
}

fn bounded<P: Replacement>(capacity: usize, f: EvalFn) -> BoundedCache<Plain<EvalFn>, P> {
    BoundedCache::with_callback(capacity, Plain(f)).expect("capacities are checked powers of two")
}

/// The counting pass of one arm: every invocation's value and the summed counters.
pub(crate) fn count_arm(
    inv: &Invocations,
    arm: CacheArm,
    table: &TranspositionTable,
) -> (Vec<RootValue>, PassCounts) {
    let mut values = Vec::with_capacity(inv.states.len());
    let counts = with_cache!(arm, |make| pass(inv, make, table, Some(&mut values)));
    (values, counts)
}

/// One timed operation of an arm: every invocation of `inv` with fresh caches.
fn timed_operation<'a>(
    inv: Invocations,
    arm: CacheArm,
    table: &'a TranspositionTable,
) -> Box<dyn FnMut() + 'a> {
    with_cache!(arm, |make| Box::new(move || {
        std::hint::black_box(pass(&inv, make, table, None));
    }))
}

/// Every invocation of each arm (`arms[i]`: a workload's invocations and a cache) as a timed operation with a
/// fresh cache, warmed up in order (`ops[arm][invocation]`): the timing kernel's sampler of the bounded caches,
/// an invocation playing the part a successor plays in the expansion stage.
pub(crate) fn bounded_sampler<'a>(
    arms: &[(&Invocations, CacheArm)],
    table: &'a TranspositionTable,
    target: Duration,
    planting: &Planting,
) -> Successors<'a> {
    let counts: Vec<usize> = arms.iter().map(|(inv, _)| inv.states.len()).collect();
    let op = |a: usize, k: usize| timed_operation(arms[a].0.only(k), arms[a].1, table);
    Successors::of(&counts, &op, target, planting)
}

/// An arm as the `timing-rounds` child takes it: `WORKLOAD/CACHE`, the cache as [`ArmId`] names it
/// (`search/clock@64`, `expansion/unbounded`).
pub(crate) fn arm_words(workload: Workload, arm: CacheArm) -> String {
    format!("{workload}/{}", ArmId::from(arm))
}

/// [`arm_words`] read back (a bounded cache's size a power of two); an error names the text.
pub(crate) fn parse_arm_words(text: &str) -> Result<(Workload, CacheArm)> {
    let arm = |cache: &str| match cache.split_once('@') {
        Some((rule, size)) => CacheArm::from_names(rule, size.parse().ok())
            .filter(|a| a.size().is_some_and(usize::is_power_of_two)),
        None => CacheArm::from_names(cache, None),
    };
    text.split_once('/')
        .and_then(|(workload, cache)| Some((Workload::from_name(workload)?, arm(cache)?)))
        .with_context(|| {
            format!(
                "`{text}` is not a bounded-cache arm (WORKLOAD/CACHE, e.g. search/clock@64 or \
                 expansion/unbounded)"
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_arm_reads_back_from_its_words() {
        let arms = [
            CacheArm::Unbounded,
            Capacity::Bounded {
                rule: BoundedPolicy::Clock,
                size: 64,
            },
            Capacity::Bounded {
                rule: BoundedPolicy::Direct,
                size: 1 << 20,
            },
        ];
        for workload in Workload::ALL {
            for arm in arms {
                let words = arm_words(workload, arm);
                assert_eq!(parse_arm_words(&words).unwrap(), (workload, arm), "{words}");
            }
        }
        assert_eq!(arm_words(Workload::Search, arms[1]), "search/clock@64");
        for bad in [
            "search/clock@48",
            "search/lru@64",
            "deep/unbounded",
            "search/clock",
            "unbounded",
        ] {
            let e = parse_arm_words(bad).unwrap_err().to_string();
            assert!(e.contains(bad), "{e}");
        }
    }
}
