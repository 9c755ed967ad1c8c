//! Allocation profiles (dhat) of the main job's operation, measured in a separate process (`alloc_profile`) so
//! that the timed binary never carries a profiling allocator.
//!
//! The parent mode spawns one child per arm, so each arm gets its own dhat profile, its own JSON file and its own
//! peak (dhat's peak, t-gmax, is process-wide and cannot be reset).

pub mod arm_report;

pub use arm_report::{ArmAllocation, parse_child_line};
