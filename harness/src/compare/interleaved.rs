//! The parent side of `compare`'s interleaved timing: both binaries' `timing-rounds` children stay alive, and the
//! parent asks them for one short sample at a time, alternating which side goes first by a seeded coin, so that
//! A's sample and B's sample share the machine's state of that moment and pair up. A round takes one sample of
//! every arm and successor per side (in a seeded order), so each round gives one time per arm and side. The rounds
//! are spread over several sessions, each a fresh pair of processes, so that one process's memory layout does not
//! stand for the binary's; B's speedup over A is then judged over sessions ([`super::verdict::session_ratio`]),
//! not over rounds.
//!
//! A pair of children keeps one core busy at a time (one child waits while the other times), so sessions run in
//! one stream per core, side by side. The samples of a pair still share their moment; every sample runs beside
//! whatever the other stream times, A or B alike, so it moves both sides of a pair the same way on average.
//!
//! Why successor-sized samples: a shared machine's speed moves within the time of a whole round, so the closer in
//! time A's and B's samples are, the more of that movement their ratio cancels (the measurement is in
//! `docs/usage.md`, `harness compare`).

use super::invocation::Side;
use crate::progress::Progress;
use crate::record::ArmKey;
use anyhow::{Context, Result, bail};
use rand::{RngExt, SeedableRng};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// How many rounds, in how many sessions.
#[derive(Clone, Copy, Debug)]
pub struct RoundPlan {
    /// Fresh process pairs.
    pub sessions: usize,
    /// Wall time of the rounds: the streams run side by side and each stream's sessions share it (a session
    /// gets budget x streams / sessions).
    pub budget: Duration,
    /// Fewest rounds in all (each session runs at least its share, whatever the budget).
    pub min_rounds: usize,
    /// Seed of the round seeds and of the coin that picks which side goes first.
    pub seed: u64,
    /// The planted slowdown for side B's children ([`super::round_child::PLANTED_SLOWDOWN_ENV`]; test-only).
    pub planted_b: Option<f64>,
}

/// Whether `exe` has the interleaved child (revisions before it do not: their comparison times whole runs): its
/// `timing-rounds --help` succeeds and names the command.
pub fn has_round_child(exe: &std::path::Path) -> bool {
    round_child_help(exe).is_some_and(|h| h.contains("timing-rounds"))
}

/// Whether both sides' interleaved children take successor-sized requests (`--by-successor`); with an older child
/// on either side, every round times whole operations.
pub fn successor_samples(sides: &[Side; 2]) -> bool {
    sides
        .iter()
        .all(|s| round_child_help(&s.exe).is_some_and(|h| h.contains("--by-successor")))
}

/// How many streams of sessions run side by side: one per core, at most one per session.
pub fn streams(sessions: usize) -> usize {
    crate::parallel::cores().clamp(1, sessions.max(1))
}

fn round_child_help(exe: &std::path::Path) -> Option<String> {
    let o = Command::new(exe)
        .args(["timing-rounds", "--help"])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    o.status
        .success()
        .then(|| String::from_utf8_lossy(&o.stdout).into_owned())
}

/// One side's live child.
struct RoundChild {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    arms: Vec<ArmKey>,
    /// Each arm's successor count (successor-sized requests only; empty otherwise).
    successors: Vec<usize>,
    planted: u64,
}

impl RoundChild {
    /// Starts the child without waiting for it; [`RoundChild::ready`] reads its arms once it has warmed up.
    fn spawn(
        side: &Side,
        args: &[OsString],
        by_successor: bool,
        planted: Option<f64>,
    ) -> Result<RoundChild> {
        let mut cmd = Command::new(&side.exe);
        cmd.current_dir(&side.cwd).arg("timing-rounds").args(args);
        if by_successor {
            cmd.arg("--by-successor");
        }
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        match planted {
            Some(f) => cmd.env(super::round_child::PLANTED_SLOWDOWN_ENV, f.to_string()),
            None => cmd.env_remove(super::round_child::PLANTED_SLOWDOWN_ENV),
        };
        let mut child = cmd
            .spawn()
            .with_context(|| format!("cannot start {} timing-rounds", side.exe.display()))?;
        let input = child
            .stdin
            .take()
            .context("the child has no standard input")?;
        let output = BufReader::new(child.stdout.take().context("no standard output")?);
        Ok(RoundChild {
            child,
            input,
            output,
            arms: Vec::new(),
            successors: Vec::new(),
            planted: 0,
        })
    }

