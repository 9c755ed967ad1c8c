//! `harness match submit`: a sharded match as a Slurm job array (one task per shard, each into `<out>/shard-K/`)
//! and a merge job that runs when every task has succeeded (`afterok`) and writes `<out>/merged/`. The two sbatch
//! scripts are written into `<out>` (kept for the user to read and resubmit) and submitted through the `sbatch` on
//! PATH. A task runs this very binary by its absolute path from the directory `submit` ran in, so relative paths
//! (the openings file) mean what they meant here; a task that restarts runs the same command line and continues
//! its own unfinished folder ([`super::folder::unfinished_in`]).

use crate::exit::Failure;
use crate::record::write_atomic;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The array job's script inside `<out>`.
pub(crate) const SHARDS_SCRIPT: &str = "shards.sbatch";
/// The merge job's script inside `<out>`.
pub(crate) const MERGE_SCRIPT: &str = "merge.sbatch";

#[derive(Debug)]
pub(crate) struct Plan {
    /// N.
    pub shards: u64,
    /// The arguments after `harness match` every task gets, before its `--shard K/N --out <out>/shard-K`.
    pub task: Vec<String>,
    /// Absolute.
    pub out: PathBuf,
    /// Where every job runs (absolute).
    pub workdir: PathBuf,
    /// This binary (absolute).
    pub binary: PathBuf,
    pub partition: Option<String>,
    pub time: Option<String>,
    pub cpus_per_task: usize,
    /// A curve's budgets (`work-odds --budgets`): each merged on its own, then the curve read from the merged
    /// folders. Empty for one match.
    pub budgets: Vec<u64>,
}

#[derive(Debug)]
pub(crate) struct Submitted {
    pub shards_job: String,
    pub merge_job: String,
}

/// `text` as one word for bash.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

fn shell_path(p: &Path) -> String {
    quote(&p.display().to_string())
}

/// Takes `--NAME VALUE` (or `--NAME=VALUE`) out of a task's options and returns the value (`None`: not given, or
/// given last without a value).
pub(crate) fn take_option(task: &mut Vec<String>, name: &str) -> Option<String> {
    let flag = format!("--{name}");
    let i = task
        .iter()
        .position(|a| *a == flag || a.starts_with(&format!("{flag}=")))?;
    let given = task.remove(i);
    match given.strip_prefix(&format!("{flag}=")) {
        Some(v) => Some(v.to_owned()),
        None if i < task.len() => Some(task.remove(i)),
        None => None,
    }
}

/// `task` without any `--NAME VALUE`.
fn without(task: &[String], name: &str) -> Vec<String> {
    let mut rest = task.to_vec();
    while take_option(&mut rest, name).is_some() {}
    rest
}

fn quote_all(task: &[String]) -> String {
    task.iter().map(|a| quote(a)).collect::<Vec<_>>().join(" ")
}

impl Plan {
    /// The folder of shard K (`"${SLURM_ARRAY_TASK_ID}"` in the script).
    fn shard_dir(&self, k: &str) -> String {
        format!("{}/shard-{k}", self.out.display())
    }

    /// The `#SBATCH` lines every job shares.
    fn header(&self, name: &str, log: &str) -> String {
        let mut h = format!(
            "#!/bin/bash\n#SBATCH --job-name={name}\n#SBATCH --chdir={}\n#SBATCH --output={}/{log}\n",
            self.workdir.display(),
            self.out.display()
        );
        if let Some(p) = &self.partition {
            h += &format!("#SBATCH --partition={p}\n");
        }
        if let Some(t) = &self.time {
            h += &format!("#SBATCH --time={t}\n");
        }
        h
    }

    /// The array job: task K plays shard K of N into `<out>/shard-K` (a curve: every budget's shard K, without
    /// `--write`, which the merge job's reading of the curve does).
    pub(crate) fn shards_script(&self) -> String {
        let n = self.shards;
        let task = if self.budgets.is_empty() {
            self.task.clone()
        } else {
            without(&self.task, "write")
        };
        format!(
            "{}#SBATCH --array=1-{n}\n#SBATCH --cpus-per-task={}\n#SBATCH --requeue\n#SBATCH --open-mode=append\n\
             # Written by `harness match submit`: task K plays shard K of {n}. A task that restarts (requeue, \
             preemption,\n# `sbatch --array=K` of this script after a cancel) runs this same command and continues \
             its own unfinished\n# folder under shard-K/. The merge job (merge.sbatch) runs once every task has \
             succeeded.\nset -eu\nk=\"${{SLURM_ARRAY_TASK_ID}}\"\nexec {} match {} --shard \"$k/{n}\" --out {}\"$k\"\n",
            self.header("match-shards", "shard-%a.log"),
            self.cpus_per_task,
            shell_path(&self.binary),
            quote_all(&task),
            quote(&self.shard_dir("")),
        )
    }

    /// `match merge` of every shard's folder `sub` (`""`, or `/budget-N` of a curve) into `into`.
    fn merge_command(&self, sub: &str, into: &Path) -> String {
        let shards: Vec<String> = (1..=self.shards)
            .map(|k| quote(&format!("{}{sub}", self.shard_dir(&k.to_string()))))
            .collect();
        format!(
            "{} match merge {} --out {}",
            shell_path(&self.binary),
            shards.join(" "),
            shell_path(into)
        )
    }

