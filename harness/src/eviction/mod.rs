//! The catalogue-eviction experiment (issue 6): the lookup stream of 650 Domineering games, the replacement rules
//! replayed over it, and the results and report.
//!
//! Policies work over dense `u32` object ids (a stream maps each shape key to an id once), one file per rule
//! behind the small [`Policy`] trait, each O(1) or O(log budget) per lookup with no per-lookup allocation.

pub mod aging_lfu;
pub mod arc;
pub mod belady;
pub mod experiment;
pub mod heap;
pub mod lfu;
pub mod lists;
pub mod lru;
pub mod policy;
pub mod replay;
pub mod report;
pub mod s3fifo;
pub mod sieve;
pub mod spec;
pub mod static_sets;
pub mod stats;
pub mod stream;
pub mod unbounded;
pub mod wtinylfu;

pub use experiment::{Config, Summary, run};
pub use policy::{Policy, Tally};
pub use spec::PolicyKind;
