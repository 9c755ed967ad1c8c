//! A closed stdout does not cost the main job's results (the main job's own end-to-end checks are unit tests
//! beside `commands::main_job`).

mod support;

use std::process::{Command, Stdio};
use support::{folders, shipped_scenarios, temp_dir};

#[test]
fn a_closed_stdout_still_completes_the_run_folder() {
    let tmp = temp_dir("closed-stdout");
    let out = tmp.path().join("results");
    let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args([
            "--quick",
            "--skip-eviction",
            "--skip-profiles",
            "--scenario",
            "promotion-en-passant",
        ])
        .args(["--eval", "constant", "--traversal", "on"])
        .arg("--scenarios-dir")
        .arg(shipped_scenarios())
        .arg("--out")
        .arg(&out)
        .arg("--report-dir")
        .arg(tmp.path().join("reports"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before the first line: every write to stdout fails from then on.
    drop(child.stdout.take());
    let result = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(result.status.success(), "{}: {stderr}", result.status);
    assert!(stderr.contains("standard output closed"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let runs = folders(&out);
    assert_eq!(runs.len(), 1, "{runs:?}");
    assert!(!runs[0].to_string_lossy().ends_with(".partial"));
    for f in [
        "counts.csv",
        "timings.csv",
        "probes.csv",
        "summary.json",
        "metadata.txt",
    ] {
        assert!(runs[0].join(f).is_file(), "{f}");
    }
}
