//! The rows of `probes.csv`: the optimized cache's probe-length histogram, one row per arm x probe length.

use super::arm_key::check_key_columns;
use super::csv_file::{CsvRecord, read_unique, write_records};
use super::{ArmKey, Provenance, SchemaError};
use crate::record::RecordError;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Lookups of one arm that inspected `probe_length` slots (0 = no slot array yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ProbeRow {
    /// The arm (cache `optimized`).
    pub key: ArmKey,
    /// Slots inspected.
    pub probe_length: u64,
    /// Lookups with that length.
    pub lookups: u64,
}

/// The CSV form of a [`ProbeRow`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct ProbeRecord {
    pub scenario: String,
    pub variant: String,
    pub evaluator: String,
    pub traversal: String,
    /// Slots inspected.
    pub probe_length: u64,
    pub lookups: u64,
    // The provenance columns, as `Provenance` documents them.
    pub machine: String,
    pub rustc: String,
    pub git_revision: String,
    pub seed: u64,
}

impl CsvRecord for ProbeRecord {
    fn check(&self) -> Result<(), (&'static str, String)> {
        check_key_columns([
            &self.scenario,
            &self.variant,
            &self.evaluator,
            &self.traversal,
        ])
    }
}

/// `probes.csv` text of `rows` with `prov` on every row.
pub(crate) fn write_probes(
    rows: &[ProbeRow],
    prov: &Provenance,
    path: &Path,
) -> Result<Vec<u8>, RecordError> {
    write_records(
        rows.iter().map(|r| ProbeRecord {
            scenario: r.key.scenario.clone(),
            variant: r.key.variant.clone(),
            evaluator: r.key.evaluator.clone(),
            traversal: r.key.traversal.clone(),
            probe_length: r.probe_length,
            lookups: r.lookups,
            machine: prov.machine.clone(),
            rustc: prov.rustc.clone(),
            git_revision: prov.git_revision.clone(),
            seed: prov.seed,
        }),
        path,
    )
}

/// Reads `probes.csv`, rejecting a repeated (arm, probe length).
pub(crate) fn read_probes(path: &Path) -> Result<Vec<ProbeRow>, SchemaError> {
    let key = |r: &ProbeRecord| ArmKey::new(&r.scenario, &r.variant, &r.evaluator, &r.traversal);
    let records = read_unique(
        path,
        |r| (key(r), r.probe_length),
        |r| format!("probe length {} of {}", r.probe_length, key(r)),
    )?;
    let row = |r: ProbeRecord| ProbeRow {
        key: key(&r),
        probe_length: r.probe_length,
        lookups: r.lookups,
    };
    Ok(records.into_iter().map(row).collect())
}

/// `probes.csv`: the optimized cache's probe-length histograms.
#[derive(Debug, Default, Clone)]
pub(crate) struct ProbeTable {
    rows: Vec<ProbeRow>,
    /// Scenario families in order of first appearance.
    pub scenarios: Vec<String>,
}

impl ProbeTable {
    /// Reads `path` (see [`read_probes`]).
    pub(crate) fn read(path: &Path) -> Result<ProbeTable, SchemaError> {
        let rows = read_probes(path)?;
        let mut scenarios: Vec<String> = Vec::new();
        for r in &rows {
            if !scenarios.contains(&r.key.scenario) {
                scenarios.push(r.key.scenario.clone());
            }
        }
        Ok(ProbeTable { rows, scenarios })
    }

    /// The histogram of `arm` as (probe length, lookups), lengths ascending.
    pub(crate) fn histogram(&self, arm: &ArmKey) -> Vec<(u64, u64)> {
        let mut h: Vec<(u64, u64)> = self
            .rows
            .iter()
            .filter(|r| r.key == *arm)
            .map(|r| (r.probe_length, r.lookups))
            .collect();
        h.sort_unstable();
        h
    }

    /// Total lookups of `arm` over all probe lengths.
    pub(crate) fn total(&self, arm: &ArmKey) -> u64 {
        self.histogram(arm).iter().map(|(_, n)| n).sum()
    }
}
