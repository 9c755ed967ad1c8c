//! A closed standard output never panics: a reader that goes away after one line (`| head -1`) leaves the
//! command's own status (0), and a failing stdout (`/dev/full`) exits with 1 ("output lost").

mod cli_support;

use cli_support::{assert_exit, harness};
use std::io::{BufRead, BufReader};
use std::process::{Output, Stdio};

/// 892,400 paths: far more output than a pipe buffers.
const QUEENS: &str = "QQQQQQ2/QQQQQQ2/8/8/8/8/8/k6K w - - 0 1 QQQ";

/// Runs `args`, reads one line of stdout, closes the pipe, and waits.
fn read_one_line_then_close(args: &[&str]) -> (String, Output) {
    let mut child = harness()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        reader.read_line(&mut line).unwrap();
    }
    (line, child.wait_with_output().unwrap())
}

/// Runs `args` with stdout on `/dev/full`.
fn into_dev_full(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    harness()
        .args(args)
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_reader_that_leaves_keeps_the_commands_status() {
    let (line, out) = read_one_line_then_close(&["turns", QUEENS]);
    // The first path is a king capture (rules: captures come first), one UCI move.
    assert_eq!(line, "a7a1\n");
    let err = assert_exit(&out, 0);
    assert_eq!(err.matches("standard output closed").count(), 1, "{err}");
    let outer = "k7/8/8/8/4P1p1/8/8/7K b - - 0 1";
    let (line, out) = read_one_line_then_close(&["expand", outer]);
    assert!(line.starts_with("value_x216="), "{line}");
    assert_exit(&out, 0);
    let (line, out) =
        read_one_line_then_close(&["scenarios", "verify", "--scenario", "middlegame,sparse"]);
    assert!(line.contains("middlegame.json: ok"), "{line}");
    assert_exit(&out, 0);
    let (line, out) = read_one_line_then_close(&["catalogue"]);
    assert_eq!(line, "cells\tshape\tcanonical\tls\trs\n");
    assert_exit(&out, 0);
}

#[test]
fn a_failing_stdout_is_output_lost_with_status_1() {
    let dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PN";
    for args in [
        vec!["turns", QUEENS],
        vec!["turns", "--summary", dfen],
        vec!["inspect", dfen],
        vec!["score", dfen],
        vec!["expand", "k7/8/8/8/4P1p1/8/8/7K b - - 0 1"],
        vec!["scenarios", "verify", "--scenario", "middlegame"],
        vec!["catalogue"],
        vec!["--help"],
    ] {
        let out = into_dev_full(&args);
        let err = assert_exit(&out, 1);
        assert!(
            err.contains("output lost") || args == ["--help"],
            "{args:?}: {err}"
        );
    }
}

#[test]
fn bad_input_keeps_status_2_when_stdout_fails_too() {
    let out = into_dev_full(&["turns", "8/8 w - - 0 1"]);
    assert_exit(&out, 2);
}
