//! Markdown building blocks of the eviction report: tables of estimates per policy and budget.

use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::experiment::PlanResults;
use crate::experiments::catalogue_eviction::findings::metrics::cell;
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::present::number::{Estimate, or_missing};
use crate::present::{Align, Table, TableError};

/// A markdown table from a header and rows of cells, through the harness's one table builder (which escapes a `|`
/// inside a cell, as shapes contain), followed by a blank line.
pub(crate) fn table(
    out: &mut String,
    header: &[String],
    rows: &[Vec<String>],
) -> Result<(), TableError> {
    let mut t = Table::new(header.iter().map(|h| (h.as_str(), Align::Left)));
    for r in rows {
        t.row(r.iter().map(String::as_str))?;
    }
    out.push_str(&t.markdown());
    out.push('\n');
    Ok(())
}

/// One row per policy, one column per budget, each cell `f` over seeds.
pub(crate) fn policy_table(
    out: &mut String,
    p: &PlanResults,
    policies: &[PolicyKind],
    budgets: &[usize],
    f: impl Fn(&EvictionRecord) -> f64 + Copy,
    digits: usize,
) -> Result<(), TableError> {
    let mut header = vec!["policy".to_string()];
    header.extend(budgets.iter().map(|b| format!("{b}")));
    let rows: Vec<Vec<String>> = policies
        .iter()
        .map(|&k| {
            let mut r = vec![format!("`{k}`")];
            r.extend(
                budgets
                    .iter()
                    .map(|&b| or_missing(cell(p, k, b, f), |e| e.show(digits))),
            );
            r
        })
        .collect();
    table(out, &header, &rows)
}
