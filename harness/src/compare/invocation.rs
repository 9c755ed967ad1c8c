//! One run of a revision's main job in its machine-readable form: the run folder it writes (`counts.csv`,
//! `timings.csv`), with its console output kept in a log file rather than on the terminal.

use super::build::tail;
use anyhow::{Context, Result, bail};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// How to run one side: its executable and the folder it runs in (its checkout, so that its run metadata names its
/// own commit).
#[derive(Clone, Debug)]
pub(crate) struct Side {
    /// `A` or `B`.
    pub label: &'static str,
    /// What was asked for (revision or path).
    pub name: String,
    /// The harness executable.
    pub exe: PathBuf,
    /// Working directory of its runs.
    pub cwd: PathBuf,
}

/// The arguments that make `exe`'s main job skip the experiments a comparison does not read
/// ([`crate::experiments::unread_by_compare`]), so a pair of runs costs only what is compared. A revision that knows
/// `--skip` gets one `--skip` list; an older one gets the `--skip-…` flags its `--help` lists (a revision without
/// an experiment has no flag to skip it and would refuse one).
pub(crate) fn unread_stage_flags(exe: &Path) -> Result<Vec<String>> {
    let help = Command::new(exe)
        .arg("--help")
        .stderr(Stdio::null())
        .output()
        .with_context(|| format!("cannot run {} --help", exe.display()))?;
    let help = String::from_utf8_lossy(&help.stdout);
    let words: Vec<&str> = help
        .split(|c: char| c.is_whitespace() || c == ',')
        .collect();
    if words.contains(&"--skip") {
        let names: Vec<&str> = crate::experiments::unread_by_compare()
            .map(|e| e.name())
            .collect();
        return Ok(vec!["--skip".to_owned(), names.join(",")]);
    }
    Ok(crate::experiments::unread_by_compare()
        .filter_map(|e| e.legacy_skip_flag())
        .filter(|flag| words.contains(flag))
        .map(str::to_owned)
        .collect())
}

/// Runs `side`'s main job once with `args` (the shared selection flags) plus `--out`/`--report-dir` inside
/// `dir`, skipping the stages a comparison does not read ([`unread_stage_flags`]), and returns the run folder it
/// created. With `profiles` false, `--skip-profiles` is added.
pub(crate) fn run_main_job(
    side: &Side,
    args: &[OsString],
    profiles: bool,
    dir: &Path,
) -> Result<PathBuf> {
    let out = dir.join("results");
    std::fs::create_dir_all(&out).with_context(|| format!("{}: cannot create", out.display()))?;
    let log = dir.join("main-job.log");
    let log_file =
        std::fs::File::create(&log).with_context(|| format!("{}: cannot create", log.display()))?;
    let mut cmd = Command::new(&side.exe);
    cmd.current_dir(&side.cwd)
        .args(args)
        .args(unread_stage_flags(&side.exe)?)
        .arg("--out")
        .arg(&out)
        .arg("--report-dir")
        .arg(dir.join("report"));
    if !profiles {
        cmd.arg("--skip-profiles");
    }
    cmd.stdout(Stdio::from(log_file.try_clone()?))
        .stderr(Stdio::from(log_file));
    // Killed with compare, whatever stops it.
    let status = crate::children::status(&mut cmd)
        .with_context(|| format!("cannot run {}", side.exe.display()))?;
    if status.code() == Some(i32::from(crate::exit::Failure::Mismatch.code())) {
        bail!(
            "side {} ({}) failed its own parity check, so its figures mean nothing; its log is {}:\n{}",
            side.label,
            side.name,
            log.display(),
            tail(&log, 12)
        );
    }
    if !status.success() {
        bail!(
            "side {} ({}) exited with {status}; its log is {}:\n{}",
            side.label,
            side.name,
            log.display(),
            tail(&log, 12)
        );
    }
    let folders: Vec<PathBuf> = std::fs::read_dir(&out)
        .with_context(|| format!("{}: cannot list", out.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("counts.csv").is_file() && !crate::record::is_partial(p))
        .collect();
    match folders.as_slice() {
        [one] => Ok(one.clone()),
        [] => bail!(
            "side {} ({}) finished but wrote no run folder with counts.csv under {}",
            side.label,
            side.name,
            out.display()
        ),
        _ => bail!(
            "{}: more than one run folder; expected exactly one",
            out.display()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::unread_stage_flags;
    use std::path::Path;

    /// An executable whose `--help` prints `help`: a shell script, run once so a descriptor another test thread's
    /// fork still holds (which makes running it fail with "text file busy") has been closed.
    fn with_help(dir: &Path, help: &str) -> std::path::PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("revision");
        std::fs::write(&path, format!("#!/bin/sh\necho '{help}'\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        while let Err(e) = std::process::Command::new(&path).output() {
            assert_eq!(e.kind(), std::io::ErrorKind::ExecutableFileBusy, "{e}");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        path
    }

    #[test]
    fn each_run_skips_the_stages_compare_does_not_read_that_its_side_knows() {
        let dir = tempfile::tempdir().unwrap();
        let this = unread_stage_flags(&with_help(dir.path(), "  --skip <NAMES>, --quick")).unwrap();
        // Test builds hold the example experiment too, which compare does not read either.
        assert_eq!(
            this,
            [
                "--skip",
                "search,break_even,bounded_cache,tt_pressure,catalogue_eviction,allocations,example"
            ]
        );
        // An executable whose help lists none of them (an older revision) gets none.
        assert!(
            unread_stage_flags(Path::new("/bin/echo"))
                .unwrap()
                .is_empty()
        );
    }
}
