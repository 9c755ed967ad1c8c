//! What this binary was built from, captured by `harness/build.rs` at build time.
//!
//! These are the build's facts, not the checkout's: a run that wants the revision it ran in reads git itself.

/// The harness crate's version, e.g. `0.1.0`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The 12-digit commit the binary was built from, with `-dirty` when tracked files differed from it, or `unknown`
/// when it was built outside a git checkout (a tarball or a copy).
pub const GIT_REVISION: &str = env!("HARNESS_GIT_REVISION");

/// `rustc --version` of the compiler that built the binary, e.g. `rustc 1.95.0 (…)`, or `unknown`.
pub const RUSTC_VERSION: &str = env!("HARNESS_RUSTC_VERSION");

/// The text `harness --version` prints after the program name: version, revision and compiler.
pub const VERSION_LINE: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (revision ",
    env!("HARNESS_GIT_REVISION"),
    ", ",
    env!("HARNESS_RUSTC_VERSION"),
    ")"
);

#[cfg(test)]
mod tests {
    #[test]
    fn git_revision_examples() {
        let rev = crate::build_info::GIT_REVISION;
        assert!(rev == "unknown" || rev.trim_end_matches("-dirty").len() == 12);
    }

    #[test]
    fn version_line_examples() {
        use crate::build_info::{GIT_REVISION, RUSTC_VERSION, VERSION, VERSION_LINE};
        assert_eq!(
            VERSION_LINE,
            format!("{VERSION} (revision {GIT_REVISION}, {RUSTC_VERSION})")
        );
    }
}
