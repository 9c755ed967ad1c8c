//! The rows of `intervals.csv`: every interval a run reports, persisted whole (point, low, high, coverage level,
//! sample count and method) so a reader judges it with [`crate::verdict::Verdict::of`] exactly as the run did,
//! rather than rebuilding it from three figures.

use super::arm_key::check_key_columns;
use super::csv_file::{CsvRecord, read_unique, write_records};
use super::interval_columns::{check_method, interval_columns};
use super::{ArmKey, Metric, MetricTable, Provenance, SchemaError};
use crate::record::RecordError;
use crate::statistics::{Interval, Method, median_ci_rank};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// `intervals.csv`'s quantity of the time per operation.
pub(crate) const NS_PER_OP: &str = "ns_per_op";
/// `intervals.csv`'s quantity of the speedup over no cache, time(none) / time(variant).
pub(crate) const SPEEDUP_VS_NONE: &str = "speedup_vs_none";
/// `intervals.csv`'s quantity of the evaluator's own cost per call (on the `none` arm of each setting), measured
/// directly: the evaluator alone over the setting's evaluations, paired with the `constant` evaluator.
pub(crate) const EVALUATOR_NS_PER_CALL: &str = "evaluator_ns_per_call";
/// `intervals.csv`'s quantity of the speedup over the tuple-key map.
pub(crate) const SPEEDUP_VS_TUPLE: &str = "speedup_vs_tuple";

/// One interval about one arm: `quantity` names what it estimates (`ns_per_op`, `speedup_vs_none`, ...).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct IntervalRow {
    pub key: ArmKey,
    /// What the interval estimates.
    pub quantity: String,
    pub interval: Interval,
}

/// The CSV form of an [`IntervalRow`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct IntervalRecord {
    pub scenario: String,
    pub variant: String,
    pub evaluator: String,
    pub traversal: String,
    /// What the interval estimates.
    pub quantity: String,
    pub point: f64,
    pub low: f64,
    pub high: f64,
    /// Coverage of `[low, high]` (exact for order statistics).
    pub level: f64,
    /// Samples (pairs, for a paired ratio) behind it.
    pub n: u64,
    /// How it was computed (`order_statistic`, `paired_ratio`, `student_t`, ...).
    pub method: String,
    // The provenance columns, as `Provenance` documents them.
    pub machine: String,
    pub rustc: String,
    pub git_revision: String,
    pub seed: u64,
}

interval_columns!(IntervalRecord {
    interval, with_interval: whole [point, low, high, level, n, method]
});
super::provenance::provenance_columns!(IntervalRecord);

impl CsvRecord for IntervalRecord {
    fn check(&self) -> Result<(), (&'static str, String)> {
        check_key_columns([
            &self.scenario,
            &self.variant,
            &self.evaluator,
            &self.traversal,
        ])?;
        if self.quantity.is_empty() {
            return Err(("quantity", "empty".into()));
        }
        check_method("method", Some(&self.method))?;
        if !(0.0..=1.0).contains(&self.level) {
            return Err((
                "level",
                format!("{} is not a coverage in [0, 1]", self.level),
            ));
        }
        if self.point.is_finite() && self.low.is_finite() && self.high.is_finite() {
            if self.low > self.high {
                return Err(("low", format!("{} above high {}", self.low, self.high)));
            }
        } else if self.level > 0.0 {
            return Err((
                "point",
                "a non-finite interval cannot claim coverage".into(),
            ));
        }
        Ok(())
    }
}

/// `intervals.csv` text of `rows` with `prov` on every row.
pub(crate) fn write_intervals(
    rows: &[IntervalRow],
    prov: &Provenance,
    path: &Path,
) -> Result<Vec<u8>, RecordError> {
    write_records(
        rows.iter().map(|r| {
            IntervalRecord {
                scenario: r.key.scenario.clone(),
                variant: r.key.variant.clone(),
                evaluator: r.key.evaluator.clone(),
                traversal: r.key.traversal.clone(),
                quantity: r.quantity.clone(),
                ..IntervalRecord::default()
            }
            .with_provenance(prov)
            .with_interval(&r.interval)
        }),
        path,
    )
}

/// The intervals of a run by (arm, quantity).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct IntervalTable {
    by_key: BTreeMap<(ArmKey, String), Interval>,
}

impl IntervalTable {
    /// A table of `rows` (a later row for the same arm and quantity replaces an earlier one).
    pub(crate) fn from_rows(rows: impl IntoIterator<Item = IntervalRow>) -> IntervalTable {
        IntervalTable {
            by_key: rows
                .into_iter()
                .map(|r| ((r.key, r.quantity), r.interval))
                .collect(),
        }
    }

    /// The interval of `quantity` for `key`: the one way every reader takes an interval of a run.
    pub(crate) fn get(&self, key: &ArmKey, quantity: &str) -> Option<Interval> {
        self.by_key
            .get(&(key.clone(), quantity.to_owned()))
            .copied()
    }

