//! `harness scenarios freeze --from FILE --family NAME`: a user's positions become a family file that loads,
//! verifies and is found by `--scenarios-dir`; every kind of bad line exits 2 naming the file and the line, and
//! writes nothing.

use std::path::Path;
use std::process::{Command, Output};

fn harness(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .output()
        .unwrap()
}

fn freeze(from: &Path, family: &str, dir: &Path, more: &[&str]) -> Output {
    let mut args = vec![
        "scenarios",
        "freeze",
        "--from",
        from.to_str().unwrap(),
        "--family",
        family,
        "--dir",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    harness(&args)
}

const GOOD: &str = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1 PK";
const SECOND: &str = "k7/8/8/8/6p1/8/4P3/7K w - - 0 1 PPN";

#[test]
fn positions_freeze_into_a_family_that_verifies_and_is_discovered() {
    let tmp = tempfile::tempdir().unwrap();
    let from = tmp.path().join("my.dfen");
    std::fs::write(&from, format!("# mine\n{GOOD}\n\n{SECOND}\n")).unwrap();
    let dir = tmp.path().join("scenarios");
    let out = freeze(&from, "mine_positions", &dir, &["--eval", "aggressive"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(dir.join("mine_positions.json")).unwrap();
    let loaded: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(loaded["family"], "mine_positions");
    let roots = loaded["roots"].as_array().unwrap();
    assert_eq!(roots.len(), 2);
    assert_eq!(roots[1]["dfen"], SECOND);
    let names: Vec<&String> = roots[0]["successors"][0]["expected"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(names, ["aggressive", "constant", "material"]);
    // `verify` with the folder's default `all` finds the user's family and recomputes all three evaluators.
    let out = harness(&["scenarios", "verify", "--dir", dir.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("mine_positions.json: ok (2 roots"), "{text}");
    let successors: usize = roots
        .iter()
        .map(|r| r["successors"].as_array().unwrap().len())
        .sum();
    assert!(
        text.contains(&format!("{} values", 3 * successors)),
        "{text}"
    );
    // The folder's one family, discovered by name.
    assert_eq!(
        text.lines().filter(|l| l.contains(": ok (")).count(),
        1,
        "{text}"
    );
}

#[test]
fn a_tampered_value_in_a_user_family_is_a_mismatch() {
    let tmp = tempfile::tempdir().unwrap();
    let from = tmp.path().join("my.dfen");
    std::fs::write(&from, format!("{GOOD}\n")).unwrap();
    let out = freeze(&from, "mine", tmp.path(), &["--eval", "aggressive"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = tmp.path().join("mine.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let needle = "\"aggressive\": ";
    let at = text.find(needle).unwrap() + needle.len();
    let tampered = format!("{}1{}", &text[..at], &text[at..]);
    std::fs::write(&path, tampered).unwrap();
    let out = harness(&["scenarios", "verify", "--dir", tmp.path().to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected.aggressive"));
}

#[test]
fn every_kind_of_bad_line_exits_2_naming_the_file_and_line_and_writes_nothing() {
    let cases: [(&str, &str); 5] = [
        ("k7/8/8 w - - 0 1 PP", "line 2: invalid DFEN"),
        (
            "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
            "line 2: the position has no rolled dice",
        ),
        (GOOD, "line 2: same position as line 1"),
        (
            "4k3/8/8/8/8/8/P7/4K3 w - - 0 1 QQQ",
            "line 2: the position has no legal turn",
        ),
        (
            "4k3/8/8/8/8/8/8/4RK2 w - - 0 1 RPP",
            "line 2: a legal turn captures a king",
        ),
    ];
    for (bad, reason) in cases {
        let tmp = tempfile::tempdir().unwrap();
        let from = tmp.path().join("my.dfen");
        std::fs::write(&from, format!("{GOOD}\n{bad}\n")).unwrap();
        let dir = tmp.path().join("out");
        let out = freeze(&from, "mine", &dir, &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(
            err.contains(&format!("{}: {reason}", from.display())),
            "{bad}: {err}"
        );
        assert!(!dir.join("mine.json").exists(), "{bad}: a file was written");
    }
}

#[test]
fn bad_family_names_and_shipped_families_without_from_are_usage_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let from = tmp.path().join("my.dfen");
    std::fs::write(&from, format!("{GOOD}\n")).unwrap();
    for name in ["Mine", "sparse", "all", "../up"] {
        let out = freeze(&from, name, tmp.path(), &[]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--family"),
            "{name}"
        );
    }
    let out = harness(&[
        "scenarios",
        "freeze",
        "--scenario",
        "mine",
        "--dir",
        tmp.path().to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--from FILE --family mine"));
    let out = freeze(&tmp.path().join("missing.dfen"), "mine", tmp.path(), &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.dfen"));
    assert_eq!(
        std::fs::read_dir(tmp.path()).unwrap().count(),
        1,
        "only the positions file"
    );
}
