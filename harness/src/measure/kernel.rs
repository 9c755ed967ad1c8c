//! The timing kernel every timed comparison uses (`compare`, the main job's timed stages): paired samples of one
//! successor (the search stage: one root; the bounded cache: one invocation), the configurations of a comparison
//! timed back to back in a seeded random order, in rounds, spread over sessions (fresh processes), summarised over
//! sessions. The expansion and search stages spend a budget adaptively ([`super::schedule`]); the break-even map
//! and the bounded cache run a fixed number of sessions ([`Sessions`]).
//!
//! - A **sampler** ([`Sampler`]) times one sample of one successor of one of its arms on request: a live
//!   `timing-rounds` child ([`super::child`]) in every real use, a closure in tests.
//! - A **cell** is one successor of one comparison group (the sides timed against each other: the two binaries'
//!   same arm in `compare`, a setting's cache variants in the main job, a workload's caches in the bounded
//!   cache). Its sides are timed back to back, in an order drawn from the session's seeded generator (a coin for
//!   two sides), so that they share the machine's state of that moment.
//! - A **round** times every cell once, the cells in a seeded order; a side's time of the round is its mean over
//!   its successors (nanoseconds per successor, as the whole operation's time per successor).
//! - A **session** is a fresh set of samplers and its rounds. Rounds of one session share their processes' memory
//!   layouts, which move every round of the session alike, so sessions, not rounds, are the independent samples.
//!
//! Summaries ([`speedup`], [`typical_time`]): per session the mean log time of each side over its rounds; a side's
//! time is the geometric mean (the exponential of the mean over sessions), and a speedup `base / other` is the
//! exponential of the mean over sessions of the per-session mean log ratio with a two-sided 95% Student-t interval
//! over sessions (`n` = sessions). So the speedup's point is exactly the quotient of the two sides' times: what the
//! times say and what the ratio says cannot disagree.

use super::usage::Usage;
use crate::statistics::student_t::t_quantile;
use crate::statistics::{Interval, Method};
use anyhow::Result;
use rand::RngExt;
use std::collections::BTreeMap;

/// One sample: nanoseconds per expansion and what the sampler's thread used per expansion.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Sample {
    pub ns: f64,
    /// `None` when the sampler does not say (an older `timing-rounds`).
    pub usage: Option<Usage>,
}

/// Something that times one successor of one of its arms per request.
pub(crate) trait Sampler {
    /// Each arm's successor count.
    fn successors(&self) -> &[usize];
    /// One sample of `arm`'s `successor`.
    fn time(&mut self, arm: usize, successor: usize) -> Result<Sample>;
}

/// One configuration of a comparison group: arm `arm` of sampler `sampler`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Side {
    pub sampler: usize,
    pub arm: usize,
}

/// What one session measured. Sides are numbered as in the groups, flattened in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct SessionTimes {
    /// Per round, per side: nanoseconds per successor.
    pub rounds: Vec<Vec<f64>>,
    /// Per round, the position within its group of the side that went first in the round's first cell.
    pub first: Vec<usize>,
    /// Per side, the usage per expansion summed over its samples (`None` when its sampler did not say).
    pub usage: Vec<Option<Usage>>,
    /// Per side, its samples.
    pub samples: Vec<u64>,
}

/// Runs rounds of `groups` on `samplers` until `more(rounds so far)` says stop (asked before every round, so a
/// session always asks once before its first); the cells' order and each cell's sides' order come from `rng`.
pub(crate) fn run_session(
    samplers: &mut [&mut dyn Sampler],
    groups: &[Vec<Side>],
    rng: &mut rand_pcg::Pcg64Mcg,
    more: &mut dyn FnMut(usize) -> bool,
) -> Result<SessionTimes> {
    let sides: Vec<Side> = groups.iter().flatten().copied().collect();
    let mut out = SessionTimes {
        usage: vec![None; sides.len()],
        samples: vec![0; sides.len()],
        ..SessionTimes::default()
    };
    // Each group's successors: its first side's (every side of a group expands the same positions).
    let mut cells: Vec<(usize, usize, usize)> = Vec::new();
    let mut offset = 0;
    let mut counts = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let n = group
            .first()
            .and_then(|s| samplers[s.sampler].successors().get(s.arm).copied())
            .unwrap_or(0);
        counts.push(n);
        cells.extend((0..n).map(|k| (g, k, offset)));
        offset += group.len();
    }
    while more(out.rounds.len()) {
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.random_range(0..=i));
        }
        let mut total = vec![0.0; sides.len()];
        let mut first = None;
        for &(g, k, at) in &cells {
            let mut order: Vec<usize> = (0..groups[g].len()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.random_range(0..=i));
            }
            first.get_or_insert(order[0]);
            for j in order {
                let side = groups[g][j];
                let s = samplers[side.sampler].time(side.arm, k)?;
                total[at + j] += s.ns;
                out.samples[at + j] += 1;
                if let Some(u) = s.usage {
                    out.usage[at + j] = Some(out.usage[at + j].unwrap_or_default().plus(u));
                }
            }
        }
        let mut at = 0;
        for (g, group) in groups.iter().enumerate() {
            for t in &mut total[at..at + group.len()] {
                *t /= counts[g].max(1) as f64;
            }
            at += group.len();
        }
        out.rounds.push(total);
        out.first.push(first.unwrap_or(0));
    }
    Ok(out)
}

