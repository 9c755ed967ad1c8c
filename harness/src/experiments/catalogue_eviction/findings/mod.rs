//! The eviction report's analysis: typed findings computed from the results, which the report only formats.

pub(crate) mod aging;
pub(crate) mod belady_gap;
pub(crate) mod best_tens;
pub(crate) mod inversion;
pub(crate) mod metrics;
pub(crate) mod original;
pub(crate) mod rule_groups;
