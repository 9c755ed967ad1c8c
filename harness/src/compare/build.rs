//! From a git revision to a harness binary: resolve the revision, check it out in a detached worktree (so the
//! binary's own run metadata records the right commit), and build it into a target folder of its own with the
//! toolchain and flags of the invoking shell, identical for both sides.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The compiler used for every build of a comparison: the invoking toolchain's `cargo` and `rustc`, by absolute
/// path, so a `rust-toolchain` file in either revision cannot switch compilers.
#[derive(Clone, Debug)]
pub(crate) struct Toolchain {
    /// The `cargo` executable.
    pub cargo: PathBuf,
    /// The `rustc` executable (passed to cargo as `RUSTC`).
    pub rustc: PathBuf,
    /// `rustc -V`.
    pub version: String,
    /// `RUSTFLAGS` as inherited by both builds (`unset` when absent).
    pub rustflags: String,
}

impl Toolchain {
    /// The toolchain `rustc` on the path belongs to.
    pub(crate) fn current() -> Result<Toolchain> {
        let sysroot = output(Command::new("rustc").args(["--print", "sysroot"]))
            .context("cannot ask rustc for its sysroot (is a Rust toolchain on PATH?)")?;
        let bin = Path::new(sysroot.trim()).join("bin");
        let rustc = bin.join(format!("rustc{}", std::env::consts::EXE_SUFFIX));
        let cargo = bin.join(format!("cargo{}", std::env::consts::EXE_SUFFIX));
        for p in [&rustc, &cargo] {
            if !p.is_file() {
                bail!("{}: not found in the active toolchain", p.display());
            }
        }
        let version = output(Command::new(&rustc).arg("-V"))?.trim().to_owned();
        Ok(Toolchain {
            cargo,
            rustc,
            version,
            rustflags: std::env::var("RUSTFLAGS").unwrap_or_else(|_| "unset".into()),
        })
    }
}

/// A git revision as given and the commit it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Revision {
    /// As the user wrote it (`HEAD~1`, a branch, a hash).
    pub spec: String,
    /// The full commit hash.
    pub commit: String,
}

impl Revision {
    /// The first 10 hex digits of the commit.
    pub(crate) fn short(&self) -> &str {
        &self.commit[..self.commit.len().min(10)]
    }
}

/// Resolves `spec` to a commit of the repository at `repo`.
pub(crate) fn resolve(repo: &Path, spec: &str) -> Result<Revision> {
    let commit = output(
        Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(["rev-parse", "--verify", "--quiet"])
            .arg(format!("{spec}^{{commit}}")),
    )
    .with_context(|| {
        format!(
            "`{spec}` is not a commit of the git repository at {}",
            repo.display()
        )
    })?;
    Ok(Revision {
        spec: spec.to_owned(),
        commit: commit.trim().to_owned(),
    })
}

/// The top folder of the git work tree holding `dir`.
pub(crate) fn repository_root(dir: &Path) -> Result<PathBuf> {
    let top = output(
        Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["rev-parse", "--show-toplevel"]),
    )
    .with_context(|| format!("{}: not inside a git work tree", dir.display()))?;
    Ok(PathBuf::from(top.trim()))
}

/// Checks `rev` out into `dir` as a detached worktree of `repo`, reusing `dir` when it already holds that commit.
pub(crate) fn checkout(repo: &Path, rev: &Revision, dir: &Path) -> Result<()> {
    if dir.join(".git").exists() {
        let head = output(
            Command::new("git")
                .arg("-C")
                .arg(dir)
                .args(["rev-parse", "HEAD"]),
        );
        if head.is_ok_and(|h| h.trim() == rev.commit) {
            return Ok(());
        }
        bail!(
            "{}: holds another checkout; remove it (`git worktree remove --force {}`) or pick another --work-dir",
            dir.display(),
            dir.display()
        );
    }
    if let Some(parent) = dir.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("{}: cannot create", parent.display()))?;
    }
    // A stale registration (folder deleted by hand) would make `worktree add` refuse; prune it first.
    let _ = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["worktree", "prune"])
        .status();
    output(
        Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(["worktree", "add", "--detach", "--force"])
            .arg(dir)
            .arg(&rev.commit),
    )
    .with_context(|| format!("cannot check out {} into {}", rev.commit, dir.display()))?;
    Ok(())
}

/// Builds the `harness` binaries (`harness`, and `alloc_profile` for the allocation step) of the source tree at
/// `src` in release mode into `target_dir`; build output goes to `log`. Returns the `harness` executable.
pub(crate) fn build(src: &Path, target_dir: &Path, tc: &Toolchain, log: &Path) -> Result<PathBuf> {
    let log_file =
        std::fs::File::create(log).with_context(|| format!("{}: cannot create", log.display()))?;
    let mut cargo = Command::new(&tc.cargo);
    cargo
        .current_dir(src)
        .args(["build", "--release", "--locked", "-p", "harness", "--bins"])
        .env("RUSTC", &tc.rustc)
        .env("CARGO_TARGET_DIR", target_dir)
        .stdout(Stdio::from(log_file.try_clone()?))
        .stderr(Stdio::from(log_file));
    let status = crate::children::status(&mut cargo)
        .with_context(|| format!("cannot run {}", tc.cargo.display()))?;
    if !status.success() {
        bail!(
            "building {} failed ({status}); the build log is {}:\n{}",
            src.display(),
            log.display(),
            tail(log, 15)
        );
    }
    let exe = target_dir
        .join("release")
        .join(format!("harness{}", std::env::consts::EXE_SUFFIX));
    if !exe.is_file() {
        bail!(
            "{}: the build succeeded but left no harness binary",
            exe.display()
        );
    }
    Ok(exe)
}

/// The `[profile.*]` sections of a workspace's `Cargo.toml`: the build flags a revision itself sets. Both sides
/// are built with their own profiles; a difference is reported so it is not mistaken for an engine change.
pub(crate) fn profile_sections(src: &Path) -> String {
    let text = std::fs::read_to_string(src.join("Cargo.toml")).unwrap_or_default();
    let mut out = String::new();
    let mut inside = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            inside = t.starts_with("[profile");
        }
        if inside && !t.is_empty() && !t.starts_with('#') {
            out.push_str(t);
            out.push('\n');
        }
    }
    out
}

/// The last `n` lines of a text file (for error messages).
pub(crate) fn tail(path: &Path, n: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// Runs a command and returns its standard output, failing on a non-zero exit with its standard error.
fn output(cmd: &mut Command) -> Result<String> {
    let out = cmd
        .output()
        .with_context(|| format!("cannot run {cmd:?}"))?;
    if !out.status.success() {
        bail!(
            "{cmd:?} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_sections_keep_only_profiles() {
        let dir = std::env::temp_dir().join(format!("compare-profile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("Cargo.toml"),
            "[workspace]\nmembers = [\"a\"]\n\n[profile.release]\n# why\ndebug = true\n\n[workspace.dependencies]\nx = \"1\"\n",
        )
        .unwrap();
        assert_eq!(profile_sections(&dir), "[profile.release]\ndebug = true\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unknown_revision_is_a_clear_error() {
        let repo = repository_root(Path::new(env!("CARGO_MANIFEST_DIR")));
        // Source archives without .git cannot run this check; there is nothing to resolve against.
        let Ok(repo) = repo else { return };
        let e = resolve(&repo, "no-such-revision-xyz").unwrap_err();
        assert!(
            format!("{e:#}").contains("`no-such-revision-xyz` is not a commit"),
            "{e:#}"
        );
        let head = resolve(&repo, "HEAD").unwrap();
        assert_eq!(head.commit.len(), 40);
    }
}
