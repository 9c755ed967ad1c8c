//! The parent's side of a live `harness timing-rounds` child ([`crate::compare::round_child`] is the child's side):
//! start it, read the arms it announces up to `ready`, then ask it for one sample at a time. It is the kernel's
//! [`Sampler`] in every real use: `compare` starts one per binary, the main job one per setting and session (the
//! harness re-executes itself).

use super::kernel::{Sample, Sampler};
use super::usage::Usage;
use crate::record::ArmKey;
use anyhow::{Context, Result, bail};
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The environment variable of the planted slowdown (a fraction of each operation's time; test-only): the child
/// adds calibrated work after each operation ([`crate::compare::round_child`]).
pub(crate) const PLANTED_SLOWDOWN_ENV: &str = "HARNESS_PLANTED_SLOWDOWN";

/// How to start a child.
#[derive(Clone, Debug)]
pub(crate) struct ChildSpec {
    /// The harness executable.
    pub exe: PathBuf,
    /// Its working directory.
    pub cwd: PathBuf,
    /// What errors call it (`side A (HEAD~1)`, `timing-rounds`).
    pub label: String,
    /// Its arguments after `timing-rounds`.
    pub args: Vec<OsString>,
    /// Whether it takes successor-sized requests (`--by-successor`), or only the older round protocol.
    pub by_successor: bool,
    /// The planted slowdown ([`PLANTED_SLOWDOWN_ENV`]; test-only).
    pub planted: Option<f64>,
}

impl ChildSpec {
    /// The child of one of the main job's sessions on `family`, for `stage`'s errors: the arms `selection` names
    /// (its options), samples of `sample_ms`, the scenario files of `scenarios_dir`, only the family's first
    /// `first` successors or roots when given; successor-sized requests with their usage, no planted work.
    pub(crate) fn session(
        exe: &std::path::Path,
        scenarios_dir: &std::path::Path,
        stage: &str,
        family: &str,
        selection: &[String],
        sample_ms: u64,
        first: Option<usize>,
    ) -> Result<ChildSpec> {
        let mut args: Vec<OsString> = vec!["--scenario".into(), family.into()];
        args.extend(selection.iter().map(Into::into));
        args.extend(["--sample-ms".into(), sample_ms.to_string().into()]);
        args.extend([
            "--with-usage".into(),
            "--scenarios-dir".into(),
            scenarios_dir.into(),
        ]);
        if let Some(n) = first {
            args.extend(["--first".into(), n.to_string().into()]);
        }
        Ok(ChildSpec {
            exe: exe.to_path_buf(),
            cwd: std::env::current_dir()?,
            label: format!("timing-rounds ({stage}, {family})"),
            args,
            by_successor: true,
            planted: None,
        })
    }
}

/// A live child.
pub(crate) struct TimingChild {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    label: String,
    /// The arms it announced, in order.
    pub arms: Vec<ArmKey>,
    /// Each arm's successor count (successor-sized requests only; empty otherwise).
    pub successors: Vec<usize>,
    /// Iterations of planted work after each operation, summed over its arms (0 without the knob).
    pub planted: u64,
}

impl TimingChild {
    /// Starts the child and reads its arms up to `ready` (the end of its warm-up).
    pub(crate) fn start(spec: &ChildSpec) -> Result<TimingChild> {
        let mut cmd = Command::new(&spec.exe);
        cmd.current_dir(&spec.cwd)
            .arg("timing-rounds")
            .args(&spec.args);
        if spec.by_successor {
            cmd.arg("--by-successor");
        }
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let env = PLANTED_SLOWDOWN_ENV;
        match spec.planted {
            Some(f) => cmd.env(env, f.to_string()),
            None => cmd.env_remove(env),
        };
        let mut child = cmd
            .spawn()
            .with_context(|| format!("cannot start {} timing-rounds", spec.exe.display()))?;
        let input = child
            .stdin
            .take()
            .context("the child has no standard input")?;
        let output = BufReader::new(child.stdout.take().context("no standard output")?);
        let mut c = TimingChild {
            child,
            input,
            output,
            label: spec.label.clone(),
            arms: Vec::new(),
            successors: Vec::new(),
            planted: 0,
        };
        c.ready()?;
        if spec.by_successor && c.successors.len() != c.arms.len() {
            bail!(
                "{}: announced successor counts for another number of arms",
                c.label
            );
        }
        Ok(c)
    }

    fn ready(&mut self) -> Result<()> {
        loop {
            let line = self.line()?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["ready"] => break,
                ["successors", counts @ ..] => {
                    self.successors = counts
                        .iter()
                        .map(|c| c.parse::<usize>())
                        .collect::<Result<_, _>>()
                        .with_context(|| {
                            format!("{}: unreadable successor counts `{line}`", self.label)
                        })?;
                }
                ["arm", s, v, e, t, planted] => {
                    self.arms.push(ArmKey::new(s, v, e, t));
                    self.planted += planted.parse::<u64>().with_context(|| {
                        format!("{}: unreadable planted work `{planted}`", self.label)
                    })?;
                }
                _ => bail!(
                    "{}: unexpected line from timing-rounds: `{line}`",
                    self.label
                ),
            }
        }
        Ok(())
    }

    fn line(&mut self) -> Result<String> {
        let mut line = String::new();
        let n = self
            .output
            .read_line(&mut line)
            .with_context(|| format!("{}: reading timing-rounds", self.label))?;
        if n == 0 {
            bail!("{}: timing-rounds ended early", self.label);
        }
        Ok(line.trim_end().to_owned())
    }

    /// One round of the older protocol: nanoseconds per operation, arms in announced order.
    pub(crate) fn round(&mut self, seed: u64) -> Result<Vec<f64>> {
        writeln!(self.input, "round {seed}")?;
        self.input.flush()?;
        let line = self.line()?;
        let label = &self.label;
        let times = line
            .strip_prefix("times ")
            .with_context(|| format!("{label}: expected `times ...`, got `{line}`"))?;
        let v: Vec<f64> = times
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .with_context(|| format!("{label}: unreadable times `{times}`"))?;
        if v.len() != self.arms.len() {
            bail!("{label}: {} times for {} arms", v.len(), self.arms.len());
        }
        Ok(v)
    }

    /// Ends the child.
    pub(crate) fn quit(mut self) {
        let _ = writeln!(self.input, "quit");
        drop(self.input);
        let _ = self.child.wait();
    }
}

