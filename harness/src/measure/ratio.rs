//! Ratios between two interleaved variants, paired round by round so that drift cancels.

use super::{Summary, summarize};

/// Median and interval of the per-round ratios `a[i] / b[i]` (rounds where `b[i]` is 0 are skipped).
///
/// ```
/// let r = harness::measure::paired_ratio(&[2.0, 4.0, 6.0], &[1.0, 2.0, 3.0]).unwrap();
/// assert_eq!(r.median, 2.0);
/// ```
pub fn paired_ratio(a: &[f64], b: &[f64]) -> Option<Summary> {
    let ratios: Vec<f64> = a
        .iter()
        .zip(b)
        .filter(|(_, y)| **y != 0.0)
        .map(|(x, y)| x / y)
        .collect();
    summarize(&ratios)
}
