//! The per-run output folder `results-private/<UTC timestamp>/`: reserved when the run starts, written as
//! `<name>.partial`, renamed to `<name>` only when complete.

use super::{RecordError, RunMetadata, write_atomic};
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// The suffix of a run folder that is still being written (or whose run failed); readers ignore such folders.
pub(crate) const PARTIAL_SUFFIX: &str = ".partial";

/// A reserved folder that holds one run's files while it runs.
#[derive(Debug)]
pub(crate) struct RunFolder {
    /// `<base>/<name>.partial` while the run writes.
    partial: PathBuf,
    /// `<base>/<name>`, where the folder goes when complete.
    complete: PathBuf,
}

impl RunFolder {
    /// Reserves `<base>/<timestamp>.partial` (or `<timestamp>-2.partial`, `-3`, ... when a run of the same second
    /// holds or completed that name), creating `base` if needed, and writes `metadata.txt` into it.
    ///
    /// The reservation is `create_dir` itself, which fails for every process but one, so two runs started in the
    /// same second never share a folder. Once a name's `.partial` folder is ours, no other run can complete that
    /// name while we hold it, so checking for an already completed folder of the same name is not a race.
    pub(crate) fn reserve(base: &Path, meta: &RunMetadata) -> Result<RunFolder, RecordError> {
        Self::reserve_with_stem(base, &meta.started.folder_name(), meta)
    }

    /// As [`RunFolder::reserve`], with the folder named `stem` (`-2`, `-3`, ... on collision) instead of the
    /// start time alone (`harness compare` uses `compare-<timestamp>`).
    pub(crate) fn reserve_with_stem(
        base: &Path,
        stem: &str,
        meta: &RunMetadata,
    ) -> Result<RunFolder, RecordError> {
        create_base(base)?;
        for n in 1u32.. {
            let name = if n == 1 {
                stem.to_owned()
            } else {
                format!("{stem}-{n}")
            };
            let partial = base.join(format!("{name}{PARTIAL_SUFFIX}"));
            let complete = base.join(&name);
            match fs::create_dir(&partial) {
                Ok(()) => {}
                Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
                Err(source) => {
                    return Err(RecordError::CreateFolder {
                        path: partial,
                        source,
                    });
                }
            }
            if fs::symlink_metadata(&complete).is_ok() {
                // An earlier run of this second finished under this name: give the reservation back.
                let _ = fs::remove_dir(&partial);
                continue;
            }
            crate::children::writing(&partial);
            let folder = RunFolder { partial, complete };
            folder.write("metadata.txt", meta.to_key_values().as_bytes())?;
            return Ok(folder);
        }
        unreachable!("u32 names run out only after four billion runs in one second")
    }

    /// The folder's path while the run writes (the `.partial` one).
    pub(crate) fn path(&self) -> &Path {
        &self.partial
    }

    /// The path the folder gets when complete.
    pub(crate) fn final_path(&self) -> &Path {
        &self.complete
    }

    /// Writes `name` inside the folder atomically and returns its path.
    pub(crate) fn write(&self, name: &str, bytes: &[u8]) -> Result<PathBuf, RecordError> {
        let target = self.partial.join(name);
        write_atomic(&target, bytes)?;
        Ok(target)
    }

    /// Removes the folder and everything in it: for a run that stops before it has produced any result (bad
    /// scenarios, a parity failure), where a `.partial` folder would only be clutter.
    pub(crate) fn discard(self) {
        crate::children::written(&self.partial);
        let _ = fs::remove_dir_all(&self.partial);
    }

    /// Marks the run complete: renames `<name>.partial` to `<name>` and returns the final path.
    pub(crate) fn finish(self) -> Result<PathBuf, RecordError> {
        crate::children::written(&self.partial);
        fs::rename(&self.partial, &self.complete).map_err(|source| RecordError::Write {
            path: self.complete.clone(),
            source,
        })?;
        Ok(self.complete)
    }
}

fn create_base(base: &Path) -> Result<(), RecordError> {
    fs::create_dir_all(base).map_err(|source| RecordError::CreateFolder {
        path: base.to_path_buf(),
        source,
    })
}

/// Whether `dir` is a run folder still being written or left by a failed run.
pub(crate) fn is_partial(dir: &Path) -> bool {
    dir.file_name()
        .is_some_and(|n| n.to_string_lossy().ends_with(PARTIAL_SUFFIX))
}

