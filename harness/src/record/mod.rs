//! Recording results: run metadata, the run folder, tidy CSV rows and atomic file writes.
//!
//! Counts (deterministic) and timings (not deterministic) go to separate files so that two runs' counts can be
//! compared byte for byte.

pub mod atomic;
pub mod error;
pub mod metadata;
pub mod run_folder;
pub mod tidy;
pub mod timestamp;

pub use atomic::write_atomic;
pub use error::RecordError;
pub use metadata::RunMetadata;
pub use run_folder::RunFolder;
pub use tidy::{CountRow, RowKey, TimingRow};
pub use timestamp::UtcTimestamp;
