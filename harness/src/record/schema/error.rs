//! Why a results CSV could not be read: every message names the file, and the line and field where there is one.

use std::path::PathBuf;

/// A results CSV that cannot be read or does not hold what its reader needs.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SchemaError {
    /// The path is missing, a directory, or unreadable.
    #[error("{path}: cannot read results file: {reason}")]
    Unreadable {
        path: PathBuf,
        /// The cause (for example "is a directory").
        reason: String,
    },
    /// The header lacks a column the reader needs.
    #[error("{path}: line 1: missing column `{column}`")]
    MissingColumn { path: PathBuf, column: String },
    /// The file has a header and no data rows.
    #[error("{path}: header only, no data rows")]
    HeaderOnly { path: PathBuf },
    /// A field cannot be read or holds a value that cannot be.
    #[error("{path}: line {line}: field `{field}`: {message}")]
    Field {
        path: PathBuf,
        /// 1-based line (the header is line 1).
        line: u64,
        /// The column.
        field: String,
        message: String,
    },
    /// A row is malformed or repeats another.
    #[error("{path}: line {line}: {message}")]
    Row {
        path: PathBuf,
        /// 1-based line.
        line: u64,
        message: String,
    },
    /// Rows the reader needs are missing (a file cut short, or written by a run that did not finish).
    #[error("{path}: incomplete: {message}")]
    Incomplete {
        path: PathBuf,
        /// Which rows are missing.
        message: String,
    },
}
