//! How a timed stage spends its time budget over its settings (a setting: configurations timed against each other
//! in the kernel's sessions). The settings the answer reads (the headline) come first and adaptively: one session
//! of each undecided headline setting after another (more than one each when fewer are open than streams, so the
//! last ones keep every stream busy), and from [`Schedule::min_sessions`] on, after each batch of sessions,
//! a setting stops once its 95% half-width is at most [`Schedule::half_width`], or once its judged speedup is
//! decided against the practical threshold ([`super::kernel::decided`]) with a half-width of at most
//! [`Schedule::decided_half_width`] (so that the size of a decided effect is known too); at
//! [`Schedule::max_sessions`] or when the headline's share of the budget is spent, it stops for the budget. The
//! other settings then share what is left in sessions of one round: [`Schedule::other_sessions`] each at least,
//! then more for whichever has spent the least time, until the budget is spent ([`run_others`]).
//!
//! Looking after every batch and stopping at the first decided look makes a wrong decision somewhat likelier
//! than one fixed-size look at 95% would; the plan's records (`timing_plan.csv`) say which settings stopped so.

use super::kernel::{SessionTimes, decided, half_width, pull_streams, run_streams};
use crate::statistics::Interval;
use anyhow::Result;
use std::time::{Duration, Instant};

/// The budget and its rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Schedule {
    /// The whole stage's timing time.
    pub budget: Duration,
    /// The part of `budget` the headline settings may take.
    pub headline_share: f64,
    /// Rounds of one headline session: as many as fit this long (at least one).
    pub session: Duration,
    /// Sessions of a headline setting before its first look (the fewest whose interval means anything).
    pub min_sessions: usize,
    /// Most sessions of a headline setting.
    pub max_sessions: usize,
    /// Fewest sessions of each other setting (each of one round); the time left then goes to whichever has spent
    /// the least.
    pub other_sessions: usize,
    /// The half-width (log scale, 0.015 = ±1.5%) at which a headline setting stops undecided.
    pub half_width: f64,
    /// The half-width at or below which a decided headline setting stops.
    pub decided_half_width: f64,
    /// Sessions run side by side (one process busy per stream).
    pub streams: usize,
}

/// Why a setting's timing stopped (the `stop` column of `timing_plan.csv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// Its judged speedup was decided against the practical threshold.
    Decided,
    /// Its judged speedup's half-width reached the plan's.
    HalfWidth,
    /// Its share of the budget (or its most sessions) was spent.
    Budget,
}

impl Stop {
    /// The name in `timing_plan.csv`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Stop::Decided => "decided",
            Stop::HalfWidth => "half_width",
            Stop::Budget => "budget",
        }
    }
}

/// What one setting got.
#[derive(Clone, Debug)]
pub(crate) struct Spent {
    /// Its sessions, in the order they ran.
    pub sessions: Vec<SessionTimes>,
    /// Why it stopped.
    pub stop: Stop,
    /// Wall seconds of its sessions (beside other streams' sessions, when several run).
    pub seconds: f64,
}

/// Runs `headline.len()` settings by `plan`: `run(setting, session, length)` runs one session of a setting with
/// its rounds filling `length` (at least one round); `judge(setting, sessions so far)` gives the speedup the plan
/// judges a headline setting by.
pub(crate) fn run_schedule(
    headline: &[bool],
    plan: &Schedule,
    run: &(dyn Fn(usize, usize, Duration) -> Result<SessionTimes> + Sync),
    judge: &dyn Fn(usize, &[SessionTimes]) -> Option<Interval>,
) -> Result<Vec<Spent>> {
    let start = Instant::now();
    let mut out: Vec<Spent> = headline
        .iter()
        .map(|_| Spent {
            sessions: Vec::new(),
            stop: Stop::Budget,
            seconds: 0.0,
        })
        .collect();
    let timed = |k: usize, s: usize, length: Duration| -> Result<(SessionTimes, f64)> {
        let t = Instant::now();
        Ok((run(k, s, length)?, t.elapsed().as_secs_f64()))
    };
    let headline_budget = plan.budget.mul_f64(plan.headline_share.clamp(0.0, 1.0));
    let mut open: Vec<usize> = (0..headline.len()).filter(|&k| headline[k]).collect();
    while !open.is_empty() {
        // Fewer open settings than streams: each takes more than one session of the batch (sessions are
        // independent samples whichever stream runs them), so the last undecided settings keep every core busy.
        let per = plan.streams.div_ceil(open.len()).max(1);
        let jobs: Vec<(usize, usize)> = open
            .iter()
            .flat_map(|&k| {
                let left = plan
                    .max_sessions
                    .saturating_sub(out[k].sessions.len())
                    .max(1);
                (0..per.min(left)).map(move |j| (k, j))
            })
            .collect();
        let batch = run_streams(jobs.len(), plan.streams, &|i| {
            let (k, j) = jobs[i];
            timed(k, out[k].sessions.len() + j, plan.session)
        })?;
        for (&(k, _), (t, secs)) in jobs.iter().zip(batch) {
            out[k].sessions.push(t);
            out[k].seconds += secs;
        }
        open.retain(|&k| {
            let n = out[k].sessions.len();
            if n < plan.min_sessions.max(2) {
                return true;
            }
            match judge(k, &out[k].sessions) {
                Some(i) if half_width(&i) <= plan.half_width => out[k].stop = Stop::HalfWidth,
                Some(i) if decided(&i) && half_width(&i) <= plan.decided_half_width => {
                    out[k].stop = Stop::Decided
                }
                _ => return n < plan.max_sessions,
            }
            false
        });
        if start.elapsed() >= headline_budget {
            break;
        }
    }
    let others: Vec<usize> = (0..headline.len()).filter(|&k| !headline[k]).collect();
    for (k, (t, secs)) in run_others(&others, plan, start, run)? {
        out[k].sessions.push(t);
        out[k].seconds += secs;
    }
    Ok(out)
}

