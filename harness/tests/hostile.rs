//! A hostile user's probes, so that none of them can come back: outputs that are devices, FIFOs or
//! symlinks, locations aliased through `..` and symlinks, inputs inside outputs, reserved family names, file modes
//! under the umask, the choice of run `harness report` makes, sizes beyond the machine (or beyond `ulimit -v`), the
//! progress of a long `turns --summary`, the outputs of `compare`, `deadline` and `match` against their inputs, a
//! signal to the main job while its callgrind children run and to `compare` while its main-job run does, and a full
//! disk (a tmpfs, where the tests run as root). Each test takes a few seconds (the progress test about 10, the time
//! of its first status line); only the signal tests start the main job.

mod cli_support;
mod support;

use cli_support::{assert_exit, harness, run};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

/// Runs `args` and expects status 2 with `needle` in the message and nothing done (no stdout).
fn refused(args: &[&str], needle: &str) -> String {
    let out = run(args);
    let err = assert_exit(&out, 2);
    assert!(
        err.contains(needle),
        "{args:?}: expected {needle:?} in: {err}"
    );
    assert!(out.stdout.is_empty(), "{args:?} printed results");
    err
}

#[test]
fn a_fifo_a_device_or_a_dangling_symlink_is_never_replaced() {
    let dir = support::temp_dir("hostile-special");
    let fifo = dir.path().join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    refused(&["catalogue", "--out", path(&fifo)], "a FIFO");
    assert!(fifo.symlink_metadata().unwrap().file_type().is_fifo());
    // /dev/null itself, never a copy: the check reads its type and writes nothing.
    refused(&["catalogue", "--out", "/dev/null"], "a device");
    assert!(
        Path::new("/dev/null")
            .metadata()
            .unwrap()
            .file_type()
            .is_char_device()
    );
    let dangling = dir.path().join("dangling");
    std::os::unix::fs::symlink(dir.path().join("missing/target"), &dangling).unwrap();
    refused(
        &["catalogue", "--out", path(&dangling)],
        "symlink to nothing",
    );
    assert!(
        dangling
            .symlink_metadata()
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_symlinked_output_is_followed_and_files_get_the_umask_mode() {
    let dir = support::temp_dir("hostile-link");
    let real = dir.path().join("real.tsv");
    std::fs::write(&real, b"old").unwrap();
    let link = dir.path().join("link.tsv");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = harness()
        .args(["catalogue", "--out", path(&link)])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_exit(&out, 0);
    assert!(
        link.symlink_metadata().unwrap().file_type().is_symlink(),
        "the link was replaced"
    );
    assert!(
        std::fs::read_to_string(&real)
            .unwrap()
            .starts_with("cells\t")
    );
    // Under umask 022 a new file is 0644 and a report folder 0755 (temporary files are created 0600).
    let fresh = dir.path().join("fresh.tsv");
    let reports = dir.path().join("reports");
    let script = format!(
        "umask 022 && exec \"$0\" catalogue --out '{}'",
        fresh.display()
    );
    let status = Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_harness")])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(
        fresh.metadata().unwrap().permissions().mode() & 0o777,
        0o644
    );
    let script = "umask 022 && exec \"$0\" report \"$1\" --out \"$2\"";
    let out = Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_harness")])
        .arg(support::report_fixture())
        .arg(&reports)
        .output()
        .unwrap();
    assert_exit(&out, 0);
    assert_eq!(reports.metadata().unwrap().mode() & 0o777, 0o755);
    let index = reports.join("index.md").metadata().unwrap();
    assert_eq!(index.mode() & 0o777, 0o644);
}

#[test]
fn locations_aliased_through_dotdot_or_symlinks_are_refused_before_work() {
    let x = support::temp_dir("hostile-alias");
    let results = x.path().join("results");
    let run_dir = results.join("2026-01-01T00-00-00Z");
    std::fs::create_dir_all(&run_dir).unwrap();
    for e in std::fs::read_dir(support::report_fixture()).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, run_dir.join(p.file_name().unwrap())).unwrap();
    }
    std::fs::create_dir(x.path().join("reports")).unwrap();
    let aliased = x.path().join("reports/../results");
    refused(
        &["report", path(&run_dir), "--out", path(&aliased)],
        "holds --results_dir",
    );
    let link = x.path().join("link");
    std::os::unix::fs::symlink(&results, &link).unwrap();
    refused(
        &["report", path(&run_dir), "--out", path(&link)],
        "holds --results_dir",
    );
    assert!(
        run_dir.join("counts.csv").is_file(),
        "the run folder was touched"
    );
    // The main job: a report folder that is the results folder by `..`, or holds the traces or the scenarios.
    let out = x.path().join("out");
    let rep = x.path().join("rep");
    let s = |p: PathBuf| p.display().to_string();
    let main = |extra: &[&str]| -> Vec<String> {
        let mut v = vec![
            "--scenario".to_string(),
            "sparse".to_string(),
            "--out".to_string(),
            s(out.clone()),
        ];
        v.extend(extra.iter().map(|e| e.to_string()));
        v
    };
    let cases = [
        (
            main(&["--report-dir", &s(x.path().join("rep/../out"))]),
            "--out",
        ),
        (
            main(&[
                "--report-dir",
                &s(rep.clone()),
                "--trace-out",
                &s(rep.join("traces")),
            ]),
            "holds --trace-out",
        ),
        (
            main(&[
                "--report-dir",
                &s(rep.clone()),
                "--scenarios-dir",
                &s(rep.join("scen")),
            ]),
            "--scenarios-dir",
        ),
    ];
    std::fs::create_dir_all(rep.join("scen")).unwrap();
    for (args, needle) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = refused(&args, needle);
        assert!(!err.contains("verified"), "work was done first: {err}");
    }
    assert!(!out.exists(), "a run folder was made");
    assert!(rep.join("scen").is_dir());
}