/// One session of a setting on `sampler`: its `arms` arms as one group ([`grouped_session`]).
pub(crate) fn setting_session(
    sampler: &mut dyn Sampler,
    arms: usize,
    seed: u64,
    start: std::time::Instant,
    length: std::time::Duration,
) -> Result<SessionTimes> {
    grouped_session(sampler, &[(0..arms).collect()], seed, start, length)
}

/// One session on `sampler`: each of `groups` (sampler arms timed against each other, e.g. a workload's caches)
/// timed back to back per successor in an order drawn from `seed`, in rounds until `length` has passed since
/// `start` (at least one round); sides numbered as the groups list them, flattened in order.
pub(crate) fn grouped_session(
    sampler: &mut dyn Sampler,
    groups: &[Vec<usize>],
    seed: u64,
    start: std::time::Instant,
    length: std::time::Duration,
) -> Result<SessionTimes> {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let groups: Vec<Vec<Side>> = groups
        .iter()
        .map(|g| g.iter().map(|&arm| Side { sampler: 0, arm }).collect())
        .collect();
    let mut more = |round: usize| round == 0 || start.elapsed() < length;
    run_session(&mut [sampler], &groups, &mut rng, &mut more)
}

/// A fixed number of sessions of one length: the plan of the stages that time every configuration of a sweep
/// alike (the break-even map, the bounded cache) rather than some adaptively ([`super::schedule`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sessions {
    /// Sessions (fresh processes): the `n` of every interval.
    pub sessions: usize,
    /// Each session's wall time, its process's start and warm-up included (at least one round).
    pub seconds_each: f64,
    /// Target milliseconds of one sample (fast operations repeat within it).
    pub sample_ms: u64,
    /// Seed of the sessions' orders.
    pub seed: u64,
}

impl Sessions {
    /// The main job's sessions (`quick`: fewer and shorter): enough for a Student-t interval over them, short
    /// enough that a stage times in a couple of seconds.
    pub(crate) fn of(quick: bool, sample_ms: u64, seed: u64) -> Sessions {
        let (sessions, seconds_each) = if quick { (5, 0.1) } else { (8, 0.25) };
        Sessions {
            sessions,
            seconds_each,
            sample_ms,
            seed,
        }
    }

    /// Runs every session, `run(seed, length)` with the session's seed (session k's: the plan's + k x 2^32), in
    /// one stream per core ([`run_streams`]); the results in session order.
    pub(crate) fn run(
        &self,
        run: &(dyn Fn(u64, std::time::Duration) -> Result<SessionTimes> + Sync),
    ) -> Result<Vec<SessionTimes>> {
        let length = std::time::Duration::from_secs_f64(self.seconds_each);
        let each = |k: usize| run(self.seed.wrapping_add((k as u64) << 32), length);
        run_streams(self.sessions, crate::parallel::cores(), &each)
    }
}

/// Runs `jobs` sessions (`run(k)` for k in 0..jobs) in up to `streams` streams side by side, each taking the next
/// session not yet started ([`pull_streams`]); the results in session order.
pub(crate) fn run_streams<T: Send>(
    jobs: usize,
    streams: usize,
    run: &(dyn Fn(usize) -> Result<T> + Sync),
) -> Result<Vec<T>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let pick = || Some(next.fetch_add(1, Ordering::SeqCst)).filter(|&k| k < jobs);
    let mut all = pull_streams(streams.clamp(1, jobs.max(1)), &pick, &|k| Ok((k, run(k)?)))?;
    all.sort_by_key(|(k, _)| *k);
    Ok(all.into_iter().map(|(_, t)| t).collect())
}

