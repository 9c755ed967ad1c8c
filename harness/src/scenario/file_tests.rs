//! Scenario files: the shipped files load, are canonical and up to date with the generator, verify against the
//! independent oracle; broken files fail with errors naming the file, the entry and the field.

use super::generate::{DEFAULT_SEED, freeze_family};
use super::load::load;
use super::verify::verify;
use super::{Family, ScenarioError, ScenarioFile, parse, scenario_path};
use std::path::{Path, PathBuf};

fn shipped_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios")
}

fn shipped_text(family: Family) -> String {
    std::fs::read_to_string(scenario_path(&shipped_dir(), family)).unwrap()
}

#[test]
fn shipped_files_load_and_are_canonical() {
    for family in Family::ALL {
        let path = scenario_path(&shipped_dir(), family);
        let scn = load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(scn.family, family);
        assert!(scn.file.roots.len() >= 2, "several roots per family");
        assert_eq!(
            scn.file.to_json(),
            shipped_text(family),
            "{} is not in canonical form",
            path.display()
        );
    }
}

#[test]
fn freeze_reproduces_the_shipped_files() {
    for family in Family::ALL {
        let file = freeze_family(
            family,
            DEFAULT_SEED,
            "cargo run --release -- scenarios freeze",
        );
        assert_eq!(
            file.to_json(),
            shipped_text(family),
            "scenarios/{} differs from a fresh freeze: run `cargo run --release -- scenarios freeze`",
            family.file_name()
        );
    }
}

#[test]
fn depth1_files_verify_against_the_exhaustive_oracle() {
    for family in [
        Family::Middlegame,
        Family::TranspositionRich,
        Family::PromotionEnPassant,
        Family::Played,
    ] {
        let scn = load(&scenario_path(&shipped_dir(), family)).unwrap();
        let report = verify(&scn, || {}).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.successors, scn.successors.len());
        assert_eq!(report.values, 2 * scn.successors.len());
    }
}

/// The two depth-2 files (slow to verify: one test each, so they run side by side).
#[test]
fn sparse_depth2_file_verifies_against_the_exhaustive_oracle() {
    depth2_file_verifies(Family::Sparse);
}

#[test]
fn played_endgame_depth2_file_verifies_against_the_exhaustive_oracle() {
    depth2_file_verifies(Family::PlayedEndgame);
}

fn depth2_file_verifies(family: Family) {
    let scn = load(&scenario_path(&shipped_dir(), family)).unwrap();
    assert_eq!(scn.depth.layers(), 2);
    verify(&scn, || {}).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn stale_value_names_the_first_differing_successor_and_both_values() {
    let text = shipped_text(Family::PromotionEnPassant);
    let mut file: ScenarioFile = serde_json::from_str(&text).unwrap();
    let frozen = file.roots[1].successors[2].expected["material"];
    file.roots[1].successors[2]
        .expected
        .insert("material".into(), frozen + 1);
    let tmp = crate::test_support::temp_dir("stale");
    let dir = tmp.path().to_path_buf();
    let path = dir.join("promotion-en-passant.json");
    std::fs::write(&path, file.to_json()).unwrap();
    let scn = load(&path).unwrap();
    let err = verify(&scn, || {}).unwrap_err();
    let msg = err.to_string();
    match err {
        ScenarioError::Stale {
            frozen: f,
            recomputed,
            evaluator,
            ..
        } => {
            assert_eq!(
                (f, recomputed, evaluator.as_str()),
                (frozen + 1, frozen, "material")
            );
        }
        other => panic!("unexpected error {other}"),
    }
    assert!(msg.contains("promotion-en-passant.json"), "{msg}");
    assert!(
        msg.contains("root 1 (promotion-en-passant-01), successor 2"),
        "{msg}"
    );
    assert!(msg.contains("expected.material"), "{msg}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn missing_successor_is_reported() {
    let text = shipped_text(Family::TranspositionRich);
    let mut file: ScenarioFile = serde_json::from_str(&text).unwrap();
    file.roots[0].successors.pop();
    let scn = parse(Path::new("t.json"), &file.to_json()).unwrap();
    let msg = verify(&scn, || {}).unwrap_err().to_string();
    assert!(
        msg.contains("t.json: root 0")
            && msg.contains("field `successors`")
            && msg.contains("missing"),
        "{msg}"
    );
}

/// A file that cannot be read, bad JSON and a misspelt key are each refused, naming where.
#[test]
fn a_missing_file_bad_syntax_and_a_misspelt_key_are_named() {
    let err = load(Path::new("/nonexistent/scenarios/sparse.json")).unwrap_err();
    assert!(matches!(err, ScenarioError::Read { .. }));
    let msg = err.to_string();
    assert!(msg.contains("/nonexistent/scenarios/sparse.json"), "{msg}");
    let bad = parse(
        Path::new("bad.json"),
        "{\n  \"format_version\": 1,\n  oops\n}",
    );
    let msg = bad.unwrap_err().to_string();
    let at = "bad.json: invalid scenario JSON at line 3, column 3";
    assert!(msg.starts_with(at), "{msg}");
    let misspelt = shipped_text(Family::Middlegame).replacen("\"depth\"", "\"dpeth\"", 1);
    let msg = parse(Path::new("m.json"), &misspelt)
        .unwrap_err()
        .to_string();
    assert!(msg.contains("dpeth"), "{msg}");
}

/// An edit that breaks a scenario file.
type Edit = fn(&mut ScenarioFile);

/// Each edit of the middlegame file is refused, naming the entry and the field.
#[test]
fn invalid_dfen_unknown_family_and_bad_fields_are_named() {
    let cases: [(Edit, &[&str]); 5] = [
        (
            |f| f.roots[1].successors[0].dfen = "8/8/8/8/8/8/8/9 w - - 0 1".into(),
            &["m.json: root 1 (middlegame-01), successor 0: field `dfen`: invalid DFEN"],
        ),
        (
            |f| f.family = "End Game".into(),
            &["field `family`", "'End Game' is not a family name"],
        ),
        (|f| f.denominator = 217, &["field `denominator`"]),
        (
            |f| {
                f.roots[0].successors[1].expected.remove("constant");
            },
            &["root 0 (middlegame-00), successor 1: field `expected.constant`: missing"],
        ),
        (
            |f| f.format_version = 99,
            &["field `format_version`: found 99"],
        ),
    ];
    for (edit, wanted) in cases {
        let mut file: ScenarioFile =
            serde_json::from_str(&shipped_text(Family::Middlegame)).unwrap();
        edit(&mut file);
        let msg = parse(Path::new("m.json"), &file.to_json())
            .unwrap_err()
            .to_string();
        assert!(wanted.iter().all(|w| msg.contains(w)), "{msg}");
    }
}
