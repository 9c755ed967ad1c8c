//! `harness eviction` refuses every bad input before any work, with exit status 2 and a message naming the option
//! and the value (or the file and line), and a closed stdout never stops a run from writing its results.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Small and fast defaults for whatever `args` leaves unset.
fn with_defaults<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut v = args.to_vec();
    for (option, value) in [("--controls", "none"), ("--boards", "4x5:3")] {
        if !args.contains(&option) {
            v.extend([option, value]);
        }
    }
    if !args.contains(&"--report-dir") {
        v.push("--no-report");
    }
    if !args.contains(&"--scenarios") {
        v.push("--no-game-search");
    }
    v
}

fn temp_dir(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("eviction_inputs_{name}_{}_{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `harness eviction ARGS` (small, fast defaults added) and returns the exit status and stderr.
fn eviction(args: &[&str], out: &Path) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_harness"))
        .arg("eviction")
        .arg("--out")
        .arg(out)
        .args(with_defaults(args))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn refused(args: &[&str], needles: &[&str]) {
    let dir = temp_dir("refused");
    let (code, err) = eviction(args, &dir.join("out"));
    assert_eq!(code, 2, "{args:?}: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: `{n}` not in {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    // Refused before any work: nothing was written.
    assert!(!dir.join("out/eviction.csv").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn empty_or_repeated_list_items_are_refused() {
    refused(&["--budgets", ""], &["--budgets", "empty"]);
    refused(&["--budgets", "10,,20"], &["--budgets", "item 2 is empty"]);
    refused(
        &["--budgets", "10,10"],
        &["--budgets", "item 2 '10' repeats item 1"],
    );
    refused(
        &["--policies", "lru,lru"],
        &["--policies", "item 2 'lru' repeats item 1"],
    );
    refused(
        &[
            "--policies",
            "aging_lfu,aging_lfu_k100",
            "--aging-periods",
            "100",
        ],
        &["--policies", "aging_lfu_k100"],
    );
    refused(&["--aging-periods", "10,10"], &["--aging-periods"]);
}

#[test]
fn zero_and_overflowing_numbers_are_refused() {
    refused(
        &["--budgets", "0"],
        &["--budgets", "budget '0': must be at least 1"],
    );
    refused(&["--control-budgets", "5,0"], &["--control-budgets"]);
    refused(&["--seeds", "0"], &["--seeds", "at least one seed"]);
    refused(
        &["--first-seed", "18446744073709551615", "--seeds", "2"],
        &["--seeds", "past the largest seed"],
    );
    refused(&["--threads", "0"], &["--threads"]);
    refused(
        &["--aging-periods", "0"],
        &["--aging-periods", "period '0'"],
    );
}

#[test]
fn budgets_that_cannot_be_held_are_refused_before_allocating() {
    refused(
        &["--budgets", "100000000000"],
        &["--budgets", "100000000000", "largest"],
    );
    refused(
        &["--budgets", "18446744073709551615"],
        &["--budgets", "largest"],
    );
    refused(&["--budgets", "99999999999999999999999"], &["--budgets"]);
}

#[test]
fn boards_too_small_or_too_large_are_refused() {
    refused(&["--boards", "1x5:10"], &["--boards", "1x5", "too small"]);
    refused(&["--boards", "4x5:3,9x9:1"], &["--boards", "at most 8"]);
    refused(&["--controls", "5x1:10"], &["--controls", "too small"]);
    refused(&["--lookup-cells", "2-9"], &["--lookup-cells", "9 cells"]);
}

#[test]
fn unknown_names_list_the_known_ones() {
    refused(
        &["--policies", "lru,clock_pro"],
        &["clock_pro", "expected one of:", "lirs", "two_q"],
    );
    refused(&["--estimate", "median"], &["--estimate", "mean_of_stops"]);
    refused(&["--first", "up"], &["--first", "left, right"]);
}

#[test]
fn output_locations_are_checked_first_with_the_path() {
    let dir = temp_dir("outputs");
    let file = dir.join("a_file");
    std::fs::write(&file, "x").unwrap();
    let f = file.to_str().unwrap();
    refused(&["--report-dir", f], &["--report-dir", f, "not a folder"]);
    let (code, err) = eviction(&[], &file);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--out") && err.contains(f), "{err}");
    let d = dir.to_str().unwrap();
    refused(&["--trace-out", d], &["--trace-out", d, "is a folder"]);
    let under_file = file.join("trace.csv");
    refused(
        &["--trace-out", under_file.to_str().unwrap()],
        &["--trace-out", "not a folder"],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn scenarios_dir() -> String {
    format!("{}/../scenarios", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn dice_trace_locations_are_checked_first() {
    let dir = temp_dir("dice");
    let file = dir.join("a_file");
    std::fs::write(&file, "x").unwrap();
    let f = file.to_str().unwrap();
    let s = scenarios_dir();
    refused(
        &["--dice-trace-out", f, "--scenarios", &s],
        &["--dice-trace-out", f, "not a folder"],
    );
    let missing = dir.join("no_scenarios");
    let m = missing.to_str().unwrap();
    let out = dir.join("traces");
    refused(
        &["--dice-trace-out", out.to_str().unwrap(), "--scenarios", m],
        &["--scenarios", m, "not a folder"],
    );
    // The game-search section needs the scenarios too, unless it is skipped.
    refused(&["--scenarios", m], &["--scenarios", m]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dice_traces_are_written_four_per_family() {
    let dir = temp_dir("dice_out");
    let out = dir.join("traces");
    let s = scenarios_dir();
    let (code, err) = eviction(
        &[
            "--dice-trace-out",
            out.to_str().unwrap(),
            "--scenarios",
            &s,
            "--no-game-search",
            "--policies",
            "lru",
        ],
        &dir.join("out"),
    );
    assert_eq!(code, 0, "{err}");
    for family in [
        "sparse",
        "middlegame",
        "transposition-rich",
        "promotion-en-passant",
    ] {
        for source in [
            "expansion-traversal-off",
            "expansion-traversal-on",
            "search-star2-tt",
            "search-star2",
        ] {
            let p = out.join(format!("dice-{family}-{source}.csv"));
            let text = std::fs::read_to_string(&p).unwrap();
            let mut lines = text.lines();
            assert_eq!(
                lines.next(),
                Some("time,obj_id,family,source,root,successor,depth")
            );
            let first = lines.next().unwrap();
            assert!(
                first.starts_with(&format!("1,0,{family},{source},0,")),
                "{first}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_trace_lines_name_the_file_and_line() {
    let dir = temp_dir("trace");
    let t = dir.join("t.csv");
    std::fs::write(&t, "time,obj_id\n1,5\n2,-7\n").unwrap();
    let ts = t.to_str().unwrap();
    refused(&["--trace-in", ts], &[ts, "line 3", "-7"]);
    std::fs::write(&t, "time,object\n1,5\n").unwrap();
    refused(&["--trace-in", ts], &[ts, "line 1", "obj_id"]);
    std::fs::write(&t, "").unwrap();
    refused(&["--trace-in", ts], &[ts, "no lookups"]);
    refused(
        &["--trace-in", dir.join("missing.csv").to_str().unwrap()],
        &["missing.csv"],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_stdout_does_not_stop_the_run() {
    let dir = temp_dir("stdout");
    let trace = dir.join("t.csv");
    let lines: String = (0..5000)
        .map(|i| format!("{i},{}\n", (i * 7) % 97))
        .collect();
    std::fs::write(&trace, lines).unwrap();
    for args in [
        vec!["--trace-in", trace.to_str().unwrap(), "--budgets", "5,10"],
        vec![
            "--budgets",
            "5,10",
            "--policies",
            "lru,fifo",
            "--seeds",
            "2",
        ],
    ] {
        let out = dir.join("out");
        let _ = std::fs::remove_dir_all(&out);
        let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
            .arg("eviction")
            .arg("--out")
            .arg(&out)
            .args(with_defaults(&args))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader goes away before the first line
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        let csv = if args[0] == "--trace-in" {
            "eviction_trace.csv"
        } else {
            "eviction.csv"
        };
        let text = std::fs::read_to_string(out.join(csv)).unwrap();
        assert!(text.lines().count() > 2, "{text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
