//! The planted slowdown of `compare` (a test-only knob): set for side B, it reaches B's timing children and no
//! others, and each of them plants work after every operation; unset, no child plants any. Nothing here is timed.

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
