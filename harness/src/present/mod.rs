//! Presentation for people: number formatting ([`number`]) and one table builder ([`table`]) that renders the same
//! table as markdown for reports and as aligned plain text for the console. Files for programs (CSV, JSON) keep raw
//! numbers and never go through this module.

pub mod number;
pub mod table;

pub use table::{Align, Table, TableError};
