//! Scenario errors; every message names the file, and where it applies the entry and the field.

use crate::exit::Failure;
use std::path::PathBuf;

/// Why a scenario file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    /// The file does not exist or cannot be read.
    #[error("{path}: cannot read scenario file: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The file starts with a UTF-8 byte-order mark. Scenario files are written without one and compared byte for
    /// byte with a fresh freeze, so a file that has one was edited by hand and is refused rather than guessed at.
    #[error(
        "{path}: starts with a UTF-8 byte-order mark (EF BB BF); scenario files are plain UTF-8 without one: \
         remove the first three bytes or run `harness scenarios freeze`"
    )]
    ByteOrderMark { path: PathBuf },
    /// The JSON is malformed, a field is missing, mistyped or repeated, or a key of a map is repeated.
    #[error("{path}: invalid scenario JSON at line {line}, column {column}: {message}")]
    Syntax {
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// serde's message (names the field).
        message: String,
    },
    /// The format version is not the one this build understands.
    #[error("{path}: field `format_version`: found {found}, this build reads version {expected}")]
    Version {
        path: PathBuf,
        /// Version in the file.
        found: u32,
        /// Version this build reads.
        expected: u32,
    },
    /// The family name is unknown.
    #[error(
        "{path}: field `family`: '{found}' is not a family name (a shipped one: sparse, middlegame, transposition-rich, promotion-en-passant, played, played-endgame; or a user's: lowercase letters, digits, '-' and '_')"
    )]
    UnknownFamily {
        path: PathBuf,
        /// The name found.
        found: String,
    },
    /// A field has a value that is not allowed.
    #[error("{path}: {entry}: field `{field}`: {message}")]
    Invalid {
        path: PathBuf,
        /// The entry, e.g. `root 2 (sparse-02), successor 5`.
        entry: String,
        field: String,
        message: String,
    },
    /// A DFEN string does not parse.
    #[error("{path}: {entry}: field `{field}`: invalid DFEN '{dfen}': {message}")]
    Dfen {
        path: PathBuf,
        entry: String,
        /// The field (`dfen`).
        field: String,
        /// The text.
        dfen: String,
        /// The parser's message.
        message: String,
    },
    /// A line of a user's positions file (`scenarios freeze --from`) cannot be frozen.
    #[error("{path}: line {line}: {message}")]
    Position {
        /// The positions file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        message: String,
    },
    /// A recomputed value differs from the frozen one.
    #[error(
        "{path}: {entry}: field `expected.{evaluator}`: stale expected value: frozen {frozen}, recomputed {recomputed} (successor {dfen})"
    )]
    Stale {
        path: PathBuf,
        /// The first differing successor.
        entry: String,
        /// The evaluator whose value differs.
        evaluator: String,
        dfen: String,
        /// Value in the file.
        frozen: i64,
        recomputed: i64,
    },
    /// The frozen successor list differs from the recomputed one.
    #[error("{path}: {entry}: field `successors`: {message}")]
    StaleSuccessors {
        path: PathBuf,
        /// The root.
        entry: String,
        /// What differs.
        message: String,
    },
}

impl ScenarioError {
    /// The exit class: a recomputed value or successor list that differs is a mismatch (status 3), an unreadable
    /// file an OS failure unless the path or its content is at fault, everything else bad input (status 2).
    pub fn failure(&self) -> Failure {
        use std::io::ErrorKind;
        match self {
            ScenarioError::Stale { .. } | ScenarioError::StaleSuccessors { .. } => {
                Failure::Mismatch
            }
            ScenarioError::Read { source, .. } => match source.kind() {
                ErrorKind::NotFound
                | ErrorKind::PermissionDenied
                | ErrorKind::InvalidData
                | ErrorKind::IsADirectory
                | ErrorKind::NotADirectory => Failure::BadInput,
                _ => Failure::Runtime,
            },
            _ => Failure::BadInput,
        }
    }
}

/// `err` tagged with the class of the scenario error in its chain ([`ScenarioError::failure`]), unless it already
/// carries a class; the command line applies it to every command's error, so a command that loads scenario files
/// exits 2 or 3 without tagging them itself.
pub(crate) fn classified(err: anyhow::Error) -> anyhow::Error {
    if Failure::tagged(&err).is_some() {
        return err;
    }
    let class = err.chain().find_map(|e| {
        e.downcast_ref::<ScenarioError>()
            .map(ScenarioError::failure)
    });
    match class {
        Some(class) => class.tag(err),
        None => err,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_errors_classify_themselves_unless_tagged() {
        let stale = || ScenarioError::StaleSuccessors {
            path: "s.json".into(),
            entry: "root 0".into(),
            message: "differs".into(),
        };
        let err = classified(anyhow::Error::new(stale()));
        assert_eq!(Failure::of(&err), Failure::Mismatch);
        assert_eq!(
            crate::exit::message(&err),
            "s.json: root 0: field `successors`: differs"
        );
        let err = classified(Failure::Runtime.tag(stale()));
        assert_eq!(Failure::of(&err), Failure::Runtime);
        let read = ScenarioError::Read {
            path: "gone.json".into(),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        };
        assert_eq!(Failure::of(&classified(read.into())), Failure::BadInput);
        let err = classified(anyhow::Error::new(stale()).context("verifying"));
        assert_eq!(Failure::of(&err), Failure::Mismatch);
        let err = classified(Failure::Runtime.because("disk on fire"));
        assert_eq!(Failure::of(&err), Failure::Runtime);
    }
}
