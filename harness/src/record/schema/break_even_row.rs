//! The rows of `break_even.csv`: one row per family x traversal mode x cache variant x evaluator rung, with the
//! cost model's parts (callgrind counts of one operation), its predicted speedup at the rung's cost and the
//! speedup the timing kernel measured on the same operation.

use super::SchemaError;
use super::csv_file::{CsvRecord, named, read_unique, write_records};
use super::interval_columns::{
    check_interval, check_method, interval_columns, older_order_statistic,
};
use crate::record::RecordError;
use crate::statistics::Method;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One family x traversal x variant x rung, as written to and read from `break_even.csv`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct BreakEvenRecord {
    /// Scenario family (the operation is its first successor).
    pub scenario: String,
    pub traversal: String,
    /// Cache variant (never `none`: it is the baseline of every ratio).
    pub variant: String,
    /// The rung's evaluator (`material`, `work:16`, ...).
    pub evaluator: String,
    /// L: evaluation lookups of the operation.
    pub lookups: u64,
    /// M: evaluator calls of the operation under this variant.
    pub misses: u64,
    /// G: instructions of the operation without a cache, evaluator `constant`.
    pub operation_instructions: u64,
    /// p: the variant's instructions per lookup beyond calling the constant evaluator directly.
    pub probe_instructions_per_lookup: f64,
    /// e: the rung's instructions per call beyond the constant evaluator.
    pub evaluator_instructions_per_call: f64,
    /// e* = L·p / (L − M): the evaluator cost from which the variant pays; empty when no lookup hits.
    pub break_even_instructions_per_call: Option<f64>,
    /// The rung's time per call beyond the constant evaluator, measured directly
    /// ([`crate::operation::evaluator_cost`]): the median of its paired rounds.
    pub evaluator_ns_per_call: f64,
    /// Nanoseconds per instruction of the uncached constant arm (converts e* into time).
    pub ns_per_instruction: f64,
    /// (G + L·e) / (G + L·p + M·e) at the rung's e.
    pub predicted_speedup: f64,
    /// time(none) / time(variant), the geometric mean of the paired ratios over sessions (older runs: the median of
    /// per-round ratios), > 1 = the cache is faster.
    pub measured_speedup: f64,
    /// Lower end of the measured speedup's 95% interval.
    pub speedup_ci_low: f64,
    /// Upper end of the measured speedup's 95% interval.
    pub speedup_ci_high: f64,
    /// Its coverage (missing in older runs: read as the order-statistic level of `samples` rounds).
    #[serde(default)]
    pub speedup_level: f64,
    /// How it was computed (`student_t`; older runs `paired_ratio`, missing in the oldest).
    #[serde(default)]
    pub speedup_method: String,
    /// Sessions (older runs: timing rounds).
    pub samples: u64,
    // The provenance columns, as `Provenance` documents them.
    pub machine: String,
    pub rustc: String,
    pub git_revision: String,
    pub seed: u64,
}

// The measured speedup: the timing kernel's over `samples` sessions (older runs: the median of per-round ratios).
interval_columns!(BreakEvenRecord {
    measured,
    with_measured: whole [
        measured_speedup,
        speedup_ci_low,
        speedup_ci_high,
        speedup_level,
        samples,
        speedup_method
    ]
});

impl CsvRecord for BreakEvenRecord {
    const ADDED_LATER: &'static [&'static str] = &["speedup_level", "speedup_method"];

    fn upgraded(mut self) -> Self {
        let (level, method) = (&mut self.speedup_level, &mut self.speedup_method);
        older_order_statistic(level, method, self.samples, Method::PairedRatio);
        self
    }

    fn check(&self) -> Result<(), (&'static str, String)> {
        named("scenario", &self.scenario)?;
        named("variant", &self.variant)?;
        named("evaluator", &self.evaluator)?;
        if let Err(e) = self.traversal.parse::<engine::chance::Traversal>() {
            return Err(("traversal", e.to_string()));
        }
        if self.misses > self.lookups {
            return Err((
                "misses",
                format!("{} exceeds lookups {}", self.misses, self.lookups),
            ));
        }
        for (column, v) in [
            (
                "probe_instructions_per_lookup",
                self.probe_instructions_per_lookup,
            ),
            (
                "evaluator_instructions_per_call",
                self.evaluator_instructions_per_call,
            ),
            ("evaluator_ns_per_call", self.evaluator_ns_per_call),
        ] {
            if !v.is_finite() {
                return Err((column, format!("{v} is not finite")));
            }
        }
        for (column, v) in [
            ("ns_per_instruction", self.ns_per_instruction),
            ("predicted_speedup", self.predicted_speedup),
            ("measured_speedup", self.measured_speedup),
            ("speedup_ci_low", self.speedup_ci_low),
            ("speedup_ci_high", self.speedup_ci_high),
        ] {
            if !v.is_finite() || v <= 0.0 {
                return Err((column, format!("{v} is not a finite positive number")));
            }
        }
        check_method("speedup_method", Some(&self.speedup_method))?;
        check_interval(
            ["measured_speedup", "speedup_ci_low", "speedup_ci_high"],
            &self.measured(),
            true,
        )
    }
}

