//! Progress on stderr: one [`Progress`] type for long stages (k of N steps), long enumerations (a count without a
//! total) and work that cannot count. When stderr is a terminal it draws a bar (or a spinner); otherwise it
//! writes a plain line every [`LINE_EVERY`] from one timer thread, however long one step takes, so logs and CI see
//! that the run is alive without a screenful of control codes. Standard output is left alone, so results stay
//! clean for pipes.

use crate::present::number::count;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fmt;
use std::io::{IsTerminal, Write};
use std::sync::LazyLock;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often a non-terminal stderr gets a line.
pub(crate) const LINE_EVERY: Duration = Duration::from_secs(10);

/// Every bar of the process, drawn together: the main job's two lanes each show theirs at the same time, one line
/// each, and status lines print above them ([`status_line`]).
static BARS: LazyLock<MultiProgress> =
    LazyLock::new(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr()));

/// What a [`Progress`] counts, which decides its bar and its status line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Steps against a total (the total may be set later, [`Progress::set_length`]).
    Steps,
    /// Units without a total; the message names the unit.
    Count,
    /// No count: a sign of life only.
    Working,
}

/// Progress of one piece of work on stderr; `&self` methods, so worker threads can share it.
pub(crate) struct Progress {
    // Read by `status` (tests check the line the ticker prints from its own copies of them).
    #[cfg_attr(not(test), allow(dead_code))]
    what: String,
    #[cfg_attr(not(test), allow(dead_code))]
    kind: Kind,
    bar: ProgressBar,
    ticker: Option<(Sender<()>, JoinHandle<()>)>,
}

impl Progress {
    /// Progress of `what` over `len` steps (0 when the total comes later).
    pub(crate) fn new(what: &str, len: u64) -> Progress {
        Self::start(what, Kind::Steps, Some(len), default_every())
    }

    /// Progress of `what` counting `unit`s (e.g. `paths`) without a total.
    pub(crate) fn counting(what: &str, unit: &str) -> Progress {
        let p = Self::start(what, Kind::Count, None, default_every());
        p.set_message(unit);
        p
    }

    /// A sign of life for work that cannot count its progress (one long expansion).
    pub(crate) fn working(what: &str) -> Progress {
        Self::start(what, Kind::Working, None, default_every())
    }

    /// Progress that shows nothing (tests, library callers without a console).
    pub(crate) fn hidden() -> Progress {
        Progress {
            what: String::new(),
            kind: Kind::Steps,
            bar: ProgressBar::hidden(),
            ticker: None,
        }
    }

    /// As [`Progress::new`], with the status line every `every` (or none) instead of only when stderr is not a
    /// terminal: for tests, and for callers that know better than the terminal check.
    #[cfg(test)]
    pub(crate) fn with_status_every(what: &str, len: u64, every: Option<Duration>) -> Progress {
        Self::start(what, Kind::Steps, Some(len), every)
    }

    fn start(what: &str, kind: Kind, len: Option<u64>, every: Option<Duration>) -> Progress {
        let bar = BARS.add(ProgressBar::with_draw_target(
            len,
            ProgressDrawTarget::hidden(),
        ));
        let template = match kind {
            Kind::Steps => {
                "{prefix:>8} [{bar:40}] {human_pos}/{human_len} {msg} ({elapsed}, eta {eta})"
            }
            Kind::Count => "{prefix} {spinner} {human_pos} {msg} ({elapsed})",
            Kind::Working => "{prefix} {spinner} {msg} ({elapsed})",
        };
        bar.set_style(
            ProgressStyle::with_template(template)
                .expect("the template is valid")
                .progress_chars("=> "),
        );
        bar.set_prefix(what.to_owned());
        if kind != Kind::Steps && std::io::stderr().is_terminal() {
            bar.enable_steady_tick(Duration::from_millis(200));
        }
        let ticker = every.map(|every| {
            let (stop, stopped) = mpsc::channel::<()>();
            let (watched, what) = (bar.clone(), what.to_owned());
            let handle = std::thread::spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                    status_line(format_args!("{}", line(&what, kind, &watched)));
                }
            });
            (stop, handle)
        });
        Progress {
            what: what.to_owned(),
            kind,
            bar,
            ticker,
        }
    }

    /// What the work is doing now.
    pub(crate) fn set_message(&self, message: impl Into<String>) {
        self.bar.set_message(message.into());
    }

    /// A new phase of `len` steps: the count, the clock and the estimate start again.
    pub(crate) fn set_length(&self, len: u64) {
        self.bar.set_length(len);
        self.bar.reset();
    }

    /// `n` more done.
    pub(crate) fn inc(&self, n: u64) {
        self.bar.inc(n);
    }

    /// The status line a non-terminal stderr gets now.
    #[cfg(test)]
    pub(crate) fn status(&self) -> String {
        line(&self.what, self.kind, &self.bar)
    }

    /// The work finished: on a terminal the bar gives way to a line with `message`.
    pub(crate) fn finish(mut self, message: impl Into<String>) {
        if !BARS.is_hidden() && !self.bar.is_hidden() {
            let done = format!("{} {}", self.bar.prefix(), message.into());
            self.retire();
            status_line(format_args!(
                "{done} ({:.0} s)",
                self.bar.elapsed().as_secs_f64()
            ));
        } else {
            self.bar.finish_with_message(message.into());
            self.retire();
        }
        self.stop();
    }

    /// The work finished: the bar is removed (the caller reports the outcome itself).
    pub(crate) fn clear(mut self) {
        self.retire();
        self.stop();
    }

    /// The work stopped early: the bar is removed where it stood (the caller reports why).
    pub(crate) fn abandon(mut self) {
        self.bar.abandon();
        self.retire();
        self.stop();
    }

    /// Takes the bar off the drawn set, so finished work leaves no line behind it that every redraw repeats.
    fn retire(&self) {
        if !self.bar.is_finished() {
            self.bar.finish_and_clear();
        }
        BARS.remove(&self.bar);
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
        self.retire();
        self.stop();
    }
}

