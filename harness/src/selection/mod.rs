//! What a run covers beyond its scenario families: evaluators and traversal modes, as named on the command line
//! and in the results. Shared by the main job, its child processes and `harness compare`, so none of them
//! imports another's command module.

pub mod filters;

pub use crate::evaluators::{CONSTANT_SCORE, EvaluatorKind};
pub use filters::{parse_eval, parse_traversal};
