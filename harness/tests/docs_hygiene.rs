//! The shipped prose is reference text for a reader of the repository: no tracked file under `reports/` or `docs/`,
//! nor the README, names a concrete `.partial` run folder (it never exists once a run completes), a path on the
//! machine it was written on, or the work that produced it ("this branch"). The pages a user reads first (the
//! README, docs/usage.md, docs/results.md) and the report the harness generates (rendered here from a fixture run
//! with every section's results: its index.md and its charts' text) use the user's words: no requirement IDs,
//! "configuration" rather than "arm", "correctness check" rather than "parity", "unpruned expectimax" or "no
//! cache" rather than "plain", no "rungs", "ladder", "slice" or "outer successor" outside code.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The tracked files under `reports/` and `docs/` and the README (every file there when git is not available).
fn shipped_files() -> Vec<PathBuf> {
    let git = Command::new("git")
        .args(["ls-files", "-z", "--", "reports", "docs", "README.md"])
        .current_dir(repo())
        .output();
    match git {
        Ok(o) if o.status.success() && !o.stdout.is_empty() => o
            .stdout
            .split(|&b| b == 0)
            .filter(|p| !p.is_empty())
            .map(|p| repo().join(String::from_utf8_lossy(p).as_ref()))
            .collect(),
        _ => {
            fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
                for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                    let p = e.path();
                    if p.is_dir() {
                        walk(&p, out)
                    } else {
                        out.push(p)
                    }
                }
            }
            let mut out = vec![repo().join("README.md")];
            walk(&repo().join("reports"), &mut out);
            walk(&repo().join("docs"), &mut out);
            out
        }
    }
}

/// What a line must not hold, as a message; `None` when it is clean.
fn offence(line: &str) -> Option<&'static str> {
    let lower = line.to_lowercase();
    // A concrete run folder name glued to `.partial` (`2026-12-01T20-56-03Z.partial`); the naming rule itself,
    // `<UTC timestamp>.partial` or "the `.partial` suffix", is fine.
    let partial = line.match_indices(".partial").any(|(i, _)| {
        line[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    });
    if partial {
        return Some("a `.partial` run folder");
    }
    for path in ["/tmp/", "/work/", "/home/", "/root/"] {
        if line.contains(path) {
            return Some("a machine path");
        }
    }
    for words in ["this branch", "this session", "helpers"] {
        if lower.contains(words) {
            return Some("work-log prose");
        }
    }
    None
}

#[test]
fn shipped_prose_names_no_partial_folder_machine_path_or_work_log() {
    let mut found = Vec::new();
    let files = shipped_files();
    assert!(
        files.iter().any(|f| f.ends_with("reports/index.md")),
        "{files:?}"
    );
    for f in files {
        // Charts are text (SVG) too; PNGs and other binaries are skipped.
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if let Some(what) = offence(line) {
                let shown: String = line.chars().take(160).collect();
                found.push(format!("{}:{}: {what}: {shown}", f.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "shipped files that read as a work log:\n{}",
        found.join("\n")
    );
}

/// `text` with every backticked span and fenced block removed: option names, column names and commands keep
/// their spelling.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                out.push_str(part);
            }
        }
        out.push('\n');
    }
    out
}

/// The jargon a line of prose holds: whole words from the list, "outer successor(s)", or a requirement ID such as
/// `E20` or `T4`.
fn jargon(line: &str) -> Vec<String> {
    const WORDS: &[&str] = &[
        "arm", "arms", "rung", "rungs", "ladder", "ladders", "parity", "plain", "slice", "slices",
    ];
    // Not requirement IDs: a cache level, the SPRT's hypotheses, S3-FIFO.
    const NOT_IDS: &[&str] = &["L1", "H0", "H1", "S3"];
    line.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .filter(|w| {
            let lower = w.to_lowercase();
            let is_id = w.len() <= 3
                && w.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && w.len() > 1
                && w[1..].chars().all(|c| c.is_ascii_digit())
                && !NOT_IDS.contains(w);
            WORDS.contains(&lower.as_str()) || is_id
        })
        .map(str::to_owned)
        .chain(
            line.to_lowercase()
                .contains("outer successor")
                .then(|| "outer successor".to_owned()),
        )
        .collect()
}

