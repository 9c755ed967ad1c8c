//! How the main job's experiments share the machine: two lanes.
//!
//! - **The timed lane**, on the calling thread: the experiments that take wall-clock measurements
//!   ([`Experiment::measures_time`]: expansion, search, break-even, bounded cache), one after another, holding one
//!   core of [`crate::parallel`]'s pool from start to end, so no other work of this process runs on that core.
//! - **The counting lane**, on a second thread: the experiments whose results are deterministic counts
//!   (instruction counts, TT pressure, catalogue eviction, allocation profiles), one after another on the other
//!   cores, and on every core once the timed lane is done. It starts once the expansion's correctness check has
//!   passed ([`MainRun::checks_passed`]), so a failed check stops the run before any of its work is done.
//!
//! Each experiment still sees what the experiments before it in its lane wrote (break-even reads the expansion's
//! intervals); the rows of the two lanes are put back in [`MAIN_JOB`] order, so every file reads as a one-at-a-time
//! run's. `--one-at-a-time` (or a one-core machine) runs every experiment in [`MAIN_JOB`] order on the calling
//! thread instead. What running beside the counting work does to the timings is measured in `docs/usage.md`.

use super::{Experiment, MAIN_JOB, MainRun};
use crate::parallel::{cores, take_core};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

/// How this job's timings share the machine, as `metadata.txt` records it (`timing=`): `beside-counting` when the
/// lanes run side by side, `alone` when every experiment runs one at a time.
pub(crate) fn timing_mode(job: &crate::experiments::Job) -> &'static str {
    if side_by_side(job) {
        "beside-counting"
    } else {
        "alone"
    }
}

/// Whether the two lanes run side by side: the job asks for it and the machine has a core for each.
fn side_by_side(job: &crate::experiments::Job) -> bool {
    job.overlap && cores() >= 2
}

/// Whether the counting lane may start: `None` until the correctness check has passed (`Some(true)`) or the timed
/// lane has stopped without passing it (`Some(false)`).
#[derive(Default)]
pub(crate) struct Checked {
    state: Mutex<Option<bool>>,
    changed: Condvar,
}

impl Checked {
    /// Says whether the check passed; the first word stands.
    pub(crate) fn set(&self, passed: bool) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if s.is_none() {
            *s = Some(passed);
            self.changed.notify_all();
        }
    }

    /// Waits for [`Checked::set`]; whether the check passed.
    fn wait(&self) -> bool {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(passed) = *s {
                return passed;
            }
            s = self.changed.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Where each experiment's rows end in its lane's vectors (the rows start where the previous one's end).
#[derive(Clone, Copy)]
struct Ends {
    stage: usize,
    counts: usize,
    timings: usize,
    intervals: usize,
}

/// Runs every experiment of [`MAIN_JOB`] that `run.job` does not skip, each announced on stderr as
/// `stage K of N: NAME` and closed with its wall time (the stages' own progress lines come in between); the
/// counting experiments beside the timed ones unless the job says one at a time (see the module docs).
pub(crate) fn run_all(run: &mut MainRun<'_>) -> anyhow::Result<()> {
    if !side_by_side(run.job) {
        let stages: Vec<usize> = (0..MAIN_JOB.len()).collect();
        let never = AtomicBool::new(false);
        let (_, result) = run_lane(&stages, run, &never, Lane::Alone);
        return result.map_err(|(_, e)| e);
    }
    let (timed, counted): (Vec<usize>, Vec<usize>) =
        (0..MAIN_JOB.len()).partition(|&k| MAIN_JOB[k].measures_time());
    let stop = AtomicBool::new(false);
    let checked = std::sync::Arc::clone(&run.checked);
    let mut beside = MainRun::new(run.job, run.scenarios, run.meta, run.folder);
    // The timing's extra streams wait for the counting lane to be done ([`crate::parallel::extra_core`]).
    let pending = crate::parallel::CountingPending::new();
    let ((timed_ends, timed_result), (counted_ends, counted_result)) =
        std::thread::scope(|scope| {
            let (beside, stop, checked) = (&mut beside, &stop, &checked);
            let counting = scope.spawn(move || {
                let _pending = pending;
                if !checked.wait() {
                    return (Vec::new(), Ok(()));
                }
                let _core = take_core();
                let out = run_lane(&counted, beside, stop, Lane::Counting);
                if out.1.is_err() {
                    stop.store(true, Ordering::Relaxed);
                }
                out
            });
            // Should the timed lane panic, the counting lane must not wait for its check forever, nor go on.
            let _on_panic = Unwinding { checked, stop };
            let core = take_core();
            let out = run_lane(&timed, run, stop, Lane::Timed);
            drop(core);
            if out.1.is_err() {
                stop.store(true, Ordering::Relaxed);
            }
            // A timed lane that ended before its check said so (it failed, or has no check) lets the counting lane
            // go only if it did not fail.
            checked.set(out.1.is_ok());
            let counted = counting.join().unwrap_or_else(|panic| {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                (
                    Vec::new(),
                    Err((
                        usize::MAX,
                        anyhow::anyhow!("the counting lane panicked: {what}"),
                    )),
                )
            });
            (out, counted)
        });
    merge(run, &timed_ends, beside, &counted_ends);
    // The first failure in run order, a failure of the timed lane first where both stopped at the same stage.
    match (timed_result, counted_result) {
        (Err((a, e)), Err((b, _))) if a <= b => Err(e),
        (_, Err((_, e))) => Err(e),
        (Err((_, e)), Ok(())) => Err(e),
        (Ok(()), Ok(())) => Ok(()),
    }
}

/// Dropped by a panic of the timed lane: stops the counting lane before its next experiment and, when the check
/// had not spoken yet, tells the counting lane not to start (it would otherwise wait for the check forever).
struct Unwinding<'a> {
    checked: &'a Checked,
    stop: &'a AtomicBool,
}

impl Drop for Unwinding<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.stop.store(true, Ordering::Relaxed);
            self.checked.set(false);
        }
    }
}

