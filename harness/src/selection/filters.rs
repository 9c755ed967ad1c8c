//! Parsing the command line's selections: evaluator names, traversal modes, family filters.

use super::Evaluator;
use crate::scenario::Family;
use anyhow::Context;
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

/// Parses a family filter (empty = all).
pub fn families(names: &[String]) -> anyhow::Result<Vec<Family>> {
    if names.is_empty() {
        return Ok(Family::ALL.to_vec());
    }
    names
        .iter()
        .map(|n| {
            Family::from_name(n).with_context(|| {
                format!(
                    "unknown scenario family '{n}' (expected sparse, middlegame, transposition-rich or promotion-en-passant)"
                )
            })
        })
        .collect()
}
