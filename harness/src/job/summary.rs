//! The run's headline: printed last on the console and written as `summary.json`.

use crate::outln;
use crate::record::RunMetadata;
use crate::report::break_even::VariantBreakEven;
use crate::report::glance::{Glance, glance_table, tally};
use serde::Serialize;

/// The version of `summary.json`'s layout; bumped when a key changes meaning or disappears.
pub const SUMMARY_VERSION: u32 = 1;

#[derive(Serialize)]
struct SummaryJson<'a> {
    summary_version: u32,
    started_utc: String,
    git_revision: &'a str,
    rustc: &'a str,
    machine: String,
    seed: u64,
    verdicts: Tally,
    at_a_glance: &'a [Glance],
    break_even_map: &'a [VariantBreakEven],
}

#[derive(Serialize)]
struct Tally {
    pays: usize,
    costs: usize,
    no_verdict: usize,
}

/// `summary.json`'s text.
pub fn summary_json(
    glance: &[Glance],
    break_even_map: &[VariantBreakEven],
    meta: &RunMetadata,
) -> serde_json::Result<String> {
    let (pays, costs, no_verdict) = tally(glance);
    let doc = SummaryJson {
        summary_version: SUMMARY_VERSION,
        started_utc: meta.started.to_string(),
        git_revision: &meta.git_revision,
        rustc: &meta.rustc,
        machine: meta.machine(),
        seed: meta.seed,
        verdicts: Tally {
            pays,
            costs,
            no_verdict,
        },
        at_a_glance: glance,
        break_even_map,
    };
    let mut text = serde_json::to_string_pretty(&doc)?;
    text.push('\n');
    Ok(text)
}

/// The console's closing summary.
pub fn print_glance(glance: &[Glance]) {
    let (pays, costs, none) = tally(glance);
    outln!("\nAt a glance (speedup = time(none) / time(variant), > 1 = faster):\n");
    match glance_table(glance) {
        Ok(t) => outln!("{}", t.plain()),
        Err(e) => outln!("(no table: {e})"),
    };
    outln!("verdicts: {pays} pay, {costs} cost, {none} without verdict (interval includes 1)");
}
