//! Presentation for people: number formatting ([`number`]), axis tick labels ([`tick`]) and one table builder
//! ([`table`]) that renders the same
//! table as markdown for reports and as aligned plain text for the console. Files for programs (CSV, JSON) keep raw
//! numbers and never go through this module.
//!
//! Conventions, kept everywhere a person reads results: times with units and three significant digits, exact counters
//! with thousands separators, percentages with one decimal, and one ratio direction: speedup = time(baseline) /
//! time(variant), > 1 = faster (instruction ratios alike). Details and edge cases in [`number`].

pub(crate) mod number;
pub(crate) mod table;
pub(crate) mod tick;
pub(crate) mod words;

pub(crate) use table::{Align, Table, TableError};

/// Fails, showing `text`, unless it contains every one of `parts`.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_contains(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} missing from:\n{text}");
    }
}

/// A paired-ratio interval for tests.
#[cfg(test)]
pub(crate) fn paired(
    point: f64,
    low: f64,
    high: f64,
    level: f64,
    n: usize,
) -> crate::statistics::Interval {
    crate::statistics::Interval {
        point,
        low,
        high,
        level,
        n,
        method: crate::statistics::Method::PairedRatio,
    }
}
