//! A match run folder's `summary.json` (the final line's figures, key by key; a merge with `--out` writes the
//! unsharded run's), and its report: `harness report <match folder>` renders the LLR path, Elo and pentanomial
//! section into `<out>/matches/<folder>/`, and a main-job report lists the match folders beside its run folder.

mod support;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const A: &str = "depth=1,tt=off,eval=material,tc=calls:200";
const B: &str = "depth=1,tt=off,eval=aggressive,tc=calls:200";

fn harness(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn folders(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// `harness match` of A against B, 12 games at seed 5, with `extra` options.
fn play_args(extra: &[&str]) -> Vec<String> {
    let openings = format!("{}/../scenarios/openings.json", env!("CARGO_MANIFEST_DIR"));
    let mut args: Vec<String> = [
        "match",
        "--a",
        A,
        "--b",
        B,
        "--games",
        "12",
        "--seed",
        "5",
        "--openings",
        &openings,
    ]
    .map(str::to_owned)
    .to_vec();
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

/// Plays A against B into `out` (which must hold no other folder) and returns the final line and the folder.
fn play(out: &Path, extra: &[&str]) -> (String, PathBuf) {
    let mut extra = extra.to_vec();
    extra.extend(["--out", out.to_str().unwrap()]);
    let args = play_args(&extra);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let line = ok(&harness(&args)).trim_end().to_owned();
    let made = folders(out);
    assert_eq!(made.len(), 1, "{made:?}");
    (line, made[0].clone())
}

fn field<'a>(line: &'a str, key: &str) -> &'a str {
    line.split(' ')
        .find_map(|f| f.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
        .unwrap_or_else(|| panic!("{key} missing in {line}"))
}

fn summary(folder: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(folder.join("summary.json")).unwrap()).unwrap()
}

#[test]
fn summary_json_holds_the_final_lines_figures_and_a_merge_writes_the_same() {
    let base = support::temp_dir("match-summary");
    let (line, folder) = play(&base.path().join("whole"), &[]);
    let s = summary(&folder);
    let num = |v: &Value| v.as_f64().unwrap().to_string();
    for (key, value) in [
        ("pairs", num(&s["pairs"])),
        ("games", num(&s["games"])),
        ("w", num(&s["w"])),
        ("d", num(&s["d"])),
        ("l", num(&s["l"])),
        ("llr", num(&s["llr"])),
        ("lower", num(&s["bounds"]["lower"])),
        ("upper", num(&s["bounds"]["upper"])),
        ("nelo", num(&s["nelo"]["point"])),
        ("nelo_low", num(&s["nelo"]["low"])),
        ("nelo_high", num(&s["nelo"]["high"])),
    ] {
        let want: f64 = field(&line, key).parse().unwrap();
        assert_eq!(value, want.to_string(), "{key} in {line}");
    }
    assert_eq!(s["verdict"], field(&line, "verdict"));
    let penta: Vec<String> = s["penta"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(penta.join(","), field(&line, "penta"));
    let settings: Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("match.json")).unwrap()).unwrap();
    assert_eq!((&s["a"], &s["b"]), (&settings["a"], &settings["b"]));
    assert!(s["a"].as_str().unwrap().contains("eval=material"));
    assert_eq!(
        (s["seed"].as_u64(), s["games_max"].as_u64()),
        (Some(5), Some(12))
    );
    assert_eq!(
        (s["nelo"]["level"].as_f64(), s["nelo"]["n"].as_u64()),
        (Some(0.95), s["games"].as_u64())
    );
    // Two shards merged with --out: a match folder whose summary is the unsharded run's, key for key.
    let (_, s1) = play(&base.path().join("s1"), &["--shard", "1/2"]);
    let (_, s2) = play(&base.path().join("s2"), &["--shard", "2/2"]);
    assert_eq!(summary(&s1)["shard"], "1/2");
    let merged_out = base.path().join("merged");
    let merged = ok(&harness(&[
        "match",
        "merge",
        s1.to_str().unwrap(),
        s2.to_str().unwrap(),
        "--out",
        merged_out.to_str().unwrap(),
    ]));
    assert_eq!(merged.trim_end(), line);
    let m = folders(&merged_out);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(summary(&m[0]), s);
    assert_eq!(
        std::fs::read(m[0].join("games.jsonl")).unwrap(),
        std::fs::read(folder.join("games.jsonl")).unwrap()
    );
}

