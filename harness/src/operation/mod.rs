//! Runs: scenario family x cache variant x evaluator x traversal cache, counted for parity, then timed.

pub(crate) mod arm;
pub(crate) mod evaluator_cost;
pub(crate) mod growth;
pub(crate) mod parity;
pub(crate) mod probes;
pub(crate) mod sampled;
pub(crate) mod search;
pub(crate) mod table;
pub(crate) mod timing;

pub use arm::{Arm, CountResult, count_family, timed_operation};
pub use parity::check_parity;