/// Runs jobs in up to `streams` streams side by side, each stream asking `next()` for its next job until it gives
/// none; the results in no particular order. The first stream runs on the caller's core; each other one starts
/// once it gets a core of its own ([`crate::parallel::extra_core`]: in the main job, once the counting lane is
/// done), unless the jobs ran out meanwhile. A stream that fails stops the others from starting jobs whose results
/// would be thrown away.
pub(crate) fn pull_streams<J, T: Send>(
    streams: usize,
    next: &(dyn Fn() -> Option<J> + Sync),
    run: &(dyn Fn(J) -> Result<T> + Sync),
) -> Result<Vec<T>> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let failed = AtomicBool::new(false);
    let drained = AtomicBool::new(false);
    let mut done: Vec<Result<Vec<T>>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..streams.max(1))
            .map(|stream| {
                let (failed, drained) = (&failed, &drained);
                scope.spawn(move || -> Result<Vec<T>> {
                    let gone = || failed.load(Ordering::Relaxed) || drained.load(Ordering::SeqCst);
                    let _core = match stream {
                        0 => None,
                        _ => match crate::parallel::extra_core(&gone) {
                            Some(core) => Some(core),
                            None => return Ok(Vec::new()),
                        },
                    };
                    let mut out = Vec::new();
                    while !failed.load(Ordering::Relaxed) {
                        let Some(job) = next() else {
                            drained.store(true, Ordering::SeqCst);
                            break;
                        };
                        match run(job) {
                            Ok(t) => out.push(t),
                            Err(e) => {
                                failed.store(true, Ordering::Relaxed);
                                return Err(e);
                            }
                        }
                    }
                    Ok(out)
                })
            })
            .collect();
        for h in handles {
            // A panic here is a bug: it goes on unwinding rather than becoming a runtime error.
            done.push(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
    });
    let mut all = Vec::new();
    for d in done {
        all.extend(d?);
    }
    Ok(all)
}

/// Per side, its time in every round of `sessions` (each with one time per side per round, `sides` sides), and
/// per round its session's index: the paired series [`speedup`] and [`typical_time`] read.
pub(crate) fn flattened(sessions: &[SessionTimes], sides: usize) -> (Vec<Vec<f64>>, Vec<usize>) {
    let mut times = vec![Vec::new(); sides];
    let mut session = Vec::new();
    for (s, t) in sessions.iter().enumerate() {
        for round in &t.rounds {
            for (i, x) in round.iter().take(sides).enumerate() {
                times[i].push(*x);
            }
            session.push(s);
        }
    }
    (times, session)
}

/// Per session (in session order), the mean of `f` over its rounds; rounds whose `f` is not finite are left out.
fn session_means(session: &[usize], f: impl Fn(usize) -> f64) -> Vec<f64> {
    let mut by: BTreeMap<usize, (f64, usize)> = BTreeMap::new();
    for (i, &s) in session.iter().enumerate() {
        let x = f(i);
        if x.is_finite() {
            let e = by.entry(s).or_default();
            e.0 += x;
            e.1 += 1;
        }
    }
    by.values().map(|(sum, n)| sum / *n as f64).collect()
}

/// The exponential of the mean of `logs` (one per session) with its two-sided 95% Student-t interval; one session
/// gives no coverage claim.
fn over_sessions(logs: &[f64]) -> Option<Interval> {
    let n = logs.len();
    if n == 0 {
        return None;
    }
    let mean = logs.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return Some(Interval {
            method: Method::SingleSample,
            ..Interval::collapsed(mean.exp(), n)
        });
    }
    let var = logs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let half = t_quantile(0.975, n - 1) * (var / n as f64).sqrt();
    Some(Interval {
        point: mean.exp(),
        low: (mean - half).exp(),
        high: (mean + half).exp(),
        level: 0.95,
        n,
        method: Method::StudentT,
    })
}

