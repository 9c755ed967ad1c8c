//! What a run covers beyond its scenario families: evaluators and traversal modes, as named on the command line
//! and in the results. Shared by the main job, its child processes and `harness compare`, so none of them
//! imports another's command module.

pub mod evaluator;
pub mod filters;

pub use evaluator::{CONSTANT_SCORE, Evaluator};
pub use filters::{parse_eval, parse_traversal};