super::provenance::provenance_columns!(BreakEvenRecord);

/// `break_even.csv` text of `rows`.
pub(crate) fn write_break_even(
    rows: &[BreakEvenRecord],
    path: &Path,
) -> Result<Vec<u8>, RecordError> {
    write_records(rows.iter().cloned(), path)
}

/// Reads `break_even.csv`, rejecting a repeated (family, traversal, variant, evaluator).
pub(crate) fn read_break_even(path: &Path) -> Result<Vec<BreakEvenRecord>, SchemaError> {
    read_unique(
        path,
        |r: &BreakEvenRecord| {
            (
                r.scenario.clone(),
                r.traversal.clone(),
                r.variant.clone(),
                r.evaluator.clone(),
            )
        },
        |r| {
            format!(
                "{} traversal {} {} {}",
                r.scenario, r.traversal, r.variant, r.evaluator
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row; `evaluator` varies so that rows differ.
    pub(crate) fn record(evaluator: &str) -> BreakEvenRecord {
        crate::record::schema::CsvRecord::upgraded(BreakEvenRecord {
            scenario: "sparse".into(),
            traversal: "on".into(),
            variant: "optimized".into(),
            evaluator: evaluator.into(),
            lookups: 1_000,
            misses: 250,
            operation_instructions: 2_000_000,
            probe_instructions_per_lookup: 202.5,
            evaluator_instructions_per_call: 124.0,
            break_even_instructions_per_call: Some(270.0),
            evaluator_ns_per_call: 30.5,
            ns_per_instruction: 0.25,
            predicted_speedup: 0.8,
            measured_speedup: 0.85,
            speedup_ci_low: 0.82,
            speedup_ci_high: 0.9,
            samples: 7,
            machine: "host (cpu, 2 cores)".into(),
            rustc: "rustc 1.95.0".into(),
            git_revision: "abc".into(),
            seed: 1,
            ..BreakEvenRecord::default()
        })
    }

    #[test]
    fn break_even_rows_round_trip_and_bad_rows_name_line_and_field() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("break_even.csv");
        let never = BreakEvenRecord {
            break_even_instructions_per_call: None,
            ..record("work:16")
        };
        let rows = vec![record("material"), never];
        std::fs::write(&path, write_break_even(&rows, &path).unwrap()).unwrap();
        assert_eq!(read_break_even(&path).unwrap(), rows);

        let text =
            String::from_utf8(write_break_even(&[record("material")], &path).unwrap()).unwrap();
        std::fs::write(&path, text.replace(",1000,250,", ",1000,1250,")).unwrap();
        let err = read_break_even(&path).unwrap_err().to_string();
        assert!(err.contains("line 2") && err.contains("misses"), "{err}");

        let twice = [record("material"), record("material")];
        std::fs::write(&path, write_break_even(&twice, &path).unwrap()).unwrap();
        let err = read_break_even(&path).unwrap_err().to_string();
        assert!(err.contains("duplicate row"), "{err}");
    }

    /// The measured speedup is stored whole; a file written before its level and method columns reads them as
    /// its writer computed them (the order-statistic level of `samples` paired rounds).
    #[test]
    fn the_measured_speedup_is_stored_whole_and_older_files_read_its_level() {
        let rounds = [9.0, 10.0, 11.0, 10.5, 9.5, 10.2, 9.8];
        let ratio = crate::statistics::paired_ratio(&rounds, &rounds.map(|x| x * 1.1)).unwrap();
        let row = record("material").with_measured(&ratio);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("break_even.csv");
        let text = String::from_utf8(write_break_even(std::slice::from_ref(&row), &path).unwrap())
            .unwrap();
        std::fs::write(&path, &text).unwrap();
        assert_eq!(read_break_even(&path).unwrap(), [row]);
        let old = super::super::csv_file::without_columns(&text, BreakEvenRecord::ADDED_LATER);
        std::fs::write(&path, old).unwrap();
        let read = read_break_even(&path).unwrap();
        assert_eq!(read[0].measured(), ratio);
    }
}
