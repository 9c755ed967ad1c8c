//! `harness --version` prints the build's provenance: crate version, git revision (with `-dirty`) and rustc.

// What build.rs captured, as the binary's own constants read it (build.rs sets these for every target).
const VERSION: &str = env!("CARGO_PKG_VERSION");
const GIT_REVISION: &str = env!("HARNESS_GIT_REVISION");
const RUSTC_VERSION: &str = env!("HARNESS_RUSTC_VERSION");
use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn version_prints_crate_revision_and_compiler() {
    let out = Command::new(env!("CARGO_BIN_EXE_harness"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout,
        format!("harness {VERSION} (revision {GIT_REVISION}, {RUSTC_VERSION})\n")
    );
    assert!(stdout.contains(VERSION) && stdout.contains(RUSTC_VERSION));
}

#[test]
fn captured_values_have_their_documented_shapes() {
    // `unknown` is right only where the build could not know: outside a git checkout of this workspace. Inside
    // one, the revision must be a 12-digit commit; the check runs git as build.rs does, so it cannot pass by
    // accepting `unknown` everywhere.
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let top = Command::new("git")
        .arg("-C")
        .arg(&workspace)
        .args(["rev-parse", "--show-toplevel"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    let in_checkout = top.is_some_and(|t| t.canonicalize().ok() == workspace.canonicalize().ok());
    let commit = GIT_REVISION.strip_suffix("-dirty").unwrap_or(GIT_REVISION);
    if in_checkout {
        assert!(
            commit.len() == 12 && commit.bytes().all(|b| b.is_ascii_hexdigit()),
            "a checkout's build must know its commit: {GIT_REVISION:?}"
        );
    } else {
        assert_eq!(GIT_REVISION, "unknown");
    }
    // Cargo always builds with a rustc, so its version is always known.
    assert!(RUSTC_VERSION.starts_with("rustc "), "{RUSTC_VERSION:?}");
}
