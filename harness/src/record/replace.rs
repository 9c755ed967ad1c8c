//! Putting a folder in place as a whole (a report): it is written into a temporary folder next to the target,
//! then swapped in, so a reader (or an interrupted render) finds the old folder or the new one, never a mix of
//! their files. The writer owns the folder: what it did not write is gone afterwards, except the subfolders another
//! writer owns, which are carried over whole.

use super::output::{parent_of, resolve, set_mode_under_umask};
use anyhow::{Context, Result};
use std::fs;
use std::path::Path;

/// Replaces the folder `out` by what `fill` writes into a fresh temporary folder. Of the old `out`, only the
/// entries named in `keep` (subfolders another render owns) are copied across, and only where `fill` did not
/// write them; every other old file is gone once the new folder is in place. If `fill` fails, the temporary folder
/// is removed and `out` is untouched.
///
/// The swap is two renames (old out aside, new one in); between them `out` is briefly absent, never mixed.
pub(crate) fn replace_folder<T>(
    out: &Path,
    keep: &[&str],
    fill: impl FnOnce(&Path) -> Result<T>,
) -> Result<T> {
    // A symlink to a folder is followed: the folder it points to is replaced, the link stays.
    let out = &resolve(out);
    let parent = parent_of(out);
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "report".into());
    // A report folder whose parents do not exist yet is created (as `--out` is): the output checks before the
    // work only made sure it can be.
    fs::create_dir_all(&parent).with_context(|| {
        format!(
            "{}: cannot create the report's parent folder",
            parent.display()
        )
    })?;
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}.new-"))
        .tempdir_in(&parent)
        .with_context(|| {
            format!(
                "{}: cannot create a temporary report folder",
                parent.display()
            )
        })?;
    let value = fill(tmp.path())?;
    for name in keep {
        let (old, target) = (out.join(name), tmp.path().join(name));
        if old.exists() && !target.exists() {
            copy_tree(&old, &target)?;
        }
    }
    // The temporary folder is created 0700; the report gets what a new folder gets under the umask.
    set_mode_under_umask(tmp.path(), true)
        .with_context(|| format!("{}: cannot set permissions", tmp.path().display()))?;
    let old = parent.join(format!(".{name}.old-{}", std::process::id()));
    let had_old = out.exists();
    if had_old && let Err(e) = fs::rename(out, &old) {
        // A mount point (EBUSY) or a folder on another file system (EXDEV) cannot be moved: its content is
        // replaced in place instead (not atomic, but whole once done). `tmp` is removed when dropped.
        if matches!(e.raw_os_error(), Some(libc::EBUSY | libc::EXDEV)) {
            replace_content(out, tmp.path())?;
            return Ok(value);
        }
        return Err(e)
            .with_context(|| format!("{}: cannot move the old report aside", out.display()));
    }
    let new = tmp.keep();
    if let Err(e) = fs::rename(&new, out) {
        if had_old {
            let _ = fs::rename(&old, out);
        }
        let _ = fs::remove_dir_all(&new);
        return Err(e)
            .with_context(|| format!("{}: cannot move the new report into place", out.display()));
    }
    if had_old {
        let _ = fs::remove_dir_all(&old);
    }
    Ok(value)
}

/// Empties `out` and copies the whole of `new` into it: the swap of a folder that cannot be renamed.
fn replace_content(out: &Path, new: &Path) -> Result<()> {
    for entry in fs::read_dir(out).with_context(|| format!("{}: cannot list", out.display()))? {
        let path = entry?.path();
        let removed = if path.is_dir() && !path.is_symlink() {
            fs::remove_dir_all(&path)
        } else {
            fs::remove_file(&path)
        };
        removed
            .with_context(|| format!("{}: cannot remove the old report's file", path.display()))?;
    }
    for entry in fs::read_dir(new).with_context(|| format!("{}: cannot list", new.display()))? {
        let entry = entry?;
        copy_tree(&entry.path(), &out.join(entry.file_name()))?;
    }
    Ok(())
}

/// Copies the file or folder `from` to `to`, folders whole.
pub(crate) fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    if from.is_dir() {
        fs::create_dir_all(to).with_context(|| format!("{}: cannot create", to.display()))?;
        for entry in
            fs::read_dir(from).with_context(|| format!("{}: cannot list", from.display()))?
        {
            let entry = entry?;
            copy_tree(&entry.path(), &to.join(entry.file_name()))?;
        }
    } else {
        fs::copy(from, to)
            .with_context(|| format!("cannot copy {} to {}", from.display(), to.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_parent_is_created() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("a/b/report");
        replace_folder(&out, &["eviction"], |dir| {
            fs::write(dir.join("index.md"), "x")?;
            Ok(())
        })
        .unwrap();
        assert_eq!(fs::read_to_string(out.join("index.md")).unwrap(), "x");
    }
}