/// Which lane a stage runs in, for its status lines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lane {
    /// Every stage, one at a time.
    Alone,
    Timed,
    Counting,
}

/// Runs the `stages` (indices of [`MAIN_JOB`]) in order into `run`, stopping before the next when `stop` is set;
/// where each one's rows end, and the first error with its stage.
fn run_lane(
    stages: &[usize],
    run: &mut MainRun<'_>,
    stop: &AtomicBool,
    lane: Lane,
) -> (Vec<Ends>, Result<(), (usize, anyhow::Error)>) {
    let total = MAIN_JOB.len();
    let mut ends = Vec::new();
    for &k in stages {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let e: &dyn Experiment = MAIN_JOB[k];
        let result = if run.job.skips(e.name()) {
            crate::status!("stage {} of {total}: {}: skipped", k + 1, e.name());
            e.skipped(run)
        } else {
            let beside = if lane == Lane::Counting {
                " (beside the timing, on the other cores)"
            } else {
                ""
            };
            crate::status!("stage {} of {total}: {}{beside}", k + 1, e.name());
            let start = Instant::now();
            let cpu_start = cpu_seconds();
            let result = e.run(run);
            // CPU time beside the wall time, since on a shared machine the wall time says little on its own (one
            // lane at a time only: the process's CPU time counts both lanes').
            let cpu = match (cpu_start, cpu_seconds(), lane == Lane::Alone) {
                (Some(a), Some(b), true) => format!(" ({:.1} s CPU)", b - a),
                _ => String::new(),
            };
            crate::status!(
                "stage {} of {total}: {} took {:.1} s{cpu}",
                k + 1,
                e.name(),
                start.elapsed().as_secs_f64()
            );
            result
        };
        if k == 0 {
            // The first stage's check is behind it whatever it said (a stage that says nothing has none).
            run.checked.set(result.is_ok());
        }
        ends.push(Ends {
            stage: k,
            counts: run.counts.len(),
            timings: run.timings.len(),
            intervals: run.intervals.len(),
        });
        if let Err(e) = result {
            return (ends, Err((k, e)));
        }
    }
    (ends, Ok(()))
}

