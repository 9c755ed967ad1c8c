//! What this binary was built from, captured by `harness/build.rs` at build time.
//!
//! These are the build's facts, not the checkout's: a run that wants the revision it ran in reads git itself.

/// The text `harness --version` prints after the program name: the crate's version; the 12-digit commit the binary
/// was built from, with `-dirty` when tracked files differed from it, or `unknown` when it was built outside a git
/// checkout (a tarball or a copy); and `rustc --version` of the compiler, or `unknown`.
pub(crate) const VERSION_LINE: &str = concat!(
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
        let rev = env!("HARNESS_GIT_REVISION");
        assert!(rev == "unknown" || rev.trim_end_matches("-dirty").len() == 12);
    }

    #[test]
    fn version_line_examples() {
        assert!(
            crate::build_info::VERSION_LINE
                .starts_with(concat!(env!("CARGO_PKG_VERSION"), " (revision "))
        );
    }
}
