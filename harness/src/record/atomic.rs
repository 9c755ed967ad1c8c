//! Atomic file writes: a temporary file in the same folder, flushed, then renamed over the target.

use super::RecordError;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically: readers see either the old file or the complete new one, never a prefix.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("atomic-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let target = dir.join("out.csv");
/// harness::record::write_atomic(&target, b"a,b\n1,2\n").unwrap();
/// assert_eq!(std::fs::read(&target).unwrap(), b"a,b\n1,2\n");
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    let tmp = temp_sibling(path);
    let result = write_then_rename(&tmp, path, bytes);
    if result.is_err() {
        // Best effort: a failed write must not leave a stray temporary file behind.
        let _ = fs::remove_file(&tmp);
    }
    result
}

fn write_then_rename(tmp: &Path, path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    let err = |source| RecordError::Write {
        path: path.to_path_buf(),
        source,
    };
    let mut file = fs::File::create(tmp).map_err(err)?;
    file.write_all(bytes).map_err(err)?;
    file.sync_all().map_err(err)?;
    drop(file);
    fs::rename(tmp, path).map_err(err)
}

/// `.<name>.tmp-<pid>` next to `path`, so the rename never crosses a file system.
fn temp_sibling(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".to_owned());
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}
