//! Progress on stderr, for long stages ([`Stage`]), long enumerations ([`Progress`]) and work that cannot count
//! ([`Heartbeat`]): a bar when stderr is a terminal, otherwise a plain line at least
//! every 10 seconds (logs and CI see that the run is alive without a screenful of control codes). Standard
//! output is left alone, so results stay clean for pipes.

use crate::present::number::count;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fmt;
use std::io::{IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often a non-terminal stderr gets a line.
pub const LINE_EVERY: Duration = Duration::from_secs(10);

/// Counts done against an optional total; [`Progress::inc`] is cheap enough to call once per path.
pub struct Progress {
    what: String,
    unit: &'static str,
    total: Option<u64>,
    done: u64,
    bar: Option<ProgressBar>,
    started: Instant,
    last_line: Instant,
}

impl Progress {
    /// Starts reporting `what` (e.g. `turns --summary: pass 1 of 3`), counting `unit`s (e.g. `paths`).
    pub fn new(what: impl Into<String>, unit: &'static str, total: Option<u64>) -> Progress {
        let what = what.into();
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = match total {
                Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()),
                None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
            };
            let template = if total.is_some() {
                "{prefix} [{bar:30}] {human_pos}/{human_len} {msg} ({elapsed}, eta {eta})"
            } else {
                "{prefix} {spinner} {human_pos} {msg} ({elapsed})"
            };
            bar.set_style(
                ProgressStyle::with_template(template)
                    .expect("valid template")
                    .progress_chars("=> "),
            );
            bar.set_prefix(what.clone());
            bar.set_message(unit);
            bar
        });
        let now = Instant::now();
        Progress {
            what,
            unit,
            total,
            done: 0,
            bar,
            started: now,
            last_line: now,
        }
    }

    /// Adds `n` done.
    #[inline]
    pub fn inc(&mut self, n: u64) {
        self.done += n;
        // Looking at the clock costs more than counting: only every 4,096 units.
        if self.done % 4096 < n {
            self.tick();
        }
    }

    fn tick(&mut self) {
        if let Some(bar) = &self.bar {
            bar.set_position(self.done);
        } else if self.last_line.elapsed() >= LINE_EVERY {
            self.last_line = Instant::now();
            let of = self
                .total
                .map(|t| format!(" of {}", count(t)))
                .unwrap_or_default();
            let _ = writeln!(
                std::io::stderr(),
                "{}: {}{of} {} ({:.0} s)",
                self.what,
                count(self.done),
                self.unit,
                self.started.elapsed().as_secs_f64()
            );
        }
    }

    /// Removes the bar (a plain-line report needs no closing line).
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A sign of life for work that cannot count its progress (one long expansion): a spinner with the elapsed
/// time when stderr is a terminal, otherwise a line every 10 seconds; stops when dropped.
pub struct Heartbeat {
    bar: Option<ProgressBar>,
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Heartbeat {
    /// Starts beating for `what`.
    pub fn start(what: &str) -> Heartbeat {
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{prefix} {spinner} {elapsed}")
                    .expect("valid template"),
            );
            bar.set_prefix(what.to_owned());
            bar.enable_steady_tick(Duration::from_millis(200));
            return Heartbeat {
                bar: Some(bar),
                stop: None,
                thread: None,
            };
        }
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let what = what.to_owned();
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            // Dropping the sender ends the wait at once.
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(LINE_EVERY)
            {
                let _ = writeln!(
                    std::io::stderr(),
                    "{what}: still working ({:.0} s)",
                    started.elapsed().as_secs_f64()
                );
            }
        });
        Heartbeat {
            bar: None,
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Drop for Heartbeat {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

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

/// One stage of a long job (the main job's verify, parity and timing; `compare`'s rounds): a bar over its steps on
/// a terminal, otherwise a status line every [`LINE_EVERY`] from a timer thread, however long one step takes.
pub struct Stage {
    bar: ProgressBar,
    ticker: Option<(Sender<()>, JoinHandle<()>)>,
}

impl Stage {
    /// Progress of `stage` over `len` steps.
    pub fn new(stage: &str, len: u64) -> Stage {
        Self::with_status_every(
            stage,
            len,
            (!std::io::stderr().is_terminal()).then_some(LINE_EVERY),
        )
    }

    /// As [`Stage::new`], with the status line every `every` (or none): for tests, and for callers that know
    /// better than the terminal check.
    pub fn with_status_every(stage: &str, len: u64, every: Option<Duration>) -> Stage {
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
        Stage { bar, ticker }
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

impl Drop for Stage {
    fn drop(&mut self) {
        self.stop();
    }
}
