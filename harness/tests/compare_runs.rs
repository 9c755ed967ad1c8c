//! `harness compare` end to end with prebuilt sides: an A/A run of the real binary gives ratios and no verdict;
//! sides that disagree on counts, or fail their own parity check, stop it with a clear message.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn compare(a: &Path, b: &Path, out: &Path, extra: &[&str]) -> Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .current_dir(&root)
        .arg("compare")
        .arg("--prebuilt")
        .arg(a)
        .arg(b)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

fn only_compare_folder(out: &Path) -> PathBuf {
    let dirs: Vec<PathBuf> = std::fs::read_dir(out)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(dirs.len(), 1, "{dirs:?}");
    dirs[0].clone()
}

#[test]
fn a_against_itself_gives_paired_rounds_from_live_children() {
    let tmp = support::temp_dir("compare-aa");
    let out = tmp.path().to_path_buf();
    let exe = Path::new(env!("CARGO_BIN_EXE_harness"));
    // With callgrind, the first round also counts instructions: deterministic, so A against itself must be 1.
    let counted = support::valgrind_present();
    let o = compare(
        exe,
        exe,
        &out,
        &[
            "--rounds",
            "2",
            "--instruction-rounds",
            if counted { "1" } else { "0" },
            "--time-budget",
            "1",
            "--sessions",
            "2",
            "--scenario",
            "promotion-en-passant",
            "--cache",
            "none,optimized",
            "--eval",
            "constant",
        ],
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    let folder = only_compare_folder(&out);
    let csv = std::fs::read_to_string(folder.join("compare.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].starts_with("scenario,variant,evaluator,traversal,measure,unit,a_median"));
    let header: Vec<&str> = lines[0].split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    // Instruction counts of one binary against itself: the same count on both sides, so the ratio is 1 exactly
    // (its interval only widened by the instruction tolerance), and `exact`.
    let instruction_rows: Vec<Vec<&str>> = lines[1..]
        .iter()
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|f| f[col("measure")] == "instructions")
        .collect();
    assert_eq!(instruction_rows.is_empty(), !counted, "{csv}");
    for f in &instruction_rows {
        let num = |c: &str| -> f64 { f[col(c)].parse().unwrap() };
        assert_eq!(num("a_median"), num("b_median"), "{f:?}");
        assert!((num("a_over_b_median") - 1.0).abs() < 1e-9, "{f:?}");
        assert!(
            num("a_over_b_low") <= 1.0 && num("a_over_b_high") >= 1.0,
            "{f:?}"
        );
        assert_eq!(f[col("exact")], "true", "{f:?}");
    }
    // One time row per variant, from at least the two rounds asked for (the one-second budget usually gives more).
    let time_rows: Vec<&&str> = lines[1..].iter().filter(|l| l.contains(",time,")).collect();
    assert_eq!(time_rows.len(), 2, "{csv}");
    for (line, variant) in time_rows.into_iter().zip(["none", "optimized"]) {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(
            &f[..6],
            [
                "promotion-en-passant",
                variant,
                "constant",
                "on",
                "time",
                "ns_per_op"
            ]
        );
        // Times on a shared machine say nothing about nearness to 1; what holds whatever the noise: the ratio lies
        // inside its interval, from the rounds asked for or more.
        let num = |i: usize| -> f64 { f[i].parse().unwrap() };
        let (ratio, low, high) = (num(8), num(9), num(10));
        assert!(ratio > 0.0 && low <= ratio && ratio <= high, "{line}");
        assert!(f[11].parse::<usize>().unwrap() >= 2, "pairs: {line}");
    }
    // The main-job runs only check counts here: one pair.
    let runs: Vec<String> = std::fs::read_dir(folder.join("runs"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(runs.len(), 2, "{runs:?}");
    for run in ["01-A", "01-B"] {
        assert!(
            folder.join("runs").join(run).join("main-job.log").is_file(),
            "{run}"
        );
    }
    assert!(
        std::fs::read_to_string(folder.join("compare.md"))
            .unwrap()
            .contains("| time |")
    );
    let meta = std::fs::read_to_string(folder.join("metadata.txt")).unwrap();
    assert!(
        meta.lines().all(|l| l.contains('=')),
        "key=value lines: {meta}"
    );
    assert!(
        meta.contains("rounds=2\n")
            && meta.contains("seed=1\n")
            && meta.contains("timing=interleaved_rounds\n")
            && meta.contains("samples=successor\n")
            && meta.contains("sessions=2\n")
            && meta.contains("planted_slowdown_b=none\n"),
        "{meta}"
    );
    // `harness report` on the comparison folder renders the page the run wrote, from the folder's files alone.
    let reports = out.join("reports");
    let report = Command::new(env!("CARGO_BIN_EXE_harness"))
        .arg("report")
        .arg(&folder)
        .arg("--out")
        .arg(&reports)
        .output()
        .unwrap();
    assert!(
        report.status.success(),
        "{}",
        String::from_utf8_lossy(&report.stderr)
    );
    let page = reports
        .join("compare")
        .join(folder.file_name().unwrap())
        .join("index.md");
    assert_eq!(
        std::fs::read_to_string(page).unwrap(),
        std::fs::read_to_string(folder.join("compare.md")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&out);
}

/// A stand-in for a revision's harness: writes a run folder whose counts carry `hits`, or exits with `code`.
#[cfg(unix)]
fn fake_side(dir: &Path, name: &str, hits: u32, code: i32) -> PathBuf {
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\n\
         out=\"\"\n\
         while [ $# -gt 0 ]; do [ \"$1\" = --out ] && out=\"$2\"; shift; done\n\
         [ {code} -ne 0 ] && {{ echo 'parity: values differ' >&2; exit {code}; }}\n\
         d=\"$out/2026-01-01T00-00-00Z\"; mkdir -p \"$d\"\n\
         h='scenario,variant,evaluator,traversal,metric,value,machine,rustc,git_revision,seed'\n\
         printf \"$h\\ns,optimized,material,on,cache_hits,{hits},m,r,g,1\\n\" > \"$d/counts.csv\"\n\
         printf \"$h\\ns,optimized,material,on,ns_per_op_median,100,m,r,g,1\\n\" > \"$d/timings.csv\"\n"
    );
    // The probe run writes its stand-in run folder under `dir/probe`, which nothing reads.
    let probe = dir.join("probe");
    support::write_script(&path, &script, &["--out", probe.to_str().unwrap()]);
    path
}

#[cfg(unix)]
#[test]
fn sides_that_disagree_on_counts_get_no_ratio() {
    let tmp = support::temp_dir("compare-disagree");
    let dir = tmp.path().to_path_buf();
    let a = fake_side(&dir, "a.sh", 7, 0);
    let b = fake_side(&dir, "b.sh", 8, 0);
    let out = dir.join("out");
    let o = compare(&a, &b, &out, &["--rounds", "1"]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("metric `cache_hits`: 7 in"), "{stderr}");
    assert!(
        stderr.contains("01-A") && stderr.contains("01-B"),
        "{stderr}"
    );
    assert!(!only_compare_folder(&out).join("compare.csv").exists());
    // The same fake on both sides agrees and yields a ratio of exactly 1.
    let out2 = dir.join("out2");
    let o = compare(&a, &a, &out2, &["--rounds", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = std::fs::read_to_string(only_compare_folder(&out2).join("compare.csv")).unwrap();
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .contains(",1.000000,1.000000,1.000000,1,"),
        "{csv}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_side_failing_its_parity_check_is_named() {
    let tmp = support::temp_dir("compare-parity");
    let dir = tmp.path().to_path_buf();
    let a = fake_side(&dir, "a.sh", 7, 0);
    let b = fake_side(&dir, "b.sh", 7, 3);
    let o = compare(&a, &b, &dir.join("out"), &["--rounds", "1"]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        stderr.contains("side B") && stderr.contains("failed its own parity check"),
        "{stderr}"
    );
    assert!(
        stderr.contains("parity: values differ"),
        "log tail shown: {stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_revision_is_refused_before_any_build() {
    let tmp = support::temp_dir("compare-unknown");
    let dir = tmp.path().to_path_buf();
    let o = Command::new(env!("CARGO_BIN_EXE_harness"))
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
        .args(["compare", "HEAD", "no-such-revision-xyz", "--out"])
        .arg(dir.join("out"))
        .arg("--work-dir")
        .arg(dir.join("work"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    // Outside a git checkout (a source archive) the message names that instead.
    assert!(
        stderr.contains("`no-such-revision-xyz` is not a commit")
            || stderr.contains("not inside a git work tree"),
        "{stderr}"
    );
    assert!(
        !dir.join("work").exists(),
        "nothing was checked out or built"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
