//! Scenario files are read strictly, by the one loader `scenarios verify` and the main job share: a repeated
//! JSON key, a repeated root or successor, successors out of their canonical order, a `family` that disagrees
//! with the file name and a leading byte-order mark are each refused with the file, entry and field named, as bad
//! input. (`harness/tests/scenario_strict.rs` checks the exit statuses the binary gives them.)

use super::load::load;
use super::verify::verify;
use super::{Family, ScenarioFile, scenario_path};
use crate::exit::Failure;
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

/// An edit that breaks a scenario file.
type Edit = fn(&mut ScenarioFile);

/// Each edit of the middlegame file is refused as bad input, naming the entry and the field.
#[test]
fn repeated_roots_and_successors_and_successors_out_of_order_are_refused() {
    let cases: [(Edit, &str); 4] = [
        (
            |f| f.roots.push(f.roots[0].clone()),
            "root 2 (middlegame-00): field `dfen`: same position as root 0 (middlegame-00)",
        ),
        (
            |f| f.roots[1].name = f.roots[0].name.clone(),
            "root 1 (middlegame-00): field `name`: name already used by root 0",
        ),
        (
            |f| {
                let copy = f.roots[1].successors[0].clone();
                f.roots[1].successors.push(copy);
            },
            "root 1 (middlegame-01), successor 5: field `dfen`: same position as successor 0",
        ),
        (
            |f| f.roots[1].successors.swap(1, 3),
            "root 1 (middlegame-01), successor 1: field `dfen`: successors out of order: the reference turn \
             order reaches successor 3 here",
        ),
    ];
    for (edit, needle) in cases {
        let mut file = middlegame();
        edit(&mut file);
        refused_as_bad_input("middlegame.json", &file.to_json(), needle);
    }
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
