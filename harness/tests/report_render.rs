//! The report renders from a small fixture results folder; missing or malformed inputs give errors naming them.

use harness::report::{RunResults, render};
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/report_run")
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("report-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A minimal well-formedness check: every opened element is closed in order (no XML crate needed).
fn assert_balanced_xml(text: &str, path: &Path) {
    assert!(text.trim_start().starts_with("<svg") || text.trim_start().starts_with("<?xml"));
    let mut stack: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("unterminated tag") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('?') || tag.starts_with('!') || tag.ends_with('/') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack
                .pop()
                .unwrap_or_else(|| panic!("{}: stray </{name}>", path.display()));
            assert_eq!(open, name.trim(), "{}: mismatched tags", path.display());
        } else {
            let name = tag.split_whitespace().next().unwrap_or("").to_owned();
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "{}: unclosed {stack:?}", path.display());
}

#[test]
fn fixture_renders_every_section_and_chart() {
    let out = temp("ok");
    let results = RunResults::load(&fixture()).unwrap();
    let done = render(&results, &out).unwrap();
    let md = std::fs::read_to_string(&done.index).unwrap();
    for section in [
        "## Counts",
        "## Timings",
        "## Instructions",
        "## Allocations",
    ] {
        assert_eq!(md.matches(section).count(), 1, "{section}");
    }
    // Sections appear in order and each says what it shows.
    let pos: Vec<usize> = [
        "## Counts",
        "## Timings",
        "## Instructions",
        "## Allocations",
    ]
    .iter()
    .map(|s| md.find(s).unwrap())
    .collect();
    assert!(pos.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(md.matches("**What this shows:**").count(), 4);
    for key in ["git revision", "rustc", "seed", "date (UTC)", "machine"] {
        assert!(md.contains(&format!("| {key} |")), "{key}");
    }
    // Every chart named in index.md exists, as SVG (well-formed) and PNG.
    let mut named = 0;
    for part in md.split("](charts/").skip(1) {
        let file = &part[..part.find(')').unwrap()];
        let path = out.join("charts").join(file);
        assert!(
            path.is_file(),
            "{} named in index.md is missing",
            path.display()
        );
        if file.ends_with(".svg") {
            assert_balanced_xml(&std::fs::read_to_string(&path).unwrap(), &path);
            let png = path.with_extension("png");
            let bytes = std::fs::read(&png).unwrap();
            assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", png.display());
            named += 1;
        }
    }
    assert!(named >= 6, "only {named} charts named");
    assert_eq!(done.charts.len(), 2 * named);
    // The fixture's numbers reach the tables: sparse optimized with material has 23108 calls and 99824 hits.
    assert!(md.contains("| sparse | optimized | 3 | 23108 | 99824 | 23108 | 81.2% |"));
    assert!(md.contains("| sparse | optimized | 4000000 |"));
    std::fs::remove_dir_all(&out).unwrap();
}

fn copy_fixture(name: &str) -> PathBuf {
    let d = temp(name);
    for e in std::fs::read_dir(fixture()).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, d.join(p.file_name().unwrap())).unwrap();
    }
    d
}

#[test]
fn missing_csv_is_named() {
    let d = copy_fixture("missing");
    std::fs::remove_file(d.join("timings.csv")).unwrap();
    let err = format!("{:#}", RunResults::load(&d).unwrap_err());
    assert!(
        err.contains("timings.csv") && err.contains("missing"),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn malformed_csv_names_file_line_and_field() {
    let d = copy_fixture("bad-value");
    let path = d.join("counts.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines[4] = lines[4].replacen(",0,", ",zero,", 1);
    assert!(
        lines[4].contains("zero"),
        "fixture line 5 changed: {}",
        lines[4]
    );
    std::fs::write(&path, lines.join("\n")).unwrap();
    let err = format!("{:#}", RunResults::load(&d).unwrap_err());
    assert!(
        err.contains("counts.csv") && err.contains("line 5") && err.contains("`value`"),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn missing_column_and_malformed_allocations_are_named() {
    let d = copy_fixture("bad-header");
    std::fs::write(d.join("allocations.csv"), "scenario,variant\nsparse,none\n").unwrap();
    let err = format!("{:#}", RunResults::load(&d).unwrap_err());
    assert!(
        err.contains("allocations.csv") && err.contains("missing column `evaluator`"),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}
