//! Standard output that never panics. Results for people go to stdout through [`outln!`]; when stdout stops
//! accepting writes (the reader of a pipe exits, `/dev/full`), the first failure is reported once on stderr and
//! later output is dropped, so a run still finishes the files it writes and decides its own exit status.

use std::fmt;
use std::io::{self, Write};
use std::sync::OnceLock;

static FAILURE: OnceLock<io::ErrorKind> = OnceLock::new();

/// Writes one line to stdout; `false` once stdout has failed (this line and every later one are dropped).
pub fn line(args: fmt::Arguments<'_>) -> bool {
    if FAILURE.get().is_some() {
        return false;
    }
    let mut out = io::stdout().lock();
    let result = out.write_fmt(args).and_then(|()| out.write_all(b"\n"));
    let result = result.and_then(|()| out.flush());
    match result {
        Ok(()) => true,
        Err(err) => {
            if FAILURE.set(err.kind()).is_ok() {
                eprintln!("harness: standard output closed ({err}); further output is dropped");
            }
            false
        }
    }
}

/// How stdout failed, if it did.
pub fn failure() -> Option<io::ErrorKind> {
    FAILURE.get().copied()
}

/// `println!` through [`line`]: evaluates to `false` once stdout has failed, so a streaming command can stop.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::console::line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::console::line(format_args!($($arg)*))
    };
}
