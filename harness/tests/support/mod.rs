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
