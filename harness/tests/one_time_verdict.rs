//! One setting, one time verdict: a small real main-job run (the harness binary, so the break-even map's callgrind
//! children can run) whose `summary.json`, At a glance and break-even map all give each setting the verdict its
//! persisted interval gives by the documented rule, written out here independently of the harness.
//!
//! The break-even map times one successor; the expansion stage the whole family. Where both timed an arm, the
//! map's "pays" column must carry the expansion stage's verdict (and say so); its own timing decides only the
//! arms the expansion stage did not time.
//!
//! The search section: the evaluation cache's speedup inside the Star2 + TT search is the paired interval
//! `search.csv` records; its verdict by the rule must be the one of the section's table, its summary line and
//! the answer (report and `summary.json`).

mod support;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use support::{shipped_scenarios, temp_dir, verdict_by_rule};

/// scenario, variant, evaluator, traversal.
type Arm = (String, String, String, String);

/// The README's rule in the cache's words.
fn rule(low: f64, high: f64, level: f64) -> &'static str {
    verdict_by_rule((low, high, level), "pays", "costs")
}

/// `speedup_vs_none` of every arm in `intervals.csv`, as (low, high, level).
fn expansion_intervals(dir: &Path) -> BTreeMap<Arm, (f64, f64, f64)> {
    let text = std::fs::read_to_string(dir.join("intervals.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (q, lo, hi, lv) = (col("quantity"), col("low"), col("high"), col("level"));
    let mut out = BTreeMap::new();
    for l in lines {
        let f: Vec<&str> = l.split(',').collect();
        if f[q] != "speedup_vs_none" {
            continue;
        }
        let arm = (f[0].into(), f[1].into(), f[2].into(), f[3].into());
        out.insert(
            arm,
            (
                f[lo].parse().unwrap(),
                f[hi].parse().unwrap(),
                f[lv].parse().unwrap(),
            ),
        );
    }
    out
}

/// The rows of the markdown table whose header line contains `header`, as trimmed cells.
fn table_after(md: &str, header: &str) -> Vec<Vec<String>> {
    let mut lines = md
        .lines()
        .skip_while(|l| !(l.starts_with('|') && l.contains(header)));
    lines
        .next()
        .unwrap_or_else(|| panic!("no table with {header:?}: {md}"));
    lines
        .skip(1)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_owned())
                .collect()
        })
        .collect()
}

#[test]
fn every_section_and_summary_json_give_one_setting_one_time_verdict() {
    let tmp = temp_dir("one-verdict");
    let (out, reports) = (tmp.path().join("results"), tmp.path().join("reports"));
    let run = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args([
            "--quick",
            "--seed",
            "5",
            "--scenario",
            "promotion-en-passant",
        ])
        .args(["--eval", "material", "--traversal", "on"])
        .args([
            "--skip",
            "instructions,bounded_cache,tt_pressure,catalogue_eviction,allocations",
        ])
        .arg("--scenarios-dir")
        .arg(shipped_scenarios())
        .arg("--out")
        .arg(&out)
        .arg("--report-dir")
        .arg(&reports)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{}: {stderr}", run.status);
    // The run folder; dot-folders beside it are the callgrind count cache, not runs.
    let runs: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    assert_eq!(runs.len(), 1, "{runs:?}");
    let dir = &runs[0];
    let intervals = expansion_intervals(dir);
    assert!(
        !intervals.is_empty(),
        "no speedup intervals in intervals.csv"
    );
    let md = std::fs::read_to_string(reports.join("index.md")).unwrap();
    let verdicts: &mut BTreeMap<Arm, String> = &mut BTreeMap::new();
    // Records `verdict` for `arm`, failing when another section gave the same arm another one.
    let mut agree = |arm: Arm, verdict: &str, place: &str| {
        let first = verdicts
            .entry(arm.clone())
            .or_insert_with(|| verdict.to_owned());
        assert_eq!(first, verdict, "{place} gives {arm:?} another verdict");
    };

    // summary.json and At a glance: the fastest variant's verdict is its interval's.
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap();
    let glance = summary["at_a_glance"].as_array().unwrap();
    // Two settings: promotion-en-passant, traversal on, with `material` and with `constant`, which the run
    // times as the baseline of the cost columns although `--eval` did not name it.
    let evaluators: Vec<&str> = glance
        .iter()
        .map(|g| g["evaluator"].as_str().unwrap())
        .collect();
    assert_eq!(evaluators, ["material", "constant"]);
    let glance_rows = table_after(&md, "| fastest variant |");
    for g in glance {
        let s = |k: &str| g[k].as_str().unwrap().to_owned();
        let arm = (
            s("scenario"),
            s("fastest_variant"),
            s("evaluator"),
            s("traversal"),
        );
        let (low, high, level) = intervals[&arm];
        let expected = rule(low, high, level);
        agree(arm.clone(), &s("verdict").replace('_', " "), "summary.json");
        agree(arm.clone(), expected, "intervals.csv by the rule");
        let row = glance_rows
            .iter()
            .find(|c| c[..4] == [arm.0.clone(), arm.2.clone(), arm.3.clone(), arm.1.clone()])
            .unwrap_or_else(|| panic!("no At a glance row for {arm:?}: {glance_rows:?}"));
        agree(arm, &row[5], "At a glance");
    }

    check_search(dir, &md, &summary);

    // The break-even map: every configuration the expansion stage timed carries its verdict; the others the map's own.
    if !support::valgrind_present() {
        assert!(md.contains("No `break_even.csv` in this run"), "{md}");
        eprintln!(
            "valgrind is missing: the break-even map was not measured, so only At a glance is checked"
        );
        return;
    }
    let rungs = table_after(&md, "| timed by |");
    assert_eq!(
        rungs.len(),
        2,
        "material and work:64 on the optimized cache: {rungs:?}"
    );
    let mut paying = Vec::new();
    for c in &rungs {
        let arm: Arm = (c[0].clone(), c[2].clone(), c[3].clone(), c[1].clone());
        let (pays, timed_by) = (&c[c.len() - 2], &c[c.len() - 1]);
        match intervals.get(&arm) {
            Some(&(low, high, level)) => {
                assert_eq!(timed_by, "expansion stage", "{c:?}");
                agree(
                    arm.clone(),
                    rule(low, high, level),
                    "intervals.csv by the rule",
                );
                agree(arm.clone(), pays, "the break-even map");
            }
            None => assert_eq!(timed_by, "this map", "{c:?}"),
        }
        if pays == "pays" {
            paying.push(arm.2.clone());
        }
    }
    assert!(
        rungs.iter().any(|c| c[c.len() - 1] == "expansion stage"),
        "the expansion stage timed optimized/material/on: {rungs:?}"
    );
    // The map's summary line names exactly the evaluators its table says pay.
    let listed = if paying.is_empty() {
        "no evaluator".to_owned()
    } else {
        paying.join(", ")
    };
    assert!(
        md.contains(&format!("measured to pay at: {listed}.")),
        "summary line should list {listed}: {md}"
    );
}

