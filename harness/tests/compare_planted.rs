//! `compare`'s interleaved timing children, through `harness compare --prebuilt` and the children themselves: the
//! planted slowdown (a test-only knob) reaches side B's children and no others; the successor protocol answers one
//! successor per request and refuses what it does not know; the main job's selections (`--first`, the bounded
//! cache's arms) time the operations they name; a side whose child predates it is timed a whole
//! operation per round; a side whose child dies fails the comparison with the side named. Nothing here judges a
//! time.

mod support;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The variable through which `compare` hands side B's children the planted slowdown.
const PLANTED: &str = "HARNESS_PLANTED_SLOWDOWN";

/// The timing children's selection: one family, the uncached arm and one cache, the cheapest evaluator (the
/// knob's path, not its size).
fn child_args() -> Vec<OsString> {
    // One family, the uncached arm and one cache, the cheapest evaluator: the knob's path, not its size.
    let mut args: Vec<OsString> =
        "--scenario=promotion-en-passant --cache=none,optimized --eval=constant --scenarios-dir"
            .split(' ')
            .map(OsString::from)
            .collect();
    args.push(support::shipped_scenarios().into_os_string());
    args
}

/// `harness compare --prebuilt a b` on [`child_args`]'s selection into `out`, without instruction rounds, with
/// `sessions` sessions of at least `rounds` rounds in all and a one-second budget.
fn compare(a: &Path, b: &Path, out: &Path, sessions: &str, rounds: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
        .arg("compare")
        .arg("--prebuilt")
        .args([a, b])
        .arg("--out")
        .arg(out)
        .args([
            "--sessions",
            sessions,
            "--rounds",
            rounds,
            "--time-budget",
            "1",
        ])
        .args(["--instruction-rounds", "0"])
        .args(child_args())
        .args(extra)
        .output()
        .unwrap()
}

/// The rounds of the one comparison under `out` (`compare_rounds.csv`): per arm (`variant`), each round's session
/// and both sides' times.
fn rounds(out: &Path) -> std::collections::BTreeMap<String, Vec<(u64, f64, f64)>> {
    let folder = std::fs::read_dir(out)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let mut reader = csv::Reader::from_path(folder.join("compare_rounds.csv")).unwrap();
    let header = reader.headers().unwrap().clone();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let mut by_arm = std::collections::BTreeMap::<String, Vec<(u64, f64, f64)>>::new();
    for r in reader.records() {
        let r = r.unwrap();
        by_arm
            .entry(r[col("variant")].to_owned())
            .or_default()
            .push((
                r[col("session")].parse().unwrap(),
                r[col("a_ns_per_op")].parse().unwrap(),
                r[col("b_ns_per_op")].parse().unwrap(),
            ));
    }
    by_arm
}

/// Every arm has the same rounds, from `sessions` sessions in order, each with both sides' times.
fn assert_paired_in_order(out: &Path, sessions: u64) {
    let by_arm = rounds(out);
    assert_eq!(by_arm.len(), 2, "both arms: {by_arm:?}");
    let first = &by_arm.values().next().unwrap();
    for arm in by_arm.values() {
        assert_eq!(arm.len(), first.len(), "{by_arm:?}");
        assert!(
            arm.windows(2).all(|w| w[0].0 <= w[1].0),
            "sessions in order: {arm:?}"
        );
        assert_eq!(
            (arm[0].0, arm[arm.len() - 1].0),
            (0, sessions - 1),
            "{arm:?}"
        );
        assert!(
            arm.iter()
                .all(|&(_, a, b)| a.is_finite() && a > 0.0 && b.is_finite() && b > 0.0)
        );
    }
}

/// A stand-in for a harness: a shell script named `name` whose `case` on its arguments (` $* `, space-padded) has
/// the arms `cases`, each a shell `PATTERN) COMMANDS ;;` where `$EXE` is this test's harness.
#[cfg(unix)]
fn wrapped_harness(dir: &Path, name: &str, cases: &str) -> PathBuf {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\nEXE=\"{}\"\ncase \" $* \" in\n{cases}\nesac\n",
        env!("CARGO_BIN_EXE_harness")
    );
    support::write_script(&path, &script, &["timing-rounds", "--help"]);
    path
}

/// A harness whose `timing-rounds` does not know `--by-successor` (neither in its help nor as a flag), as a revision
/// from before it would.
#[cfg(unix)]
fn older_child(dir: &Path) -> PathBuf {
    wrapped_harness(
        dir,
        "older-harness",
        "*' --help '*) \"$EXE\" \"$@\" | grep -v -e --by-successor ;;\n\
         *' --by-successor '*) echo \"error: unexpected argument '--by-successor' found\" >&2; exit 2 ;;\n\
         *) exec \"$EXE\" \"$@\" ;;",
    )
}