/// The status line every [`LINE_EVERY`] when stderr is not a terminal, none on a terminal (the bar shows it).
fn default_every() -> Option<Duration> {
    (!std::io::stderr().is_terminal()).then_some(LINE_EVERY)
}

/// `what: k of N message (E s, about L s left)`; a count without a total drops `of N` and the estimate, work
/// that cannot count says `still working`.
fn line(what: &str, kind: Kind, bar: &ProgressBar) -> String {
    let (done, elapsed) = (bar.position(), bar.elapsed().as_secs_f64());
    let message = bar.message();
    let message = if message.is_empty() {
        String::new()
    } else {
        format!(" {message}")
    };
    match (kind, bar.length()) {
        (Kind::Steps, Some(total)) => {
            let left = if done == 0 || done >= total {
                String::new()
            } else {
                let left = elapsed * (total - done) as f64 / done as f64;
                format!(", about {left:.0} s left")
            };
            format!(
                "{what}: {} of {}{message} ({elapsed:.0} s{left})",
                count(done),
                count(total)
            )
        }
        (Kind::Working, _) => format!("{what}: still working{message} ({elapsed:.0} s)"),
        _ => format!("{what}: {}{message} ({elapsed:.0} s)", count(done)),
    }
}

/// Runs `f` (a write to stdout) with the bars taken off a terminal, which stdout shares with them, and draws them
/// again after: a results line would otherwise land in the middle of the other lane's bar.
pub(crate) fn bars_suspended<R>(f: impl FnOnce() -> R) -> R {
    if BARS.is_hidden() {
        f()
    } else {
        BARS.suspend(f)
    }
}

/// Writes one status line to stderr. Status (what a stage is doing, how long it took) goes to stderr and results to
/// stdout; a stderr that cannot be written is ignored rather than a panic.
pub(crate) fn status_line(args: fmt::Arguments<'_>) {
    if !BARS.is_hidden() {
        // On a terminal, above the bars being drawn (a plain write would land in the middle of one).
        let _ = BARS.println(args.to_string());
        return;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines_give_k_of_n_and_the_time_left() {
        let p = Progress::with_status_every("timing", 4, None);
        assert!(p.status().starts_with("timing: 0 of 4 ("), "{}", p.status());
        p.inc(1);
        p.set_message("sparse");
        let line = p.status();
        assert!(
            line.starts_with("timing: 1 of 4 sparse (") && line.ends_with(" s left)"),
            "{line}"
        );
        p.set_length(2_000);
        assert!(
            p.status().starts_with("timing: 0 of 2,000 sparse"),
            "{}",
            p.status()
        );
        p.finish("done");
        let c = Progress::counting("turns", "paths");
        c.inc(12_345);
        assert!(
            c.status().starts_with("turns: 12,345 paths ("),
            "{}",
            c.status()
        );
        c.clear();
        let w = Progress::working("expand");
        assert!(
            w.status().starts_with("expand: still working ("),
            "{}",
            w.status()
        );
    }
}