#[test]
fn freeze_refuses_the_names_the_harness_reads() {
    let dir = support::temp_dir("hostile-freeze");
    let from = dir.path().join("positions.txt");
    std::fs::write(&from, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PP\n").unwrap();
    for name in ["openings", "strength"] {
        refused(
            &[
                "scenarios",
                "freeze",
                "--from",
                path(&from),
                "--family",
                name,
                "--dir",
                path(dir.path()),
            ],
            "is reserved",
        );
    }
    assert!(!dir.path().join("openings.json").exists());
}

#[test]
fn report_picks_the_newest_complete_run_by_start_time_and_names_the_interrupted() {
    let x = support::temp_dir("hostile-latest");
    let base = x.path().join("results");
    std::fs::create_dir(&base).unwrap();
    let copy = |name: &str, started: &str| {
        let d = base.join(name);
        std::fs::create_dir(&d).unwrap();
        for e in std::fs::read_dir(support::report_fixture()).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, d.join(p.file_name().unwrap())).unwrap();
        }
        let meta = std::fs::read_to_string(d.join("metadata.txt")).unwrap();
        let meta: String = meta
            .lines()
            .map(|l| {
                if l.starts_with("started_utc=") {
                    format!("started_utc={started}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        std::fs::write(d.join("metadata.txt"), meta).unwrap();
        d
    };
    copy("old-backup", "2020-01-01T00:00:00Z");
    copy("2026-01-01T00-00-00Z", "2026-01-01T00:00:00Z");
    let stopped = copy("2027-01-01T00-00-00Z.partial", "2027-01-01T00:00:00Z");
    std::fs::write(stopped.join("INTERRUPTED"), "interrupted by SIGTERM\n").unwrap();
    let reports = x.path().join("reports");
    let out = run(&["report", "--results", path(&base), "--out", path(&reports)]);
    let err = assert_exit(&out, 0);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("2026-01-01T00-00-00Z"), "{stdout}");
    assert!(
        err.contains("2027-01-01T00-00-00Z.partial not reported (interrupted by SIGTERM)"),
        "{err}"
    );
}

#[test]
fn sizes_beyond_the_machine_are_refused_before_allocating() {
    // 2^31 slots of a few hundred bytes per core: more memory than any test machine has.
    refused(
        &[
            "bounded-cache",
            "--quick",
            "--scenario",
            "sparse",
            "--capacities",
            "31",
        ],
        "--capacities",
    );
    refused(
        &[
            "turns",
            "--summary",
            "--max-memory",
            "1000000000",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PP",
        ],
        "--max-memory",
    );
}

/// The process ids whose command line mentions `needle`.
fn processes_mentioning(needle: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmd) = std::fs::read(e.path().join("cmdline")) else {
            continue;
        };
        if String::from_utf8_lossy(&cmd).contains(needle) {
            found.push(pid);
        }
    }
    found
}