/// A harness whose timing children append the planted slowdown they were given (empty for none) to `log`.
#[cfg(unix)]
fn logging_child(dir: &Path, name: &str, log: &Path) -> PathBuf {
    wrapped_harness(
        dir,
        name,
        &format!(
            "*' --help '*) exec \"$EXE\" \"$@\" ;;\n\
             *' timing-rounds '*) echo \"planted=${PLANTED}\" >> '{}'; exec \"$EXE\" \"$@\" ;;\n\
             *) exec \"$EXE\" \"$@\" ;;",
            log.display()
        ),
    )
}

/// Talks to a `timing-rounds` child of `args` (the successor protocol with `by_successor`), the planted slowdown's
/// variable set to `planted` when given: whether it succeeded, its output lines and its stderr.
fn talk_planted(
    args: &[OsString],
    by_successor: bool,
    planted: Option<&str>,
    requests: &str,
) -> (bool, Vec<String>, String) {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_harness"));
    cmd.arg("timing-rounds").args(args);
    cmd.env_remove(PLANTED);
    if let Some(f) = planted {
        cmd.env(PLANTED, f);
    }
    if by_successor {
        cmd.arg("--by-successor");
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(requests.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let lines: Vec<String> = BufReader::new(&out.stdout[..])
        .lines()
        .map(Result::unwrap)
        .collect();
    (
        out.status.success(),
        lines,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_successor_protocol_times_one_successor_and_refuses_the_unknown() {
    let talk = |by_successor: bool, requests: &str| {
        talk_planted(&child_args(), by_successor, None, requests)
    };
    // Without the knob a child plants nothing; with it, every arm announces its planted work.
    for (knob, planted) in [(None, false), (Some("0.03"), true)] {
        let (ok, lines, err) = talk_planted(&child_args(), true, knob, "quit\n");
        assert!(ok, "{err}");
        let arms: Vec<u64> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("arm "))
            .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
            .collect();
        assert_eq!(arms.len(), 2, "{lines:?}");
        assert!(
            arms.iter().all(|&n| (n > 0) == planted),
            "{knob:?}: {lines:?}"
        );
    }
    // Two arms of one family: each announces its successor count, and `time ARM SUCCESSOR` answers one time.
    let (ok, lines, err) = talk(true, "time 0 0\ntime 1 0\nquit\n");
    assert!(ok, "{err}");
    let successors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("successors "))
        .collect();
    assert_eq!(successors.len(), 1, "{lines:?}");
    let counts: Vec<usize> = successors[0]
        .split(' ')
        .skip(1)
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(counts.len(), 2, "{lines:?}");
    assert!(counts.iter().all(|&n| n > 0 && n == counts[0]), "{lines:?}");
    let times: Vec<f64> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("time "))
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(times.len(), 2, "{lines:?}");
    assert!(times.iter().all(|t| *t > 0.0), "{times:?}");
    // A successor that is not there is named, and stops the child with an error, not a panic.
    let (ok, _, err) = talk(true, &format!("time 0 {}\n", counts[0]));
    assert!(
        !ok && err.contains(&format!("no arm 0 with a successor {}", counts[0])),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // Each protocol refuses the other's request.
    let (ok, _, err) = talk(true, "round 1\n");
    assert!(
        !ok && err.contains("expected `time ARM SUCCESSOR`"),
        "{err}"
    );
    let (ok, lines, err) = talk(false, "time 0 0\n");
    assert!(!ok && err.contains("expected `round SEED`"), "{err}");
    assert!(
        !lines.iter().any(|l| l.starts_with("successors")),
        "{lines:?}"
    );
}

/// The successor counts a child announced (`successors N N ...`).
fn successor_counts(lines: &[String]) -> Vec<usize> {
    let line = lines.iter().find_map(|l| l.strip_prefix("successors "));
    let counts = line.unwrap_or_else(|| panic!("no successors line: {lines:?}"));
    counts.split(' ').map(|c| c.parse().unwrap()).collect()
}

/// The main job's other selections: `--first N` keeps a family's first N successors; `--bounded-arm` announces each
/// `WORKLOAD/CACHE` by its words with one operation per invocation of the first `--first` roots (a successor
/// expanded, a root searched), each timed alone on request; an arm the child cannot build is refused by name.
#[test]
fn first_and_bounded_arms_select_the_operations_timed() {
    let with = |extra: &[&str]| {
        let mut args = child_args();
        args.extend(extra.iter().map(OsString::from));
        args
    };
    let (ok, lines, err) = talk_planted(&with(&["--first=1"]), true, None, "quit\n");
    assert!(ok, "{err}");
    assert_eq!(successor_counts(&lines), [1, 1], "{lines:?}");

    let arms = "expansion/unbounded,expansion/clock@64,search/direct@64";
    let bounded = |arms: &str| with(&[&format!("--bounded-arm={arms}"), "--first=1"]);
    let requests = "time 0 0\ntime 1 1\ntime 2 0\nquit\n";
    let (ok, lines, err) = talk_planted(&bounded(arms), true, None, requests);
    assert!(ok, "{err}");
    let announced: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("arm "))
        .collect();
    let expected: Vec<String> = arms
        .split(',')
        .map(|w| format!("promotion-en-passant bounded material {w} 0"))
        .collect();
    assert_eq!(announced, expected, "{lines:?}");
    // The first root's successors for both expansion caches, the root alone for the search.
    let counts = successor_counts(&lines);
    assert!(
        counts[0] > 1 && counts[1] == counts[0] && counts[2] == 1,
        "{lines:?}"
    );
    let times = lines.iter().filter_map(|l| l.strip_prefix("time "));
    assert_eq!(
        times.filter(|t| t.parse::<f64>().unwrap() > 0.0).count(),
        3,
        "{lines:?}"
    );
    let (ok, _, err) = talk_planted(&bounded(arms), true, None, "time 2 1\n");
    assert!(!ok && err.contains("no arm 2 with a successor 1"), "{err}");
    for bad in ["search/clock@48", "search/lru@64", "deep/unbounded"] {
        let (ok, _, err) = talk_planted(&bounded(bad), true, None, "quit\n");
        assert!(!ok && err.contains(bad), "{bad}: {err}");
    }
    let (ok, _, err) = talk_planted(&bounded(arms), false, None, "quit\n");
    assert!(
        !ok && err.contains("--bounded-arm needs --by-successor"),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn a_side_without_successor_samples_is_timed_a_whole_operation_per_round() {
    let dir = support::temp_dir("older-child");
    let this = PathBuf::from(env!("CARGO_BIN_EXE_harness"));
    let older = older_child(dir.path());
    // Either side being older puts both on the round protocol; the rounds still pair up.
    for (k, (a, b)) in [(&this, &older), (&older, &older)].into_iter().enumerate() {
        let out = dir.path().join(format!("out-{k}"));
        let o = compare(a, b, &out, "2", "4", &[]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_paired_in_order(&out, 2);
    }
}

#[cfg(unix)]
#[test]
fn the_planted_slowdown_reaches_side_b_only() {
    let dir = support::temp_dir("planted");
    let (log_a, log_b) = (dir.path().join("a.log"), dir.path().join("b.log"));
    let a = logging_child(dir.path(), "a-harness", &log_a);
    let b = logging_child(dir.path(), "b-harness", &log_b);
    let out = dir.path().join("out");
    // The comparison fails when side B's children announce no planted work.
    let o = compare(&a, &b, &out, "2", "4", &["--planted-slowdown-b", "0.03"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_paired_in_order(&out, 2);
    let read = |log: &Path| std::fs::read_to_string(log).unwrap();
    let (a, b) = (read(&log_a), read(&log_b));
    assert!(!a.is_empty() && a.lines().all(|l| l == "planted="), "{a}");
    assert!(
        !b.is_empty() && b.lines().all(|l| l == "planted=0.03"),
        "{b}"
    );
}

/// A side whose timing child dies before it is ready fails the comparison with the side named, in every stream,
/// instead of hanging or timing the other side alone.
#[cfg(unix)]
#[test]
fn a_child_that_dies_fails_the_timing_with_its_side_named() {
    let dir = support::temp_dir("dying-child");
    let path = wrapped_harness(
        dir.path(),
        "dying-harness",
        "*' --help '*) exec \"$EXE\" \"$@\" ;;\n\
         *' timing-rounds '*) echo 'timing child gave up' >&2; exit 1 ;;\n\
         *) exec \"$EXE\" \"$@\" ;;",
    );
    let this = PathBuf::from(env!("CARGO_BIN_EXE_harness"));
    let o = compare(&this, &path, &dir.path().join("out"), "4", "4", &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "side B (prebuilt {}): timing-rounds ended early",
            path.display()
        )),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}
