//! The profiled operation: one pass of an arm's timed operation between two dhat heap snapshots. Shared by the
//! `alloc_profile` binary and the allocation tests, so the tests check the very path the report's figures take.

use super::ArmAllocation;
use crate::operation::{Arm, timed_operation};
use engine::GameState;
use engine::chance::ChanceDepth;

/// Heap figures of one pass over `states` (every successor expanded once with fresh caches) for `arm`. Setup
/// (boxing the operation) stays outside the window. Needs a running `dhat::Profiler` in this process (dhat panics
/// without one).
pub fn profile_operation(states: &[GameState], depth: ChanceDepth, arm: Arm) -> ArmAllocation {
    let mut op = timed_operation(states, depth, arm);
    let before = dhat::HeapStats::get();
    op();
    let after = dhat::HeapStats::get();
    drop(op);
    let peak = if after.max_bytes > before.max_bytes {
        after.max_bytes - before.curr_bytes
    } else {
        // The pass never rose above an earlier peak: the most it can have held is that peak minus the baseline.
        after.max_bytes.saturating_sub(before.curr_bytes)
    };
    ArmAllocation {
        successors: states.len() as u64,
        total_blocks: after.total_blocks - before.total_blocks,
        total_bytes: after.total_bytes - before.total_bytes,
        peak_live_bytes: peak as u64,
    }
}
