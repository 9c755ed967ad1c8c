//! The documented exit statuses and the failure classes a command reports them with.
//!
//! | status | meaning |
//! | --- | --- |
//! | 0 | success |
//! | 1 | runtime failure (an OS error while working, standard output lost, a bug) |
//! | 2 | bad input (an option, a DFEN, a scenario file), detected before or after parsing |
//! | 3 | verification or parity mismatch (a frozen value differs from a recomputed one) |
//!
//! A command returns `anyhow::Error`; it tags an error with its class through [`Failure::tag`] or
//! [`Failure::because`], and `main` maps the error to a status with [`Failure::of`]. An untagged error is a runtime
//! failure. This module names no error type of another module: a module whose errors know their own class (the
//! scenario files' errors do) tags them through [`Failure::tag`] where they meet the command line, so the
//! dependency runs one way, from that module to this one.

use std::fmt;
use std::process::ExitCode;

/// A downstream binary's `main`, as `criterion_main!` is a benchmark's: the harness's whole command line with these
/// evaluators registered.
///
/// ```no_run
/// use engine::eval::Evaluator;
/// use engine::{Color, GameState};
/// struct Mine;
/// impl Evaluator for Mine {
///     fn name(&self) -> &str { "mine" }
///     fn evaluate(&self, s: &GameState, c: Color) -> i32 { engine::evaluate_material(s, c) }
/// }
/// harness::harness_main!(Mine);
/// ```
#[macro_export]
macro_rules! harness_main {
    ($($evaluator:expr),* $(,)?) => {
        fn main() -> ::std::process::ExitCode {
            $crate::exit_code($crate::main_with(
                $crate::Registry::new()$(.with($evaluator))*,
            ))
        }
    };
}

/// `--help` text listing the exit statuses.
pub(crate) const EXIT_STATUS_HELP: &str = "Exit status: 0 success; 1 runtime failure (an OS error, standard output \
lost); 2 bad input (an option value, a DFEN, a scenario file, an output location); 3 verification or parity \
mismatch.";

/// The process exit status of a whole command line's outcome: 0, or the failure's status.
pub fn exit_code(outcome: Result<(), Failure>) -> ExitCode {
    outcome.map_or_else(Failure::exit_code, |()| ExitCode::SUCCESS)
}

/// Why a command failed, as its exit status tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Status 1: the input was fine but the work failed (an OS error, output lost).
    Runtime,
    /// Status 2: an option value, a position, a file's content or an output location is unusable.
    BadInput,
    /// Status 3: a recomputed value differs from a frozen or a parallel one.
    Mismatch,
}

impl Failure {
    /// The process exit status.
    pub const fn code(self) -> u8 {
        match self {
            Failure::Runtime => 1,
            Failure::BadInput => 2,
            Failure::Mismatch => 3,
        }
    }

    /// The exit status as `main` returns it.
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(self.code())
    }

    /// Tags `error` with this class; its message is unchanged.
    pub fn tag(self, error: impl Into<anyhow::Error>) -> anyhow::Error {
        anyhow::Error::new(Classified {
            failure: self,
            error: error.into(),
        })
    }

    /// A new error of this class.
    pub fn because(self, message: impl fmt::Display) -> anyhow::Error {
        self.tag(anyhow::Error::msg(message.to_string()))
    }

    /// The class of a command's error: the outermost tag in its chain, else [`Failure::Runtime`].
    pub fn of(err: &anyhow::Error) -> Failure {
        Failure::tagged(err).unwrap_or(Failure::Runtime)
    }

    /// The outermost tag in the error's chain, if it has one.
    pub fn tagged(err: &anyhow::Error) -> Option<Failure> {
        err.chain()
            .find_map(|e| e.downcast_ref::<Classified>().map(|c| c.failure))
    }
}

/// An error with its class attached; transparent in messages.
#[derive(Debug)]
struct Classified {
    failure: Failure,
    error: anyhow::Error,
}

impl fmt::Display for Classified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl std::error::Error for Classified {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.error.source()
    }
}

/// The error's chain joined by `: `, each cause once: a cause whose text the previous message already contains
/// (an error type that prints its OS error and also returns it as its source) is left out.
pub(crate) fn message(err: &anyhow::Error) -> String {
    let mut out = String::new();
    let mut previous = String::new();
    for link in err.chain() {
        let text = link.to_string();
        if text.is_empty() || previous.contains(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
        previous = text;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outermost_tag_wins_and_messages_stay_whole() {
        let inner = Failure::Mismatch.because("root 0 differs");
        let err = Failure::Runtime.tag(inner.context("s.json"));
        assert_eq!(Failure::of(&err), Failure::Runtime);
        assert_eq!(message(&err), "s.json: root 0 differs");
        let untagged = anyhow::anyhow!("disk on fire");
        assert_eq!(Failure::of(&untagged), Failure::Runtime);
        assert_eq!(Failure::tagged(&untagged), None);
        let err = Failure::BadInput.tag(std::io::Error::other("x.json: empty"));
        let err = err.context("loading scenarios");
        assert_eq!(Failure::of(&err), Failure::BadInput);
        assert_eq!(message(&err), "loading scenarios: x.json: empty");
        let err = Failure::BadInput.because("invalid DFEN '8/8': too few ranks");
        assert_eq!(Failure::of(&err).code(), 2);
        let err = Failure::Mismatch
            .because("frozen value differs")
            .context("verifying");
        assert_eq!(Failure::tagged(&err), Some(Failure::Mismatch));
        let io = std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            "File exists (os error 17)",
        );
        // An error that prints its OS error and also returns it as its source, as the record module's do.
        #[derive(Debug, thiserror::Error)]
        #[error("cannot write {path}: {source}")]
        struct Write {
            path: String,
            source: std::io::Error,
        }
        let err = Write {
            path: "out/run".into(),
            source: io,
        };
        assert_eq!(
            message(&anyhow::Error::new(err)),
            "cannot write out/run: File exists (os error 17)"
        );
    }
}
