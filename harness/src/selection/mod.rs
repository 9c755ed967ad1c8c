//! What a run covers beyond its scenario families: evaluators and traversal modes, as named on the command line
//! and in the results. Shared by the main job, its child processes and `harness compare`, so none of them
//! imports another's command module. Both parse with their own `FromStr` (clap's default value parser):
//! [`EvaluatorKind`] by hand for `work:N`, [`Traversal`] from [`engine::closed_names!`].

pub use crate::evaluators::{CONSTANT_SCORE, EvaluatorKind};
pub use engine::chance::Traversal;
