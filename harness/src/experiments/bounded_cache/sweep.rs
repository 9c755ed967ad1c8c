//! One sweep: for every family's invocations, the unbounded cache and the bounded cache per rule and capacity;
//! parity first (every cache gives every invocation exactly the unbounded cache's value), then the counts of that
//! pass, then interleaved timing of all caches of the family, as typed rows of `bounded_cache.csv`.

use super::cache_arm::{CacheArm, count_arm, timed_operation};
use super::capacities::Capacities;
use super::workload::{EVALUATOR, Invocations, PassCounts, search_table};
use crate::arm::ArmId;
use crate::experiments::bounded_cache::BoundedCacheRecord;
use crate::measure::{Plan, measure_interleaved};
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::record::Provenance;
use crate::statistics::{paired_ratio, summarize};
use engine::memo::BoundedPolicy;
use engine::search::RootValue;

/// What to sweep.
#[derive(Clone, Debug)]
pub(crate) struct Sweep {
    /// Replacement rules.
    pub policies: Vec<BoundedPolicy>,
    /// Capacities (powers of two; `FULL` resolved per family and workload).
    pub capacities: Capacities,
    /// The timing plan of each family's interleaved group.
    pub plan: Plan,
}

/// A bounded cache that returned another value than the unbounded one.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "bounded-cache parity: {workload} {family} {arm} invocation {index}: value {got:?}, unbounded {expected:?}"
)]
pub(crate) struct BoundedParityError {
    /// The workload.
    pub workload: String,
    /// The family.
    pub family: String,
    /// The cache.
    pub arm: ArmId,
    /// Which invocation (successor or root, in file order).
    pub index: usize,
    /// The unbounded cache's value.
    pub expected: RootValue,
    /// The bounded cache's value.
    pub got: RootValue,
}

/// The exponent of the smallest power of two holding `entries` (0 for at most one entry).
pub(crate) fn full_exponent(entries: u64) -> u32 {
    entries.max(1).next_power_of_two().trailing_zeros()
}

/// The caches of one family's sweep: the unbounded one first, then each rule at each capacity.
pub(crate) fn arms(sweep: &Sweep, peak_entries: u64) -> Vec<CacheArm> {
    let exponents = sweep.capacities.resolve(full_exponent(peak_entries));
    let mut v = vec![CacheArm::Unbounded];
    for &policy in &sweep.policies {
        for &e in &exponents {
            v.push(CacheArm::Bounded {
                rule: policy,
                size: 1 << e,
            });
        }
    }
    v
}

/// Counts every cache of every family with parity, then times each family's caches interleaved. `Err` on the
/// first value that differs from the unbounded cache's (nothing is timed).
pub(crate) fn run_sweep(
    families: &[Invocations],
    sweep: &Sweep,
    prov: &Provenance,
) -> Result<Vec<BoundedCacheRecord>, BoundedParityError> {
    let table = search_table();
    let threads = crate::parallel::cores();
    let mut counted: Vec<(usize, Vec<(CacheArm, PassCounts)>)> = Vec::new();
    for (k, inv) in families.iter().enumerate() {
        let (reference, unbounded) = count_arm(inv, CacheArm::Unbounded, &table);
        let mut rows = vec![(CacheArm::Unbounded, unbounded)];
        let bounded: Vec<CacheArm> = arms(sweep, unbounded.peak_entries)
            .into_iter()
            .skip(1)
            .collect();
        // The bounded arms' counting passes on every core at once: deterministic counts, nothing timed meanwhile,
        // each worker with a table of its own (a search clears it per root, so it holds no state between roots).
        // A worker pool that cannot start leaves them to this thread.
        let count = |&arm: &CacheArm| (arm, count_arm(inv, arm, &search_table()));
        let passes = parallel_map(&bounded, threads, &Progress::hidden(), |a| Ok(count(a)))
            .unwrap_or_else(|_| bounded.iter().map(count).collect());
        for (arm, (values, counts)) in passes {
            if let Some(index) = (0..values.len()).find(|&i| values[i] != reference[i]) {
                return Err(BoundedParityError {
                    workload: inv.workload.to_string(),
                    family: inv.family.clone(),
                    arm: ArmId::from(arm),
                    index,
                    expected: reference[index],
                    got: values[index],
                });
            }
            rows.push((arm, counts));
        }
        counted.push((k, rows));
    }
    let total: usize = counted.iter().map(|(_, r)| r.len()).sum();
    let progress = Progress::new("bounded-cache timing", total as u64);
    let mut records = Vec::with_capacity(total);
    for (k, rows) in &counted {
        let inv = &families[*k];
        progress.set_message(format!("{} {}", inv.workload, inv.family));
        let mut ops: Vec<Box<dyn FnMut() + '_>> = rows
            .iter()
            .map(|(arm, _)| timed_operation(inv, *arm, &table))
            .collect();
        let mut refs: Vec<&mut dyn FnMut()> = ops
            .iter_mut()
            .map(|b| &mut **b as &mut dyn FnMut())
            .collect();
        let timed = measure_interleaved(&mut refs, &sweep.plan);
        let per_invocation = inv.states.len().max(1) as f64;
        let ns: Vec<Vec<f64>> = timed
            .iter()
            .map(|t| t.ns_per_op.iter().map(|x| x / per_invocation).collect())
            .collect();
        for (i, (arm, c)) in rows.iter().enumerate() {
            let t = summarize(&ns[i]).expect("at least one round");
            let s = paired_ratio(&ns[0], &ns[i]).expect("at least one round");
            records.push(
                BoundedCacheRecord {
                    workload: inv.workload.to_string(),
                    scenario: inv.family.clone(),
                    depth: inv.depth.number(),
                    evaluator: EVALUATOR.to_string(),
                    policy: arm.rule_name().to_string(),
                    capacity_entries: arm.size().map(|c| c as u64),
                    ways: ways(*arm),
                    invocations: inv.states.len() as u64,
                    lookups: c.evaluator_calls + c.cache_hits,
                    evaluator_calls: c.evaluator_calls,
                    cache_hits: c.cache_hits,
                    evictions: c.evictions,
                    peak_entries: c.peak_entries,
                    cache_bytes: c.cache_bytes,
                    ..BoundedCacheRecord::default()
                }
                .with_time(&t)
                .with_speedup(&s)
                .with_provenance(prov),
            );
            progress.inc(1);
        }
    }
    progress.finish("done");
    Ok(records)
}

/// Slots per set of a bounded arm: 1 direct-mapped, `min(4, capacity)` for four-way CLOCK.
fn ways(arm: CacheArm) -> Option<u64> {
    use engine::memo::{DirectMapped, FourWayClock, Replacement};
    match arm {
        CacheArm::Unbounded => None,
        CacheArm::Bounded { rule, size } => {
            let w = match rule {
                BoundedPolicy::Direct => DirectMapped::WAYS,
                BoundedPolicy::Clock => FourWayClock::WAYS,
            };
            Some(w.min(size) as u64)
        }
    }
}
