//! Recording results: run metadata, the run folder, the typed results schema and atomic file writes.
//!
//! Counts (deterministic) and timings (not deterministic) go to separate files so that two runs' counts can be
//! compared byte for byte.

pub(crate) mod atomic;
pub(crate) mod error;
pub(crate) mod metadata;
pub(crate) mod output;
mod replace;
pub(crate) mod run_folder;
pub(crate) mod schema;
pub(crate) mod timestamp;

pub(crate) use atomic::write_atomic;
pub(crate) use error::RecordError;
pub(crate) use metadata::RunMetadata;
pub(crate) use output::{
    Role, check_apart, check_output_file, check_output_folder, check_replaceable_folder,
};
pub(crate) use replace::replace_folder;
pub(crate) use run_folder::RunFolder;
pub(crate) use run_folder::complete_folders;
pub(crate) use run_folder::{completed_path, is_partial, latest_complete_run, partial_runs};
pub(crate) use schema::{
    AllocationRow, ArmKey, CountRow, Known, Metric, MetricTable, Provenance, SchemaError, TimingRow,
};
pub(crate) use timestamp::UtcTimestamp;

#[cfg(test)]
mod output_tests;