    /// The run folder `dir`'s `intervals.csv` (absent in old runs), completed [`IntervalTable::with_legacy`].
    pub(crate) fn of_run(
        dir: &Path,
        timings: &MetricTable<f64>,
    ) -> Result<IntervalTable, SchemaError> {
        let path = dir.join("intervals.csv");
        let written = path.exists().then(|| read_intervals(&path)).transpose()?;
        Ok(written.unwrap_or_default().with_legacy(timings))
    }

    /// This table plus, where it lacks them, the intervals a `timings.csv` written before `intervals.csv` holds as
    /// metric rows ([`legacy_rows`]), so old runs are read through [`IntervalTable::get`] too. Such runs predate
    /// the timing kernel: medians over rounds with order-statistic intervals (level 0, no claim, without rounds).
    pub(crate) fn with_legacy(mut self, timings: &MetricTable<f64>) -> IntervalTable {
        for arm in timings.arms_with(Metric::NsPerOpMedian) {
            let at = |m: Metric| timings.get(&arm, m);
            let n = at(Metric::Rounds).map_or(0, |r| r as usize);
            let speedup_level = (n > 0).then(|| median_ci_rank(n, 0.95).1);
            for quantity in LEGACY_QUANTITIES {
                let [point, low, high] = legacy_rows(quantity).map(at);
                let (level, method) = match quantity {
                    NS_PER_OP => (at(Metric::NsPerOpCiCoverage), Method::OrderStatistic),
                    _ => (speedup_level, Method::PairedRatio),
                };
                let Some(point) = point else { continue };
                let interval = Interval {
                    point,
                    low: low.unwrap_or(f64::NAN),
                    high: high.unwrap_or(f64::NAN),
                    level: level.unwrap_or(0.0),
                    n,
                    method,
                };
                let key = (arm.clone(), quantity.to_owned());
                self.by_key.entry(key).or_insert(interval);
            }
        }
        self
    }

    /// Every interval as a row, in (arm, quantity) order.
    #[cfg(test)]
    pub(crate) fn rows(&self) -> Vec<IntervalRow> {
        let row = |((key, quantity), interval): (&(ArmKey, String), &Interval)| IntervalRow {
            key: key.clone(),
            quantity: quantity.clone(),
            interval: *interval,
        };
        self.by_key.iter().map(row).collect()
    }
}

/// The quantities a `timings.csv` written before `intervals.csv` held as metric rows (read, no longer written).
pub(crate) const LEGACY_QUANTITIES: [&str; 3] = [NS_PER_OP, SPEEDUP_VS_NONE, SPEEDUP_VS_TUPLE];

/// The metric rows `<quantity>_median`, `_ci95_low` and `_ci95_high` that held the point, low and high of each of
/// [`LEGACY_QUANTITIES`] in a `timings.csv` written before `intervals.csv`.
pub(crate) fn legacy_rows(quantity: &str) -> [Metric; 3] {
    ["median", "ci95_low", "ci95_high"]
        .map(|end| Metric::from_name(&format!("{quantity}_{end}")).expect("a legacy metric"))
}

/// Reads `intervals.csv`, rejecting a repeated (arm, quantity).
fn read_intervals(path: &Path) -> Result<IntervalTable, SchemaError> {
    let key = |r: &IntervalRecord| ArmKey::new(&r.scenario, &r.variant, &r.evaluator, &r.traversal);
    let records = read_unique(
        path,
        |r| (key(r), r.quantity.clone()),
        |r| format!("{} of {}", r.quantity, key(r)),
    )?;
    let by_key = records
        .into_iter()
        .map(|r| ((key(&r), r.quantity.clone()), r.interval()))
        .collect();
    Ok(IntervalTable { by_key })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intervals_round_trip_whole_and_bad_rows_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("intervals.csv");
        let key = ArmKey::new("sparse", "optimized", "material", "on");
        let interval = crate::statistics::paired_ratio(
            &[10.0, 11.0, 12.0, 10.5, 11.5, 10.8],
            &[9.0, 9.9, 10.1, 9.7, 10.2, 9.8],
        )
        .unwrap();
        let rows = [IntervalRow {
            key: key.clone(),
            quantity: "speedup_vs_none".into(),
            interval,
        }];
        let prov = Provenance {
            machine: "m".into(),
            rustc: "r".into(),
            git_revision: "g".into(),
            seed: 3,
        };
        std::fs::write(&path, write_intervals(&rows, &prov, &path).unwrap()).unwrap();
        let table = read_intervals(&path).unwrap();
        assert_eq!(table.get(&key, "speedup_vs_none"), Some(interval));
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("paired_ratio", "jackknife")).unwrap();
        let err = read_intervals(&path).unwrap_err().to_string();
        assert!(err.contains("line 2") && err.contains("method"), "{err}");
    }
}
