//! Output locations, checked before any work: a command that cannot write where it was told to fails in its first
//! second with exit status 2 and a message naming the option, not after minutes of measurement.

use crate::exit::Failure;
use std::path::{Path, PathBuf};

/// Checks that `dir` (the value of `--option`) is a folder that accepts a new file, or can be created as one: its
/// nearest existing ancestor is a folder that accepts a new folder. Nothing is left behind (the folder is not
/// created here; the work creates it).
pub(crate) fn check_output_folder(option: &str, dir: &Path) -> anyhow::Result<()> {
    check_folder(option, dir, dir)
}

/// [`check_output_folder`] of `dir`, the message naming `shown` (the value the user gave).
fn check_folder(option: &str, shown: &Path, dir: &Path) -> anyhow::Result<()> {
    let fail = |why: String| bad(option, shown, why);
    if !dir.exists() && dir.symlink_metadata().is_ok() {
        return Err(fail(
            "is a symlink to nothing; refusing to create a folder through it".into(),
        ));
    }
    if dir.exists() {
        if !dir.is_dir() {
            return Err(fail(if dir == shown {
                "exists and is not a folder".into()
            } else {
                format!("{} is not a folder", dir.display())
            }));
        }
        return probe(dir).map_err(|e| fail(format!("cannot write into the folder: {e}")));
    }
    let mut ancestor = parent_of(dir);
    while !ancestor.exists() {
        ancestor = parent_of(&ancestor);
    }
    if !ancestor.is_dir() {
        return Err(fail(format!(
            "cannot create the folder: {} is not a folder",
            ancestor.display()
        )));
    }
    probe(&ancestor).map_err(|e| {
        fail(format!(
            "cannot create the folder in {}: {e}",
            ancestor.display()
        ))
    })
}

/// Creates and removes a temporary folder inside `dir`.
fn probe(dir: &Path) -> std::io::Result<()> {
    tempfile::Builder::new()
        .prefix(".write-probe-")
        .tempdir_in(dir)
        .map(drop)
}

/// Checks that `dir` (the value of `--option`) can be replaced as a whole by a freshly written folder: it is a
/// folder or absent, and the folder that holds it accepts a new folder beside it, or can be created (renders swap
/// a new folder in).
pub(crate) fn check_replaceable_folder(option: &str, dir: &Path) -> anyhow::Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(bad(option, dir, "exists and is not a folder".into()));
    }
    // Its content is replaced, in place when the folder itself cannot be renamed (a mount point), so it must
    // accept files as well as its parent.
    if dir.is_dir() {
        probe(dir).map_err(|e| bad(option, dir, format!("cannot write into the folder: {e}")))?;
    }
    check_folder(option, dir, &parent_of(&resolve(dir)))
}

/// What a location given on the command line is to a command: something it reads, or something it writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Role {
    /// Read (the scenarios folder, a run folder being reported): an output must neither hold nor lie inside it.
    Input,
    /// Written (a results folder, a report folder replaced whole, a trace folder).
    Output,
}

/// Checks, before any work, that no output among `locations` (`(option, path, role)`) is, holds or lies inside
/// another location: a report folder replaced whole would delete what it holds, and an output inside an input
/// would change what is read. Paths are compared as [`resolve`]d, so `..` and symlinks cannot hide an overlap.
pub(crate) fn check_apart(locations: &[(&str, &Path, Role)]) -> anyhow::Result<()> {
    let resolved: Vec<PathBuf> = locations.iter().map(|(_, p, _)| resolve(p)).collect();
    for (i, &(option, path, role)) in locations.iter().enumerate() {
        if role != Role::Output {
            continue;
        }
        for (j, &(other, other_path, other_role)) in locations.iter().enumerate() {
            if i == j {
                continue;
            }
            // Of two outputs, the one that holds the other is named (the folder whose swap would delete it).
            let (a, b) = (&resolved[i], &resolved[j]);
            let how = if a == b && (other_role == Role::Input || j > i) {
                "is"
            } else if a != b && b.starts_with(a) {
                "holds"
            } else if a != b && a.starts_with(b) && other_role == Role::Input {
                "lies inside"
            } else {
                continue;
            };
            let what = match other_role {
                Role::Input => "which this command reads",
                Role::Output => "which this command also writes",
            };
            // A positional argument (`<DIRS>`) is named as it is, an option with its dashes.
            let dashes = if other.starts_with('<') { "" } else { "--" };
            return Err(bad(
                option,
                path,
                format!(
                    "{how} {dashes}{other} ({}, {what}); give them separate folders",
                    other_path.display()
                ),
            ));
        }
    }
    Ok(())
}

/// `path` made absolute with `..` and symlinks resolved, as the kernel resolves it: walked from the root, each
/// symlink replaced by its target and each `..` taking the resolved folder's parent; a missing part is kept as
/// written (it holds no symlink).
pub(crate) fn resolve(path: &Path) -> PathBuf {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => {
                out.push(other);
                if std::fs::symlink_metadata(&out).is_ok_and(|m| m.file_type().is_symlink())
                    && let Ok(real) = out.canonicalize()
                {
                    out = real;
                }
            }
        }
    }
    out
}

/// Checks that `file` (the value of `--option`) can be replaced by a regular file: absent, a regular file, or a
/// symlink to one (which is followed: the file it points to is written), in a folder that accepts a new file or
/// can be created ([`check_output_folder`]). A device, FIFO, socket or folder is never replaced.
pub(crate) fn check_output_file(option: &str, file: &Path) -> anyhow::Result<()> {
    if let Some(what) = special_file(file) {
        return Err(bad(option, file, what));
    }
    check_folder(option, file, &parent_of(&resolve(file)))
}