/// The complete run folders directly under `base` whose names start with `prefix` and that `holds` accepts, oldest
/// first (their names carry the UTC start time); none when `base` cannot be read.
pub(crate) fn complete_folders(
    base: &Path,
    prefix: &str,
    holds: fn(&Path) -> bool,
) -> std::io::Result<Vec<PathBuf>> {
    let Ok(entries) = fs::read_dir(base) else {
        return Ok(Vec::new());
    };
    let mut found = Vec::new();
    for e in entries {
        let path = e?.path();
        let named = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with(prefix));
        if named && !is_partial(&path) && holds(&path) {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// The name `dir` has once its run completes: without the `.partial` suffix (a report written while the run is
/// still going names the folder a reader will find).
pub(crate) fn completed_path(dir: &Path) -> std::path::PathBuf {
    match dir
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_suffix(PARTIAL_SUFFIX))
    {
        Some(name) => dir.with_file_name(name),
        None => dir.to_path_buf(),
    }
}

/// The sort key of a complete run folder's name: its timestamp, then its collision number (`-2` after the plain
/// name, `-10` after `-9`).
fn run_order(name: &str) -> (String, u32) {
    match name.rsplit_once('-') {
        Some((stem, n)) if stem.ends_with('Z') => match n.parse::<u32>() {
            Ok(n) => (stem.to_owned(), n),
            Err(_) => (name.to_owned(), 1),
        },
        _ => (name.to_owned(), 1),
    }
}

/// The latest complete run folder under `base` (one with `counts.csv`; `.partial` folders are ignored): the one that
/// started last by its `metadata.txt` (`started_utc`, ISO 8601 so text order is time order), ties and folders
/// without it ordered by name. A folder's name says nothing: a copy called `old-backup` is not newer than a run.
pub(crate) fn latest_complete_run(base: &Path) -> std::io::Result<Option<PathBuf>> {
    /// When a run started, then its name's order: the sort key of a candidate.
    type Key = (String, (String, u32));
    let mut best: Option<(Key, PathBuf)> = None;
    for e in fs::read_dir(base)? {
        let p = e?.path();
        if !p.is_dir() || is_partial(&p) || !p.join("counts.csv").is_file() {
            continue;
        }
        let key = (
            started_utc(&p).unwrap_or_default(),
            run_order(&p.file_name().unwrap_or_default().to_string_lossy()),
        );
        if best.as_ref().is_none_or(|(k, _)| key > *k) {
            best = Some((key, p));
        }
    }
    Ok(best.map(|(_, p)| p))
}

/// The `started_utc` value of a run folder's `metadata.txt`.
fn started_utc(dir: &Path) -> Option<String> {
    let text = fs::read_to_string(dir.join("metadata.txt")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("started_utc="))
        .map(str::to_owned)
}

/// The `.partial` folders under `base`, each with what it is (`interrupted by SIGTERM`, or `incomplete`: still
/// being written, or left by a run that failed or was killed), by name.
pub(crate) fn partial_runs(base: &Path) -> Vec<(PathBuf, String)> {
    let Ok(entries) = fs::read_dir(base) else {
        return Vec::new();
    };
    let mut found: Vec<(PathBuf, String)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() && is_partial(p))
        .map(|p| {
            let what = match fs::read_to_string(p.join(crate::children::INTERRUPTED_FILE)) {
                Ok(text) => text.trim().to_owned(),
                Err(_) => "incomplete".to_owned(),
            };
            (p, what)
        })
        .collect();
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collision_numbers_sort_numerically() {
        assert!(run_order("2026-01-01T00-00-00Z-10") > run_order("2026-01-01T00-00-00Z-9"));
        assert!(run_order("2026-01-01T00-00-00Z-2") > run_order("2026-01-01T00-00-00Z"));
        assert!(run_order("2026-01-01T00-00-01Z") > run_order("2026-01-01T00-00-00Z-9"));
    }

    #[test]
    fn a_completed_name_is_not_reused() {
        let base = tempfile::tempdir().unwrap();
        let meta = RunMetadata::collect(1);
        fs::create_dir(base.path().join("stamp")).unwrap();
        let f = RunFolder::reserve_with_stem(base.path(), "stamp", &meta).unwrap();
        assert_eq!(f.final_path(), base.path().join("stamp-2"));
        assert!(!base.path().join("stamp.partial").exists());
        let p = crate::record::completed_path(Path::new(
            "results-private/2026-12-01T20-56-03Z.partial",
        ));
        assert_eq!(p, Path::new("results-private/2026-12-01T20-56-03Z"));
    }
}
