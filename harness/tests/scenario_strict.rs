//! Scenario files are read strictly (the loader's refusals are unit tests beside it): the binary exits 2 for a bad
//! file, in `scenarios verify` and in the main job alike, and 3 for a stale value.

mod cli_support;

use cli_support::{assert_exit, run};
use std::path::{Path, PathBuf};

fn shipped_middlegame() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/middlegame.json"),
    )
    .unwrap()
}

/// Writes `text` as `name` in a fresh folder; returns the folder (kept alive) and the file.
fn fixture(name: &str, text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn the_binary_exits_2_for_a_bad_file_and_3_for_a_stale_value() {
    let bom = format!("\u{feff}{}", shipped_middlegame());
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

    let mut file: serde_json::Value = serde_json::from_str(&shipped_middlegame()).unwrap();
    let value = &mut file["roots"][0]["successors"][2]["expected"]["material"];
    *value = (value.as_i64().unwrap() + 1).into();
    std::fs::write(dir.path().join("middlegame.json"), file.to_string()).unwrap();
    let err = assert_exit(&run(&verify_cmd), 3);
    assert!(err.contains("stale expected value"), "{err}");
}
