//! Test support shared by the integration tests: scratch folders that clean up after themselves.

#![allow(dead_code)]

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

/// The main-job stages a test binary skips: the child-process profiles (instructions, allocations, the break-even
/// map's callgrind counts) re-execute the running binary, which in a test is the test binary; the TT-pressure and
/// eviction experiments have their own tests, and in a main-job test they would only add seconds.
pub const SKIPPED_IN_TESTS: [&str; 5] = [
    "instructions",
    "break_even",
    "tt_pressure",
    "catalogue_eviction",
    "allocations",
];