/// The callgrind children of the run writing under `out` (their command lines name it), not the run itself.
fn children_of_run(out: &str, run: u32) -> Vec<u32> {
    let mut v = processes_mentioning(out);
    v.retain(|&p| p != run && p != std::process::id());
    v
}

#[test]
fn bad_inputs_of_the_hostile_list_exit_2() {
    refused(
        &["--scenarios-dir", "/etc/hostname", "--quick"],
        "/etc/hostname",
    );
    refused(
        &["scenarios", "verify", "--dir", "/etc/hostname"],
        "Not a directory",
    );
    refused(&["--skip", ",,"], "item 1 is empty");
    refused(&["--skip", "search,"], "item 2 is empty");
    refused(&["sprt", "--penta", "9223372036854775808,0,0,0,0"], "2^52");
    refused(
        &["search", "4k3/8/8/8/8/8/8/4K3\tw - - 0 1 PP"],
        "a tab at byte 19",
    );
    let exe = env!("CARGO_BIN_EXE_harness");
    let x = support::temp_dir("hostile-compare");
    let out = path(x.path());
    refused(
        &["compare", "--prebuilt", "/missing", exe, "--out", out],
        "no such harness executable",
    );
    refused(
        &[
            "compare",
            "--prebuilt",
            exe,
            exe,
            "--sessions",
            "1",
            "--out",
            out,
        ],
        "at least 2",
    );
    refused(&["compare", "nosuchrev", "HEAD", "--out", out], "nosuchrev");
    assert_eq!(
        std::fs::read_dir(x.path()).unwrap().count(),
        0,
        "a comparison folder was left"
    );
    // A malformed results file is the user's input.
    let run_dir = support::copy_report_fixture("hostile-csv");
    std::fs::write(
        run_dir.path().join("counts.csv"),
        "not,a\nresults,file,at all\n",
    )
    .unwrap();
    let reports = x.path().join("reports");
    let o = run(&["report", path(run_dir.path()), "--out", path(&reports)]);
    assert_exit(&o, 2);
    // A JSON file that is not a family file is passed over with a note.
    let scen = support::temp_dir("hostile-scen");
    std::fs::copy(
        support::shipped_scenarios().join("sparse.json"),
        scen.path().join("sparse.json"),
    )
    .unwrap();
    std::fs::write(scen.path().join("notes.json"), "[1, 2] trailing").unwrap();
    let o = run(&["scenarios", "verify", "--dir", path(scen.path())]);
    let err = assert_exit(&o, 0);
    assert!(
        err.contains("notes.json is not a scenario family file"),
        "{err}"
    );
}

