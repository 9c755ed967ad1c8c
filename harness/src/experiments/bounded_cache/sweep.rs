//! One sweep: for every family's invocations, the unbounded cache and the bounded cache per rule and capacity;
//! parity first (every cache gives every invocation exactly the unbounded cache's value), then the counts of that
//! pass, then the timing kernel's sessions of each family ([`crate::measure::kernel`]: every workload's caches
//! timed against each other invocation by invocation, in fresh `timing-rounds` processes), as typed rows of
//! `bounded_cache.csv`.

use super::cache_arm::{CacheArm, arm_words, bounded_sampler, count_arm};
use super::capacities::Capacities;
use super::workload::{EVALUATOR, Invocations, PassCounts, search_table};
use crate::arm::ArmId;
use crate::experiments::bounded_cache::BoundedCacheRecord;
use crate::measure::child::{ChildSpec, child_session};
use crate::measure::kernel::{
    SessionTimes, Sessions, flattened, grouped_session, speedup, typical_time,
};
use crate::operation::sampled::Planting;
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::record::{ArmKey, Provenance};
use crate::statistics::Interval;
use anyhow::{Context, Result};
use engine::memo::BoundedPolicy;
use engine::search::RootValue;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What to sweep.
#[derive(Clone, Debug)]
pub(crate) struct Sweep {
    /// Replacement rules.
    pub policies: Vec<BoundedPolicy>,
    /// Capacities (powers of two; `FULL` resolved per family and workload).
    pub capacities: Capacities,
    /// Only each family's first N roots (their successors, or the roots themselves); all when `None`.
    pub first: Option<usize>,
    /// The timing kernel's sessions of each family.
    pub sessions: Sessions,
    /// The executable whose `timing-rounds` child times each session in a fresh process; `None`: sessions sample
    /// in this process (an executable without that child, such as a test binary).
    pub timing_exe: Option<PathBuf>,
    /// Folder of the frozen scenario files (the children read them).
    pub scenarios_dir: PathBuf,
}

/// The target of one sample: one invocation where it takes a millisecond or more, so that a round of a family's
/// many caches x invocations stays within a session.
pub(crate) const SAMPLE_MS: u64 = 1;

/// A bounded cache that returned another value than the unbounded one.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "bounded-cache parity: {workload} {family} {arm} invocation {index}: value {got:?}, unbounded {expected:?}"
)]
pub(crate) struct BoundedParityError {
    pub workload: String,
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

/// Every cache of one workload x family with its counts, the unbounded cache first.
type Counted = Vec<(CacheArm, PassCounts)>;

/// Counts every cache of every workload x family of `families` with parity, in that order. `Err` on the first
/// value that differs from the unbounded cache's (nothing is timed).
pub(crate) fn count_sweep(
    families: &[Invocations],
    sweep: &Sweep,
) -> Result<Vec<Counted>, BoundedParityError> {
    let table = search_table();
    let threads = crate::parallel::cores();
    let mut counted = Vec::new();
    for inv in families {
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
        counted.push(rows);
    }
    Ok(counted)
}

/// One session of one family's `groups` (per workload its invocations and caches): a fresh `timing-rounds`
/// child, or this process's sampler, rounds until `length` is spent (at least one).
fn session(
    sweep: &Sweep,
    groups: &[(&Invocations, Vec<CacheArm>)],
    seed: u64,
    length: Duration,
) -> Result<SessionTimes> {
    let start = Instant::now();
    let family = groups[0].0.family.as_str();
    let words: Vec<Vec<String>> = groups
        .iter()
        .map(|(inv, arms)| arms.iter().map(|&a| arm_words(inv.workload, a)).collect())
        .collect();
    let Some(exe) = &sweep.timing_exe else {
        let each: Vec<(&Invocations, CacheArm)> = groups
            .iter()
            .flat_map(|(inv, arms)| arms.iter().map(|&a| (*inv, a)))
            .collect();
        let table = search_table();
        let target = Duration::from_millis(sweep.sessions.sample_ms);
        let mut sampler = bounded_sampler(&each, &table, target, &Planting::new(0.0));
        let mut next = 0..;
        let indices: Vec<Vec<usize>> = words
            .iter()
            .map(|w| next.by_ref().take(w.len()).collect())
            .collect();
        return grouped_session(&mut sampler, &indices, seed, start, length);
    };
    let arms = ["--bounded-arm".into(), words.concat().join(",")];
    let (dir, ms) = (&sweep.scenarios_dir, sweep.sessions.sample_ms);
    let spec = ChildSpec::session(exe, dir, "bounded cache", family, &arms, ms, sweep.first)?;
    let eval = EVALUATOR.to_string();
    let keys: Vec<Vec<ArmKey>> = words
        .iter()
        .map(|w| {
            w.iter()
                .map(|w| ArmKey::new(family, "bounded", &eval, w))
                .collect()
        })
        .collect();
    child_session(&spec, &keys, seed, length)
}

/// Times every family's caches in `sweep.sessions` sessions each (all its workloads in one process): per entry of
/// `families` and its cache (as `counted` lists them), the time per invocation and the speedup over the unbounded
/// cache, each over sessions.
fn time_sweep(
    families: &[Invocations],
    counted: &[Counted],
    sweep: &Sweep,
) -> Result<Vec<Vec<(Interval, Interval)>>> {
    let mut names: Vec<&str> = families.iter().map(|i| i.family.as_str()).collect();
    names.sort();
    names.dedup();
    let progress = Progress::new(
        "bounded-cache timing",
        (names.len() * sweep.sessions.sessions) as u64,
    );
    let mut out = vec![Vec::new(); families.len()];
    for name in &names {
        progress.set_message(name.to_string());
        let members: Vec<usize> = (0..families.len())
            .filter(|&i| families[i].family == *name)
            .collect();
        let groups: Vec<(&Invocations, Vec<CacheArm>)> = members
            .iter()
            .map(|&i| (&families[i], counted[i].iter().map(|(a, _)| *a).collect()))
            .collect();
        let sessions = sweep.sessions.run(&|seed, length| {
            let t = session(sweep, &groups, seed, length);
            progress.inc(1);
            t
        })?;
        let sides: usize = groups.iter().map(|(_, arms)| arms.len()).sum();
        let (times, session) = flattened(&sessions, sides);
        let mut at = 0;
        for (&i, (_, arms)) in members.iter().zip(&groups) {
            for j in at..at + arms.len() {
                let time = typical_time(&times[j], &session);
                let ratio = speedup(&times[at], &times[j], &session);
                out[i].push(time.zip(ratio).context("bounded-cache timing: no round")?);
            }
            at += arms.len();
        }
    }
    progress.finish("done");
    Ok(out)
}

/// The rows of `families` (workload x family, as `counted` lists their caches): their counts with their timing.
pub(crate) fn records(
    families: &[Invocations],
    counted: &[Counted],
    sweep: &Sweep,
    prov: &Provenance,
) -> Result<Vec<BoundedCacheRecord>> {
    let timed = time_sweep(families, counted, sweep)?;
    let mut records = Vec::new();
    for ((inv, rows), timed) in families.iter().zip(counted).zip(timed) {
        for ((arm, c), (t, s)) in rows.iter().zip(timed) {
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
        }
    }
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
