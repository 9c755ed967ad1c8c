//! The harness's one statistics module: Student-t quantiles (exact for every degree of freedom), the mean with its
//! t-interval over seeds, the median with its distribution-free order-statistic interval, paired ratios, and the
//! sequential probability ratio test of a match in normalized Elo; the percentile bootstrap.

pub(crate) mod bootstrap;
pub(crate) mod interval;
pub(crate) mod mean;
pub(crate) mod median;
pub(crate) mod sprt;
pub(crate) mod sprt_stop;
pub(crate) mod student_t;

pub(crate) use interval::{Interval, Method};
pub(crate) use median::{median_ci_rank, paired_ratio, summarize};
pub(crate) use student_t::t_quantile;
