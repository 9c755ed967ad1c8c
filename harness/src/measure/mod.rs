//! In-process timing: warm-up, repeated operations, variants interleaved round by round, medians with
//! distribution-free 95% intervals, and paired ratios between variants.

pub mod interleave;

pub use interleave::{Plan, Timed, measure_interleaved};
