//! Running the built `harness` binary from integration tests.

#![allow(dead_code)]

use std::collections::BTreeMap;
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

/// The totals of a callgrind output file (its `events:` line names the columns of its `totals:` or `summary:`
/// line, which leaves out trailing zeros): instructions, data reads and writes, last-level misses (instruction, data
/// read and data write).
#[derive(Clone, Copy, Debug)]
pub struct CallgrindTotals {
    pub ir: u64,
    pub dr: u64,
    pub dw: u64,
    pub ll_misses: u64,
}

fn parse_callgrind_out(text: &str) -> Option<CallgrindTotals> {
    let line = |prefix: &str| text.lines().find_map(|l| l.strip_prefix(prefix));
    let events: Vec<&str> = line("events:")?.split_whitespace().collect();
    let totals: Vec<u64> = line("totals:")
        .or_else(|| line("summary:"))?
        .split_whitespace()
        .map(|v| v.parse().ok())
        .collect::<Option<_>>()?;
    let get = |name: &str| {
        events
            .iter()
            .position(|e| *e == name)
            .and_then(|i| totals.get(i).copied())
            .unwrap_or(0)
    };
    Some(CallgrindTotals {
        ir: get("Ir"),
        dr: get("Dr"),
        dw: get("Dw"),
        ll_misses: get("ILmr") + get("DLmr") + get("DLmw"),
    })
}

/// One measured process of `callgrind-op`: the figures of its `pid=N key=value ...` line and its window's totals.
pub struct CallgrindChild {
    pub figures: BTreeMap<String, u64>,
    pub totals: CallgrindTotals,
}

/// Runs `harness callgrind-op ARGS` on the shipped scenarios under callgrind, collecting only the measured
/// operation (from its start when `windowed`, as the harness runs it), each measured process writing
/// `OUT.PID`; returns them in the order they reported.
pub fn callgrind_op(out: &Path, windowed: bool, args: &[&str]) -> Vec<CallgrindChild> {
    let o = Command::new("valgrind")
        .args([
            "--tool=callgrind",
            "--cache-sim=yes",
            "--collect-atstart=no",
            "--toggle-collect=*measured_operation*",
        ])
        .args(windowed.then_some("--instr-atstart=no"))
        .arg(format!("--callgrind-out-file={}.%p", out.display()))
        .arg(env!("CARGO_BIN_EXE_harness"))
        .arg("callgrind-op")
        .args(args)
        .arg("--scenarios-dir")
        .arg(repo_root().join("scenarios"))
        .output()
        .expect("valgrind runs");
    assert!(o.status.success(), "{}", stderr(&o));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| l.starts_with("pid="))
        .map(|l| {
            let figures: BTreeMap<String, u64> = l
                .split_whitespace()
                .filter_map(|kv| kv.split_once('='))
                .map(|(k, v)| (k.to_owned(), v.parse().expect("a count")))
                .collect();
            let file = format!("{}.{}", out.display(), figures["pid"]);
            let text = std::fs::read_to_string(&file).expect("a callgrind file");
            let totals = parse_callgrind_out(&text).expect("callgrind totals");
            CallgrindChild { figures, totals }
        })
        .collect()
}
