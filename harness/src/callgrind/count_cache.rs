//! The store of callgrind children's results, keyed by everything that decides them.
//!
//! A callgrind count is deterministic: the same harness binary, run on the same scenario file with the same
//! valgrind and the same child arguments, executes the same instructions. So a child's result (its standard
//! output and its callgrind files, one per arm) is kept under `<out>/.cache/callgrind/` and reused by a later run
//! instead of running valgrind again. The key is written out in full in each entry (`key.txt`: SHA-256 of the executable's
//! bytes, SHA-256 of the scenario file, `valgrind --version`, every valgrind option and child argument: a change of
//! method such as `--instr-atstart=no`, which changes the cache figures, is a different key) and a hit
//! requires that text to equal the one the run would use, byte for byte; the entry's folder name (a digest of the
//! key) only finds the candidate. Anything else (a missing file, a different key, an unreadable entry) is a miss,
//! and the child runs. The store is never committed: it lives in the git-ignored results folder.

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// The store's folder under a run's output folder.
pub(crate) fn folder_under(out: &Path) -> PathBuf {
    out.join(".cache").join("callgrind")
}

/// One child's key: the text that must match for a stored result to be reused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChildKey(String);

impl ChildKey {
    /// The key of running `exe` under valgrind `version` with `valgrind_args` and `child_args` on `scenario_file`.
    /// Paths that do not decide the counts (the callgrind output file, the scenarios folder) must not be in the
    /// arguments given here.
    pub(crate) fn new(
        exe: &Path,
        scenario_file: &Path,
        version: &str,
        valgrind_args: &[&str],
        child_args: &[&str],
    ) -> Result<ChildKey> {
        Ok(ChildKey(format!(
            "binary_sha256={}\nscenario_sha256={}\nvalgrind={version}\nvalgrind_args={}\nchild_args={}\n",
            file_digest(exe)?,
            file_digest(scenario_file)?,
            valgrind_args.join(" "),
            child_args.join(" "),
        )))
    }

    /// The entry's folder name: the key's digest.
    fn entry_name(&self) -> String {
        hex(&Sha256::digest(self.0.as_bytes()))
    }
}

/// A stored result: the child's standard output and the text of the callgrind file of each of its measured windows
/// (one per arm), in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StoredChild {
    /// The child's standard output.
    pub stdout: String,
    /// The callgrind files, one per measured window (`callgrind.1.out`, `callgrind.2.out`, ... in the entry).
    pub callgrind_outs: Vec<String>,
}

/// The file of an entry's window `i` (from 0).
fn dump_name(i: usize) -> String {
    format!("callgrind.{}.out", i + 1)
}

/// The stored result for `key` in `store`, if one exists whose full key equals `key`.
pub(crate) fn lookup(store: &Path, key: &ChildKey) -> Option<StoredChild> {
    let entry = store.join(key.entry_name());
    let stored_key = std::fs::read_to_string(entry.join("key.txt")).ok()?;
    if stored_key != key.0 {
        return None;
    }
    let callgrind_outs: Vec<String> = (0..)
        .map_while(|i| std::fs::read_to_string(entry.join(dump_name(i))).ok())
        .collect();
    Some(StoredChild {
        stdout: std::fs::read_to_string(entry.join("stdout.txt")).ok()?,
        callgrind_outs,
    })
}

/// Stores `child` under `key`: written into a temporary folder, then renamed into place, so a reader sees a
/// complete entry or none (when two runs store the same key, the first rename wins and both entries are equal).
pub(crate) fn store(store: &Path, key: &ChildKey, child: &StoredChild) -> Result<()> {
    std::fs::create_dir_all(store)
        .with_context(|| format!("{}: cannot create", store.display()))?;
    let tmp = tempfile::Builder::new()
        .prefix(".entry-")
        .tempdir_in(store)
        .with_context(|| format!("{}: cannot create an entry", store.display()))?;
    let dumps = child
        .callgrind_outs
        .iter()
        .enumerate()
        .map(|(i, text)| (dump_name(i), text.as_str()));
    for (name, text) in [
        ("key.txt".to_owned(), key.0.as_str()),
        ("stdout.txt".to_owned(), child.stdout.as_str()),
    ]
    .into_iter()
    .chain(dumps)
    {
        let path = tmp.path().join(name);
        std::fs::write(&path, text).with_context(|| format!("{}: cannot write", path.display()))?;
    }
    let target = store.join(key.entry_name());
    let tmp = tmp.keep();
    if std::fs::rename(&tmp, &target).is_err() {
        // Another run stored the same key first (or the folder is stale): keep the stored one.
        let _ = std::fs::remove_dir_all(&tmp);
    }
    Ok(())
}

/// SHA-256 of a file's bytes in hex, computed once per path and process (the executable is read by every child's
/// key).
fn file_digest(path: &Path) -> Result<String> {
    static DIGESTS: OnceLock<Mutex<HashMap<PathBuf, String>>> = OnceLock::new();
    let digests = DIGESTS.get_or_init(Default::default);
    if let Some(d) = digests.lock().expect("not poisoned").get(path) {
        return Ok(d.clone());
    }
    let bytes = std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
    let d = hex(&Sha256::digest(&bytes));
    digests
        .lock()
        .expect("not poisoned")
        .insert(path.to_path_buf(), d.clone());
    Ok(d)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(dir: &Path, exe: &[u8], scenario: &[u8], args: &[&str]) -> ChildKey {
        let (e, s) = (dir.join("exe"), dir.join("scenario.json"));
        std::fs::write(&e, exe).unwrap();
        std::fs::write(&s, scenario).unwrap();
        ChildKey::new(&e, &s, "valgrind-3.19.0", &["--tool=callgrind"], args).unwrap()
    }

    #[test]
    fn a_hit_needs_the_same_binary_scenario_and_arguments() {
        let dir = tempfile::tempdir().unwrap();
        let store_dir = dir.path().join("store");
        // Separate folders per key so the per-process digest memo sees each file's own bytes.
        let sub = |name: &str| {
            let d = dir.path().join(name);
            std::fs::create_dir_all(&d).unwrap();
            d
        };
        let k = key(&sub("a"), b"binary", b"{}", &["--cache", "none"]);
        assert_eq!(lookup(&store_dir, &k), None);
        let child = StoredChild {
            stdout: "successors=1\n".into(),
            callgrind_outs: vec![
                "events: Ir\nsummary: 7\n".into(),
                "events: Ir\nsummary: 8\n".into(),
            ],
        };
        store(&store_dir, &k, &child).unwrap();
        assert_eq!(lookup(&store_dir, &k), Some(child.clone()));
        // Storing the same key again keeps one complete entry and leaves no temporary folder.
        store(&store_dir, &k, &child).unwrap();
        assert_eq!(std::fs::read_dir(&store_dir).unwrap().count(), 1);
        for other in [
            key(&sub("b"), b"binary2", b"{}", &["--cache", "none"]),
            key(&sub("c"), b"binary", b"{ }", &["--cache", "none"]),
            key(&sub("d"), b"binary", b"{}", &["--cache", "fx"]),
        ] {
            assert_ne!(other, k);
            assert_eq!(lookup(&store_dir, &other), None);
        }
        // An entry whose key text differs from its folder's name (tampered, or a digest collision) is a miss.
        let entry = store_dir.join(k.entry_name());
        std::fs::write(entry.join("key.txt"), "binary_sha256=0\n").unwrap();
        assert_eq!(lookup(&store_dir, &k), None);
    }
}
