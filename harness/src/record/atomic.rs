//! The harness's one atomic file writer: a uniquely named temporary file in the target's folder, flushed to disk,
//! then renamed over the target.

use super::RecordError;
use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically: readers see either the old file or the complete new one, never a prefix.
/// On failure the temporary file is removed and the target is untouched.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let target = dir.path().join("out.csv");
/// harness::record::write_atomic(&target, b"a,b\n1,2\n").unwrap();
/// assert_eq!(std::fs::read(&target).unwrap(), b"a,b\n1,2\n");
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    let err = |source| RecordError::Write {
        path: path.to_path_buf(),
        source,
    };
    // The temporary file lives next to the target so that the rename never crosses a file system; its random name
    // keeps two writers of one target (threads or processes) apart.
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".to_owned());
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(err)?;
    tmp.write_all(bytes).map_err(err)?;
    tmp.as_file().sync_all().map_err(err)?;
    tmp.persist(path).map_err(|e| err(e.error))?;
    Ok(())
}
