//! The catalogue-eviction experiment: the lookup stream of 650 Domineering games, the replacement rules replayed
//! over it, and the results and report.
//!
//! Policies work over dense `u32` object ids (a stream maps each shape key to an id once). The access loop is
//! written once ([`cache::Cache`]); each rule is a file of small hooks behind the [`Policy`] trait, each O(1) or
//! O(log budget) per lookup with no per-lookup allocation.

pub mod aging_lfu;
pub mod arc;
pub mod belady;
pub mod cache;
pub mod clock;
pub mod dice_trace;
pub mod experiment;
pub mod fifo;
pub mod findings;
pub mod game_search;
pub mod glance;
pub mod heap;
pub mod lfu;
pub mod lirs;
pub mod lists;
pub mod lru;
pub mod mrc;
pub mod policy;
pub mod replay;
pub mod report;
pub mod s3fifo;
pub mod sieve;
pub mod spec;
pub mod static_sets;
pub mod stream;
pub mod trace;
pub mod trace_experiment;
pub mod two_q;
pub mod unbounded;
pub mod wtinylfu;

pub use cache::{Cache, Table};
pub use experiment::{Config, Summary, run};
pub use policy::{Policy, Tally};
pub use spec::PolicyKind;
