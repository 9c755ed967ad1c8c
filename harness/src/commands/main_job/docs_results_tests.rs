//! docs/results.md against what the harness writes: each CSV's column table lists exactly the typed schema's
//! columns in order (`record::schema::columns`), the metric table names exactly
//! `Metric::ALL`, and the `summary.json` table names exactly the keys a main-job run writes (with the break-even
//! map's entry keys from its serialized type, since the test binary cannot run that stage's callgrind children).

use super::Args;
use crate::experiments::Skipped;
use crate::experiments::bounded_cache::BoundedCacheRecord;
use crate::experiments::catalogue_eviction::BestTenRecord;
use crate::experiments::catalogue_eviction::EvictionControlRecord;
use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::GameSearchRecord;
use crate::experiments::catalogue_eviction::LruMrcRecord;
use crate::experiments::catalogue_eviction::StreamRecord;
use crate::experiments::catalogue_eviction::TraceRunRecord;
use crate::experiments::search::SearchRecord;
use crate::experiments::tt_pressure::TtPressureRecord;
use crate::record::schema::{
    BreakEvenRecord, IntervalRecord, Metric, ProbeRecord, TidyRecord, columns,
};
use crate::strength::deadline::DeadlineRecord;
use crate::test_support::{scenarios_with_strength, temp_dir};
use std::collections::BTreeSet;
use std::path::Path;

fn results_md() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/results.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of the `##` section whose heading names `file` in backticks.
fn section<'a>(md: &'a str, file: &str) -> &'a str {
    let needle = format!("`{file}`");
    let start = md
        .match_indices("\n## ")
        .map(|(i, _)| i + 1)
        .find(|&i| md[i..].lines().next().unwrap().contains(&needle))
        .unwrap_or_else(|| panic!("docs/results.md has no `## ` section naming {needle}"));
    let body = &md[start..];
    let end = body[3..].find("\n## ").map_or(body.len(), |e| e + 3);
    &body[..end]
}

/// The first cells (backticks stripped) of the body rows of the first table in `text` whose header's first
/// cell is `header`.
fn first_column(text: &str, header: &str) -> Vec<String> {
    let mut lines = text.lines().skip_while(|l| {
        !(l.starts_with('|')
            && l.trim_start_matches('|').split('|').next().unwrap().trim() == header)
    });
    assert!(
        lines.next().is_some(),
        "no table headed `{header}` in:\n{text}"
    );
    lines
        .skip(1) // the |---| row
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cell = l.trim_start_matches('|').split('|').next().unwrap().trim();
            cell.trim_matches('`').to_owned()
        })
        .collect()
}

fn documented_columns(md: &str, file: &str) -> Vec<String> {
    first_column(section(md, file), "column")
}

