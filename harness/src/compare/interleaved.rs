//! The parent side of `compare`'s interleaved timing: both binaries' `timing-rounds` children stay alive, and the
//! parent asks them for one short round at a time, alternating which side goes first by a seeded coin, so that A's
//! round and B's round share the machine's state of that moment and pair up. The rounds are spread over several
//! sessions, each a fresh pair of processes, so that one process's memory layout does not stand for the binary's;
//! B's speedup over A is then judged over sessions ([`super::verdict::session_ratio`]), not over rounds.

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
    /// Wall time of all sessions' rounds together (each session gets its share).
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
    Command::new(exe)
        .args(["timing-rounds", "--help"])
        .stderr(Stdio::null())
        .output()
        .is_ok_and(|o| {
            o.status.success() && String::from_utf8_lossy(&o.stdout).contains("timing-rounds")
        })
}

/// One side's live child.
struct RoundChild {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    arms: Vec<ArmKey>,
    planted: u64,
}

impl RoundChild {
    /// Starts the child without waiting for it; [`RoundChild::ready`] reads its arms once it has warmed up.
    fn spawn(side: &Side, args: &[OsString], planted: Option<f64>) -> Result<RoundChild> {
        let mut cmd = Command::new(&side.exe);
        cmd.current_dir(&side.cwd)
            .arg("timing-rounds")
            .args(args)
            .stdin(Stdio::piped())
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
    let share = plan.budget / sessions as u32;
    let min_per_session = plan.min_rounds.div_ceil(sessions).max(1);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(plan.seed);
    let mut times: BTreeMap<ArmKey, [Vec<f64>; 2]> = BTreeMap::new();
    let mut round = 0u64;
    let mut planted = [0u64; 2];
    let (mut session_of, mut first_of) = (Vec::new(), Vec::new());
    for session in 0..sessions {
        progress.set_message(format!("session {} of {sessions}", session + 1));
        // Both children load and warm up at once, one per core (nothing is timed until both are ready; the warm-up
        // only sizes the samples and calibrates the planted work, each side against its own operation).
        let mut children = [
            RoundChild::spawn(&sides[0], child_args, None)?,
            RoundChild::spawn(&sides[1], child_args, plan.planted_b)?,
        ];
        for (child, side) in children.iter_mut().zip(sides) {
            child.ready(side)?;
        }
        if children[0].arms != children[1].arms {
            bail!("the two sides announced different arms for the same selection");
        }
        planted[0] += children[0].planted;
        planted[1] += children[1].planted;
        let start = Instant::now();
        let mut taken = 0;
        while taken < min_per_session || start.elapsed() < share {
            let seed = plan.seed.wrapping_add(round);
            let first = usize::from(rng.random_bool(0.5));
            let mut got: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
            for s in [first, 1 - first] {
                got[s] = children[s].round(&sides[s], seed)?;
            }
            for (j, arm) in children[0].arms.iter().enumerate() {
                let e = times.entry(arm.clone()).or_default();
                e[0].push(got[0][j]);
                e[1].push(got[1][j]);
            }
            session_of.push(session);
            first_of.push(first);
            taken += 1;
            round += 1;
            progress.inc(1);
        }
        let [a, b] = children;
        a.quit();
        b.quit();
    }
    Ok(Interleaved {
        times,
        session: session_of,
        first: first_of,
        planted,
    })
}
