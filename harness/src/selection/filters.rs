//! Parsing the command line's selections: evaluator names and traversal modes.

use super::Evaluator;
use engine::chance::Traversal;

/// Parses an evaluator name.
pub fn parse_eval(s: &str) -> Result<Evaluator, String> {
    Evaluator::from_name(s).ok_or_else(|| {
        format!("unknown evaluator '{s}' (expected material, constant or aggressive)")
    })
}

/// Parses `on`/`off`.
pub fn parse_traversal(s: &str) -> Result<Traversal, String> {
    match s {
        "on" => Ok(Traversal::Cached),
        "off" => Ok(Traversal::Plain),
        _ => Err(format!("unknown traversal mode '{s}' (expected on or off)")),
    }
}