/// `base / other` from paired per-round times (round `i` ran in session `session[i]`): the geometric mean of the
/// paired ratios with a 95% Student-t interval over sessions (> 1 = `other` faster).
pub(crate) fn speedup(base: &[f64], other: &[f64], session: &[usize]) -> Option<Interval> {
    over_sessions(&session_means(session, |i| {
        match (base.get(i), other.get(i)) {
            (Some(&x), Some(&y)) if x > 0.0 && y > 0.0 => (x / y).ln(),
            _ => f64::NAN,
        }
    }))
}

/// A side's typical time from its per-round times: the geometric mean over sessions of each session's geometric
/// mean, with a 95% Student-t interval over sessions. Of two sides timed in the same rounds,
/// `typical_time(a).point / typical_time(b).point` is `speedup(a, b).point`.
pub(crate) fn typical_time(times: &[f64], session: &[usize]) -> Option<Interval> {
    over_sessions(&session_means(session, |i| match times.get(i) {
        Some(&x) if x > 0.0 => x.ln(),
        _ => f64::NAN,
    }))
}

/// Half the width of a ratio's interval on the log scale (0.015 = ±1.5%).
pub(crate) fn half_width(i: &Interval) -> f64 {
    if i.low > 0.0 && i.high.is_finite() {
        (i.high / i.low).ln() / 2.0
    } else {
        f64::INFINITY
    }
}

