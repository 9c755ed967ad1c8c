//! Tidy CSV output: one row per scenario x variant x evaluator x traversal x metric, with provenance columns.

use super::{RecordError, RunMetadata};
use serde::Serialize;
use std::path::Path;

/// What a row is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RowKey {
    /// Scenario family (`sparse`, ...).
    pub scenario: String,
    /// Cache variant (`none`, `tuple`, ...).
    pub variant: String,
    /// Evaluator (`material`, `constant`, `aggressive`).
    pub evaluator: String,
    /// Traversal cache `on` or `off`.
    pub traversal: String,
}

/// A deterministic count (calls, hits, entries, ...): equal across runs of the same code and scenarios.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountRow {
    /// What was counted on.
    pub key: RowKey,
    /// Metric name, e.g. `evaluator_calls`.
    pub metric: String,
    /// The count (or exact value numerator).
    pub value: i128,
}

/// The metrics of the main job's counting pass, in the order `counts.csv` lists them: what every cache variant must
/// agree on, and what `harness compare` requires to be equal between two revisions.
pub const COUNTING_PASS_METRICS: [&str; 10] = [
    "successors",
    "value_numerator_sum",
    "evaluator_calls",
    "cache_hits",
    "entries",
    "geometry_calls",
    "class_edges",
    "transitions",
    "replays",
    "emissions",
];

impl CountRow {
    /// One row per `(metric, value)` pair, all about `key`.
    pub fn rows<'a>(
        key: &RowKey,
        pairs: impl IntoIterator<Item = (&'a str, i128)>,
    ) -> Vec<CountRow> {
        pairs
            .into_iter()
            .map(|(metric, value)| CountRow {
                key: key.clone(),
                metric: metric.to_owned(),
                value,
            })
            .collect()
    }
}

/// A timing figure: differs between runs.
#[derive(Clone, Debug, PartialEq)]
pub struct TimingRow {
    /// What was timed.
    pub key: RowKey,
    /// Metric name, e.g. `ns_per_op_median`.
    pub metric: String,
    /// The figure.
    pub value: f64,
}

#[derive(Serialize)]
struct Flat<'a, V: Serialize> {
    scenario: &'a str,
    variant: &'a str,
    evaluator: &'a str,
    traversal: &'a str,
    metric: &'a str,
    value: V,
    machine: &'a str,
    rustc: &'a str,
    git_revision: &'a str,
    seed: u64,
}

/// CSV text of count rows (header included); `value` is written as an exact integer.
pub fn counts_csv(
    rows: &[CountRow],
    meta: &RunMetadata,
    path: &Path,
) -> Result<Vec<u8>, RecordError> {
    to_csv(
        rows.iter()
            .map(|r| (&r.key, r.metric.as_str(), r.value.to_string())),
        meta,
        path,
    )
}

/// CSV text of timing rows (header included).
pub fn timings_csv(
    rows: &[TimingRow],
    meta: &RunMetadata,
    path: &Path,
) -> Result<Vec<u8>, RecordError> {
    to_csv(
        rows.iter().map(|r| (&r.key, r.metric.as_str(), r.value)),
        meta,
        path,
    )
}

fn to_csv<'a, V: Serialize>(
    rows: impl Iterator<Item = (&'a RowKey, &'a str, V)>,
    meta: &RunMetadata,
    path: &Path,
) -> Result<Vec<u8>, RecordError> {
    let machine = meta.machine();
    let err = |source| RecordError::Csv {
        path: path.to_path_buf(),
        source,
    };
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut any = false;
    for (key, metric, value) in rows {
        any = true;
        w.serialize(Flat {
            scenario: &key.scenario,
            variant: &key.variant,
            evaluator: &key.evaluator,
            traversal: &key.traversal,
            metric,
            value,
            machine: &machine,
            rustc: &meta.rustc,
            git_revision: &meta.git_revision,
            seed: meta.seed,
        })
        .map_err(err)?;
    }
    if !any {
        // serde writes the header with the first row; an empty table still gets one.
        w.write_record([
            "scenario",
            "variant",
            "evaluator",
            "traversal",
            "metric",
            "value",
            "machine",
            "rustc",
            "git_revision",
            "seed",
        ])
        .map_err(err)?;
    }
    w.into_inner().map_err(|e| RecordError::Write {
        path: path.to_path_buf(),
        source: e.into_error(),
    })
}
