//! A tidy CSV indexed by arm and metric, remembering the order in which names first appeared (the report's order).

use super::tidy_row::{Figure, Row, UnknownMetrics, read_tidy};
use super::{ArmKey, Metric, SchemaError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The rows of one tidy CSV, by (arm, metric).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct MetricTable<V> {
    /// The file the rows came from (for messages).
    pub path: PathBuf,
    values: BTreeMap<(ArmKey, Metric), V>,
    /// Scenario families in order of first appearance.
    pub scenarios: Vec<String>,
    /// Cache variants in order of first appearance.
    pub variants: Vec<String>,
    /// Evaluators in order of first appearance.
    pub evaluators: Vec<String>,
    /// Traversal modes in order of first appearance.
    pub traversals: Vec<String>,
}

fn remember(list: &mut Vec<String>, s: &str) {
    if !list.iter().any(|x| x == s) {
        list.push(s.to_owned());
    }
}

impl<V: Figure> MetricTable<V> {
    /// A table of `rows`; `path` names their source. Later rows of the same (arm, metric) replace earlier ones
    /// ([`MetricTable::read`] rejects such duplicates before they get here).
    pub(crate) fn from_rows(rows: impl IntoIterator<Item = Row<V>>, path: &Path) -> MetricTable<V> {
        let mut t = MetricTable {
            path: path.to_path_buf(),
            values: BTreeMap::new(),
            scenarios: Vec::new(),
            variants: Vec::new(),
            evaluators: Vec::new(),
            traversals: Vec::new(),
        };
        for r in rows {
            remember(&mut t.scenarios, &r.key.scenario);
            remember(&mut t.variants, &r.key.variant);
            remember(&mut t.evaluators, &r.key.evaluator);
            remember(&mut t.traversals, &r.key.traversal);
            t.values.insert((r.key, r.metric), r.value);
        }
        t
    }

    /// Reads a tidy CSV (see [`read_tidy`]).
    pub(crate) fn read(
        path: &Path,
        unknown: UnknownMetrics,
    ) -> Result<MetricTable<V>, SchemaError> {
        let rows = read_tidy::<V>(path, unknown)?;
        Ok(MetricTable::from_rows(
            rows.into_iter().map(|r| r.record),
            path,
        ))
    }

    /// The value as recorded.
    pub(crate) fn exact(&self, arm: &ArmKey, metric: Metric) -> Option<V> {
        self.values.get(&(arm.clone(), metric)).copied()
    }

    /// The value as a float.
    pub(crate) fn get(&self, arm: &ArmKey, metric: Metric) -> Option<f64> {
        self.exact(arm, metric).map(Figure::as_f64)
    }

    /// Whether any row carries `metric`.
    pub(crate) fn has_metric(&self, metric: Metric) -> bool {
        self.values.keys().any(|(_, m)| *m == metric)
    }

    /// Arms that carry `metric`, in key order.
    pub(crate) fn arms_with(&self, metric: Metric) -> Vec<ArmKey> {
        self.values
            .keys()
            .filter(|(_, m)| *m == metric)
            .map(|(a, _)| a.clone())
            .collect()
    }

    /// Every (arm, metric, value), in key order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&ArmKey, Metric, V)> {
        self.values.iter().map(|((a, m), v)| (a, *m, *v))
    }

    /// Checks that every arm carrying any of `set` carries all of it; the message names the first arm and metric
    /// missing (what a file cut at a line boundary looks like).
    pub(crate) fn require_complete(&self, set: &[Metric], what: &str) -> Result<(), SchemaError> {
        for arm in set.iter().flat_map(|m| self.arms_with(*m)) {
            if let Some(m) = set.iter().find(|m| self.exact(&arm, **m).is_none()) {
                return Err(SchemaError::Incomplete {
                    path: self.path.clone(),
                    message: format!("{arm} has {what} rows but no `{m}` row"),
                });
            }
        }
        Ok(())
    }
}