/// What the others phase has given each other setting so far.
#[derive(Clone, Copy, Default)]
struct Ledger {
    /// Wall seconds of its finished sessions.
    spent: f64,
    /// Its finished sessions.
    finished: usize,
    /// Its sessions started (finished or running).
    started: usize,
}

impl Ledger {
    /// What it will have spent once its running sessions end, each costing its finished ones' mean.
    fn committed(&self) -> f64 {
        let mean = if self.finished > 0 {
            self.spent / self.finished as f64
        } else {
            0.0
        };
        self.spent + mean * (self.started - self.finished) as f64
    }
}

/// The other settings (`others`, indices of settings): sessions of one round each, since a session's start costs
/// about a round and sessions, not rounds, are the independent samples; first [`Schedule::other_sessions`] of every
/// one, then, until `plan.budget` has passed since `start`, the next session always of the setting that has spent
/// the least time, so that a setting whose sessions cost little gets many and a dear one at least its minimum.
/// Each session's `(setting, (times, wall seconds))`, in session order per setting.
fn run_others(
    others: &[usize],
    plan: &Schedule,
    start: Instant,
    run: &(dyn Fn(usize, usize, Duration) -> Result<SessionTimes> + Sync),
) -> Result<Vec<(usize, (SessionTimes, f64))>> {
    let ledger = std::sync::Mutex::new(vec![Ledger::default(); others.len()]);
    let least = plan.other_sessions.max(1);
    let pick = || -> Option<(usize, usize)> {
        let mut l = ledger.lock().unwrap_or_else(|e| e.into_inner());
        let owed = (0..l.len())
            .filter(|&i| l[i].started < least)
            .min_by_key(|&i| l[i].started);
        let i = match owed {
            Some(i) => i,
            None if start.elapsed() < plan.budget => {
                (0..l.len()).min_by(|&a, &b| l[a].committed().total_cmp(&l[b].committed()))?
            }
            None => return None,
        };
        l[i].started += 1;
        Some((i, l[i].started - 1))
    };
    let mut done = pull_streams(plan.streams, &pick, &|(i, s)| {
        let t = Instant::now();
        let times = run(others[i], s, Duration::ZERO)?;
        let secs = t.elapsed().as_secs_f64();
        let mut l = ledger.lock().unwrap_or_else(|e| e.into_inner());
        l[i].spent += secs;
        l[i].finished += 1;
        Ok((i, s, times, secs))
    })?;
    done.sort_by_key(|&(i, s, ..)| (i, s));
    Ok(done
        .into_iter()
        .map(|(i, _, times, secs)| (others[i], (times, secs)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::Method;

    fn plan() -> Schedule {
        Schedule {
            budget: Duration::from_millis(200),
            headline_share: 0.5,
            session: Duration::ZERO,
            min_sessions: 3,
            max_sessions: 8,
            other_sessions: 2,
            half_width: 0.015,
            decided_half_width: 0.1,
            streams: 2,
        }
    }

    /// A setting whose speedup is `point ± width` after any number of sessions.
    fn judged(point: f64, width: f64) -> Option<Interval> {
        Some(Interval {
            point,
            low: point - width,
            high: point + width,
            level: 0.95,
            n: 3,
            method: Method::StudentT,
        })
    }

    /// Headline settings stop for the reason their interval gives, from the first look on; the others get their
    /// planned sessions after them.
    #[test]
    fn headline_settings_stop_when_decided_or_narrow_and_the_others_share_the_rest() {
        let headline = [true, true, true, false, false];
        let one = |_: usize, _: usize, _: Duration| -> Result<SessionTimes> {
            // A millisecond each, so the others' share of the budget holds a bounded number of sessions.
            std::thread::sleep(Duration::from_millis(1));
            Ok(SessionTimes {
                rounds: vec![vec![1.0, 1.0]],
                ..SessionTimes::default()
            })
        };
        let judge = |k: usize, s: &[SessionTimes]| match k {
            0 => judged(1.2, 0.05), // decided at the first look
            1 => judged(1.0, if s.len() >= 5 { 0.012 } else { 0.03 }), // narrow at five
            _ => judged(1.0, 0.2),  // never decided
        };
        let spent = run_schedule(&headline, &plan(), &one, &judge).unwrap();
        let got: Vec<(usize, Stop)> = spent.iter().map(|s| (s.sessions.len(), s.stop)).collect();
        assert_eq!(
            got[..3],
            [(3, Stop::Decided), (5, Stop::HalfWidth), (8, Stop::Budget)]
        );
        // The others: at least their two sessions each, then more until the budget is spent.
        assert!(
            got[3..]
                .iter()
                .all(|&(n, stop)| n >= 2 && stop == Stop::Budget)
        );
    }

    /// After their fewest sessions, the others' time goes to whichever has spent the least: a setting whose
    /// sessions cost a fifteenth as much gets several times as many, and each session is of one round.
    #[test]
    fn the_others_share_the_time_left_equally_so_cheap_settings_get_more_sessions() {
        let plan = Schedule {
            budget: Duration::from_millis(400),
            streams: 1,
            ..plan()
        };
        let lengths = std::sync::Mutex::new(Vec::new());
        let run = |k: usize, _: usize, length: Duration| -> Result<SessionTimes> {
            lengths.lock().unwrap().push(length);
            std::thread::sleep(Duration::from_millis(if k == 0 { 2 } else { 30 }));
            Ok(SessionTimes::default())
        };
        let spent = run_schedule(&[false, false], &plan, &run, &|_, _| None).unwrap();
        let (cheap, dear) = (spent[0].sessions.len(), spent[1].sessions.len());
        assert!(dear >= 2 && cheap >= 3 * dear, "cheap {cheap}, dear {dear}");
        // Equal time, within about one dear session.
        assert!((spent[0].seconds - spent[1].seconds).abs() < 0.1);
        assert!(lengths.lock().unwrap().iter().all(|l| l.is_zero()));
    }

    /// A decided setting goes on until its half-width is at most the decided half-width: the size of the effect
    /// is known too, not only its side.
    #[test]
    fn a_decided_but_wide_setting_goes_on_until_narrow_enough() {
        let one = |_: usize, _: usize, _: Duration| -> Result<SessionTimes> {
            Ok(SessionTimes::default())
        };
        // Wholly above 1.01 from the first look, ±15% until six sessions, then ±6%.
        let judge =
            |_: usize, s: &[SessionTimes]| judged(1.5, if s.len() >= 6 { 0.09 } else { 0.22 });
        let spent = run_schedule(&[true], &plan(), &one, &judge).unwrap();
        assert_eq!((spent[0].sessions.len(), spent[0].stop), (6, Stop::Decided));
    }

    /// One setting left open with two streams: each batch holds two of its sessions, so it is looked at after
    /// every second session and never runs past its most sessions.
    #[test]
    fn a_lone_open_setting_takes_a_session_per_stream() {
        let one = |_: usize, _: usize, _: Duration| -> Result<SessionTimes> {
            Ok(SessionTimes {
                rounds: vec![vec![1.0, 1.0]],
                ..SessionTimes::default()
            })
        };
        let narrow_at_five =
            |_: usize, s: &[SessionTimes]| judged(1.0, if s.len() >= 5 { 0.012 } else { 0.03 });
        let spent = run_schedule(&[true], &plan(), &one, &narrow_at_five).unwrap();
        assert_eq!(
            (spent[0].sessions.len(), spent[0].stop),
            (6, Stop::HalfWidth)
        );
        let never = |_: usize, _: &[SessionTimes]| judged(1.0, 0.2);
        let most = Schedule {
            max_sessions: 7,
            budget: Duration::from_secs(60),
            ..plan()
        };
        let spent = run_schedule(&[true], &most, &one, &never).unwrap();
        assert_eq!((spent[0].sessions.len(), spent[0].stop), (7, Stop::Budget));
    }

    /// A headline budget spent before the first look stops every headline setting for the budget.
    #[test]
    fn the_headline_share_bounds_the_adaptive_part() {
        let slow = |_: usize, _: usize, _: Duration| -> Result<SessionTimes> {
            std::thread::sleep(Duration::from_millis(60));
            Ok(SessionTimes::default())
        };
        // One stream, so that the sessions run one after another.
        let one_stream = Schedule {
            streams: 1,
            ..plan()
        };
        let spent = run_schedule(&[true], &one_stream, &slow, &|_, _| judged(1.0, 0.5)).unwrap();
        assert_eq!(spent[0].sessions.len(), 2);
        assert_eq!(spent[0].stop, Stop::Budget);
        assert!(spent[0].seconds >= 0.1);
    }
}
