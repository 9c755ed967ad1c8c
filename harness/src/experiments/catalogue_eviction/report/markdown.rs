//! Markdown building blocks of the eviction report: tables of estimates per policy and budget.

use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::experiment::PlanResults;
use crate::experiments::catalogue_eviction::findings::metrics::cell;
use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::present::number::{Estimate, or_missing};
use crate::present::{Align, Table, TableError};

/// A markdown table from a header and rows of cells, through the harness's one table builder (which escapes a `|`
/// inside a cell, as shapes contain), followed by a blank line.
pub(crate) fn table<H: Into<String>>(
    out: &mut String,
    header: impl IntoIterator<Item = H>,
    rows: impl IntoIterator<Item = Vec<String>>,
) -> Result<(), TableError> {
    let mut t = Table::new(header.into_iter().map(|h| (h, Align::Left)));
    for r in rows {
        t.row(r)?;
    }
    out.push_str(&t.markdown());
    out.push('\n');
    Ok(())
}

/// One row per rule (its cells in `budgets` order), one column per budget; the first column headed `first`.
pub(crate) fn budget_table(
    out: &mut String,
    first: &str,
    budgets: &[usize],
    rows: impl IntoIterator<Item = (PolicyKind, Vec<String>)>,
) -> Result<(), TableError> {
    let header = std::iter::once(first.to_owned()).chain(budgets.iter().map(|b| b.to_string()));
    let rows = rows
        .into_iter()
        .map(|(k, cells)| [vec![format!("`{k}`")], cells].concat());
    table(out, header, rows)
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
    let show = |k, b| or_missing(cell(p, k, b, f), |e| e.show(digits));
    let rows = (policies.iter()).map(|&k| (k, budgets.iter().map(|&b| show(k, b)).collect()));
    budget_table(out, "policy", budgets, rows)
}