/// One session of a setting in a fresh child started by `spec` ([`super::kernel::grouped_session`]): `groups` of
/// arms each timed against each other, every arm one the child announced (it may announce more, which are not
/// timed); the child ends with the session.
pub(crate) fn child_session(
    spec: &ChildSpec,
    groups: &[Vec<ArmKey>],
    seed: u64,
    length: std::time::Duration,
) -> Result<super::kernel::SessionTimes> {
    let start = std::time::Instant::now();
    let mut child = TimingChild::start(spec)?;
    let at = |key: &ArmKey| child.arms.iter().position(|a| a == key);
    let Some(groups) = groups
        .iter()
        .map(|g| g.iter().map(at).collect::<Option<Vec<usize>>>())
        .collect::<Option<Vec<_>>>()
    else {
        child.quit();
        bail!("{} did not announce every arm of the setting", spec.label);
    };
    let t = super::kernel::grouped_session(&mut child, &groups, seed, start, length);
    child.quit();
    t
}

impl Sampler for TimingChild {
    fn successors(&self) -> &[usize] {
        &self.successors
    }

    /// `time ARM SUCCESSOR` → `time NS [USER_NS SYS_NS MINOR MAJOR]` (the usage per expansion; older children
    /// say only the time).
    fn time(&mut self, arm: usize, successor: usize) -> Result<Sample> {
        writeln!(self.input, "time {arm} {successor}")?;
        self.input.flush()?;
        let line = self.line()?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["time", ns, rest @ ..] if ns.parse::<f64>().is_ok() => Ok(Sample {
                ns: ns.parse().unwrap_or(f64::NAN),
                usage: Usage::from_words(rest),
            }),
            _ => bail!("{}: expected `time NS`, got `{line}`", self.label),
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A session times the arms its groups name, in their order, of all the child announced; an arm the child did
    /// not announce fails the session by name of the child.
    #[test]
    fn a_session_times_the_wanted_arms_among_those_announced() {
        let dir = crate::test_support::temp_dir("child-subset");
        let exe = dir.path().join("child.sh");
        // A stand-in child: three arms of one successor each, arm A's sample taking 100 + A ns.
        let script = "#!/bin/sh\nfor a in 0 1 2; do echo \"arm f v$a e t 0\"; done\n\
                      echo 'successors 1 1 1'\necho ready\n\
                      while read w a k; do [ \"$w\" = time ] || exit 0; echo \"time $((100 + a))\"; done\n";
        crate::test_support::write_script(&exe, script, &[]);
        let spec = ChildSpec {
            exe,
            cwd: dir.path().to_path_buf(),
            label: "stand-in".into(),
            args: Vec::new(),
            by_successor: true,
            planted: None,
        };
        let key = |v: &str| ArmKey::new("f", v, "e", "t");
        let groups = [vec![key("v2"), key("v0")], vec![key("v1")]];
        let t = child_session(&spec, &groups, 1, std::time::Duration::ZERO).unwrap();
        assert_eq!(t.rounds, vec![vec![102.0, 100.0, 101.0]]);
        let e = child_session(&spec, &[vec![key("v3")]], 1, std::time::Duration::ZERO);
        let e = e.unwrap_err().to_string();
        assert!(e.contains("stand-in did not announce"), "{e}");
    }
}