    /// Reads the arms the child announces, up to its `ready` (the end of its warm-up).
    fn ready(&mut self, side: &Side) -> Result<()> {
        loop {
            let line = self.line(side)?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["ready"] => break,
                ["successors", counts @ ..] => {
                    self.successors = counts
                        .iter()
                        .map(|c| c.parse::<usize>())
                        .collect::<Result<_, _>>()
                        .with_context(|| {
                            format!("side {}: unreadable successor counts `{line}`", side.label)
                        })?;
                }
                ["arm", s, v, e, t, planted] => {
                    self.arms.push(ArmKey::new(s, v, e, t));
                    self.planted += planted.parse::<u64>().with_context(|| {
                        format!("side {}: unreadable planted work `{planted}`", side.label)
                    })?;
                }
                _ => bail!(
                    "side {}: unexpected line from timing-rounds: `{line}`",
                    side.label
                ),
            }
        }
        Ok(())
    }

    fn line(&mut self, side: &Side) -> Result<String> {
        let mut line = String::new();
        let n = self
            .output
            .read_line(&mut line)
            .with_context(|| format!("side {}: reading timing-rounds", side.label))?;
        if n == 0 {
            bail!(
                "side {} ({}): timing-rounds ended early",
                side.label,
                side.name
            );
        }
        Ok(line.trim_end().to_owned())
    }

    /// One round: nanoseconds per operation, arms in announced order.
    fn round(&mut self, side: &Side, seed: u64) -> Result<Vec<f64>> {
        writeln!(self.input, "round {seed}")?;
        self.input.flush()?;
        let line = self.line(side)?;
        let times = line
            .strip_prefix("times ")
            .with_context(|| format!("side {}: expected `times ...`, got `{line}`", side.label))?;
        let v: Vec<f64> = times
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .with_context(|| format!("side {}: unreadable times `{times}`", side.label))?;
        if v.len() != self.arms.len() {
            bail!(
                "side {}: {} times for {} arms",
                side.label,
                v.len(),
                self.arms.len()
            );
        }
        Ok(v)
    }

    /// One sample of one arm's one successor: nanoseconds per expansion.
    fn time(&mut self, side: &Side, arm: usize, successor: usize) -> Result<f64> {
        writeln!(self.input, "time {arm} {successor}")?;
        self.input.flush()?;
        let line = self.line(side)?;
        line.strip_prefix("time ")
            .and_then(|t| t.trim().parse::<f64>().ok())
            .with_context(|| format!("side {}: expected `time NS`, got `{line}`", side.label))
    }

    fn quit(mut self) {
        let _ = writeln!(self.input, "quit");
        drop(self.input);
        let _ = self.child.wait();
    }
}

/// What the interleaved rounds measured.
#[derive(Clone, Debug)]
pub struct Interleaved {
    /// Per arm, A's and B's nanoseconds per operation of each round (paired by index).
    pub times: BTreeMap<ArmKey, [Vec<f64>; 2]>,
    /// Per round (the same index as `times`), the session it ran in.
    pub session: Vec<usize>,
    /// Per round, the side that went first (0 = A, 1 = B).
    pub first: Vec<usize>,
    /// Per side, the planted work its children announced (iterations after each operation, summed over arms and
    /// sessions): 0 unless the test-only knob was set for that side.
    pub planted: [u64; 2],
}

