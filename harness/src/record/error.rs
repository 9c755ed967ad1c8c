//! Errors while recording results; each names the path it concerns.

use std::path::PathBuf;

/// A failure to write results.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RecordError {
    /// The output folder could not be created.
    #[error("cannot create output folder {path}: {source}")]
    CreateFolder {
        /// The folder.
        path: PathBuf,
        source: std::io::Error,
    },
    /// The output folder exists but is not writable (or a file could not be written into it).
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file (or its temporary sibling).
        path: PathBuf,
        source: std::io::Error,
    },
    /// CSV serialisation failed.
    #[error("cannot serialise CSV for {path}: {source}")]
    Csv {
        /// The target file.
        path: PathBuf,
        source: csv::Error,
    },
}