/// Why `file` cannot be replaced by a regular file, if it cannot.
pub(crate) fn special_file(file: &Path) -> Option<String> {
    use std::os::unix::fs::FileTypeExt;
    let link = std::fs::symlink_metadata(file).ok()?;
    let Ok(meta) = std::fs::metadata(file) else {
        return Some("is a symlink to nothing; refusing to write through it".into());
    };
    let t = meta.file_type();
    let what = if t.is_file() {
        return None;
    } else if t.is_dir() {
        "a folder"
    } else if t.is_block_device() || t.is_char_device() {
        "a device"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    };
    let via = if link.file_type().is_symlink() {
        " (through a symlink)"
    } else {
        ""
    };
    Some(format!(
        "is {what}{via}, not a regular file; it is never replaced"
    ))
}

/// The mode a new file (`0o666`) or folder (`0o777`) gets under the process's umask, as `open` and `mkdir` give
/// it: temporary files are created 0600 and temporary folders 0700, so the writers set this before the rename.
pub(crate) fn mode_under_umask(full: u32) -> u32 {
    full & !umask()
}

/// The process's umask, read once (from `/proc/self/status`, which reads it without changing it; 022 where that
/// is missing).
fn umask() -> u32 {
    static UMASK: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *UMASK.get_or_init(|| {
        std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("Umask:"))
                    .and_then(|v| u32::from_str_radix(v.trim(), 8).ok())
            })
            .unwrap_or(0o022)
    })
}

/// Sets `path`'s permissions to what a new file (or folder) gets under the umask.
pub(crate) fn set_mode_under_umask(path: &Path, folder: bool) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = mode_under_umask(if folder { 0o777 } else { 0o666 });
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

/// Fails with "no space left on device" and the path when the file system holding `path` has no free block left
/// for this process (root may use the reserved blocks too): a child such as valgrind that cuts its output short on
/// a full disk does not say so itself.
pub(crate) fn check_space(path: &Path) -> anyhow::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let dir = parent_of(path);
    let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else {
        return Ok(());
    };
    // SAFETY: `c` is a NUL-terminated path and `st` a zeroed statvfs that the call fills in.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
        return Ok(());
    }
    // SAFETY: geteuid has no memory effects.
    let free = if unsafe { libc::geteuid() } == 0 {
        st.f_bfree
    } else {
        st.f_bavail
    };
    if free == 0 {
        anyhow::bail!("{}: no space left on device", path.display());
    }
    Ok(())
}

/// The folder that holds `path` (`.` for a bare name).
pub(crate) fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn bad(option: &str, dir: &Path, why: String) -> anyhow::Error {
    Failure::BadInput.because(format!(
        "invalid value '{}' for '--{option}': {why}",
        dir.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn a_file_in_the_way_and_an_unwritable_place_are_bad_input() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("f");
        fs::write(&file, b"x").unwrap();
        for err in [
            check_output_folder("out", &file).unwrap_err(),
            check_replaceable_folder("report-dir", &file).unwrap_err(),
            check_output_folder("out", &file.join("below")).unwrap_err(),
            check_replaceable_folder("report-dir", &file.join("below")).unwrap_err(),
        ] {
            assert_eq!(Failure::of(&err), Failure::BadInput, "{err}");
        }
        assert!(check_output_folder("out", &tmp.path().join("new/deeper")).is_ok());
        assert!(check_replaceable_folder("report-dir", &tmp.path().join("r")).is_ok());
        // Checking creates nothing.
        let mut names: Vec<_> = fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["f"]);
        let err = crate::record::check_output_folder("out", std::path::Path::new("/dev/null/x"))
            .unwrap_err();
        assert_eq!(crate::exit::Failure::of(&err).code(), 2);
        assert!(
            err.to_string()
                .starts_with("invalid value '/dev/null/x' for '--out': ")
        );
    }

    /// A tiny tmpfs filled to the last block (needs root to mount; elsewhere the test says so and checks nothing).
    #[test]
    fn a_full_file_system_is_named_with_its_path() {
        let tmp = tempfile::tempdir().unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(tmp.path())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!("skipped: cannot mount a tmpfs here (not root)");
            return;
        }
        let target = tmp.path().join("out.csv");
        assert!(check_space(&target).is_ok());
        let fill = std::fs::write(tmp.path().join("fill"), vec![0u8; 1 << 20]);
        let err = check_space(&target).map_err(|e| e.to_string());
        let _ = std::process::Command::new("umount")
            .arg(tmp.path())
            .status();
        assert!(fill.is_err(), "1 MiB fitted in a 64 KiB file system");
        let err = err.unwrap_err();
        assert!(
            err.contains("no space left on device") && err.contains(&*target.to_string_lossy()),
            "{err}"
        );
    }

    #[test]
    fn check_apart_examples() {
        use crate::record::{Role, check_apart};
        use std::path::Path;
        let err = check_apart(&[
            ("out", Path::new("x/results"), Role::Output),
            (
                "report-dir",
                Path::new("x/reports/../results/.."),
                Role::Output,
            ),
        ])
        .unwrap_err();
        assert_eq!(
            crate::exit::Failure::of(&err),
            crate::exit::Failure::BadInput
        );
        assert!(err.to_string().contains("holds --out"), "{err}");
        assert!(
            check_apart(&[
                ("out", Path::new("results"), Role::Output),
                ("scenarios-dir", Path::new("scenarios"), Role::Input)
            ])
            .is_ok()
        );
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().canonicalize().unwrap();
        let p = dir.path().join("a/../b/./c");
        assert_eq!(crate::record::output::resolve(&p), real.join("b/c"));
    }
}
