//! Median summaries with distribution-free intervals: the maths lives in the harness-wide statistics module.

pub use crate::statistics::median::{Summary, median_ci_rank, summarize};
