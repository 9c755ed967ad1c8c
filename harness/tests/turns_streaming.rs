//! `turns` streams its paths and `turns --summary` counts exactly within `--max-memory`: on a position with
//! 892,400 paths, neither holds the paths (the peak memory of the child processes is measured, no timing).

mod cli_support;

use cli_support::{assert_exit, harness};
use std::io::{BufRead, BufReader};
use std::process::Stdio;

/// Twelve queens and a QQQ roll: 892,400 paths, 131,526 distinct leaves.
const QUEENS: &str = "QQQQQQ2/QQQQQQ2/8/8/8/8/8/k6K w - - 0 1 QQQ";

/// The summary line, as the collecting implementation printed it before streaming replaced it.
const QUEENS_SUMMARY: &str = "paths=892400 king_captures=11020 max_dice=3 distinct_leaves=131526 \
                              distinct_leaves_ignoring_clocks=131526 first_moves=83";

/// The largest peak resident set of the children waited for so far, in bytes.
fn children_peak_rss() -> u64 {
    // SAFETY: getrusage only writes the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(rc, 0);
    usage.ru_maxrss as u64 * 1024
}

#[test]
fn paths_stream_and_the_summary_stays_within_its_bound() {
    const MIB: u64 = 1 << 20;
    // Every path, counted as it arrives; the first lines are the king captures.
    let mut child = harness()
        .args(["turns", QUEENS])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = 0u64;
    let mut first = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if lines == 0 {
            first = line;
        }
        lines += 1;
    }
    assert_exit(&child.wait_with_output().unwrap(), 0);
    assert_eq!((lines, first.as_str()), (892_400, "a7a1"));
    let streamed_peak = children_peak_rss();
    // Holding the paths took about 200 MB; streaming holds none of them.
    assert!(
        streamed_peak < 32 * MIB,
        "turns peaked at {streamed_peak} bytes"
    );

    // A 48 MiB bound forces several passes over the paths (the leaf sets of one pass would need more); the
    // figures stay exact.
    let out = harness()
        .args(["turns", "--summary", "--max-memory", "48", QUEENS])
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_exit(&out, 0);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim_end(),
        QUEENS_SUMMARY
    );
    let summary_peak = children_peak_rss();
    assert!(
        summary_peak < (48 + 16) * MIB,
        "turns --summary peaked at {summary_peak} bytes"
    );
}
