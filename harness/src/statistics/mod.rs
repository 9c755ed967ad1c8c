//! The harness's one statistics module: Student-t quantiles (exact for every degree of freedom), the mean with its
//! t-interval over seeds, the median with its distribution-free order-statistic interval, paired ratios, and the
//! sequential probability ratio test of a match in normalized Elo; the percentile bootstrap.

pub(crate) mod bootstrap;
pub mod interval;
pub mod mean;
pub mod median;
pub mod sprt;
pub(crate) mod sprt_stop;
pub mod student_t;

pub use interval::{Interval, Method};
pub use median::{median_ci_rank, paired_ratio, summarize};
pub use student_t::t_quantile;
