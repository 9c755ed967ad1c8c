//! The harness's one atomic file writer: a uniquely named temporary file in the target's folder, flushed to disk,
//! then renamed over the target.

use super::RecordError;
use std::path::Path;

/// Writes `bytes` to `path` atomically: readers see either the old file or the complete new one, never a prefix.
/// The target's folder is created if missing. On failure the temporary file is removed and the target is
/// untouched.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    write_atomic_with(path, |tmp| std::fs::write(tmp, bytes))
}

/// Writes `path` atomically through `fill`, which gets the temporary file's path and writes the complete content
/// there (for writers that want a path, such as an image encoder). The temporary name ends in the target's
/// extension, so a writer that picks its format by extension picks the target's. Readers see the old file or the
/// complete new one; when `fill` fails the temporary file is removed and the target is untouched.
pub(crate) fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&Path) -> std::io::Result<()>,
) -> Result<(), RecordError> {
    // A symlink is followed, never replaced: the file it points to is written (its own folder holds the temporary
    // file). A device, FIFO, socket or folder is never replaced by a regular file.
    let followed;
    let path = if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        followed = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        followed.as_path()
    } else {
        path
    };
    let err = |source| RecordError::Write {
        path: path.to_path_buf(),
        source,
    };
    if let Some(why) = super::output::special_file(path) {
        return Err(err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            why,
        )));
    }
    // The temporary file lives next to the target so that the rename never crosses a file system; its random name
    // keeps two writers of one target (threads or processes) apart.
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // Output locations are checked before the work (`check_output_folder`), which creates nothing: the first
    // write creates the folder.
    std::fs::create_dir_all(dir).map_err(err)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".to_owned());
    let suffix = match path.extension() {
        Some(ext) => format!(".tmp.{}", ext.to_string_lossy()),
        None => ".tmp".to_owned(),
    };
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(&suffix)
        .tempfile_in(dir)
        .map_err(err)?;
    fill(tmp.path()).map_err(err)?;
    // The temporary file is created 0600; the target gets what a new file gets under the umask.
    super::output::set_mode_under_umask(tmp.path(), false).map_err(err)?;
    tmp.as_file().sync_all().map_err(err)?;
    tmp.persist(path).map_err(|e| err(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn write_atomic_with_examples() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("chart.png");
        crate::record::atomic::write_atomic_with(&target, |tmp| {
            assert!(tmp.extension().is_some_and(|e| e == "png") && tmp != target);
            std::fs::write(tmp, b"drawn")
        })
        .unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"drawn");
        let failed =
            crate::record::atomic::write_atomic_with(&target, |_| Err(std::io::Error::other("no")));
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&target).unwrap(), b"drawn");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
