//! `harness --version` prints the build's provenance: crate version, git revision (with `-dirty`) and rustc.

use harness::build_info::{GIT_REVISION, RUSTC_VERSION, VERSION, VERSION_LINE};
use std::process::Command;

#[test]
fn version_prints_crate_revision_and_compiler() {
    let out = Command::new(env!("CARGO_BIN_EXE_harness"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout, format!("harness {VERSION_LINE}\n"));
    assert!(stdout.contains(VERSION) && stdout.contains(RUSTC_VERSION));
}

#[test]
fn captured_values_have_their_documented_shapes() {
    let commit = GIT_REVISION.strip_suffix("-dirty").unwrap_or(GIT_REVISION);
    assert!(
        GIT_REVISION == "unknown"
            || (commit.len() == 12 && commit.bytes().all(|b| b.is_ascii_hexdigit())),
        "{GIT_REVISION:?}"
    );
    assert!(
        RUSTC_VERSION == "unknown" || RUSTC_VERSION.starts_with("rustc "),
        "{RUSTC_VERSION:?}"
    );
}
