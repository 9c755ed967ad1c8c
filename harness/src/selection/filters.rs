//! Parsing the command line's selections: evaluator names and traversal modes (clap value parsers, bad input =
//! exit status 2 with clap's message).

use super::Evaluator;
use crate::cli::values::{ValueError, name};
use engine::chance::Traversal;

/// Parses an evaluator name (the main job's subset: material, constant, aggressive).
pub fn parse_eval(s: &str) -> Result<Evaluator, ValueError> {
    name::<Evaluator>(s)
}

/// Parses `on`/`off`.
pub fn parse_traversal(s: &str) -> Result<Traversal, ValueError> {
    name::<Traversal>(s)
}
