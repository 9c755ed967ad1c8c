//! Instruction counts of the main job's operation under callgrind: the harness re-invokes itself as a child
//! (`harness callgrind-op`, hidden) under `valgrind --tool=callgrind --cache-sim=yes`, with collection limited to
//! [`measured_operation`], and reads the totals back.

pub mod break_even;
pub mod callgrind;
pub mod child;
pub mod main_job;

pub use callgrind::{
    CallgrindTotals, MeasuredArm, measure_arm, measure_evaluator_alone, parse_callgrind_out,
    valgrind_version,
};
pub use child::{measured_operation, operation_states};