#[test]
fn a_match_folder_renders_its_own_report_and_the_main_report_lists_it() {
    let base = support::copy_report_fixture("match-report");
    let results = base.path().join("results");
    std::fs::create_dir_all(&results).unwrap();
    let (line, folder) = play(&base.path().join("played"), &[]);
    let name = folder.file_name().unwrap().to_owned();
    let placed = results.join(&name);
    std::fs::rename(&folder, &placed).unwrap();
    let reports = base.path().join("reports");
    let said = ok(&harness(&[
        "report",
        placed.to_str().unwrap(),
        "--out",
        reports.to_str().unwrap(),
    ]));
    let own = reports.join("matches").join(&name);
    assert!(
        said.contains(&own.join("index.md").display().to_string()),
        "{said}"
    );
    let md = std::fs::read_to_string(own.join("index.md")).unwrap();
    let pairs = field(&line, "pairs");
    for want in [
        format!("| pairs (games) | {pairs} ("),
        "| normalized Elo (nElo) |".to_owned(),
        "| logistic Elo |".to_owned(),
        format!("| verdict | `{}` |", field(&line, "verdict")),
        "charts/match-llr.svg".to_owned(),
        "charts/match-penta.svg".to_owned(),
    ] {
        assert!(md.contains(&want), "{want} missing in\n{md}");
    }
    let llr = std::fs::read_to_string(own.join("charts/match-llr.svg")).unwrap();
    for want in [
        "pairs played (pairs)",
        "LLR (natural log)",
        "accept H1",
        "accept H0",
    ] {
        assert!(llr.contains(want), "{want} missing in the LLR chart");
    }
    // One image format ships (SVG).
    assert!(
        own.join("charts/match-penta.svg").is_file()
            && !own.join("charts/match-penta.png").exists()
    );
    // The main-job fixture beside the match folder: its report lists the match with its section.
    let run = results.join("2026-01-01T00-00-00Z");
    std::fs::create_dir_all(&run).unwrap();
    for e in std::fs::read_dir(support::report_fixture()).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, run.join(p.file_name().unwrap())).unwrap();
        }
    }
    ok(&harness(&[
        "report",
        run.to_str().unwrap(),
        "--out",
        reports.to_str().unwrap(),
    ]));
    let main = std::fs::read_to_string(reports.join("index.md")).unwrap();
    let heading = format!("### Match `{}`", name.to_string_lossy());
    assert!(
        main.contains("## Matches") && main.contains(&heading),
        "{main}"
    );
    assert!(
        reports
            .join("charts")
            .join(format!("{}-llr.svg", name.to_string_lossy()))
            .is_file()
    );
    // The match's own report survives the main report's replacement.
    assert!(own.join("index.md").is_file());
}

