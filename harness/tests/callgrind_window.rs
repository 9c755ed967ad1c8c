//! The callgrind child counts the same instructions whether it runs fully instrumented or switches
//! instrumentation on around its measured window only (`--instr-atstart=no` and client requests, the method the
//! main job and the break-even map use on x86-64): only start-up, loading and the counting pass leave the
//! instrumented span, and they were never collected.

mod support;

use harness::callgrind::{CallgrindTotals, parse_callgrind_out, valgrind_version};
use std::path::Path;
use std::process::Command;

/// The options every child gets; `--instr-atstart=no` is added for the windowed run.
const COLLECT: [&str; 4] = [
    "--tool=callgrind",
    "--cache-sim=yes",
    "--collect-atstart=no",
    "--toggle-collect=*measured_operation*",
];

/// The totals of the window of a child that measures `arms` (`CACHE/EVALUATOR/TRAVERSAL`), one per arm, in order:
/// each arm runs in a process of its own, whose callgrind file is `OUT.PID` for the pid it prints.
fn run_arms(work: &Path, out: &str, windowed: bool, arms: &[&str]) -> Vec<CallgrindTotals> {
    let out_file = work.join(out);
    let mut args = vec![
        "callgrind-op".to_owned(),
        "--scenario".to_owned(),
        "promotion-en-passant".to_owned(),
    ];
    for arm in arms {
        args.extend(["--arm".to_owned(), (*arm).to_owned()]);
    }
    let status = Command::new("valgrind")
        .args(COLLECT)
        .args(windowed.then_some("--instr-atstart=no"))
        .arg(format!("--callgrind-out-file={}.%p", out_file.display()))
        .arg(env!("CARGO_BIN_EXE_harness"))
        .args(&args)
        .arg("--scenarios-dir")
        .arg(support::shipped_scenarios())
        .output()
        .expect("valgrind runs");
    assert!(status.status.success(), "{status:?}");
    String::from_utf8_lossy(&status.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("pid="))
        .map(|rest| {
            let pid = rest.split_whitespace().next().expect("a pid");
            let file = format!("{}.{pid}", out_file.display());
            parse_callgrind_out(&std::fs::read_to_string(&file).expect("a callgrind file"))
                .expect("callgrind totals")
        })
        .collect()
}

// The same arguments for both runs: the program's heap (and so libc's allocator work inside the window) depends on
// the lengths of its arguments.
fn run(work: &Path, out: &str, windowed: bool) -> CallgrindTotals {
    let totals = run_arms(work, out, windowed, &["optimized/material/on"]);
    assert_eq!(totals.len(), 1, "one window per arm");
    totals[0]
}

/// Whether this machine can run the windowed child under callgrind (it says why not when it cannot).
fn can_count() -> bool {
    if valgrind_version().is_none() {
        println!("skipped: valgrind is not installed (or not on PATH), so nothing can be counted");
        return false;
    }
    if !cfg!(target_arch = "x86_64") {
        println!("skipped: the child sends client requests on x86-64 only");
        return false;
    }
    true
}

#[test]
fn windowed_instrumentation_counts_the_same_instructions() {
    if !can_count() {
        return;
    }
    let work = support::temp_dir("callgrind-window");
    let full = run(work.path(), "full.out", false);
    let windowed = run(work.path(), "wind.out", true);
    assert!(full.ir > 0, "the measured operation was collected");
    assert_eq!(
        (windowed.ir, windowed.dr, windowed.dw),
        (full.ir, full.dr, full.dw),
        "instructions, data reads and data writes of the window"
    );
    // The window starts from cold simulated caches (callgrind clears them when instrumentation switches on), so it
    // misses at least as often in the last level as the fully instrumented child, warmed by its counting pass.
    assert!(
        windowed.ll_misses >= full.ll_misses,
        "{windowed:?} {full:?}"
    );
}

/// Several arms in one child each run in a process forked after the loading, so an arm counts the same instructions
/// whatever arms come before it (measured in one process, the uncached arm after an optimized one counted 0.65%
/// more).
#[test]
fn an_arm_counts_the_same_whatever_runs_before_it() {
    if !can_count() {
        return;
    }
    let work = support::temp_dir("callgrind-order");
    // Both runs have the same arguments in another order, so only the order differs.
    let a = run_arms(
        work.path(),
        "a.out",
        true,
        &["none/material/on", "optimized/material/on"],
    );
    let b = run_arms(
        work.path(),
        "b.out",
        true,
        &["optimized/material/on", "none/material/on"],
    );
    assert_eq!((a.len(), b.len()), (2, 2));
    assert_eq!(a[0].ir, b[1].ir, "the uncached arm, first or second");
    assert_eq!(a[1].ir, b[0].ir, "the optimized arm, second or first");
    assert!(a[0].ir != a[1].ir, "two different arms were measured");
}
