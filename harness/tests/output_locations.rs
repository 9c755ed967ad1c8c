//! Every output location of every command is checked before any work: a path below a regular file (which no
//! user can create) exits 2 with a message naming the option, quickly, and writes nothing; `compare --rounds 0`
//! is bad input too.

mod cli_support;

use cli_support::{assert_exit, run};
use std::path::{Path, PathBuf};

/// A scratch folder holding one regular file; paths below that file cannot be created.
struct Blocked {
    dir: tempfile::TempDir,
}

impl Blocked {
    fn new() -> Blocked {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("file"), b"x").unwrap();
        Blocked { dir }
    }
    fn below_file(&self) -> String {
        self.dir.path().join("file/below").display().to_string()
    }
    fn ok(&self, name: &str) -> String {
        self.dir.path().join(name).display().to_string()
    }
    /// The folder holds only the blocking file (nothing was written beside it).
    fn untouched(&self, allowed: &[&str]) {
        let mut names: Vec<String> = std::fs::read_dir(self.dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| !allowed.contains(&n.as_str()))
            .collect();
        names.sort();
        assert_eq!(names, ["file"], "something was written");
    }
}

/// Runs `args` and expects exit 2 naming `option`, before any work (nothing printed on stdout).
fn refused(args: &[String], option: &str) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args);
    let err = assert_exit(&out, 2);
    let named = [
        format!("'--{option}"),
        format!("--{option}:"),
        format!("--{option} "),
    ];
    assert!(
        named.iter().any(|n| err.contains(n.as_str())),
        "{args:?}: {err}"
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).trim().is_empty(),
        "{args:?} printed results: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    // Not a timing claim: a refusal that did the work first would take minutes, this one must not even verify
    // the scenarios, so it cannot reach the progress lines work prints.
    assert!(!err.contains("verified"), "{args:?} did work first: {err}");
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

#[test]
fn main_job_checks_out_report_dir_and_trace_out_first() {
    let b = Blocked::new();
    let ok_out = b.ok("results");
    let ok_rep = b.ok("reports");
    let bad = b.below_file();
    refused(&s(&["--out", &bad, "--report-dir", &ok_rep]), "out");
    refused(&s(&["--out", &ok_out, "--report-dir", &bad]), "report-dir");
    refused(
        &s(&[
            "--out",
            &ok_out,
            "--report-dir",
            &ok_rep,
            "--trace-out",
            &bad,
        ]),
        "trace-out",
    );
    b.untouched(&["results", "reports"]);
    for folder in ["results", "reports"] {
        let p = Path::new(&b.ok(folder)).to_path_buf();
        let entries = std::fs::read_dir(&p).map(|d| d.count()).unwrap_or(0);
        assert_eq!(entries, 0, "{} holds a run", p.display());
    }
}

#[test]
fn experiment_commands_check_out_first() {
    let b = Blocked::new();
    let bad = b.below_file();
    refused(&s(&["bounded-cache", "--out", &bad]), "out");
    refused(&s(&["tt-pressure", "--out", &bad]), "out");
    refused(&s(&["break-even", "--out", &bad]), "out");
    refused(&s(&["report", "--out", &bad]), "out");
    refused(&s(&["scenarios", "freeze", "--dir", &bad]), "dir");
    refused(&s(&["catalogue", "--out", &bad]), "out");
    b.untouched(&[]);
}

#[test]
fn search_checks_trace_out_first() {
    let b = Blocked::new();
    let bad = b.below_file();
    let root = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB";
    refused(&s(&["search", root, "--trace-out", &bad]), "trace-out");
    b.untouched(&[]);
}

#[test]
fn eviction_checks_every_output_first() {
    let b = Blocked::new();
    let bad = b.below_file();
    let ok: PathBuf = b.ok("ev").into();
    let ok = ok.display().to_string();
    refused(&s(&["eviction", "--out", &bad]), "out");
    refused(
        &s(&["eviction", "--out", &ok, "--dice-trace-out", &bad]),
        "dice-trace-out",
    );
    refused(
        &s(&["eviction", "--out", &ok, "--report-dir", &bad]),
        "report-dir",
    );
    refused(
        &s(&[
            "eviction",
            "--out",
            &ok,
            "--trace-out",
            &format!("{bad}/t.csv"),
        ]),
        "trace-out",
    );
    b.untouched(&["ev"]);
}

#[test]
fn compare_checks_rounds_out_and_work_dir_first() {
    let b = Blocked::new();
    let bad = b.below_file();
    let exe = env!("CARGO_BIN_EXE_harness");
    refused(
        &s(&["compare", "--prebuilt", exe, exe, "--rounds", "0"]),
        "rounds",
    );
    refused(
        &s(&["compare", "--prebuilt", exe, exe, "--out", &bad]),
        "out",
    );
    refused(
        &s(&[
            "compare",
            "--prebuilt",
            exe,
            exe,
            "--out",
            &b.ok("o"),
            "--work-dir",
            &bad,
        ]),
        "work-dir",
    );
    b.untouched(&["o"]);
}
