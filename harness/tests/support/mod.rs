//! Test support shared by the integration tests: scratch folders that clean up after themselves.

#![allow(dead_code)]

pub mod rules_model;

use std::path::{Path, PathBuf};

/// A fresh empty folder under the system temp folder, removed when the guard drops. `name` shows in the folder's
/// name so a leftover (after a crash) says which test made it.
pub fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("harness-{name}-"))
        .tempdir()
        .expect("a temporary folder")
}

/// The repository's shipped scenario files.
pub fn shipped_scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios")
}

/// The small results folder the report tests render.
pub fn report_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/report_run")
}

/// A copy of the report fixture in a fresh folder, for tests that damage it.
pub fn copy_report_fixture(name: &str) -> tempfile::TempDir {
    let d = temp_dir(name);
    for e in std::fs::read_dir(report_fixture()).expect("the fixture folder") {
        let p = e.expect("a fixture entry").path();
        std::fs::copy(&p, d.path().join(p.file_name().expect("a file name"))).expect("a copy");
    }
    d
}

/// The verdict rule the README documents, written out independently of the harness so tests can check it:
/// no verdict below 95% coverage, within noise inside 1 ± 1%, `better` above 1, `worse` below, otherwise no
/// verdict. Returns people's words (`within noise`, `no verdict`).
pub fn verdict_by_rule(
    (low, high, level): (f64, f64, f64),
    better: &'static str,
    worse: &'static str,
) -> &'static str {
    if level < 0.95 || !low.is_finite() || !high.is_finite() {
        "no verdict"
    } else if low >= 0.99 && high <= 1.01 {
        "within noise"
    } else if low > 1.0 {
        better
    } else if high < 1.0 {
        worse
    } else {
        "no verdict"
    }
}

/// Whether `valgrind` runs here (the callgrind measurements need it; tests check what they can without).
pub fn valgrind_present() -> bool {
    std::process::Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}
