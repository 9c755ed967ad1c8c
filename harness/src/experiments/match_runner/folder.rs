//! The match's run folder: reserved as `<out>/match-<UTC timestamp>.partial` the way every run folder is
//! ([`crate::record::RunFolder`]), renamed without `.partial` when the match completes; a resumed match takes
//! its folder back to `.partial` while it plays.

use crate::exit::Failure;
use crate::record::run_folder::PARTIAL_SUFFIX;
use crate::record::{RunFolder, RunMetadata};
use std::path::{Path, PathBuf};

/// A match folder being written.
#[derive(Debug)]
pub(crate) struct MatchFolder {
    partial: PathBuf,
    complete: PathBuf,
}

impl MatchFolder {
    /// Reserves a new folder under `out` (writing `metadata.txt`).
    pub(crate) fn create(out: &Path, meta: &RunMetadata) -> anyhow::Result<MatchFolder> {
        let stem = format!("match-{}", meta.started.folder_name());
        let folder = RunFolder::reserve_with_stem(out, &stem, meta)
            .map_err(|e| Failure::BadInput.tag(e).context("--out"))?;
        Ok(MatchFolder {
            partial: folder.path().to_path_buf(),
            complete: folder.final_path().to_path_buf(),
        })
    }

    /// The folder `dir` names, complete or `.partial`, with the partial and complete paths it has; nothing is
    /// changed yet. A missing folder, or one whose other name is also taken, is bad input.
    pub(crate) fn locate(dir: &Path) -> anyhow::Result<MatchFolder> {
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
        Ok(MatchFolder { partial, complete })
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

    /// Marks the match complete (renames away `.partial`) and returns the final path.
    pub(crate) fn finish(self) -> anyhow::Result<PathBuf> {
        std::fs::rename(&self.partial, &self.complete)?;
        Ok(self.complete)
    }
}
