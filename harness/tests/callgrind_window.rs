//! The callgrind child counts the same instructions whether it runs fully instrumented or switches
//! instrumentation on around its measured window only (`--instr-atstart=no` and client requests, the method the
//! main job and the break-even map use on x86-64): only start-up, loading and the counting pass leave the
//! instrumented span, and they were never collected.

mod support;

use harness::experiments::instructions::{CallgrindTotals, parse_callgrind_out, valgrind_version};
use std::path::Path;
use std::process::Command;

/// The options every child gets; `--instr-atstart=no` is added for the windowed run.
const COLLECT: [&str; 4] = [
    "--tool=callgrind",
    "--cache-sim=yes",
    "--collect-atstart=no",
    "--toggle-collect=*measured_operation*",
];

fn run(work: &Path, out: &str, windowed: bool) -> CallgrindTotals {
    let out_file = work.join(out);
    let status = Command::new("valgrind")
        .args(COLLECT)
        .args(windowed.then_some("--instr-atstart=no"))
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .arg(env!("CARGO_BIN_EXE_harness"))
        // The same arguments for both runs: the program's heap (and so libc's allocator work inside the window)
        // depends on the lengths of its arguments.
        .args([
            "callgrind-op",
            "--scenario",
            "promotion-en-passant",
            "--cache",
            "optimized",
            "--eval",
            "material",
        ])
        .arg("--scenarios-dir")
        .arg(support::shipped_scenarios())
        .output()
        .expect("valgrind runs");
    assert!(status.status.success(), "{status:?}");
    parse_callgrind_out(&std::fs::read_to_string(&out_file).expect("a callgrind file"))
        .expect("callgrind totals")
}

#[test]
fn windowed_instrumentation_counts_the_same_instructions() {
    if valgrind_version().is_none() {
        println!("skipped: valgrind is not installed (or not on PATH), so nothing can be counted");
        return;
    }
    if !cfg!(target_arch = "x86_64") {
        println!("skipped: the child sends client requests on x86-64 only");
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
