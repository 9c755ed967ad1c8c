//! The three counters every memo variant reports.

/// Telemetry of one memo instance, as the contract defines it.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct MemoCounters {
    /// Actual callback attempts, failures and panics included.
    pub evaluator_calls: u64,
    /// Successful lookups that reused an earlier result.
    pub cache_hits: u64,
    /// Successfully evaluated (state, perspective) pairs retained.
    pub entry_count: usize,
}
