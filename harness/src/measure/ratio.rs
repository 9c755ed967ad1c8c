//! Ratios between two interleaved variants, paired round by round so that drift cancels: the maths lives in the
//! harness-wide statistics module.

pub use crate::statistics::median::paired_ratio;
