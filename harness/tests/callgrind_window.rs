//! The callgrind child counts the same instructions whether it runs fully instrumented or switches
//! instrumentation on around its measured window only (`--instr-atstart=no` and client requests, the method the
//! main job and the break-even map use on x86-64): only start-up, loading and the counting pass leave the
//! instrumented span, and they were never collected.

mod cli_support;
mod support;

use cli_support::{CallgrindChild, CallgrindTotals, callgrind_op};
use std::path::Path;

// The same arguments for both runs: the program's heap (and so libc's allocator work inside the window) depends on
// the lengths of its arguments.
fn run(work: &Path, out: &str, windowed: bool) -> CallgrindTotals {
    let children = run_arms(work, out, windowed, &["optimized/material/on"]);
    assert_eq!(children.len(), 1, "one window per arm");
    children[0].totals
}

/// The children of a `callgrind-op` that measures `arms` (`CACHE/EVALUATOR/TRAVERSAL`) on the smallest family.
fn run_arms(work: &Path, out: &str, windowed: bool, arms: &[&str]) -> Vec<CallgrindChild> {
    let mut args = vec!["--scenario", "promotion-en-passant"];
    for arm in arms {
        args.extend(["--arm", arm]);
    }
    callgrind_op(&work.join(out), windowed, &args)
}

/// Whether this machine can run the windowed child under callgrind (it says why not when it cannot).
fn can_count() -> bool {
    if !support::valgrind_present() {
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
    assert_eq!(
        a[0].totals.ir, b[1].totals.ir,
        "the uncached arm, first or second"
    );
    assert_eq!(
        a[1].totals.ir, b[0].totals.ir,
        "the optimized arm, second or first"
    );
    assert!(
        a[0].totals.ir != a[1].totals.ir,
        "two different arms were measured"
    );
}
