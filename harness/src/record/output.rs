//! Output locations, checked before any work: a command that cannot write where it was told to fails in its first
//! second with exit status 2 and a message naming the option, not after minutes of measurement.

use crate::exit::Failure;
use std::path::{Path, PathBuf};

/// Checks that `dir` (the value of `--option`) is a folder that accepts a new file, or can be created as one: its
/// nearest existing ancestor is a folder that accepts a new folder. Nothing is left behind (the folder is not
/// created here; the work creates it).
///
/// ```
/// let err = harness::record::check_output_folder("out", std::path::Path::new("/dev/null/x")).unwrap_err();
/// assert_eq!(harness::exit::Failure::of(&err).code(), 2);
/// assert!(err.to_string().starts_with("invalid value '/dev/null/x' for '--out': "));
/// ```
pub fn check_output_folder(option: &str, dir: &Path) -> anyhow::Result<()> {
    check_folder(option, dir, dir)
}

/// [`check_output_folder`] of `dir`, the message naming `shown` (the value the user gave).
fn check_folder(option: &str, shown: &Path, dir: &Path) -> anyhow::Result<()> {
    let fail = |why: String| bad(option, shown, why);
    if dir.exists() {
        if !dir.is_dir() {
            return Err(fail(if dir == shown {
                "exists and is not a folder".into()
            } else {
                format!("{} is not a folder", dir.display())
            }));
        }
        return probe(dir).map_err(|e| fail(format!("cannot write into the folder: {e}")));
    }
    let mut ancestor = parent_of(dir);
    while !ancestor.exists() {
        ancestor = parent_of(&ancestor);
    }
    if !ancestor.is_dir() {
        return Err(fail(format!(
            "cannot create the folder: {} is not a folder",
            ancestor.display()
        )));
    }
    probe(&ancestor).map_err(|e| {
        fail(format!(
            "cannot create the folder in {}: {e}",
            ancestor.display()
        ))
    })
}

/// Creates and removes a temporary folder inside `dir`.
fn probe(dir: &Path) -> std::io::Result<()> {
    tempfile::Builder::new()
        .prefix(".write-probe-")
        .tempdir_in(dir)
        .map(drop)
}

/// Checks that `dir` (the value of `--option`) can be replaced as a whole by a freshly written folder: it is a
/// folder or absent, and the folder that holds it accepts a new folder beside it, or can be created (renders swap
/// a new folder in).
pub fn check_replaceable_folder(option: &str, dir: &Path) -> anyhow::Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(bad(option, dir, "exists and is not a folder".into()));
    }
    check_folder(option, dir, &parent_of(dir))
}

/// Checks that the folder a render replaces whole (`--{option}` = `dir`) does not hold the folder `--{other}` =
/// `kept` names: the swap would delete what that option writes.
///
/// ```
/// use std::path::Path;
/// let err = harness::record::check_holds_not("report-dir", Path::new("out"), "out", Path::new("out/run")).unwrap_err();
/// assert_eq!(harness::exit::Failure::of(&err).code(), 2);
/// assert!(harness::record::check_holds_not("report-dir", Path::new("reports"), "out", Path::new("results")).is_ok());
/// ```
pub fn check_holds_not(option: &str, dir: &Path, other: &str, kept: &Path) -> anyhow::Result<()> {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    if abs(kept).starts_with(abs(dir)) {
        return Err(bad(
            option,
            dir,
            format!(
                "holds --{other} ({}); a report replaces its whole folder, so give them separate folders",
                kept.display()
            ),
        ));
    }
    Ok(())
}

/// The folder that holds `path` (`.` for a bare name).
pub(crate) fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn bad(option: &str, dir: &Path, why: String) -> anyhow::Error {
    Failure::BadInput.because(format!(
        "invalid value '{}' for '--{option}': {why}",
        dir.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn a_file_in_the_way_and_an_unwritable_place_are_bad_input() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("f");
        fs::write(&file, b"x").unwrap();
        for err in [
            check_output_folder("out", &file).unwrap_err(),
            check_replaceable_folder("report-dir", &file).unwrap_err(),
            check_output_folder("out", &file.join("below")).unwrap_err(),
            check_replaceable_folder("report-dir", &file.join("below")).unwrap_err(),
        ] {
            assert_eq!(Failure::of(&err), Failure::BadInput, "{err}");
        }
        assert!(check_output_folder("out", &tmp.path().join("new/deeper")).is_ok());
        assert!(check_replaceable_folder("report-dir", &tmp.path().join("r")).is_ok());
        // Checking creates nothing.
        let mut names: Vec<_> = fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["f"]);
    }
}
