//! The per-run output folder `results-private/<UTC timestamp>/`.

use super::{RecordError, RunMetadata, write_atomic};
use std::fs;
use std::path::{Path, PathBuf};

/// A freshly created folder that holds one run's files.
#[derive(Debug)]
pub struct RunFolder {
    path: PathBuf,
}

impl RunFolder {
    /// Creates `<base>/<timestamp>/` (creating `base` if needed) and writes `metadata.txt` into it.
    ///
    /// Fails with an error naming the folder when it cannot be created or written, and refuses to reuse an
    /// existing run folder.
    pub fn create(base: &Path, meta: &RunMetadata) -> Result<RunFolder, RecordError> {
        fs::create_dir_all(base).map_err(|source| RecordError::CreateFolder {
            path: base.to_path_buf(),
            source,
        })?;
        let path = base.join(meta.started.folder_name());
        match fs::create_dir(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(RecordError::FolderExists { path });
            }
            Err(source) => return Err(RecordError::CreateFolder { path, source }),
        }
        let folder = RunFolder { path };
        folder.write("metadata.txt", meta.to_key_values().as_bytes())?;
        Ok(folder)
    }

    /// Checks, before any work, that `base` can hold a run folder: creates it if needed and writes and removes a
    /// probe file. Lets a long run fail in its first second rather than after timing.
    pub fn check_writable(base: &Path) -> Result<(), RecordError> {
        fs::create_dir_all(base).map_err(|source| RecordError::CreateFolder {
            path: base.to_path_buf(),
            source,
        })?;
        let probe = base.join(format!(".write-probe-{}", std::process::id()));
        write_atomic(&probe, b"probe")?;
        let _ = fs::remove_file(&probe);
        Ok(())
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `name` inside the folder atomically and returns its path.
    pub fn write(&self, name: &str, bytes: &[u8]) -> Result<PathBuf, RecordError> {
        let target = self.path.join(name);
        write_atomic(&target, bytes)?;
        Ok(target)
    }
}
