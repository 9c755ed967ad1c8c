//! Captures the git revision (with a `-dirty` flag) and the rustc version at build time, for `harness --version`
//! and `harness::build_info`. Outside a git checkout of this workspace (a tarball, a copy) the revision is
//! `unknown`; a missing `git` or `rustc` degrades the same way instead of failing the build.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "src/revision.rs"]
mod revision;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let workspace = manifest_dir.parent().unwrap_or(&manifest_dir).to_path_buf();
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/revision.rs");
    println!(
        "cargo:rustc-env=HARNESS_GIT_REVISION={}",
        git_revision(&workspace)
    );
    println!("cargo:rustc-env=HARNESS_RUSTC_VERSION={}", rustc_version());
}

/// Runs `git` in the workspace and returns its trimmed standard output, or `None` on any failure.
fn git(workspace: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(workspace)
        .args(args)
        // Never take the index lock: a concurrent `git commit` must not fail because a build is running.
        .env("GIT_OPTIONAL_LOCKS", "0")
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    Some(String::from_utf8(output.stdout).ok()?.trim().to_owned())
}

/// The commit as people read it (12 hex digits), `-dirty` appended when tracked files differ from it; `unknown` outside a checkout.
fn git_revision(workspace: &Path) -> String {
    // A copy unpacked inside some other repository must not report that repository's revision.
    let Some(top) = git(workspace, &["rev-parse", "--show-toplevel"]) else {
        return "unknown".to_owned();
    };
    let same_tree = match (Path::new(&top).canonicalize(), workspace.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if !same_tree {
        return "unknown".to_owned();
    }
    // The full commit shortened by the harness's one rule (`src/revision.rs`), so `--version` shows what the
    // console and the report show for a run made from this checkout.
    let Some(commit) = git(workspace, &["rev-parse", "HEAD"]).map(|c| revision::shown_revision(&c))
    else {
        return "unknown".to_owned();
    };
    watch_git_state(workspace);
    let dirty = git(
        workspace,
        &["status", "--porcelain", "--untracked-files=no"],
    )
    .is_none_or(|status| !status.is_empty());
    if dirty {
        format!("{commit}-dirty")
    } else {
        commit
    }
}

/// Asks cargo to rerun this script when the checked-out commit moves (HEAD, the branch it names, packed refs)
/// and when the sources built into the binary change, so the revision and its dirty flag stay current.
fn watch_git_state(workspace: &Path) {
    let rerun = |path: &Path| {
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    };
    let absolute = |p: String| {
        let p = PathBuf::from(p);
        if p.is_absolute() {
            p
        } else {
            workspace.join(p)
        }
    };
    if let Some(git_dir) = git(workspace, &["rev-parse", "--git-dir"]).map(absolute) {
        rerun(&git_dir.join("HEAD"));
    }
    if let Some(common) = git(workspace, &["rev-parse", "--git-common-dir"]).map(absolute) {
        if let Some(branch) = git(workspace, &["symbolic-ref", "-q", "HEAD"]) {
            rerun(&common.join(branch));
        }
        rerun(&common.join("packed-refs"));
    }
    for source in ["Cargo.toml", "Cargo.lock", "engine", "harness"] {
        rerun(&workspace.join(source));
    }
}

/// `rustc --version` of the compiler cargo builds with (`RUSTC`), or `unknown`.
fn rustc_version() -> String {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned())
}
