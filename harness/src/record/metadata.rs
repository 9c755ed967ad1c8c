//! Run metadata: which machine, compiler and source revision produced a result, with which seed and when.

use super::UtcTimestamp;
use std::process::Command;

/// Everything recorded with every result row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RunMetadata {
    pub hostname: String,
    /// CPU model name from `/proc/cpuinfo` (`unknown` elsewhere).
    pub cpu_model: String,
    /// Logical cores available to this process.
    pub cores: usize,
    /// `rustc -V` of the toolchain on the path.
    pub rustc: String,
    /// `git rev-parse HEAD`, with `-dirty` appended when the work tree has uncommitted changes.
    pub git_revision: String,
    /// The master seed of the run.
    pub seed: u64,
    /// When the run started.
    pub started: UtcTimestamp,
    /// How the main job's timings shared the machine: `alone` (`--one-at-a-time`) or `beside-counting` (one core
    /// of their own, the counting experiments on the others); `None` outside the main job.
    pub timing: Option<&'static str>,
}

impl RunMetadata {
    /// Collects the metadata of this machine and work tree now. Never fails: unknown facts read `unknown`.
    pub(crate) fn collect(seed: u64) -> RunMetadata {
        RunMetadata {
            hostname: hostname(),
            cpu_model: cpu_model(),
            cores: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            rustc: command_line("rustc", &["-V"]).unwrap_or_else(unknown),
            git_revision: git_revision(),
            seed,
            started: UtcTimestamp::now(),
            timing: None,
        }
    }

    /// One-line machine description for the CSV `machine` column: `host (cpu, N cores)`.
    pub(crate) fn machine(&self) -> String {
        RunMetadata::machine_of(&self.hostname, &self.cpu_model, self.cores)
    }

    /// The `machine` column from its parts.
    pub(crate) fn machine_of(hostname: &str, cpu_model: &str, cores: usize) -> String {
        format!("{hostname} ({cpu_model}, {cores} cores)")
    }

    /// `key=value` lines, for `metadata.txt` in the run folder and for the console.
    pub(crate) fn to_key_values(&self) -> String {
        let timing = self
            .timing
            .map_or(String::new(), |t| format!("timing={t}\n"));
        format!(
            "hostname={}\ncpu_model={}\ncores={}\nrustc={}\ngit_revision={}\nseed={}\nstarted_utc={}\n{timing}",
            self.hostname,
            self.cpu_model,
            self.cores,
            self.rustc,
            self.git_revision,
            self.seed,
            self.started
        )
    }
}

fn unknown() -> String {
    "unknown".to_owned()
}

pub(crate) fn hostname() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|s| s.trim().to_owned())
        .ok()
        .filter(|s| !s.is_empty())
        .or_else(|| command_line("hostname", &[]))
        .unwrap_or_else(unknown)
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| parse_cpu_model(&text))
        .unwrap_or_else(unknown)
}

/// The first `model name` value of a `/proc/cpuinfo` text.
pub(crate) fn parse_cpu_model(cpuinfo: &str) -> Option<String> {
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == "model name").then(|| value.trim().to_owned())
    })
}

fn git_revision() -> String {
    let Some(rev) = command_line("git", &["rev-parse", "HEAD"]) else {
        return unknown();
    };
    // Untracked files do not change what was compiled; modified tracked files do. Without optional locks, status
    // does not refresh the index: a run killed meanwhile leaves no `index.lock` in the user's repository, and a
    // commit of the user's at the same time does not fail on ours.
    let dirty = Command::new("git")
        .args([
            "--no-optional-locks",
            "status",
            "--porcelain",
            "--untracked-files=no",
        ])
        .output()
        .map(|o| o.status.success() && !o.stdout.is_empty())
        .unwrap_or(false);
    if dirty { format!("{rev}-dirty") } else { rev }
}

/// Trimmed stdout of a successful command, or `None`.
fn command_line(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_model_is_first_model_name() {
        let text = "processor\t: 0\nmodel name\t: AMD EPYC\nflags: x\nmodel name\t: Other\n";
        assert_eq!(parse_cpu_model(text).as_deref(), Some("AMD EPYC"));
        assert_eq!(parse_cpu_model("processor: 0\n"), None);
    }
}
