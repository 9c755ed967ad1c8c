//! Progress of long enumerations on stderr: a bar when stderr is a terminal, otherwise a plain line at least
//! every 10 seconds (logs and CI see that the run is alive without a screenful of control codes). Standard
//! output is left alone, so results stay clean for pipes.

use crate::present::number::count;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// How often a non-terminal stderr gets a line.
const LINE_EVERY: Duration = Duration::from_secs(10);

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
