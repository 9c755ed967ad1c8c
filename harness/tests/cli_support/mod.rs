//! Running the built `harness` binary from integration tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub fn harness() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_harness"));
    c.current_dir(repo_root());
    c
}

/// The repository root (the binary's defaults, such as `scenarios/`, are relative to it).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs the binary with `args`, stdin closed, and returns what it did.
pub fn run(args: &[&str]) -> Output {
    harness()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the harness binary runs")
}

/// Stderr as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts that the process ended with `code` without a panic, and returns its stderr.
pub fn assert_exit(o: &Output, code: i32) -> String {
    let err = stderr(o);
    assert!(!err.contains("panicked"), "a panic: {err}");
    assert_eq!(o.status.code(), Some(code), "stderr: {err}");
    err
}
