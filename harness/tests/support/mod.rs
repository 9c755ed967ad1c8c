//! Test support shared by the integration tests: scratch folders that clean up after themselves.

#![allow(dead_code)]

pub mod rules_model;

use std::path::{Path, PathBuf};

/// A fresh empty folder under the system temp folder, removed when the guard drops. `name` shows in the folder's
/// name so a leftover (after a crash) says which test made it.
pub fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("harness-{name}-"))
        .tempdir()
        .expect("a temporary folder")
}

/// Writes an executable shell script to `path` and waits until running it with `probe` (arguments that must have no
/// side effect) no longer fails with "text file busy". Another test thread that forks a child while this one holds
/// the file open for writing leaves that child a copy of the descriptor until it execs, and running the script in
/// that window fails.
#[cfg(unix)]
pub fn write_script(path: &Path, text: &str, probe: &[&str]) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    for _ in 0..200 {
        match std::process::Command::new(path).args(probe).output() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(10))
            }
            Err(e) => panic!("{}: {e}", path.display()),
            Ok(_) => return,
        }
    }
    panic!("{}: still busy", path.display());
}

/// The entries of `dir` (none when it does not exist), sorted: the run folders a command created there.
pub fn folders(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// The repository's shipped scenario files.
pub fn shipped_scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios")
}

/// The shipped scenarios with the fixture curve and bench as `strength/` (the shipped ones are the lead's
/// measurements, written from finished matches).
pub fn scenarios_with_strength(tmp: &Path) -> PathBuf {
    let dir = tmp.join("scenarios");
    std::fs::create_dir_all(dir.join("strength")).unwrap();
    for e in std::fs::read_dir(shipped_scenarios()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/strength");
    for name in ["elo-per-doubling.json", "bench.json"] {
        std::fs::copy(fixture.join(name), dir.join("strength").join(name)).unwrap();
    }
    dir
}

/// The small results folder the report tests render.
pub fn report_fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/report_run")
}

/// A copy of the report fixture in a fresh folder, for tests that damage it.
pub fn copy_report_fixture(name: &str) -> tempfile::TempDir {
    let d = temp_dir(name);
    for e in std::fs::read_dir(report_fixture()).expect("the fixture folder") {
        let p = e.expect("a fixture entry").path();
        std::fs::copy(&p, d.path().join(p.file_name().expect("a file name"))).expect("a copy");
    }
    d
}

/// The verdict rule the README documents, written out independently of the harness so tests can check it:
/// no verdict below 95% coverage, within noise inside 1 ± 1%, `better` above 1, `worse` below, otherwise no
/// verdict. Returns people's words (`within noise`, `no verdict`).
pub fn verdict_by_rule(
    (low, high, level): (f64, f64, f64),
    better: &'static str,
    worse: &'static str,
) -> &'static str {
    if level < 0.95 || !low.is_finite() || !high.is_finite() {
        "no verdict"
    } else if low >= 0.99 && high <= 1.01 {
        "within noise"
    } else if low > 1.0 {
        better
    } else if high < 1.0 {
        worse
    } else {
        "no verdict"
    }
}

/// Whether `valgrind` runs here (the callgrind measurements need it; tests check what they can without).
pub fn valgrind_present() -> bool {
    std::process::Command::new("valgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Asserts that the report folder `dir` holds only what its pages reference: every file under it (outside the
/// subfolders named in `others`, which another render owns) is a page (`*.md`) or is linked from one, and every
/// file a page links to exists. Links are markdown's `](target)`; web links and anchors are skipped.
pub fn assert_report_owns_its_folder(dir: &Path, others: &[&str]) {
    fn files(dir: &Path, root: &Path, others: &[&str], out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("a report folder") {
            let p = e.expect("an entry").path();
            let rel = p.strip_prefix(root).expect("under the root").to_path_buf();
            if others.iter().any(|o| rel == Path::new(o)) {
                continue;
            }
            if p.is_dir() {
                files(&p, root, others, out);
            } else {
                out.push(rel);
            }
        }
    }
    let mut all = Vec::new();
    files(dir, dir, others, &mut all);
    let mut referenced = Vec::new();
    for page in all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
    {
        let text = std::fs::read_to_string(dir.join(page)).expect("a page");
        let base = page.parent().unwrap_or(Path::new(""));
        for part in text.split("](").skip(1) {
            let target = &part[..part.find(')').expect("a closed link")];
            if target.contains("://") || target.starts_with('#') {
                continue;
            }
            let path = base.join(target);
            // Links out of the folder (to docs/) are not the report's files.
            if path
                .components()
                .any(|c| c == std::path::Component::ParentDir)
            {
                continue;
            }
            assert!(
                dir.join(&path).is_file(),
                "{} links {target}, which does not exist",
                page.display()
            );
            referenced.push(path);
        }
    }
    for f in &all {
        let is_page = f.extension().is_some_and(|e| e == "md");
        assert!(
            is_page || referenced.contains(f),
            "{} is in the report folder but no page links it",
            f.display()
        );
    }
}

/// The main-job stages a test binary skips: the child-process profiles (instructions, allocations, the break-even
/// map's callgrind counts) re-execute the running binary, which in a test is the test binary; the TT-pressure and
/// eviction experiments have their own tests, and in a main-job test they would only add seconds.
pub const SKIPPED_IN_TESTS: [&str; 5] = [
    "instructions",
    "break_even",
    "tt_pressure",
    "catalogue_eviction",
    "allocations",
];