#[test]
fn sigterm_kills_the_children_and_marks_the_run_interrupted() {
    let x = support::temp_dir("hostile-signal");
    let out = x.path().join("results");
    let mut child = harness()
        .args([
            "--quick",
            "--scenario",
            "sparse",
            "--out",
            path(&out),
            "--report-dir",
        ])
        .arg(x.path().join("reports"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let valgrind = support::valgrind_present();
    // With valgrind: wait for a callgrind child writing into the run folder; without: for the run folder.
    let start = Instant::now();
    let partial = loop {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "no callgrind child started"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "the main job ended first"
        );
        let partial = std::fs::read_dir(&out)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.to_string_lossy().ends_with(".partial"));
        if let Some(p) = partial
            && (!valgrind || !children_of_run(path(&out), child.id()).is_empty())
        {
            break p;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let children = children_of_run(path(&out), child.id());
    // SAFETY: kill with a pid this test started has no memory effects.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143), "{status}");
    let marked = std::fs::read_to_string(partial.join("INTERRUPTED")).unwrap();
    assert!(marked.contains("SIGTERM"), "{marked}");
    let deadline = Instant::now() + Duration::from_secs(10);
    while children
        .iter()
        .any(|p| Path::new(&format!("/proc/{p}")).exists())
    {
        assert!(
            Instant::now() < deadline,
            "callgrind children outlived the run: {children:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        !x.path().join("reports").exists(),
        "the report folder was written before the run completed"
    );
}

/// Runs `args` under an address-space limit of `kib` KiB (`ulimit -v`), stdin closed.
fn run_limited(kib: u64, args: &[&str]) -> std::process::Output {
    Command::new("sh")
        .args(["-c", &format!("ulimit -v {kib} && exec \"$0\" \"$@\"")])
        .arg(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .current_dir(cli_support::repo_root())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn tables_beyond_the_memory_the_process_can_have_are_refused_naming_the_option() {
    // 2^26 entries are 1.5 GiB, more than a 1 GiB address space.
    const KIB: u64 = 1 << 20;
    let x = support::temp_dir("hostile-tables");
    let out = path(x.path());
    for (args, needle) in [
        (
            vec!["search", "--tt", "26", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PP"],
            "for '--tt'",
        ),
        (
            vec!["tt-pressure", "--sizes", "20,26", "--out", out],
            "for '--sizes'",
        ),
        (
            vec!["match", "--a", "tt=10", "--b", "tt=26", "--out", out],
            "for '--b'",
        ),
        (
            vec![
                "deadline", "--suite", "sparse", "--bot", "tt=26", "--out", out,
            ],
            "for '--bot'",
        ),
    ] {
        let o = run_limited(KIB, &args);
        let err = assert_exit(&o, 2);
        assert!(
            err.contains(needle) && err.contains("ulimit -v"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(
        std::fs::read_dir(x.path()).unwrap().count(),
        0,
        "a run folder was made"
    );
}

#[test]
fn a_summary_of_many_passes_shows_its_progress_with_the_time_left() {
    // 892,400 paths in 1 MiB take hundreds of passes: one progress over all of them, a line every 10 s.
    let mut child = harness()
        .args(["turns", "--summary", "--max-memory", "1"])
        .arg("QQQQQQ2/QQQQQQ2/8/8/8/8/8/k6K w - - 0 1 QQQ")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = std::io::BufRead::lines(std::io::BufReader::new(child.stderr.take().unwrap()));
    let mut seen = Vec::new();
    for line in lines {
        let line = line.unwrap();
        let done = line.contains(" of 537)") && line.ends_with(" s left)");
        seen.push(line);
        if done {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    let last = seen.last().cloned().unwrap_or_default();
    assert!(last.ends_with(" s left)"), "no progress line: {seen:?}");
    assert!(seen[0].contains("536 more passes"), "{seen:?}");
}

#[test]
fn compare_deadline_and_match_outputs_never_lie_inside_their_inputs() {
    let x = support::temp_dir("hostile-outputs");
    let scen = support::scenarios_with_strength(x.path());
    let openings = scen.join("openings.json");
    let dangling = x.path().join("dangling");
    std::os::unix::fs::symlink(x.path().join("missing/target"), &dangling).unwrap();
    let fifo = x.path().join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let exe = env!("CARGO_BIN_EXE_harness");
    let (s, inside) = (path(&scen), scen.join("../scenarios/out"));
    let w = x.path().join("w");
    let bot = "tc=nodes:10";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![
                "deadline",
                "--suite",
                "sparse",
                "--bot",
                bot,
                "--scenarios",
                s,
                "--out",
                path(&inside),
            ],
            "lies inside --scenarios",
        ),
        (
            vec![
                "deadline",
                "--suite",
                "sparse",
                "--bot",
                bot,
                "--scenarios",
                s,
                "--out",
                path(&dangling),
            ],
            "symlink to nothing",
        ),
        (
            vec![
                "compare",
                "--prebuilt",
                exe,
                exe,
                "--scenarios-dir",
                s,
                "--out",
                path(&inside),
            ],
            "lies inside --scenarios-dir",
        ),
        (
            vec![
                "match",
                "--a",
                bot,
                "--b",
                bot,
                "--games",
                "2",
                "--openings",
                path(&openings),
                "--out",
                s,
            ],
            "holds --openings",
        ),
        (
            vec![
                "match",
                "work-odds",
                "--bot",
                bot,
                "--games",
                "2",
                "--openings",
                path(&openings),
                "--out",
                path(&dangling),
            ],
            "symlink to nothing",
        ),
        (
            vec![
                "match",
                "work-odds",
                "--bot",
                "tt=10",
                "--budgets",
                "10",
                "--games",
                "2",
                "--openings",
                path(&openings),
                "--out",
                path(&w),
                "--write",
                path(&openings),
            ],
            "is --openings",
        ),
        (
            vec!["match", "openings", "--freeze", "--file", path(&fifo)],
            "a FIFO",
        ),
        (
            vec!["match", "merge", s, "--out", path(&inside)],
            "lies inside <DIRS>",
        ),
    ];
    for (args, needle) in &cases {
        refused(args, needle);
    }
    assert!(!inside.exists() && !x.path().join("missing").exists());
    assert!(fifo.symlink_metadata().unwrap().file_type().is_fifo());
    // The openings were not rewritten.
    let shipped = std::fs::read(support::shipped_scenarios().join("openings.json")).unwrap();
    assert_eq!(std::fs::read(&openings).unwrap(), shipped);
}

#[test]
fn sigterm_to_compare_kills_its_main_job_child() {
    let x = support::temp_dir("hostile-compare-signal");
    let exe = env!("CARGO_BIN_EXE_harness");
    let mut child = harness()
        .args([
            "compare",
            "--prebuilt",
            exe,
            exe,
            "--scenario",
            "sparse",
            "--instruction-rounds",
            "0",
        ])
        .arg("--out")
        .arg(x.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Its main-job runs write under the comparison folder, which their command lines name.
    let start = Instant::now();
    let runs = loop {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no main-job run started"
        );
        assert!(child.try_wait().unwrap().is_none(), "compare ended first");
        let runs = children_of_run(path(x.path()), child.id());
        if !runs.is_empty() {
            break runs;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    // SAFETY: kill with a pid this test started has no memory effects.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    assert_eq!(child.wait().unwrap().code(), Some(143));
    let deadline = Instant::now() + Duration::from_secs(10);
    while runs
        .iter()
        .any(|p| Path::new(&format!("/proc/{p}")).exists())
    {
        assert!(
            Instant::now() < deadline,
            "main-job runs outlived compare: {runs:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let folder = std::fs::read_dir(x.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    assert!(folder.join("INTERRUPTED").is_file(), "{}", folder.display());
}

#[test]
fn a_full_disk_says_no_space_left_and_the_path() {
    let tmp = support::temp_dir("hostile-full");
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(tmp.path())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: cannot mount a tmpfs here (not root)");
        return;
    }
    let _ = std::fs::write(tmp.path().join("fill"), vec![0u8; 1 << 20]);
    let target = tmp.path().join("catalogue.tsv");
    let o = run(&["catalogue", "--out", path(&target)]);
    let _ = Command::new("umount").arg(tmp.path()).status();
    let err = assert_exit(&o, 1);
    assert!(
        err.to_lowercase().contains("no space left on device") && err.contains(path(&target)),
        "{err}"
    );
}
