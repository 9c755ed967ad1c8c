//! The caches compared: the contract's unbounded `EvaluationCache`, and the bounded cache under each replacement
//! rule at each capacity; each as a counting pass and a timed operation over one family's invocations.

use super::workload::{EVALUATOR, EvalFn, Footprint, Invocations, PassCounts, pass};
use engine::GameState;
use engine::memo::{
    BoundedCache, BoundedPolicy, DirectMapped, EvaluationCache, FourWayClock, Plain, Replacement,
};
use engine::search::{RootValue, TranspositionTable};

/// One cache configuration.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CacheArm {
    /// The contract's `EvaluationCache`: every result kept.
    Unbounded,
    /// A `BoundedCache` with `policy` and `capacity` slots (a power of two).
    Bounded {
        /// The replacement rule.
        policy: BoundedPolicy,
        /// Slots.
        capacity: usize,
    },
}

impl CacheArm {
    /// `unbounded`, `direct` or `clock`, as `bounded_cache.csv` records it.
    pub fn policy_name(self) -> &'static str {
        match self {
            CacheArm::Unbounded => "unbounded",
            CacheArm::Bounded { policy, .. } => policy.name(),
        }
    }

    /// The capacity in entries (`None` for the unbounded cache).
    pub fn capacity(self) -> Option<usize> {
        match self {
            CacheArm::Unbounded => None,
            CacheArm::Bounded { capacity, .. } => Some(capacity),
        }
    }

    /// `clock@4096`-style label.
    pub fn label(self) -> String {
        match self {
            CacheArm::Unbounded => "unbounded".into(),
            CacheArm::Bounded { policy, capacity } => format!("{policy}@{capacity}"),
        }
    }
}

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

/// Runs `$body` with `$make` bound to a constructor of a fresh memo for `$arm` (static dispatch, so the timed
/// code is monomorphised per cache type).
macro_rules! with_cache {
    ($arm:expr, |$make:ident| $body:expr) => {{
        let f: EvalFn = EVALUATOR.function();
        match $arm {
            CacheArm::Unbounded => {
                let $make = move || EvaluationCache::<Plain<EvalFn>>::with_callback(Plain(f));
                $body
            }
            CacheArm::Bounded {
                policy: BoundedPolicy::Direct,
                capacity,
            } => {
                let $make = move || bounded::<DirectMapped>(capacity, f);
                $body
            }
            CacheArm::Bounded {
                policy: BoundedPolicy::Clock,
                capacity,
            } => {
                let $make = move || bounded::<FourWayClock>(capacity, f);
                $body
            }
        }
    }};
}

fn bounded<P: Replacement>(capacity: usize, f: EvalFn) -> BoundedCache<Plain<EvalFn>, P> {
    BoundedCache::with_callback(capacity, Plain(f)).expect("capacities are checked powers of two")
}

/// The counting pass of one arm: every invocation's value and the summed counters.
pub fn count_arm(
    inv: &Invocations,
    arm: CacheArm,
    table: &TranspositionTable,
) -> (Vec<RootValue>, PassCounts) {
    let mut values = Vec::with_capacity(inv.states.len());
    let counts = with_cache!(arm, |make| pass(inv, make, table, Some(&mut values)));
    (values, counts)
}

/// One timed operation of an arm: every invocation of the family with fresh caches.
pub fn timed_operation<'a>(
    inv: &'a Invocations,
    arm: CacheArm,
    table: &'a TranspositionTable,
) -> Box<dyn FnMut() + 'a> {
    with_cache!(arm, |make| Box::new(move || {
        std::hint::black_box(pass(inv, make, table, None));
    }))
}
