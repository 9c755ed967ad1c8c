//! Median intervals with distribution-free coverage: the maths lives in the harness-wide statistics module.

pub use crate::statistics::median::{median_ci_rank, summarize};
