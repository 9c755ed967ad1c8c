//! Errors for bad Domineering input (board sizes, shape and board strings, dyadic strings).

/// Why a board, shape or number could not be built from the given input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomineeringError {
    /// A board must have 1 to 8 rows and 1 to 8 columns.
    #[error("board of {rows} rows x {cols} columns is outside 1..=8 x 1..=8")]
    Dimensions {
        /// Requested rows.
        rows: usize,
        /// Requested columns.
        cols: usize,
    },
    /// A board or shape string (`.` free, `#` blocked, rows joined by `|`) is malformed.
    #[error("bad board or shape string {text:?}: {reason}")]
    Notation {
        /// The offending input.
        text: String,
        /// What is wrong with it, naming the row and column where it applies.
        reason: String,
    },
    /// A dyadic rational string (`-1/2`, `3`, `5/8`) is malformed.
    #[error("bad dyadic rational {text:?}: {reason}")]
    Dyadic {
        /// The offending input.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
}
