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
use crate::measure::child::{ChildSpec, TimingChild};
use crate::measure::kernel::{Sampler, run_session, run_streams};
use crate::progress::Progress;
use crate::record::ArmKey;
use anyhow::{Result, bail};
use rand::{RngExt, SeedableRng};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How many rounds, in how many sessions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RoundPlan {
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
pub(crate) fn has_round_child(exe: &std::path::Path) -> bool {
    round_child_help(exe).is_some_and(|h| h.contains("timing-rounds"))
}

/// Whether both sides' interleaved children take successor-sized requests (`--by-successor`); with an older child
/// on either side, every round times whole operations.
pub(crate) fn successor_samples(sides: &[Side; 2]) -> bool {
    sides
        .iter()
        .all(|s| round_child_help(&s.exe).is_some_and(|h| h.contains("--by-successor")))
}

/// How many streams of sessions run side by side: one per core, at most one per session.
pub(crate) fn streams(sessions: usize) -> usize {
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

/// What the interleaved rounds measured.
#[derive(Clone, Debug)]
pub(crate) struct Interleaved {
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
pub(crate) fn time_interleaved(
    sides: &[Side; 2],
    child_args: &[OsString],
    plan: &RoundPlan,
    progress: &Progress,
) -> Result<Interleaved> {
    let sessions = plan.sessions.max(1);
    let by_successor = successor_samples(sides);
    // Each stream's sessions share the whole budget.
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
    let by_session: Vec<(usize, Session)> =
        run_streams(sessions, streams, &|k| Ok((k, run_session(k)?)))?;
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
    let spec = |s: usize| ChildSpec {
        exe: sides[s].exe.clone(),
        cwd: sides[s].cwd.clone(),
        label: format!("side {} ({})", sides[s].label, sides[s].name),
        args: child_args.to_vec(),
        by_successor,
        planted: if s == 1 { plan.planted_b } else { None },
    };
    let a = TimingChild::start(&spec(0))?;
    let b = TimingChild::start(&spec(1))?;
    let mut children = [a, b];
    if children[0].arms != children[1].arms || children[0].successors != children[1].successors {
        bail!("the two sides announced different arms for the same selection");
    }
    let mut out = Session {
        arms: children[0].arms.clone(),
        rounds: Vec::new(),
        first: Vec::new(),
        planted: [children[0].planted, children[1].planted],
    };
    let start = Instant::now();
    let mut more = |round: usize| {
        let go = round < min_rounds || start.elapsed() < share;
        if round > 0 {
            progress.inc(1);
        }
        go
    };
    if by_successor {
        // One comparison group per arm: A's and B's same arm, back to back per successor.
        let groups: Vec<Vec<crate::measure::kernel::Side>> = (0..out.arms.len())
            .map(|arm| {
                (0..2)
                    .map(|sampler| crate::measure::kernel::Side { sampler, arm })
                    .collect()
            })
            .collect();
        let [a, b] = &mut children;
        let mut samplers: [&mut dyn Sampler; 2] = [a, b];
        let t = run_session(&mut samplers, &groups, &mut rng, &mut more)?;
        for (round, first) in t.rounds.into_iter().zip(t.first) {
            // Flattened sides: arm j's A at 2j, its B at 2j + 1.
            let side = |s: usize| round.iter().skip(s).step_by(2).copied().collect();
            out.rounds.push([side(0), side(1)]);
            out.first.push(first);
        }
    } else {
        let mut round = 0u64;
        while more(round as usize) {
            let first = usize::from(rng.random_bool(0.5));
            let mut got: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
            for s in [first, 1 - first] {
                got[s] = children[s].round(base.wrapping_add(round))?;
            }
            out.rounds.push(got);
            out.first.push(first);
            round += 1;
        }
    }
    let [a, b] = children;
    a.quit();
    b.quit();
    Ok(out)
}