#[test]
fn luck_adds_adjusted_score_and_variance_reduction_beside_the_raw_figures() {
    let base = support::temp_dir("match-luck");
    let (line, folder) = play(&base.path().join("m"), &["--luck", "--luck-scale", "400"]);
    let adj: f64 = field(&line, "adj_score").parse().unwrap();
    let [vr, low, high] = ["", "_low", "_high"].map(|k| {
        field(&line, &format!("variance_reduction{k}"))
            .parse::<f64>()
            .unwrap()
    });
    assert!(
        adj.is_finite() && 0.0 < low && low <= vr && vr <= high,
        "{line}"
    );
    let s = summary(&folder);
    let luck = &s["luck"];
    assert_eq!(luck["adj_score"].as_f64(), Some(adj));
    let interval = &luck["variance_reduction"];
    assert_eq!(
        [&interval["point"], &interval["low"], &interval["high"]].map(Value::as_f64),
        [Some(vr), Some(low), Some(high)]
    );
    assert_eq!(
        (&interval["method"], &interval["n"]),
        (&Value::from("bootstrap"), &Value::from(6))
    );
    assert_eq!(luck["bootstrap_seed"], 5);
    assert_eq!(
        (luck["scale_cp"].as_f64(), luck["scale_fitted"].as_bool()),
        (Some(400.0), Some(false))
    );
    // The raw score is the games' own: wins plus half the draws.
    let (w, d, g) = (
        s["w"].as_f64().unwrap(),
        s["d"].as_f64().unwrap(),
        s["games"].as_f64().unwrap(),
    );
    assert_eq!(luck["raw_score"].as_f64(), Some((w + d / 2.0) / g));
    assert_eq!(
        std::fs::read_to_string(folder.join("summary.txt"))
            .unwrap()
            .trim_end(),
        line
    );
    // `match luck` on the folder gives the same figures; a fitted scale says so.
    let again = ok(&harness(&[
        "match",
        "luck",
        folder.to_str().unwrap(),
        "--luck-scale",
        "400",
    ]));
    assert_eq!(
        field(&again, "adj_score").parse::<f64>().unwrap(),
        adj,
        "{again}"
    );
    ok(&harness(&["match", "luck", folder.to_str().unwrap()]));
    assert_eq!(
        summary(&folder)["luck"]["scale_fitted"].as_bool(),
        Some(true)
    );
    let bad = harness(&[
        "match",
        "luck",
        folder.to_str().unwrap(),
        "--luck-scale",
        "0",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--luck-scale"));
}

#[test]
fn the_luck_sprt_option_stops_on_adjusted_scores_and_its_scale_is_part_of_the_match() {
    let base = support::temp_dir("match-luck-sprt");
    let (line, folder) = play(&base.path().join("m"), &["--luck-sprt", "400"]);
    let llr: f64 = field(&line, "adj_llr").parse().unwrap();
    assert!(llr.is_finite(), "{line}");
    let s = summary(&folder);
    assert_eq!(s["adjusted_sprt"]["llr"].as_f64(), Some(llr));
    assert_eq!(s["adjusted_sprt"]["verdict"], field(&line, "adj_verdict"));
    assert_eq!(s["luck"]["scale_cp"].as_f64(), Some(400.0));
    // Resuming with another scale is refused, naming it, and changes nothing.
    let before = std::fs::read(folder.join("games.jsonl")).unwrap();
    let args = play_args(&["--luck-sprt", "500", "--resume", folder.to_str().unwrap()]);
    let r = harness(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("luck_sprt_scale"));
    assert_eq!(std::fs::read(folder.join("games.jsonl")).unwrap(), before);
}

/// Plays `a` against `b` for 4 games into `out` and returns the final line and the folder.
fn play_pair_of(out: &Path, a: &str, b: &str) -> (String, PathBuf) {
    let openings = format!("{}/../scenarios/openings.json", env!("CARGO_MANIFEST_DIR"));
    let line = ok(&harness(&[
        "match",
        "--a",
        a,
        "--b",
        b,
        "--games",
        "4",
        "--openings",
        &openings,
        "--out",
        out.to_str().unwrap(),
    ]))
    .trim_end()
    .to_owned();
    (line, folders(out)[0].clone())
}

/// Pairs whose two games are the same turns are counted (checked against `games.jsonl` read
/// here) and, when every pair is one, the line, `summary.json`, `summary.txt` and the report say the match is
/// void. The example (both cache variants at 1,000 evaluator calls, where cut searches fall back to the
/// first depth) and two depth-1 bots that differ only in their cache (void by construction); bots that choose
/// differently are not void.
#[test]
fn a_match_whose_bots_play_the_same_turns_says_it_is_void() {
    let base = support::temp_dir("match-void");
    let same_in_journal = |folder: &Path| -> usize {
        let text = std::fs::read_to_string(folder.join("games.jsonl")).unwrap();
        let games: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        games
            .chunks(2)
            .filter(|g| g[0]["turns"] == g[1]["turns"])
            .count()
    };
    let (line, folder) = play_pair_of(
        &base.path().join("issue"),
        "cache=optimized,tc=calls:1000",
        "cache=none,tc=calls:1000",
    );
    let same = same_in_journal(&folder);
    assert_eq!(field(&line, "same_turn_pairs"), same.to_string(), "{line}");
    assert_eq!(field(&line, "void"), (same == 2).to_string(), "{line}");
    assert!(same >= 1, "{line}");

    let (line, folder) = play_pair_of(
        &base.path().join("void"),
        "depth=1,cache=optimized",
        "depth=1,cache=none",
    );
    assert_eq!(
        (field(&line, "same_turn_pairs"), field(&line, "void")),
        ("2", "true"),
        "{line}"
    );
    assert_eq!(same_in_journal(&folder), 2);
    let s = summary(&folder);
    assert_eq!(
        (&s["void"], &s["same_turn_pairs"]),
        (&Value::from(true), &Value::from(2))
    );
    assert!(
        std::fs::read_to_string(folder.join("summary.txt"))
            .unwrap()
            .contains("void=true")
    );
    let reports = base.path().join("reports");
    ok(&harness(&[
        "report",
        folder.to_str().unwrap(),
        "--out",
        reports.to_str().unwrap(),
    ]));
    let name = folder.file_name().unwrap().to_string_lossy().into_owned();
    let md = std::fs::read_to_string(reports.join("matches").join(&name).join("index.md")).unwrap();
    assert!(
        md.contains("**Void match:**") && md.contains("no finding"),
        "{md}"
    );

    let (line, folder) = play(&base.path().join("differ"), &[]);
    assert_eq!(field(&line, "void"), "false", "{line}");
    assert_eq!(summary(&folder)["void"], Value::from(false));
}
