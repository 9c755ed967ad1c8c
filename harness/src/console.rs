//! Standard output that never panics. Results for people go to stdout through [`outln!`]; when stdout stops
//! accepting writes (the reader of a pipe exits, `/dev/full`), the first failure is reported once on stderr and
//! later output is dropped, so a run still finishes the files it writes and decides its own exit status.

use std::fmt;
use std::io::{self, Write};
use std::sync::OnceLock;

static FAILURE: OnceLock<io::ErrorKind> = OnceLock::new();

/// Writes one line to stdout; `false` once stdout has failed (this line and every later one are dropped).
pub(crate) fn line(args: fmt::Arguments<'_>) -> bool {
    if FAILURE.get().is_some() {
        return false;
    }
    let mut text = fmt::format(args);
    text.push('\n');
    write(text.as_bytes())
}

/// Writes `bytes` to stdout and flushes; records and reports the first failure.
fn write(bytes: &[u8]) -> bool {
    if FAILURE.get().is_some() {
        return false;
    }
    let written = crate::progress::bars_suspended(|| {
        let mut out = io::stdout().lock();
        out.write_all(bytes).and_then(|()| out.flush())
    });
    match written {
        Ok(()) => true,
        Err(err) => {
            if FAILURE.set(err.kind()).is_ok() {
                let _ = writeln!(
                    io::stderr(),
                    "harness: standard output closed ({err}); further output is dropped"
                );
            }
            false
        }
    }
}

/// Lines for stdout written in blocks of about 64 KiB: a command that prints millions of lines (every turn
/// path of a big position) would otherwise spend its time in one system call per line. Same failure rule as
/// [`line`]; whatever is pending is written when the batch is dropped.
#[derive(Default)]
pub(crate) struct Batch {
    pending: String,
}

/// Bytes a [`Batch`] gathers before writing.
const BATCH_BYTES: usize = 64 * 1024;

impl Batch {
    /// An empty batch.
    pub(crate) fn new() -> Batch {
        Batch {
            pending: String::with_capacity(BATCH_BYTES + 256),
        }
    }

    /// Adds one line; `false` once stdout has failed (a block write failed, now or earlier).
    pub(crate) fn line(&mut self, args: fmt::Arguments<'_>) -> bool {
        if FAILURE.get().is_some() {
            return false;
        }
        let _ = fmt::Write::write_fmt(&mut self.pending, args);
        self.pending.push('\n');
        self.pending.len() < BATCH_BYTES || self.flush()
    }

    /// Writes what is pending; `false` once stdout has failed.
    pub(crate) fn flush(&mut self) -> bool {
        let ok =
            self.pending.is_empty() && FAILURE.get().is_none() || write(self.pending.as_bytes());
        self.pending.clear();
        ok
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        self.flush();
    }
}

/// How stdout failed, if it did.
pub(crate) fn failure() -> Option<io::ErrorKind> {
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

#[cfg(test)]
mod tests {
    #[test]
    fn batch_examples() {
        let mut batch = crate::console::Batch::new();
        for i in 0..3 {
            if !batch.line(format_args!("line {i}")) {
                break; // stdout is gone: stop generating
            }
        }
        assert!(batch.flush());
    }
}
