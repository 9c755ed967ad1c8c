//! Depth-preferred replacement, the contract's rule: a deeper search is worth more.

use super::replacement::{Placement, Replacement, Resident};

/// One entry per bucket; a store replaces it when the slot is empty, when the new result is at least as deep,
/// or when it refines a non-exact bound on the same key.
pub(crate) struct DepthPreferred;

impl Replacement for DepthPreferred {
    const WAYS: usize = 1;

    fn place(bucket: &[Option<Resident>], incoming: &Resident, _: u8) -> Placement {
        match bucket[0] {
            Some(old) if !old.yields_by_depth(incoming) => Placement::Keep,
            _ => Placement::Write(0),
        }
    }
}
