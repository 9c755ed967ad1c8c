//! The eviction report's analysis: typed findings computed from the results, which the report only formats.

pub mod aging;
pub mod belady_gap;
pub mod best_tens;
pub mod inversion;
pub mod metrics;
pub mod original;
pub mod rule_groups;