/// Puts the counting lane's rows and findings into `run`, every row in [`MAIN_JOB`] order.
fn merge(run: &mut MainRun<'_>, timed: &[Ends], mut beside: MainRun<'_>, counted: &[Ends]) {
    /// `mine` and `theirs` (the counting lane's) as one vector in run order, each stage's rows ending at `end`.
    fn rejoin<T>(
        mine: &mut Vec<T>,
        theirs: &mut Vec<T>,
        (timed, counted): (&[Ends], &[Ends]),
        end: fn(&Ends) -> usize,
    ) {
        let ends = |lane: &[Ends]| lane.iter().map(|e| (e.stage, end(e))).collect::<Vec<_>>();
        let a = (std::mem::take(mine), &ends(timed)[..]);
        *mine = in_run_order(a, (std::mem::take(theirs), &ends(counted)));
    }
    let lanes = (timed, counted);
    rejoin(&mut run.counts, &mut beside.counts, lanes, |e| e.counts);
    rejoin(&mut run.timings, &mut beside.timings, lanes, |e| e.timings);
    rejoin(&mut run.intervals, &mut beside.intervals, lanes, |e| {
        e.intervals
    });
    let found = beside.findings;
    let f = &mut run.findings;
    for (key, value) in found.headlines {
        f.headlines.entry(key).or_insert(value);
    }
    f.break_even = f.break_even.take().or(found.break_even);
}

/// Two lanes' rows as one run in stage order: each lane is its rows and, per stage it ran (in its order), the stage
/// and where that stage's rows end.
fn in_run_order<T>(a: (Vec<T>, &[(usize, usize)]), b: (Vec<T>, &[(usize, usize)])) -> Vec<T> {
    fn parts<T>(rows: Vec<T>, ends: &[(usize, usize)]) -> Vec<(usize, Vec<T>)> {
        let mut rows = rows.into_iter();
        let mut start = 0;
        ends.iter()
            .map(|&(stage, end)| {
                let part = rows.by_ref().take(end - start).collect();
                start = end;
                (stage, part)
            })
            .collect()
    }
    let mut all = parts(a.0, a.1);
    all.extend(parts(b.0, b.1));
    all.sort_by_key(|(stage, _)| *stage);
    all.into_iter().flat_map(|(_, part)| part).collect()
}

/// CPU seconds (user + system) of this process and of its children waited for so far (callgrind and dhat
/// children), from `/proc/self/stat`; `None` where it cannot be read (not Linux).
pub(crate) fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which may hold spaces, so split after its closing parenthesis): utime,
    // stime, cutime and cstime are fields 14 to 17 of proc(5), the 12th to 15th after the state field.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields
        .get(11..15)?
        .iter()
        .map(|f| f.parse::<f64>().ok())
        .sum::<Option<f64>>()?;
    // The kernel's USER_HZ, 100 on every Linux architecture this runs on.
    Some(ticks / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stages 0, 2 and 3 in one lane, 1 and 4 in the other: the rows come back as a one-lane run's, stage by stage.
    #[test]
    fn rows_of_two_lanes_come_back_in_stage_order() {
        let timed = (vec!["e0", "e0", "s2", "b3"], &[(0, 2), (2, 3), (3, 4)][..]);
        let counted = (vec!["i1", "i1", "i1", "a4"], &[(1, 3), (4, 4)][..]);
        assert_eq!(
            in_run_order(timed, counted),
            ["e0", "e0", "i1", "i1", "i1", "s2", "b3", "a4"]
        );
        let timed = (vec!["e0", "s2"], &[(0, 1), (2, 2)][..]);
        let counted = (vec!["i1", "a4"], &[(1, 1), (4, 2)][..]);
        assert_eq!(in_run_order(timed, counted), ["e0", "i1", "s2", "a4"]);
    }

    /// The check opens the counting lane once; a later word does not change it.
    #[test]
    fn the_first_word_of_the_check_stands() {
        let c = Checked::default();
        c.set(false);
        c.set(true);
        assert!(!c.wait());
        let c = std::sync::Arc::new(Checked::default());
        let waiter = {
            let c = std::sync::Arc::clone(&c);
            std::thread::spawn(move || c.wait())
        };
        c.set(true);
        assert!(waiter.join().unwrap());
    }

    #[test]
    fn timing_experiments_run_in_the_timed_lane() {
        let timed: Vec<&str> = MAIN_JOB
            .iter()
            .filter(|e| e.measures_time())
            .map(|e| e.name())
            .collect();
        assert_eq!(
            timed,
            ["expansion", "search", "break_even", "bounded_cache"]
        );
    }
}
