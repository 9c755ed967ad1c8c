//! Evaluation memoisation under the evaluation-cache contract: the optimized [`EvaluationCache`], the baselines
//! it replaces ([`Uncached`], [`TupleKeyCache`], [`HashbrownCache`], [`FxCache`]), and the [`EvaluationMemo`]
//! interface they share.
//!
//! Every variant is bound to one pure `(GameState, Color) -> i32` callback for one search or rescoring invocation,
//! counts `evaluator_calls` (attempts, failures and panics included), `cache_hits` and `entry_count`, and follows the
//! same failure and re-entry rules, so the variants are interchangeable and return identical values and counters.

mod baselines;
mod bounded;
mod cache_kind;
mod callback;
mod counters;
mod evaluation_cache;
mod evaluation_memo;
mod fingerprint;
mod key_compare;
mod probe_stats;
mod slot_array;
mod state_store;
#[cfg(test)]
pub(crate) mod test_states;
#[cfg(test)]
mod tests;

pub use baselines::{FxCache, HashbrownCache, MapCache, TupleKeyCache, TupleKeyMap, Uncached};
pub use bounded::{
    BoundedCache, BoundedPolicy, CapacityError, ClockCache, DirectMapped, DirectMappedCache,
    FourWayClock, Replacement,
};
pub use cache_kind::CacheKind;
pub use callback::{EvalCallback, Fallible, Plain};
pub use counters::MemoCounters;
pub use evaluation_cache::{EvaluationCache, InstrumentedCache};
pub use evaluation_memo::EvaluationMemo;
pub use fingerprint::{Signature, fingerprint};
pub use probe_stats::{NoStats, ProbeObserver, ProbeStats};