#[test]
fn every_csv_lists_the_schema_columns_in_order() {
    let md = results_md();
    let files: &[(&str, Vec<String>)] = &[
        ("counts.csv", columns::<TidyRecord<i128>>()),
        ("timings.csv", columns::<TidyRecord<f64>>()),
        ("allocations.csv", columns::<TidyRecord<f64>>()),
        ("intervals.csv", columns::<IntervalRecord>()),
        ("probes.csv", columns::<ProbeRecord>()),
        ("search.csv", columns::<SearchRecord>()),
        ("bounded_cache.csv", columns::<BoundedCacheRecord>()),
        ("tt_pressure.csv", columns::<TtPressureRecord>()),
        ("break_even.csv", columns::<BreakEvenRecord>()),
        ("eviction.csv", columns::<EvictionRecord>()),
        ("eviction_control.csv", columns::<EvictionControlRecord>()),
        ("streams.csv", columns::<StreamRecord>()),
        ("best_tens.csv", columns::<BestTenRecord>()),
        ("game_search.csv", columns::<GameSearchRecord>()),
        ("eviction_trace.csv", columns::<TraceRunRecord>()),
        ("lru_mrc.csv", columns::<LruMrcRecord>()),
        ("deadline.csv", columns::<DeadlineRecord>()),
    ];
    let mut wrong = Vec::new();
    for (file, columns) in files {
        let documented = documented_columns(&md, file);
        if documented != *columns {
            wrong.push(format!(
                "{file}:\n  docs:   {documented:?}\n  schema: {columns:?}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "docs/results.md disagrees with the schema:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_metric_table_names_every_metric() {
    let md = results_md();
    let documented: BTreeSet<String> = first_column(section(&md, "counts.csv"), "metric")
        .into_iter()
        .collect();
    let schema: BTreeSet<String> = Metric::ALL.iter().map(|m| m.name().to_owned()).collect();
    same_names(&documented, &schema, "metrics");
}

/// Fails naming the names only one side has.
fn same_names(documented: &BTreeSet<String>, actual: &BTreeSet<String>, what: &str) {
    let only_docs: Vec<&String> = documented.difference(actual).collect();
    let only_actual: Vec<&String> = actual.difference(documented).collect();
    assert!(
        only_docs.is_empty() && only_actual.is_empty(),
        "{what}: docs/results.md lists {only_docs:?}, which the harness does not write; it does not list \
         {only_actual:?}"
    );
}

/// Every key path of a JSON value: `a.b` for an object member, `a[]` for the elements of a list of objects
/// (a list of numbers is a leaf).
fn key_paths(v: &serde_json::Value, prefix: &str, out: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, child) in map {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                out.insert(path.clone());
                key_paths(child, &path, out);
            }
        }
        serde_json::Value::Array(items) if items.iter().any(|i| i.is_object()) => {
            let path = format!("{prefix}[]");
            out.remove(prefix);
            out.insert(path.clone());
            for i in items {
                key_paths(i, &path, out);
            }
        }
        _ => {}
    }
}

#[test]
fn the_summary_table_names_every_key_a_run_writes() {
    let tmp = temp_dir("docs-results-summary");
    let out = tmp.path().join("results");
    let args = Args {
        seed: 3,
        // The test binary is not the harness binary, so the child-process stages cannot run; the stages that
        // add `summary.json` keys (bounded cache, TT pressure) do; the test builds' example is not documented.
        skip: Skipped(vec![
            "example",
            "instructions",
            "break_even",
            "search",
            "catalogue_eviction",
            "allocations",
        ]),
        ..super::run_tests::args(
            scenarios_with_strength(tmp.path()),
            out.clone(),
            tmp.path().join("reports"),
        )
    };
    super::run(args).unwrap();
    let run = crate::test_support::folders(&out).remove(0);
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("summary.json")).unwrap()).unwrap();
    let mut written = BTreeSet::new();
    key_paths(&summary, "", &mut written);
    // The break-even map is an empty list here; its entries are this type serialized.
    assert_eq!(summary["break_even_map"], serde_json::json!([]));
    written.remove("break_even_map");
    written.insert("break_even_map[]".into());
    let entry = crate::experiments::break_even::findings::VariantBreakEven {
        scenario: "sparse".into(),
        traversal: "on".into(),
        variant: "optimized".into(),
        hit_rate: 0.5,
        probe: 90.0,
        instructions: Some(180.0),
        ns: Some(9.0),
    };
    key_paths(
        &serde_json::to_value(&entry).unwrap(),
        "break_even_map[]",
        &mut written,
    );
    // A setting's predicted Elo is left out where its speedup's interval reaches off the curve (a quick run's
    // wide intervals may); when present it is this type serialized.
    // Likewise a bounded-cache curve's speedup is `null` where no capacity comes within 5% of the unbounded
    // cache (a quick run's may not).
    for key in [
        "at_a_glance[].predicted_elo",
        "bounded_cache[].speedup_vs_unbounded",
    ] {
        written.insert(key.into());
        key_paths(
            &serde_json::to_value(crate::statistics::Interval::collapsed(1.0, 2)).unwrap(),
            key,
            &mut written,
        );
    }
    assert!(
        written.contains("tt_pressure.sizes_log2")
            && written.contains("bounded_cache[].verdict")
            && written.contains("strength.curve[].elo_per_doubling.point")
    );

    let md = results_md();
    let documented: BTreeSet<String> = first_column(section(&md, "summary.json"), "key")
        .into_iter()
        .collect();
    same_names(&documented, &written, "summary.json keys");
}

#[test]
fn the_parsers_find_what_they_look_for() {
    let md = "intro\n## `a.csv`, `b.csv`\n\n| column | meaning |\n|---|---|\n| `x` | one |\n| `y` | two |\n\n\
              ## `c.csv`\n| column | m |\n|---|---|\n| `z` | |\n";
    assert_eq!(documented_columns(md, "b.csv"), ["x", "y"]);
    assert_eq!(documented_columns(md, "c.csv"), ["z"]);
    let mut paths = BTreeSet::new();
    key_paths(
        &serde_json::json!({"a": 1, "l": [{"k": {"m": 2}}], "n": [1, 2]}),
        "",
        &mut paths,
    );
    let expected: BTreeSet<String> = ["a", "l[]", "l[].k", "l[].k.m", "n"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(paths, expected);
}
