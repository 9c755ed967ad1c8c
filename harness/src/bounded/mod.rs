//! The bounded evaluation cache measured: in the nested chance expansion and in the search, at capacities from
//! 2^6 up to the working set, next to the contract's unbounded cache (time, evaluator calls, hit rate, bytes).
//! `harness bounded-cache` runs the full sweep; the main job runs a short slice of it.

pub mod cache_arm;
pub mod capacities;
pub mod sweep;
pub mod workload;

pub use cache_arm::CacheArm;
pub use capacities::{Bound, Capacities, CapacitiesError};
pub use sweep::{BoundedParityError, Sweep, run_sweep};
pub use workload::{Invocations, Workload};
