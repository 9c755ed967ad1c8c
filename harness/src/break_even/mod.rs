//! The break-even map: for each family x traversal setting, from deterministic counts and callgrind instruction
//! costs, the speedup an evaluation cache is predicted to give as a function of the evaluator's cost, next to the
//! speedup measured at each rung of the evaluator ladder (`docs/break-even.md`).

pub mod map;
pub mod model;

pub use map::{MapSpec, measure_map};
pub use model::{CostModel, evaluator_cost};