/// Every line of `text` (prose: backticked spans and fenced blocks left out) that holds jargon, as a message.
fn jargon_lines(page: &str, text: &str) -> Vec<String> {
    prose(text)
        .lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let words = jargon(line);
            (!words.is_empty()).then(|| format!("{page}: prose line {}: {words:?}: {line}", n + 1))
        })
        .collect()
}

/// The text of an SVG chart a reader sees: every `<text>` element's content, one per line (entities as written).
fn chart_text(svg: &str) -> String {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = &t[t.find('>')? + 1..];
            Some(body[..body.find("</text>")?].trim().to_owned())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_first_pages_use_the_users_words() {
    let mut found = Vec::new();
    // The shipped reports too: their text comes from a real run (status notes included), which the fixture of
    // `the_generated_report_uses_the_users_words` does not hold.
    for page in [
        "README.md",
        "docs/usage.md",
        "docs/results.md",
        "reports/index.md",
        "reports/eviction/index.md",
    ] {
        let text = std::fs::read_to_string(repo().join(page)).unwrap();
        found.extend(jargon_lines(page, &text));
    }
    assert!(
        found.is_empty(),
        "jargon in user text:\n{}",
        found.join("\n")
    );
}

/// The report fixture with every section's results added (search, break-even map, bounded cache, TT pressure).
fn full_fixture() -> tempfile::TempDir {
    let d = support::copy_report_fixture("hygiene");
    let sections = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/report_sections");
    for e in std::fs::read_dir(&sections).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, d.path().join(p.file_name().unwrap())).unwrap();
    }
    d
}

#[test]
fn the_generated_report_uses_the_users_words() {
    let run = full_fixture();
    let tmp = support::temp_dir("hygiene-report");
    let out = tmp.path().join("reports");
    let o = Command::new(env!("CARGO_BIN_EXE_harness"))
        .arg("report")
        .arg(run.path())
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let md = std::fs::read_to_string(out.join("index.md")).unwrap();
    let charts: Vec<PathBuf> = std::fs::read_dir(out.join("charts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    for section in [
        "## Search",
        "## Break-even map",
        "## Bounded evaluation cache",
        "## TT replacement",
    ] {
        let body = &md[md.find(section).unwrap()..];
        assert!(
            !body.lines().take(3).any(|l| l.starts_with("No `")),
            "the fixture must fill {section}: {body}"
        );
    }
    let mut found = jargon_lines("index.md", &md);
    assert!(!charts.is_empty());
    for chart in &charts {
        let Ok(svg) = std::fs::read_to_string(chart) else {
            continue;
        };
        let name = chart.file_name().unwrap().to_string_lossy().into_owned();
        found.extend(jargon_lines(&name, &chart_text(&svg)));
    }
    assert!(
        found.is_empty(),
        "jargon in the generated report:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_catch_what_they_look_for() {
    assert!(offence("raw results in `results-private/2026-12-01T20-56-03Z.partial`").is_some());
    assert!(
        offence("written as `<UTC timestamp>.partial` until complete; the `.partial` suffix")
            .is_none()
    );
    assert!(offence("trace /tmp/evict/trace.csv").is_some());
    assert!(offence("after = this branch").is_some());
    assert!(offence("six helpers compiling").is_some());
    assert!(offence("a clean line").is_none());
    assert_eq!(prose("a `--rungs` b\n```\nplain\n```\nc"), "a  b\nc\n");
    assert_eq!(
        jargon("the arms and rungs of E20, T4; L1 hits, H0"),
        ["arms", "rungs", "E20", "T4"]
    );
    assert!(jargon("configurations of increasing cost, 2^10 entries").is_empty());
    assert_eq!(
        jargon("The main job runs a slice of one Outer successor"),
        ["slice", "outer successor"]
    );
    assert_eq!(
        chart_text("<svg><text x=\"1\">\nplain / arm\n</text><line/><text>ok</text></svg>"),
        "plain / arm\nok"
    );
}
