//! Presentation for people: number formatting ([`number`]), axis tick labels ([`tick`]) and one table builder
//! ([`table`]) that renders the same
//! table as markdown for reports and as aligned plain text for the console. Files for programs (CSV, JSON) keep raw
//! numbers and never go through this module.
//!
//! Conventions, kept everywhere a person reads results: times with units and three significant digits, exact counters
//! with thousands separators, percentages with one decimal, and one ratio direction: speedup = time(baseline) /
//! time(variant), > 1 = faster (instruction ratios alike). Details and edge cases in [`number`].

pub mod number;
pub mod table;
pub mod tick;
pub mod words;

pub use table::{Align, Table, TableError};
