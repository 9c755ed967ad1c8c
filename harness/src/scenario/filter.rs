//! The family filter of the command line (`--scenario a,b`).

use super::Family;
use anyhow::Context;

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
