//! Runs: scenario family x cache variant x evaluator x traversal cache, counted for parity, then timed.

pub mod arm;
pub(crate) mod evaluator_cost;
pub mod growth;
pub mod parity;
pub mod probes;
pub(crate) mod sampled;
pub mod search;
pub mod table;
pub mod timing;

pub use arm::{Arm, CountResult, count_family, timed_operation};
pub use parity::check_parity;
