//! The one form of a git revision people read: the commit's first 12 hex digits, `-dirty` kept. `harness
//! --version` (through `build.rs`, which includes this file), the console's run line and the report's provenance
//! table all show it. Result files (`metadata.txt`, the CSVs' `git_revision` column, `summary.json`) keep the full
//! 40-digit commit: a row must name its commit unambiguously however many commits the repository later gains,
//! and any reader can shorten it with this function (12 digits is also what git's `--short=12` starts from).

/// Hex digits of the commit a person reads.
pub(crate) const SHOWN_DIGITS: usize = 12;

/// `revision` (a full or short commit, optionally `-dirty`, or `unknown`) in the form people read: its first
/// [`SHOWN_DIGITS`] hex digits with the suffix kept; anything that does not start with a hex commit is returned
/// as it is.
pub(crate) fn shown_revision(revision: &str) -> String {
    let hex = revision
        .bytes()
        .take_while(|b| b.is_ascii_hexdigit())
        .count();
    if hex < SHOWN_DIGITS {
        return revision.to_owned();
    }
    format!("{}{}", &revision[..SHOWN_DIGITS], &revision[hex..])
}

#[cfg(test)]
mod tests {
    #[test]
    fn shown_revision_examples() {
        for (revision, shown) in [
            ("dca6a02ff510ad1dcadac3eff41bef2dc08c00a9", "dca6a02ff510"),
            (
                "dca6a02ff510ad1dcadac3eff41bef2dc08c00a9-dirty",
                "dca6a02ff510-dirty",
            ),
            ("dca6a02ff510-dirty", "dca6a02ff510-dirty"),
            ("unknown", "unknown"),
        ] {
            assert_eq!(super::shown_revision(revision), shown);
        }
    }
}
