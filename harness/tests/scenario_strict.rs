//! Scenario files are read strictly, by the one loader `scenarios verify` and the main job share: a repeated
//! JSON key, a repeated root or successor, successors out of their canonical order, a `family` that disagrees
//! with the file name and a leading byte-order mark are each refused with the file, entry and field named and
//! exit status 2; a stale value exits with 3.

mod cli_support;

use cli_support::{assert_exit, run};
use harness::exit::Failure;
use harness::scenario::verify::verify;
use harness::scenario::{Family, ScenarioFile, load, scenario_path};
use std::path::{Path, PathBuf};

fn shipped(family: Family) -> String {
    std::fs::read_to_string(scenario_path(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios"),
        family,
    ))
    .unwrap()
}

fn middlegame() -> ScenarioFile {
    serde_json::from_str(&shipped(Family::Middlegame)).unwrap()
}

/// Writes `text` as `name` in a fresh folder; returns the folder (kept alive) and the file.
fn fixture(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// Loads (and, if that passes, verifies) `text` saved as `name`; the error message and its exit class.
fn refusal(name: &str, text: &str) -> (String, Failure) {
    let (_dir, path) = fixture(name, text);
    let err = match load(&path) {
        Ok(scn) => verify(&scn, || {}).expect_err("the file should be refused"),
        Err(e) => e,
    };
    let msg = err.to_string();
    assert!(msg.starts_with(&path.display().to_string()), "{msg}");
    (msg, err.failure())
}

/// Asserts that `text` saved as `name` is refused as bad input with a message containing `needle`.
fn refused_as_bad_input(name: &str, text: &str, needle: &str) {
    let (msg, class) = refusal(name, text);
    assert!(msg.contains(needle), "expected {needle:?} in: {msg}");
    assert_eq!(class, Failure::BadInput, "{msg}");
}

#[test]
fn a_repeated_json_key_is_refused() {
    let text = shipped(Family::Middlegame).replacen(
        "\"constant\": -104000000000,",
        "\"constant\": -104000000000,\n            \"constant\": 0,",
        1,
    );
    let (msg, class) = refusal("middlegame.json", &text);
    assert!(
        msg.ends_with("at line 21, column 22: repeated key `constant`"),
        "{msg}"
    );
    assert_eq!(class, Failure::BadInput);
    let text =
        shipped(Family::Middlegame).replacen("\"depth\": 1,", "\"depth\": 1,\n  \"depth\": 2,", 1);
    let (msg, _) = refusal("middlegame.json", &text);
    assert!(msg.contains("duplicate field `depth`"), "{msg}");
}

#[test]
fn repeated_roots_and_successors_are_refused() {
    let mut file = middlegame();
    let copy = file.roots[0].clone();
    file.roots.push(copy);
    refused_as_bad_input(
        "middlegame.json",
        &file.to_json(),
        "root 2 (middlegame-00): field `dfen`: same position as root 0 (middlegame-00)",
    );
    let mut file = middlegame();
    file.roots[1].name = file.roots[0].name.clone();
    refused_as_bad_input(
        "middlegame.json",
        &file.to_json(),
        "root 1 (middlegame-00): field `name`: name already used by root 0",
    );
    let mut file = middlegame();
    let copy = file.roots[1].successors[0].clone();
    file.roots[1].successors.push(copy);
    refused_as_bad_input(
        "middlegame.json",
        &file.to_json(),
        "root 1 (middlegame-01), successor 5: field `dfen`: same position as successor 0",
    );
}

#[test]
fn successors_out_of_order_are_refused() {
    let mut file = middlegame();
    file.roots[1].successors.swap(1, 3);
    refused_as_bad_input(
        "middlegame.json",
        &file.to_json(),
        "root 1 (middlegame-01), successor 1: field `dfen`: successors out of order: the reference turn \
         order reaches successor 3 here",
    );
}

#[test]
fn a_family_that_disagrees_with_the_file_name_is_refused() {
    refused_as_bad_input(
        "sparse.json",
        &shipped(Family::Middlegame),
        "file: field `family`: the file declares family 'middlegame', so it must be named middlegame.json",
    );
}

#[test]
fn a_byte_order_mark_is_refused() {
    let text = format!("\u{feff}{}", shipped(Family::Middlegame));
    refused_as_bad_input(
        "middlegame.json",
        &text,
        "starts with a UTF-8 byte-order mark",
    );
}

#[test]
fn the_binary_exits_2_for_a_bad_file_and_3_for_a_stale_value() {
    let bom = format!("\u{feff}{}", shipped(Family::Middlegame));
    let (dir, _) = fixture("middlegame.json", &bom);
    let d = dir.path().to_str().unwrap();
    let verify_cmd = [
        "scenarios",
        "verify",
        "--dir",
        d,
        "--scenario",
        "middlegame",
    ];
    let err = assert_exit(&run(&verify_cmd), 2);
    assert!(
        err.contains("middlegame.json: starts with a UTF-8 byte-order mark"),
        "{err}"
    );
    // The main job reads the same file through the same loader, before any timing.
    // Its outputs outside the scenarios folder (an output inside an input is refused before reading it).
    let outside = tempfile::tempdir().unwrap();
    let o = outside.path().to_str().unwrap();
    let (out, report) = (format!("{o}/out"), format!("{o}/report"));
    let main_job = [
        "--quick",
        "--skip-eviction",
        "--skip-profiles",
        "--scenario",
        "middlegame",
        "--scenarios-dir",
        d,
        "--out",
        &out,
        "--report-dir",
        &report,
    ];
    let err = assert_exit(&run(&main_job), 2);
    assert!(err.contains("byte-order mark"), "{err}");

    let mut file = middlegame();
    *file.roots[0].successors[2]
        .expected
        .get_mut("material")
        .unwrap() += 1;
    std::fs::write(dir.path().join("middlegame.json"), file.to_json()).unwrap();
    let err = assert_exit(&run(&verify_cmd), 3);
    assert!(err.contains("stale expected value"), "{err}");
}
