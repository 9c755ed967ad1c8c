//! Recording results: run metadata, the run folder, the typed results schema and atomic file writes.
//!
//! Counts (deterministic) and timings (not deterministic) go to separate files so that two runs' counts can be
//! compared byte for byte.

pub mod atomic;
pub mod error;
pub mod metadata;
pub mod output;
mod replace;
pub mod run_folder;
pub mod schema;
pub mod timestamp;

pub use atomic::write_atomic;
pub use error::RecordError;
pub use metadata::RunMetadata;
pub use output::{
    Role, check_apart, check_output_file, check_output_folder, check_replaceable_folder,
};
pub use replace::replace_folder;
pub use run_folder::RunFolder;
pub(crate) use run_folder::complete_folders;
pub use run_folder::{completed_path, is_partial, latest_complete_run, partial_runs};
pub use schema::{
    AllocationRow, ArmKey, CountRow, Known, Metric, MetricTable, Provenance, SchemaError, TimingRow,
};
pub use timestamp::UtcTimestamp;

#[cfg(test)]
mod output_tests;
