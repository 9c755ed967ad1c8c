//! Markdown building blocks of the eviction report: tables of estimates per policy and budget.

use crate::eviction::experiment::{PlanResults, RunRow};
use crate::eviction::findings::metrics::cell;
use crate::eviction::spec::PolicyKind;
use crate::statistics::Interval;
use engine::domineering::ShapeKey;
use std::fmt::Write;

/// `mean ± half-width` to `digits` decimals, or a dash for a cell not run.
pub fn show(e: Option<Interval>, digits: usize) -> String {
    e.map_or("—".into(), |e| e.show(digits))
}

/// A shape for a markdown table cell: `|` would end the cell, so it is escaped.
pub fn cell_text(k: &ShapeKey) -> String {
    k.to_string().replace('|', "\\|")
}

/// A markdown table from a header and rows of cells.
pub fn table(out: &mut String, header: &[String], rows: &[Vec<String>]) {
    let _ = writeln!(out, "| {} |", header.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(header.len()));
    for r in rows {
        let _ = writeln!(out, "| {} |", r.join(" | "));
    }
    out.push('\n');
}

/// One row per policy, one column per budget, each cell `f` over seeds.
pub fn policy_table(
    out: &mut String,
    p: &PlanResults,
    policies: &[PolicyKind],
    budgets: &[usize],
    f: impl Fn(&RunRow) -> f64 + Copy,
    digits: usize,
) {
    let mut header = vec!["policy".to_string()];
    header.extend(budgets.iter().map(|b| format!("{b}")));
    let rows: Vec<Vec<String>> = policies
        .iter()
        .map(|&k| {
            let mut r = vec![format!("`{k}`")];
            r.extend(budgets.iter().map(|&b| show(cell(p, k, b, f), digits)));
            r
        })
        .collect();
    table(out, &header, &rows);
}
