//! The family filter of the command line given as separate names (`--scenario a --scenario b`, child processes).

use super::Family;
use crate::exit::Failure;

/// Parses a family filter given as separate names (empty = all); an unknown name is bad input (status 2).
pub(crate) fn families(names: &[String]) -> anyhow::Result<Vec<Family>> {
    if names.is_empty() {
        return Ok(Family::ALL.to_vec());
    }
    names
        .iter()
        .map(|n| n.parse().map_err(|e: String| Failure::BadInput.because(e)))
        .collect()
}