    /// The merge job: every shard's folder into `<out>/merged`; a curve's budget by budget into
    /// `<out>/merged/budget-N` (a budget merged there already is kept, so the script can run again), then the
    /// curve read from those folders by the task's own `work-odds --budgets` command (without `--concurrency`:
    /// it plays nothing, on one CPU).
    pub(crate) fn merge_script(&self) -> String {
        let merged = self.out.join("merged");
        let head = format!(
            "{}#SBATCH --cpus-per-task=1\n# Written by `harness match submit`: ",
            self.header("match-merge", "merge.log")
        );
        let refusal = "it refuses, exit 2, when a shard is\n# missing, unfinished or damaged";
        let again = format!(
            "Submit it alone once the shards are complete: sbatch {}\nset -eu\n",
            shell_path(&self.out.join(MERGE_SCRIPT))
        );
        if self.budgets.is_empty() {
            return format!(
                "{head}merges the shards into merged/ ({refusal}). {again}exec {}\n",
                self.merge_command("", &merged)
            );
        }
        let mut s = format!(
            "{head}merges each budget's shards into merged/budget-N/ ({refusal}; a budget merged there already is \
             kept), then reads the curve\n# from merged/ as `work-odds --budgets` does. {again}\
             merged() {{ ls -d \"$1\"/match-* 2>/dev/null | grep -qv '\\.partial$'; }}\n"
        );
        for &b in &self.budgets {
            let into = super::work_odds::budget_dir(&merged, b);
            s += &format!(
                "merged {} || {}\n",
                shell_path(&into),
                self.merge_command(&format!("/budget-{b}"), &into)
            );
        }
        s + &format!(
            "exec {} match {} --out {}\n",
            shell_path(&self.binary),
            quote_all(&without(&self.task, "concurrency")),
            shell_path(&merged)
        )
    }
}

