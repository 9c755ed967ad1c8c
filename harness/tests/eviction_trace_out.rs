//! `--trace-out DIR` on the main job and on `harness search`: the dice-chess evaluation-lookup traces written as
//! libCacheSim CSV, and a location that cannot take them refused (exit status 2) before any work.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn harness(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn scenarios_dir() -> String {
    format!("{}/../scenarios", env!("CARGO_MANIFEST_DIR"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The main job's shortest run: one family, one evaluator and traversal, no eviction, search or profiles.
fn main_job(tmp: &Path, trace_out: &Path) -> Output {
    let s = scenarios_dir();
    harness(&[
        "--quick",
        "--scenario",
        "promotion-en-passant",
        "--eval",
        "constant",
        "--traversal",
        "on",
        "--skip-eviction",
        "--skip-search",
        "--skip-profiles",
        "--scenarios-dir",
        &s,
        "--out",
        tmp.join("results").to_str().unwrap(),
        "--report-dir",
        tmp.join("reports").to_str().unwrap(),
        "--trace-out",
        trace_out.to_str().unwrap(),
    ])
}

fn lookups(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("time,obj_id,family,source,root,successor,depth")
    );
    lines.map(str::to_string).collect()
}

#[test]
fn the_main_job_writes_four_traces_per_chosen_family() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("traces");
    let o = main_job(tmp.path(), &out);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "dice-promotion-en-passant-expansion-traversal-off.csv",
            "dice-promotion-en-passant-expansion-traversal-on.csv",
            "dice-promotion-en-passant-search-star2-tt.csv",
            "dice-promotion-en-passant-search-star2.csv",
        ]
    );
    let n =
        |source: &str| lookups(&out.join(format!("dice-promotion-en-passant-{source}.csv"))).len();
    assert!(n("expansion-traversal-on") < n("expansion-traversal-off"));
    // A table can only cut lookups (on this family's roots it cuts none; the sparse family's it does).
    assert!(n("search-star2-tt") <= n("search-star2"));
    let first = &lookups(&out.join("dice-promotion-en-passant-search-star2.csv"))[0];
    assert_eq!(first, "1,0,promotion-en-passant,search-star2,0,,2");
}

#[test]
fn the_main_job_refuses_a_trace_folder_that_is_a_file_before_any_work() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("a_file");
    std::fs::write(&file, "x").unwrap();
    let o = main_job(tmp.path(), &file);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("--trace-out") && err.contains(file.to_str().unwrap()),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    let runs = std::fs::read_dir(tmp.path().join("results")).map_or(0, |d| d.count());
    assert_eq!(runs, 0, "a run folder was made");
}

const ROOT: &str = "k7/8/8/8/8/8/8/r2QK3 w - - 0 1 QPP";

#[test]
fn search_writes_its_lookups_one_per_leaf() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("t");
    let o = harness(&[
        "search",
        ROOT,
        "--depth",
        "2",
        "--trace-out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let line = String::from_utf8(o.stdout).unwrap();
    let leaves: usize = line
        .split(' ')
        .find_map(|f| f.strip_prefix("leaves="))
        .unwrap()
        .parse()
        .unwrap();
    let rows = lookups(&dir.join("search-star2-tt16-d2.csv"));
    assert_eq!(rows.len(), leaves);
    assert!(
        rows[0].starts_with("1,0,-,search-star2-tt16,0,,2"),
        "{}",
        rows[0]
    );
}

#[test]
fn search_refuses_a_trace_folder_that_is_a_file() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("a_file");
    std::fs::write(&file, "x").unwrap();
    let o = harness(&["search", ROOT, "--trace-out", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("--trace-out") && err.contains("not a folder"),
        "{err}"
    );
    assert!(o.stdout.is_empty());
}