/// The row of `search.csv` with these pruning, table and cache columns, by header name.
fn search_row(dir: &Path, pruning: &str, tt: &str, variant: &str) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(dir.join("search.csv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| {
            header
                .iter()
                .zip(l.split(','))
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect::<BTreeMap<_, _>>()
        })
        .find(|r| r["pruning"] == pruning && r["tt"] == tt && r["variant"] == variant)
        .unwrap_or_else(|| panic!("no {pruning}/{tt}/{variant} row in search.csv: {text}"))
}

/// The evaluation cache inside the Star2 + TT search: one verdict, the rule's from the paired interval recorded.
fn check_search(dir: &Path, md: &str, summary: &serde_json::Value) {
    let row = search_row(dir, "star2", "on", "optimized");
    let f = |k: &str| -> f64 {
        row[k]
            .parse()
            .unwrap_or_else(|_| panic!("search.csv {k} = {:?}", row[k]))
    };
    // The declared comparison is timed in its own setting (the kernel, n = its sessions).
    assert_eq!(row["cache_speedup_method"], "student_t", "{row:?}");
    assert!(f("cache_speedup_n") >= 2.0, "{row:?}");
    let expected = rule(
        f("cache_speedup_low"),
        f("cache_speedup_high"),
        f("cache_speedup_level"),
    );
    // Rows without a cache carry no cache speedup.
    let uncached = search_row(dir, "star2", "on", "none");
    assert_eq!(uncached["cache_speedup"], "", "{uncached:?}");

    let table = table_after(md, "| cache pays? |");
    let cells = table
        .iter()
        .find(|c| c[2] == "star2 + TT, cache optimized")
        .unwrap_or_else(|| panic!("no Star2 + TT row in the search table: {table:?}"));
    // The row ends `| cache speedup | cache pays? | predicted Elo |`.
    assert_eq!(cells[cells.len() - 2], expected, "search table: {cells:?}");
    let summary_line = format!("does the evaluation cache pay with Star2 + TT? {expected}: ");
    assert!(md.contains(&summary_line), "no {summary_line:?} in {md}");

    let answer = summary["answer"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            c["claim"]
                .as_str()
                .unwrap()
                .starts_with("Does it pay inside the search?")
        })
        .expect("the search question is answered");
    let claim = answer["claim"].as_str().unwrap();
    // The answer words an undecided family "not shown" (one family: Holm's one step is the interval itself).
    let said = if expected == "no verdict" {
        "not shown"
    } else {
        expected
    };
    assert!(
        claim.contains(&format!("{said} in promotion-en-passant")),
        "{claim}"
    );
    assert!(
        md.contains(claim),
        "the report's answer is summary.json's: {claim}"
    );
    let figure = &answer["figures"][0];
    assert_eq!(figure["method"], "student_t", "{figure}");
    // The same figure, up to the last digit JSON's float parsing may round.
    for (key, column) in [("low", "cache_speedup_low"), ("high", "cache_speedup_high")] {
        let (json, csv) = (figure[key].as_f64().unwrap(), f(column));
        assert!(
            (json - csv).abs() <= 1e-12 * csv.abs(),
            "{key}: {json} vs {csv}"
        );
    }
}