/// Runs `sbatch --parsable ARGS` and returns the job id it prints.
fn sbatch(args: &[&str]) -> anyhow::Result<String> {
    let out = Command::new("sbatch")
        .arg("--parsable")
        .args(args)
        .output()
        .map_err(|e| {
            Failure::Runtime.because(format!(
                "match submit: cannot run sbatch ({e}); it needs a Slurm client on PATH"
            ))
        })?;
    let text = String::from_utf8_lossy(&out.stdout);
    let id = text.trim().split(';').next().unwrap_or_default().to_owned();
    if !out.status.success() || id.is_empty() {
        return Err(Failure::Runtime.because(format!(
            "match submit: sbatch {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(id)
}

/// Writes both scripts into `plan.out` and submits them: the array, then the merge after it.
pub(crate) fn submit(plan: &Plan) -> anyhow::Result<Submitted> {
    std::fs::create_dir_all(&plan.out)?;
    let shards_path = plan.out.join(SHARDS_SCRIPT);
    let merge_path = plan.out.join(MERGE_SCRIPT);
    write_atomic(&shards_path, plan.shards_script().as_bytes())?;
    write_atomic(&merge_path, plan.merge_script().as_bytes())?;
    let shards_job = sbatch(&[&shards_path.to_string_lossy()])?;
    let dependency = format!("--dependency=afterok:{shards_job}");
    let merge_job = sbatch(&[&dependency, &merge_path.to_string_lossy()])?;
    Ok(Submitted {
        shards_job,
        merge_job,
    })
}

/// A job's state, reason and exit code from `scontrol show job -o`.
fn job_state(id: &str) -> anyhow::Result<Option<(String, String, i32)>> {
    let out = Command::new("scontrol")
        .args(["show", "job", "-o", id])
        .output()
        .map_err(|e| {
            Failure::Runtime.because(format!("match submit --wait: cannot run scontrol ({e})"))
        })?;
    if !out.status.success() {
        // Slurm forgets a finished job after MinJobAge (300 s by default).
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |key: &str| {
        text.split_whitespace()
            .find_map(|w| w.strip_prefix(key))
            .unwrap_or_default()
            .to_owned()
    };
    let code = field("ExitCode=")
        .split(':')
        .next()
        .and_then(|c| c.parse().ok())
        .unwrap_or(-1);
    Ok(Some((field("JobState="), field("Reason="), code)))
}

/// Waits for the merge job to end; an error (with the merge's own exit status) unless it succeeded.
pub(crate) fn wait(plan: &Plan, jobs: &Submitted) -> anyhow::Result<()> {
    let log = plan.out.join("merge.log");
    let mut said = String::new();
    loop {
        let Some((state, reason, code)) = job_state(&jobs.merge_job)? else {
            return Err(Failure::Runtime.because(format!(
                "match submit --wait: Slurm no longer knows merge job {}; see {}",
                jobs.merge_job,
                log.display()
            )));
        };
        let now = format!("{state} ({reason})");
        if now != said {
            crate::status!("match submit: merge job {} is {now}", jobs.merge_job);
            said = now;
        }
        match state.as_str() {
            "COMPLETED" if code == 0 => return Ok(()),
            "PENDING" if reason == "DependencyNeverSatisfied" => {
                return Err(Failure::Runtime.because(format!(
                    "match submit --wait: merge job {} will never run: a task of job {} failed or was cancelled \
                     (see {}/shard-K.log); run the task again (sbatch --array=K {}), then the merge (sbatch {})",
                    jobs.merge_job,
                    jobs.shards_job,
                    plan.out.display(),
                    plan.out.join(SHARDS_SCRIPT).display(),
                    plan.out.join(MERGE_SCRIPT).display()
                )));
            }
            "PENDING" | "RUNNING" | "CONFIGURING" | "COMPLETING" | "REQUEUED" | "RESIZING"
            | "SUSPENDED" => std::thread::sleep(Duration::from_secs(2)),
            _ => {
                let failure = match code {
                    2 => Failure::BadInput,
                    3 => Failure::Mismatch,
                    _ => Failure::Runtime,
                };
                return Err(failure.because(format!(
                    "match submit: merge job {} ended {state} with exit code {code}; see {}",
                    jobs.merge_job,
                    log.display()
                )));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plan of `shards` shards of the space-separated `task` into `out`, two CPUs a task, run from `/repo`.
    fn plan(shards: u64, task: &str, out: &str, binary: &str) -> Plan {
        Plan {
            shards,
            task: task.split(' ').map(String::from).collect(),
            out: out.into(),
            workdir: "/repo".into(),
            binary: binary.into(),
            partition: None,
            time: None,
            cpus_per_task: 2,
            budgets: Vec::new(),
        }
    }

    #[test]
    fn the_scripts_run_this_binary_from_the_submit_folder_on_each_shard() {
        let task = "--a depth=2,tc=nodes:200 --note it's";
        let plan = Plan {
            partition: Some("short".into()),
            ..plan(3, task, "/r/out dir", "/repo/target/release/harness")
        };
        let s = plan.shards_script();
        assert!(
            s.contains("#SBATCH --array=1-3\n#SBATCH --cpus-per-task=2\n"),
            "{s}"
        );
        assert!(s.contains("#SBATCH --chdir=/repo\n") && s.contains("#SBATCH --partition=short\n"));
        assert!(!s.contains("--time"));
        assert!(s.contains(
            "exec '/repo/target/release/harness' match '--a' 'depth=2,tc=nodes:200' '--note' 'it'\\''s' \
             --shard \"$k/3\" --out '/r/out dir/shard-'\"$k\"\n"
        ), "{s}");
        let m = plan.merge_script();
        assert!(m.contains(
            "match merge '/r/out dir/shard-1' '/r/out dir/shard-2' '/r/out dir/shard-3' --out '/r/out dir/merged'"
        ), "{m}");
    }

    #[test]
    fn a_curve_merges_budget_by_budget_then_reads_the_curve() {
        let task =
            "work-odds --bot depth=1 --budgets 10,20 --concurrency=2 --write curve.json --games 8";
        let plan = Plan {
            budgets: vec![20, 10],
            ..plan(2, task, "/r/c", "/b/harness")
        };
        let s = plan.shards_script();
        assert!(s.contains(
            "exec '/b/harness' match 'work-odds' '--bot' 'depth=1' '--budgets' '10,20' '--concurrency=2' '--games' \
             '8' --shard \"$k/2\" --out '/r/c/shard-'\"$k\"\n"
        ), "{s}");
        let m = plan.merge_script();
        let lines: Vec<&str> = m.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(
            lines,
            [
                "set -eu",
                r#"merged() { ls -d "$1"/match-* 2>/dev/null | grep -qv '\.partial$'; }"#,
                "merged '/r/c/merged/budget-20' || '/b/harness' match merge '/r/c/shard-1/budget-20' \
                 '/r/c/shard-2/budget-20' --out '/r/c/merged/budget-20'",
                "merged '/r/c/merged/budget-10' || '/b/harness' match merge '/r/c/shard-1/budget-10' \
                 '/r/c/shard-2/budget-10' --out '/r/c/merged/budget-10'",
                "exec '/b/harness' match 'work-odds' '--bot' 'depth=1' '--budgets' '10,20' '--write' 'curve.json' \
                 '--games' '8' --out '/r/c/merged'",
            ],
            "{m}"
        );
        assert!(m.contains("#SBATCH --cpus-per-task=1\n"), "{m}");
    }

    #[test]
    fn an_option_is_taken_out_with_its_value_in_either_form() {
        let mut task: Vec<String> = ["--out=a", "--games", "4", "--out", "b", "--out"]
            .map(String::from)
            .to_vec();
        assert_eq!(take_option(&mut task, "out").as_deref(), Some("a"));
        assert_eq!(take_option(&mut task, "out").as_deref(), Some("b"));
        assert_eq!(take_option(&mut task, "out"), None);
        assert_eq!(task, ["--games", "4"]);
        assert_eq!(without(&task, "games"), Vec::<String>::new());
        assert_eq!(take_option(&mut task, "outer"), None);
    }
}
