//! Progress of a long stage on stderr: a bar when stderr is a terminal; otherwise (a log file, CI) a status line at
//! least every 10 seconds, so a silent minute never looks like a hang.

use indicatif::{ProgressBar, ProgressStyle};
use std::fmt;
use std::io::{IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Writes one status line to stderr. Status (what a stage is doing, how long it took) goes to stderr and results to
/// stdout; a stderr that cannot be written is ignored rather than a panic.
pub fn status_line(args: fmt::Arguments<'_>) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.write_all(b"\n"));
}

/// `eprintln!` through [`status_line`].
#[macro_export]
macro_rules! status {
    ($($arg:tt)*) => {
        $crate::progress::status_line(format_args!($($arg)*))
    };
}

/// How often the status line repeats when stderr is not a terminal.
pub const STATUS_EVERY: Duration = Duration::from_secs(10);

/// One stage's progress.
pub struct Progress {
    bar: ProgressBar,
    ticker: Option<(Sender<()>, JoinHandle<()>)>,
}

impl Progress {
    /// Progress of `stage` over `len` steps.
    pub fn new(stage: &str, len: u64) -> Progress {
        Self::with_status_every(
            stage,
            len,
            (!std::io::stderr().is_terminal()).then_some(STATUS_EVERY),
        )
    }

    /// As [`Progress::new`], with the status line every `every` (or none): for tests, and for callers that know
    /// better than the terminal check.
    pub fn with_status_every(stage: &str, len: u64, every: Option<Duration>) -> Progress {
        let bar = ProgressBar::new(len);
        bar.set_style(
            ProgressStyle::with_template("{prefix:>8} [{bar:40}] {pos}/{len} {msg} ({elapsed})")
                .expect("the template is valid")
                .progress_chars("=> "),
        );
        bar.set_prefix(stage.to_owned());
        let ticker = every.map(|every| {
            let (stop, stopped) = mpsc::channel::<()>();
            let (watched, stage) = (bar.clone(), stage.to_owned());
            let start = Instant::now();
            let handle = std::thread::spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                    status_line(format_args!(
                        "{stage}: {}/{} {} ({:.0} s)",
                        watched.position(),
                        watched.length().unwrap_or(0),
                        watched.message(),
                        start.elapsed().as_secs_f64()
                    ));
                }
            });
            (stop, handle)
        });
        Progress { bar, ticker }
    }

    /// What the stage works on now.
    pub fn set_message(&self, message: impl Into<String>) {
        self.bar.set_message(message.into());
    }

    /// `n` more steps done.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
    }

    /// The underlying bar, for code that drives an indicatif bar itself (the status line follows it).
    pub fn bar(&self) -> &ProgressBar {
        &self.bar
    }

    /// The stage finished: the bar shows `message`.
    pub fn finish(mut self, message: impl Into<String>) {
        self.bar.finish_with_message(message.into());
        self.stop();
    }

    /// The stage stopped early: the bar stays as it was.
    pub fn abandon(mut self) {
        self.bar.abandon();
        self.stop();
    }

    fn stop(&mut self) {
        if let Some((stop, handle)) = self.ticker.take() {
            let _ = stop.send(());
            let _ = handle.join();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop();
    }
}