/// Times both sides' arms in interleaved rounds.
pub fn time_interleaved(
    sides: &[Side; 2],
    child_args: &[OsString],
    plan: &RoundPlan,
    progress: &Progress,
) -> Result<Interleaved> {
    let sessions = plan.sessions.max(1);
    let by_successor = successor_samples(sides);
    // Stream `i` runs sessions i, i + streams, ...; each stream's sessions share the whole budget.
    let streams = streams(sessions);
    let share = plan.budget.mul_f64(streams as f64 / sessions as f64);
    let min_per_session = plan.min_rounds.div_ceil(sessions).max(1);
    let run_session = |session: usize| -> Result<Session> {
        progress.set_message(format!("session {} of {sessions}", session + 1));
        time_session(
            sides,
            child_args,
            plan,
            session,
            share,
            min_per_session,
            by_successor,
            progress,
        )
    };
    // A stream that fails stops the others from starting sessions whose results would be thrown away.
    let failed = std::sync::atomic::AtomicBool::new(false);
    let mut done: Vec<Result<Vec<(usize, Session)>>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..streams)
            .map(|stream| {
                let (run_session, failed) = (&run_session, &failed);
                scope.spawn(move || -> Result<Vec<(usize, Session)>> {
                    let mut out = Vec::new();
                    for k in (stream..sessions).step_by(streams) {
                        if failed.load(std::sync::atomic::Ordering::Relaxed) {
                            break;
                        }
                        match run_session(k) {
                            Ok(s) => out.push((k, s)),
                            Err(e) => {
                                failed.store(true, std::sync::atomic::Ordering::Relaxed);
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
    let mut by_session: Vec<(usize, Session)> = Vec::new();
    for d in done {
        by_session.extend(d?);
    }
    by_session.sort_by_key(|(k, _)| *k);
    let mut times: BTreeMap<ArmKey, [Vec<f64>; 2]> = BTreeMap::new();
    let mut planted = [0u64; 2];
    let (mut session_of, mut first_of) = (Vec::new(), Vec::new());
    let arms = by_session
        .first()
        .map(|(_, s)| s.arms.clone())
        .unwrap_or_default();
    for (k, s) in by_session {
        if s.arms != arms {
            bail!("session {} announced other arms than session 1", k + 1);
        }
        planted[0] += s.planted[0];
        planted[1] += s.planted[1];
        for (round, first) in s.rounds.into_iter().zip(s.first) {
            for (j, arm) in arms.iter().enumerate() {
                let e = times.entry(arm.clone()).or_default();
                e[0].push(round[0][j]);
                e[1].push(round[1][j]);
            }
            session_of.push(k);
            first_of.push(first);
        }
    }
    Ok(Interleaved {
        times,
        session: session_of,
        first: first_of,
        planted,
    })
}

/// What one session measured.
struct Session {
    arms: Vec<ArmKey>,
    /// Per round, A's and B's nanoseconds per successor, arms in announced order.
    rounds: Vec<[Vec<f64>; 2]>,
    /// Per round, the side that went first (in the round's first request).
    first: Vec<usize>,
    planted: [u64; 2],
}

/// One session: a fresh pair of children, rounds until its share of the budget is spent (at least `min_rounds`).
#[allow(clippy::too_many_arguments)]
fn time_session(
    sides: &[Side; 2],
    child_args: &[OsString],
    plan: &RoundPlan,
    session: usize,
    share: Duration,
    min_rounds: usize,
    by_successor: bool,
    progress: &Progress,
) -> Result<Session> {
    // Session s's generator (the coins, and the successors' order) is seeded by seed + s * 2^32; in the round
    // protocol round r's arm order comes from seed + s * 2^32 + r.
    let base = plan.seed.wrapping_add((session as u64) << 32);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(base);
    // The children load and warm up one after the other, so that each stream keeps one process busy at a time: the
    // warm-up sizes the samples and calibrates the planted work against the operations' own times, which a warm-up
    // sharing its core with another would inflate (docs/usage.md has the planted slowdown it overstated).
    let mut a = RoundChild::spawn(&sides[0], child_args, by_successor, None)?;
    a.ready(&sides[0])?;
    let mut b = RoundChild::spawn(&sides[1], child_args, by_successor, plan.planted_b)?;
    b.ready(&sides[1])?;
    let mut children = [a, b];
    if children[0].arms != children[1].arms || children[0].successors != children[1].successors {
        bail!("the two sides announced different arms for the same selection");
    }
    if by_successor && children[0].successors.len() != children[0].arms.len() {
        bail!("the children announced successor counts for another number of arms");
    }
    let mut out = Session {
        arms: children[0].arms.clone(),
        rounds: Vec::new(),
        first: Vec::new(),
        planted: [children[0].planted, children[1].planted],
    };
    let start = Instant::now();
    let mut round = 0u64;
    while (round as usize) < min_rounds || start.elapsed() < share {
        let (got, first) = if by_successor {
            successor_round(&mut children, sides, &mut rng)?
        } else {
            let first = usize::from(rng.random_bool(0.5));
            let mut got: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
            for s in [first, 1 - first] {
                got[s] = children[s].round(&sides[s], base.wrapping_add(round))?;
            }
            (got, first)
        };
        out.rounds.push(got);
        out.first.push(first);
        round += 1;
        progress.inc(1);
    }
    let [a, b] = children;
    a.quit();
    b.quit();
    Ok(out)
}

/// One round of successor-sized samples: every arm and successor once per side, in a seeded order, with a coin
/// per request pair for the side that goes first; per side, nanoseconds per successor of each arm (the mean over
/// its successors, as the whole operation's time per successor), and the side that went first in the first pair.
fn successor_round(
    children: &mut [RoundChild; 2],
    sides: &[Side; 2],
    rng: &mut rand_pcg::Pcg64Mcg,
) -> Result<([Vec<f64>; 2], usize)> {
    let counts = children[0].successors.clone();
    let mut cells: Vec<(usize, usize)> = counts
        .iter()
        .enumerate()
        .flat_map(|(a, &n)| (0..n).map(move |k| (a, k)))
        .collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.random_range(0..=i));
    }
    let mut total = [vec![0.0; counts.len()], vec![0.0; counts.len()]];
    let mut first_of_round = None;
    for (a, k) in cells {
        let first = usize::from(rng.random_bool(0.5));
        first_of_round.get_or_insert(first);
        for s in [first, 1 - first] {
            total[s][a] += children[s].time(&sides[s], a, k)?;
        }
    }
    let per_successor = |t: &[f64]| -> Vec<f64> {
        t.iter()
            .zip(&counts)
            .map(|(x, &n)| x / n.max(1) as f64)
            .collect()
    };
    Ok((
        [per_successor(&total[0]), per_successor(&total[1])],
        first_of_round.unwrap_or(0),
    ))
}
