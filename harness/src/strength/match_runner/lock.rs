//! One writer per match folder: an advisory lock (`flock`, through rustix) on `DIR/writer.lock`,
//! which names its holder (pid, host, start time) for a second writer, who exits 2 instead of writing every game
//! twice. The lock goes with the process: a killed writer leaves a stale file that the next one simply takes.

use crate::exit::Failure;
use crate::record::UtcTimestamp;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// The lock file's name inside a match folder.
pub(crate) const LOCK_FILE: &str = "writer.lock";

/// A held lock; released (and its file removed) by [`WriterLock::release`], or by the process's end.
#[derive(Debug)]
pub(crate) struct WriterLock {
    file: File,
}

impl WriterLock {
    /// Takes the lock of folder `dir`, or fails as bad input naming the holder when another process has it.
    pub(crate) fn acquire(dir: &Path) -> anyhow::Result<WriterLock> {
        let path = dir.join(LOCK_FILE);
        // A holder that finishes removes the file after it has renamed the folder; a lock taken on a file that
        // is no longer at `path` holds nothing, so take it again on the file that is there now.
        loop {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(|e| {
                    Failure::BadInput.because(format!("{}: cannot open: {e}", path.display()))
                })?;
            match try_lock(&file) {
                Ok(true) => {}
                Ok(false) => {
                    let mut holder = String::new();
                    let _ = file.read_to_string(&mut holder);
                    let holder = holder.split_whitespace().collect::<Vec<_>>().join(" ");
                    return Err(Failure::BadInput.because(format!(
                        "{}: another process is writing this match folder ({}); one writer at a time",
                        dir.display(),
                        if holder.is_empty() { "holder not yet named".to_owned() } else { holder }
                    )));
                }
                Err(e) => {
                    return Err(
                        Failure::Runtime.because(format!("{}: cannot lock: {e}", path.display()))
                    );
                }
            }
            if !same_file(&file, &path) {
                continue;
            }
            let me = format!(
                "pid={} host={} started={}\n",
                std::process::id(),
                crate::record::metadata::hostname(),
                UtcTimestamp::now()
            );
            file.set_len(0)?;
            file.rewind()?;
            file.write_all(me.as_bytes())?;
            file.sync_data()?;
            return Ok(WriterLock { file });
        }
    }

    /// Removes the lock file from `dir` (the folder's current path) and lets the lock go.
    pub(crate) fn release(self, dir: &Path) -> anyhow::Result<()> {
        let path: PathBuf = dir.join(LOCK_FILE);
        std::fs::remove_file(&path)?;
        drop(self.file);
        Ok(())
    }
}

/// Takes the exclusive lock without waiting: `false` when another process holds it.
fn try_lock(file: &File) -> std::io::Result<bool> {
    use rustix::fs::{FlockOperation, flock};
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Whether `file` is the file at `path` now.
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}
