//! `compare`'s interleaved timing children: the planted slowdown (a test-only knob) reaches side B's children and
//! no others; sessions come back in order from their streams; the successor protocol answers one successor per
//! request and refuses what it does not know; a side whose child predates it is timed a whole operation per round.
//! Nothing here judges a time.

mod support;

use harness::compare::interleaved::{RoundPlan, has_round_child, time_interleaved};
use harness::compare::invocation::Side;
use harness::progress::Progress;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn side(label: &'static str) -> Side {
    Side {
        label,
        name: "this test's harness".to_owned(),
        exe: PathBuf::from(env!("CARGO_BIN_EXE_harness")),
        cwd: Path::new(env!("CARGO_MANIFEST_DIR")).join(".."),
    }
}

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

fn plan(planted_b: Option<f64>) -> RoundPlan {
    RoundPlan {
        sessions: 2,
        budget: Duration::ZERO,
        min_rounds: 4,
        seed: 1,
        planted_b,
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

#[test]
fn sessions_come_back_in_order_whatever_stream_ran_them() {
    let sides = [side("A"), side("B")];
    let plan = RoundPlan {
        sessions: 3,
        min_rounds: 6,
        ..plan(None)
    };
    let got = time_interleaved(&sides, &child_args(), &plan, &Progress::hidden()).unwrap();
    // Two rounds per session (the budget is spent at once), sessions in order, every round paired.
    assert_eq!(got.session, [0, 0, 1, 1, 2, 2]);
    assert_eq!(got.first.len(), 6);
    for [a, b] in got.times.values() {
        assert_eq!((a.len(), b.len()), (6, 6));
    }
}

#[test]
fn the_successor_protocol_times_one_successor_and_refuses_the_unknown() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let talk = |by_successor: bool, requests: &str| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_harness"));
        cmd.arg("timing-rounds").args(child_args());
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
    };
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

#[cfg(unix)]
#[test]
fn a_side_without_successor_samples_is_timed_a_whole_operation_per_round() {
    let dir = support::temp_dir("older-child");
    let older = Side {
        exe: older_child(dir.path()),
        ..side("B")
    };
    assert!(has_round_child(&older.exe));
    // Either side being older puts both on the round protocol; the rounds still pair up.
    for sides in [[side("A"), older.clone()], [older.clone(), older.clone()]] {
        let got =
            time_interleaved(&sides, &child_args(), &plan(None), &Progress::hidden()).unwrap();
        assert_eq!(got.session, [0, 0, 1, 1]);
        for [a, b] in got.times.values() {
            assert_eq!((a.len(), b.len()), (4, 4));
            assert!(a.iter().chain(b).all(|t| t.is_finite() && *t > 0.0));
        }
    }
}

#[test]
fn the_planted_slowdown_reaches_side_b_only() {
    assert!(has_round_child(Path::new(env!("CARGO_BIN_EXE_harness"))));
    let sides = [side("A"), side("B")];
    let planted = time_interleaved(
        &sides,
        &child_args(),
        &plan(Some(0.03)),
        &Progress::hidden(),
    )
    .expect("interleaved rounds");
    assert_eq!(planted.planted[0], 0, "side A plants nothing");
    assert!(planted.planted[1] > 0, "side B's children plant work");
    assert_eq!(
        planted.times.len(),
        2,
        "both arms: {:?}",
        planted.times.keys()
    );
    for [a, b] in planted.times.values() {
        // Two sessions of two rounds each (the budget is spent at once), paired by index.
        assert_eq!((a.len(), b.len()), (4, 4));
        assert!(a.iter().chain(b).all(|t| t.is_finite() && *t > 0.0));
    }
    let clean = time_interleaved(&sides, &child_args(), &plan(None), &Progress::hidden())
        .expect("interleaved rounds");
    assert_eq!(
        clean.planted,
        [0, 0],
        "without the knob no child plants work"
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
        "*' --help '*) exec \"$EXE\" \"$@\" ;;\n*) echo 'timing child gave up' >&2; exit 1 ;;",
    );
    let dying = Side {
        exe: path,
        name: "a dying harness".to_owned(),
        ..side("B")
    };
    let plan = RoundPlan {
        sessions: 4,
        ..plan(None)
    };
    let err = time_interleaved(
        &[side("A"), dying],
        &child_args(),
        &plan,
        &Progress::hidden(),
    )
    .expect_err("side B never gets ready");
    let text = format!("{err:#}");
    assert!(
        text.contains("side B (a dying harness): timing-rounds ended early"),
        "{text}"
    );
}