/// Whether a speedup is decided against the practical threshold ([`crate::verdict::NOISE_THRESHOLD`]): its
/// interval lies wholly above `1 + t`, wholly below `1 − t`, or wholly inside `[1 − t, 1 + t]`, at 95% or more.
pub(crate) fn decided(i: &Interval) -> bool {
    let t = crate::verdict::NOISE_THRESHOLD;
    i.level >= crate::verdict::MIN_LEVEL
        && (i.low > 1.0 + t || i.high < 1.0 - t || (i.low >= 1.0 - t && i.high <= 1.0 + t))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rand::SeedableRng;

    /// A sampler for tests: arm `a`'s successor `k` takes `ns(a, k)` nanoseconds; it logs every request.
    pub(crate) struct Fake<F: FnMut(usize, usize) -> f64> {
        pub counts: Vec<usize>,
        pub ns: F,
        pub log: Vec<(usize, usize)>,
    }

    impl<F: FnMut(usize, usize) -> f64> Sampler for Fake<F> {
        fn successors(&self) -> &[usize] {
            &self.counts
        }
        fn time(&mut self, arm: usize, successor: usize) -> Result<Sample> {
            self.log.push((arm, successor));
            Ok(Sample {
                ns: (self.ns)(arm, successor),
                usage: Some(Usage {
                    user_ns: 10.0,
                    ..Usage::default()
                }),
            })
        }
    }

    /// Every cell once per round, each group's sides back to back, both orders drawn; times per successor.
    #[test]
    fn a_round_times_every_cell_with_its_sides_back_to_back() {
        let mut f = Fake {
            counts: vec![3, 3],
            ns: |a, k| 100.0 * (a + 1) as f64 + k as f64,
            log: Vec::new(),
        };
        let groups = vec![vec![
            Side { sampler: 0, arm: 0 },
            Side { sampler: 0, arm: 1 },
        ]];
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        let t = run_session(&mut [&mut f], &groups, &mut rng, &mut |r| r < 20).unwrap();
        assert_eq!(t.rounds.len(), 20);
        assert_eq!(t.rounds[0], vec![101.0, 201.0]);
        assert_eq!(t.samples, vec![60, 60]);
        assert_eq!(t.usage[0].unwrap().user_ns, 600.0);
        // Pairs: the log holds each successor's two arms next to each other, in both orders over the session.
        let pairs: Vec<_> = f.log.chunks(2).collect();
        assert!(pairs.iter().all(|p| p[0].1 == p[1].1 && p[0].0 != p[1].0));
        let a_first = pairs.iter().filter(|p| p[0].0 == 0).count();
        assert!(a_first > 10 && a_first < 50, "{a_first} of 60");
        assert!(t.first.contains(&0) && t.first.contains(&1));
    }

    /// Two samplers (the two binaries of `compare`): each group pairs one arm across them.
    #[test]
    fn groups_may_pair_sides_of_two_samplers() {
        let mut a = Fake {
            counts: vec![2, 1],
            ns: |_, _| 100.0,
            log: Vec::new(),
        };
        let mut b = Fake {
            counts: vec![2, 1],
            ns: |_, _| 50.0,
            log: Vec::new(),
        };
        let groups: Vec<Vec<Side>> = (0..2)
            .map(|arm| vec![Side { sampler: 0, arm }, Side { sampler: 1, arm }])
            .collect();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        let t = run_session(&mut [&mut a, &mut b], &groups, &mut rng, &mut |r| r < 2).unwrap();
        assert_eq!(t.rounds, vec![vec![100.0, 50.0, 100.0, 50.0]; 2]);
        assert_eq!((a.log.len(), b.log.len()), (6, 6));
    }

    /// The point of a speedup is the quotient of the sides' typical times, whatever the spread.
    #[test]
    fn the_speedup_is_the_quotient_of_the_typical_times() {
        let a = [120.0, 90.0, 130.0, 101.0, 99.0, 140.0];
        let b = [100.0, 80.0, 100.0, 100.0, 90.0, 120.0];
        let s = [0, 0, 1, 1, 2, 2];
        let r = speedup(&a, &b, &s).unwrap();
        let ta = typical_time(&a, &s).unwrap();
        let tb = typical_time(&b, &s).unwrap();
        assert!((r.point - ta.point / tb.point).abs() < 1e-12);
        assert_eq!((r.n, r.method, r.level), (3, Method::StudentT, 0.95));
        assert!(r.low < r.point && r.point < r.high);
        let one = speedup(&a[..2], &b[..2], &s[..2]).unwrap();
        assert_eq!((one.level, one.method), (0.0, Method::SingleSample));
        assert!(speedup(&[], &[], &[]).is_none());
        // Three sessions, each with a layout offset of its own around a true speedup of 1: no decision.
        let a = [100.0, 101.0, 100.0, 102.0, 103.0, 102.0, 98.0, 99.0, 98.0];
        let b = [100.0; 9];
        let r = speedup(&a, &b, &[0, 0, 0, 1, 1, 1, 2, 2, 2]).unwrap();
        assert_eq!(r.n, 3);
        assert!(r.low < 1.0 && r.high > 1.0);
    }

    /// Identical configurations whose processes differ by a layout offset per session (±3%) and by round noise:
    /// the session interval decides wrongly near its nominal 5%, where pooling rounds would decide most times.
    #[test]
    fn session_offsets_do_not_make_identical_sides_differ() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let (trials, sessions, rounds) = (2000, 6, 20);
        let mut wrong = 0;
        for _ in 0..trials {
            let (mut a, mut b, mut s) = (Vec::new(), Vec::new(), Vec::new());
            for k in 0..sessions {
                let offset: f64 = rng.random_range(0.97..1.03);
                for _ in 0..rounds {
                    let drift: f64 = rng.random_range(0.9..1.1);
                    a.push(drift * offset * rng.random_range(0.98..1.02));
                    b.push(drift * rng.random_range(0.98..1.02));
                    s.push(k);
                }
            }
            let r = speedup(&a, &b, &s).unwrap();
            wrong += usize::from(r.low > 1.0 || r.high < 1.0);
        }
        let rate = wrong as f64 / trials as f64;
        assert!(rate <= 0.08, "{:.1}% wrong", 100.0 * rate);
    }

    #[test]
    fn streams_return_sessions_in_order_and_stop_on_a_failure() {
        let got = run_streams(5, 2, &|k| Ok(k * 10)).unwrap();
        assert_eq!(got, vec![0, 10, 20, 30, 40]);
        let ran = std::sync::atomic::AtomicUsize::new(0);
        let e = run_streams(50, 1, &|k| {
            ran.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if k == 2 {
                anyhow::bail!("session {k} failed")
            } else {
                Ok(k)
            }
        })
        .unwrap_err();
        assert!(e.to_string().contains("session 2"));
        assert_eq!(ran.load(std::sync::atomic::Ordering::Relaxed), 3);
    }

    #[test]
    fn decided_means_against_the_practical_threshold() {
        let i = |low, high| Interval::new((low + high) / 2.0, low, high, 0.95, 6, Method::StudentT);
        assert!(decided(&i(1.02, 1.05)));
        assert!(decided(&i(0.95, 0.98)));
        assert!(decided(&i(0.995, 1.008)));
        // Above 1 but not above 1.01: not decided against the threshold.
        assert!(!decided(&i(1.005, 1.03)));
        assert!(!decided(&i(0.97, 1.03)));
        assert!((half_width(&i(0.99, 1.01)) - 0.01).abs() < 1e-4);
    }
}
