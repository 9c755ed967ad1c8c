//! The tidy rows of `counts.csv`, `timings.csv` and `allocations.csv`: one arm, one metric, one value, with the
//! run's provenance; the same types write the files and read them back.

use super::arm_key::check_key_columns;
use super::csv_file::{CsvRecord, Located, read_records, write_records};
use super::{ArmKey, Metric, Provenance, SchemaError};
use crate::record::RecordError;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A value type of a tidy CSV: exact integers for counts, floating point for timings and allocation figures.
pub(crate) trait Figure:
    Copy + Default + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug
{
    /// As a float, for arithmetic in reports.
    fn as_f64(self) -> f64;
    /// Whether the value is finite (always for integers).
    fn is_finite(self) -> bool;
    /// Whether the value is below zero.
    fn is_negative(self) -> bool;
}

impl Figure for i128 {
    fn as_f64(self) -> f64 {
        self as f64
    }
    fn is_finite(self) -> bool {
        true
    }
    fn is_negative(self) -> bool {
        self < 0
    }
}

impl Figure for f64 {
    fn as_f64(self) -> f64 {
        self
    }
    fn is_finite(self) -> bool {
        f64::is_finite(self)
    }
    fn is_negative(self) -> bool {
        self < 0.0
    }
}

/// One figure about one arm.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Row<V> {
    /// What was measured.
    pub key: ArmKey,
    pub metric: Metric,
    pub value: V,
}

/// A deterministic count (calls, hits, instructions, ...): equal across runs of the same code and scenarios.
pub(crate) type CountRow = Row<i128>;
/// A timing figure: differs between runs.
pub(crate) type TimingRow = Row<f64>;
/// An allocation figure of the dhat profile.
pub(crate) type AllocationRow = Row<f64>;

impl<V: Figure> Row<V> {
    /// One row per `(metric, value)` pair, all about `key`.
    pub(crate) fn rows(key: &ArmKey, pairs: impl IntoIterator<Item = (Metric, V)>) -> Vec<Row<V>> {
        pairs
            .into_iter()
            .map(|(metric, value)| Row {
                key: key.clone(),
                metric,
                value,
            })
            .collect()
    }
}

/// The CSV form of a [`Row`] (the column order of every tidy results CSV).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct TidyRecord<V> {
    pub scenario: String,
    pub variant: String,
    pub evaluator: String,
    pub traversal: String,
    pub metric: String,
    pub value: V,
    // The provenance columns, as `Provenance` documents them.
    pub machine: String,
    pub rustc: String,
    pub git_revision: String,
    pub seed: u64,
}

impl<V: Figure> CsvRecord for TidyRecord<V> {
    fn check(&self) -> Result<(), (&'static str, String)> {
        check_key_columns([
            &self.scenario,
            &self.variant,
            &self.evaluator,
            &self.traversal,
        ])?;
        if self.metric.trim().is_empty() {
            return Err(("metric", "empty".into()));
        }
        if !self.value.is_finite() {
            return Err((
                "value",
                format!("`{:?}` is not a finite number", self.value),
            ));
        }
        let negative_allowed = Metric::from_name(&self.metric).is_none_or(Metric::may_be_negative);
        if self.value.is_negative() && !negative_allowed {
            return Err((
                "value",
                format!(
                    "`{:?}` is negative, which metric `{}` cannot be",
                    self.value, self.metric
                ),
            ));
        }
        Ok(())
    }
}

/// What to do with a metric name this build does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnknownMetrics {
    /// Fail, naming the line: the round-trip tests read their own files strictly.
    #[cfg(test)]
    Reject,
    /// Leave the row out (a run of another revision may record metrics this build has no use for).
    Skip,
}

/// CSV text of `rows` with `prov` on every row, header included.
pub(crate) fn write_tidy<V: Figure>(
    rows: &[Row<V>],
    prov: &Provenance,
    path: &Path,
) -> Result<Vec<u8>, RecordError> {
    write_records(
        rows.iter().map(|r| TidyRecord {
            scenario: r.key.scenario.clone(),
            variant: r.key.variant.clone(),
            evaluator: r.key.evaluator.clone(),
            traversal: r.key.traversal.clone(),
            metric: r.metric.name().to_owned(),
            value: r.value,
            machine: prov.machine.clone(),
            rustc: prov.rustc.clone(),
            git_revision: prov.git_revision.clone(),
            seed: prov.seed,
        }),
        path,
    )
}

/// Reads a tidy CSV into typed rows (with their lines), rejecting duplicated (arm, metric) pairs.
pub(crate) fn read_tidy<V: Figure>(
    path: &Path,
    unknown: UnknownMetrics,
) -> Result<Vec<Located<Row<V>>>, SchemaError> {
    let records = read_records::<TidyRecord<V>>(path)?;
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::with_capacity(records.len());
    for Located { line, record: r } in records {
        let Some(metric) = Metric::from_name(&r.metric) else {
            if unknown == UnknownMetrics::Skip {
                continue;
            }
            return Err(SchemaError::Field {
                path: path.to_path_buf(),
                line,
                field: "metric".into(),
                message: format!("unknown metric `{}`", r.metric),
            });
        };
        let key = ArmKey::new(&r.scenario, &r.variant, &r.evaluator, &r.traversal);
        if !seen.insert((key.clone(), metric)) {
            return Err(SchemaError::Row {
                path: path.to_path_buf(),
                line,
                message: format!("duplicate row for metric `{metric}` of {key}"),
            });
        }
        out.push(Located {
            line,
            record: Row {
                key,
                metric,
                value: r.value,
            },
        });
    }
    Ok(out)
}
