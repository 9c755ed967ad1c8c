//! The match's run folder: reserved as `<out>/match-<UTC timestamp>.partial` the way every run folder is
//! ([`crate::record::RunFolder`]), renamed without `.partial` when the match completes; a resumed match takes
//! its folder back to `.partial` while it plays. Whoever writes a folder holds its [`WriterLock`].

use super::journal::GAMES_FILE;
use super::lock::WriterLock;
use super::settings::{Agree, SETTINGS_FILE, SettingsRecord};
use crate::exit::Failure;
use crate::record::is_partial;
use crate::record::run_folder::PARTIAL_SUFFIX;
use crate::record::{RunFolder, RunMetadata};
use std::path::{Path, PathBuf};

/// The name every match folder starts with.
pub(crate) const STEM: &str = "match-";

/// A match folder being written, its lock held.
#[derive(Debug)]
pub(crate) struct MatchFolder {
    partial: PathBuf,
    complete: PathBuf,
    lock: WriterLock,
}

impl MatchFolder {
    /// Reserves a new folder under `out` (writing `metadata.txt`) and locks it.
    pub(crate) fn create(out: &Path, meta: &RunMetadata) -> anyhow::Result<MatchFolder> {
        let stem = format!("{STEM}{}", meta.started.folder_name());
        let folder = RunFolder::reserve_with_stem(out, &stem, meta)
            .map_err(|e| Failure::BadInput.tag(e).context("--out"))?;
        let lock = WriterLock::acquire(folder.path())?;
        Ok(MatchFolder {
            partial: folder.path().to_path_buf(),
            complete: folder.final_path().to_path_buf(),
            lock,
        })
    }

    /// Locks the folder `dir` names, complete or `.partial`; nothing else is changed yet. A missing folder, one
    /// whose other name is also taken, or one another process writes is bad input.
    pub(crate) fn open(dir: &Path) -> anyhow::Result<MatchFolder> {
        if !dir.is_dir() {
            return Err(
                Failure::BadInput.because(format!("--resume {}: no such folder", dir.display()))
            );
        }
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (partial, complete) = match name.strip_suffix(PARTIAL_SUFFIX) {
            Some(stem) => (dir.to_path_buf(), dir.with_file_name(stem)),
            None => (
                dir.with_file_name(format!("{name}{PARTIAL_SUFFIX}")),
                dir.to_path_buf(),
            ),
        };
        let other = if partial == dir { &complete } else { &partial };
        if other.exists() {
            return Err(Failure::BadInput.because(format!(
                "--resume {}: {} exists too; resume one of them",
                dir.display(),
                other.display()
            )));
        }
        let lock = WriterLock::acquire(dir)?;
        Ok(MatchFolder {
            partial,
            complete,
            lock,
        })
    }

    /// Makes sure the folder is under its `.partial` name (renaming a completed one back).
    pub(crate) fn reopen(&self) -> anyhow::Result<()> {
        if !self.partial.exists() {
            std::fs::rename(&self.complete, &self.partial)?;
            crate::status!(
                "match: {} reopened as {} while it plays",
                self.complete.display(),
                self.partial.display()
            );
        }
        Ok(())
    }

    /// The folder while it is written.
    pub(crate) fn path(&self) -> &Path {
        &self.partial
    }

    /// The folder whichever name it has now.
    pub(crate) fn current(&self) -> &Path {
        if self.partial.exists() {
            &self.partial
        } else {
            &self.complete
        }
    }

    /// Whether the folder was reserved but killed before its `match.json` was written: still `.partial`, no
    /// settings and no games, so nothing in it can be lost by starting the match there.
    pub(crate) fn unstarted(&self) -> bool {
        is_unstarted(self.current())
    }

    /// Gives the folder up unchanged (a refused resume): the lock file goes with the lock.
    pub(crate) fn abandon(self) {
        let dir = self.current().to_path_buf();
        let _ = self.lock.release(&dir);
    }

    /// Marks the match complete (renames away `.partial`), lets the lock go and returns the final path.
    pub(crate) fn finish(self) -> anyhow::Result<PathBuf> {
        std::fs::rename(&self.partial, &self.complete)?;
        self.lock.release(&self.complete)?;
        Ok(self.complete)
    }
}

fn is_unstarted(dir: &Path) -> bool {
    dir.to_string_lossy().ends_with(PARTIAL_SUFFIX)
        && !dir.join(SETTINGS_FILE).exists()
        && std::fs::metadata(dir.join(GAMES_FILE)).map_or(true, |m| m.len() == 0)
}

/// The unfinished folder under `out` that a run of `ours` must continue instead of starting another (a task that
/// Slurm requeued or that was cancelled and resubmitted runs the same command line again): the one `.partial`
/// match folder of this very match (everything but the game count agrees), else a folder killed before its
/// `match.json` was written. Two unfinished folders of this match are bad input naming both.
pub(crate) fn unfinished_in(out: &Path, ours: &SettingsRecord) -> anyhow::Result<Option<PathBuf>> {
    let Ok(mut partial) = match_folders_in(out) else {
        return Ok(None);
    };
    partial.retain(|p| is_partial(p));
    let same: Vec<&PathBuf> = partial
        .iter()
        .filter(|p| {
            SettingsRecord::read(p).is_ok_and(|r| r.mismatches(ours, Agree::Resume).is_empty())
        })
        .collect();
    match same.as_slice() {
        [one] => Ok(Some((*one).clone())),
        [] => Ok(partial.into_iter().find(|p| is_unstarted(p))),
        many => Err(Failure::BadInput.because(format!(
            "--out {}: {} unfinished folders of this match ({}); continue one with --resume DIR and move the \
             others away",
            out.display(),
            many.len(),
            listed(many)
        ))),
    }
}

/// The match folders (`match-*`, complete or `.partial`) directly under `dir`, sorted.
pub(crate) fn match_folders_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_dir()
                && p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(STEM))
        })
        .collect();
    found.sort();
    Ok(found)
}

/// `a, b, c`: the paths as a message lists them.
pub(crate) fn listed<P: AsRef<Path>>(paths: &[P]) -> String {
    let names: Vec<_> = paths
        .iter()
        .map(|p| p.as_ref().display().to_string())
        .collect();
    names.join(", ")
}
