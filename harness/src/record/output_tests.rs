//! Recording: run folders, metadata, the typed CSV schema (a round trip per CSV), atomic writes and clear errors.

use crate::record::schema::{
    ProbeRow, UnknownMetrics, read_probes, read_tidy, write_probes, write_tidy,
};
use crate::record::{
    AllocationRow, ArmKey, CountRow, Metric, Provenance, RecordError, RunFolder, RunMetadata,
    SchemaError, TimingRow, UtcTimestamp, write_atomic,
};
use crate::test_support::temp_dir;
use std::path::Path;

fn meta() -> RunMetadata {
    RunMetadata {
        hostname: "host".into(),
        cpu_model: "CPU, with comma".into(),
        cores: 2,
        rustc: "rustc 1.95.0".into(),
        git_revision: "abc123-dirty".into(),
        seed: 42,
        started: UtcTimestamp {
            unix_seconds: 1_700_000_000,
        },
        timing: Some("beside-counting"),
    }
}

fn key() -> ArmKey {
    ArmKey::new("sparse", "optimized", "material", "on")
}

#[test]
fn run_folder_is_partial_until_finished_and_never_reused() {
    let base = temp_dir("folder");
    let folder = RunFolder::reserve(base.path(), &meta()).unwrap();
    assert_eq!(
        folder.path(),
        base.path().join("2023-11-14T22-13-20Z.partial")
    );
    let text = std::fs::read_to_string(folder.path().join("metadata.txt")).unwrap();
    assert!(
        text.contains("seed=42\n")
            && text.contains("git_revision=abc123-dirty\n")
            && text.contains("timing=beside-counting\n"),
        "{text}"
    );
    // A second run in the same second gets its own folder, while the first still runs and after it finished.
    let second = RunFolder::reserve(base.path(), &meta()).unwrap();
    assert_eq!(
        second.path(),
        base.path().join("2023-11-14T22-13-20Z-2.partial")
    );
    let done = folder.finish().unwrap();
    assert_eq!(done, base.path().join("2023-11-14T22-13-20Z"));
    let third = RunFolder::reserve(base.path(), &meta()).unwrap();
    assert_eq!(
        third.final_path(),
        base.path().join("2023-11-14T22-13-20Z-3")
    );
    // Only complete folders count as runs.
    std::fs::write(done.join("counts.csv"), "x").unwrap();
    std::fs::write(second.path().join("counts.csv"), "x").unwrap();
    assert_eq!(
        crate::record::latest_complete_run(base.path()).unwrap(),
        Some(done)
    );
    let second_done = base.path().join("2023-11-14T22-13-20Z-2");
    assert_eq!(second.finish().unwrap(), second_done);
}

#[test]
fn unwritable_output_folder_is_a_clear_error() {
    let base = temp_dir("unwritable");
    let file = base.path().join("not-a-folder");
    std::fs::write(&file, b"x").unwrap();
    let target = file.join("results");
    let err = RunFolder::reserve(&target, &meta()).err().unwrap();
    let msg = err.to_string();
    assert!(
        msg.starts_with("cannot create output folder") && msg.contains("not-a-folder/results"),
        "{msg}"
    );
    let err = RunFolder::reserve(&target, &meta()).unwrap_err();
    assert!(matches!(err, RecordError::CreateFolder { .. }));
}

#[test]
fn atomic_write_replaces_whole_files_and_leaves_no_temporaries() {
    let base = temp_dir("atomic");
    let target = base.path().join("counts.csv");
    write_atomic(&target, b"old\n").unwrap();
    write_atomic(&target, b"new\n").unwrap();
    assert_eq!(std::fs::read(&target).unwrap(), b"new\n");
    let names: Vec<_> = std::fs::read_dir(base.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("counts.csv")]);
    // A missing folder is created (output locations are checked before the work, which creates them); a path
    // below a regular file cannot be, and the error names it.
    write_atomic(&base.path().join("missing/x.csv"), b"x").unwrap();
    assert_eq!(
        std::fs::read(base.path().join("missing/x.csv")).unwrap(),
        b"x"
    );
    let err = write_atomic(&target.join("x.csv"), b"x").unwrap_err();
    assert!(err.to_string().contains("counts.csv/x.csv"), "{err}");
}

#[test]
fn tidy_csv_has_one_row_per_metric_with_provenance_columns() {
    let rows = vec![
        CountRow {
            key: key(),
            metric: Metric::EvaluatorCalls,
            value: 7,
        },
        CountRow {
            key: key(),
            metric: Metric::ValueNumeratorSum,
            value: -46_656_000_000_000,
        },
    ];
    let path = Path::new("counts.csv");
    let prov = Provenance::of(&meta());
    let text = String::from_utf8(write_tidy(&rows, &prov, path).unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "scenario,variant,evaluator,traversal,metric,value,machine,rustc,git_revision,seed"
    );
    assert_eq!(
        lines[1],
        "sparse,optimized,material,on,evaluator_calls,7,\"host (CPU, with comma, 2 cores)\",rustc 1.95.0,abc123-dirty,42"
    );
    assert!(lines[2].contains(",-46656000000000,"));
    assert_eq!(lines.len(), 3);
    let empty = String::from_utf8(write_tidy::<f64>(&[], &prov, path).unwrap()).unwrap();
    assert_eq!(
        empty.lines().count(),
        1,
        "an empty table still has its header"
    );
}

/// Writes `rows`, reads them back, and returns what came back.
fn round_trip<V: crate::record::schema::Figure>(
    rows: &[crate::record::schema::Row<V>],
    name: &str,
) -> Vec<crate::record::schema::Row<V>> {
    let dir = temp_dir("round-trip");
    let path = dir.path().join(name);
    let bytes = write_tidy(rows, &Provenance::of(&meta()), &path).unwrap();
    std::fs::write(&path, bytes).unwrap();
    read_tidy::<V>(&path, UnknownMetrics::Reject)
        .unwrap()
        .into_iter()
        .map(|r| r.record)
        .collect()
}

#[test]
fn counts_csv_round_trips_exactly() {
    // Above 2^53 an f64 would round these.
    let rows: Vec<CountRow> = Metric::COUNTING_PASS
        .iter()
        .chain(&Metric::INSTRUCTIONS)
        .chain(&Metric::CACHE_SIMULATION)
        .enumerate()
        .map(|(i, &metric)| CountRow {
            key: key(),
            metric,
            value: if metric.may_be_negative() {
                -9_007_199_254_740_993
            } else {
                9_007_199_254_740_993 + i as i128
            },
        })
        .collect();
    assert_eq!(round_trip(&rows, "counts.csv"), rows);
}

#[test]
fn timings_and_allocations_csv_round_trip() {
    let rows: Vec<TimingRow> = [Metric::Rounds, Metric::Sessions, Metric::UserNsPerOp]
        .into_iter()
        .map(|metric| TimingRow {
            key: key(),
            metric,
            value: 12_216_002.123_456_7,
        })
        .collect();
    assert_eq!(round_trip(&rows, "timings.csv"), rows);
    let rows: Vec<AllocationRow> = Metric::ALLOCATION
        .iter()
        .map(|&metric| AllocationRow {
            key: ArmKey::new("middlegame", "none", "material", "off"),
            metric,
            value: 40_000.5,
        })
        .collect();
    assert_eq!(round_trip(&rows, "allocations.csv"), rows);
}

#[test]
fn probes_csv_round_trips() {
    let dir = temp_dir("probes");
    let path = dir.path().join("probes.csv");
    let rows: Vec<ProbeRow> = (0..4)
        .map(|len| ProbeRow {
            key: key(),
            probe_length: len,
            lookups: 1000 / (len + 1),
        })
        .collect();
    std::fs::write(
        &path,
        write_probes(&rows, &Provenance::of(&meta()), &path).unwrap(),
    )
    .unwrap();
    assert_eq!(read_probes(&path).unwrap(), rows);
}

/// Writes `text` as `name` and reads it as a counts CSV, returning the error's message.
fn read_error(name: &str, text: &str) -> String {
    let dir = temp_dir("schema-error");
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    read_tidy::<i128>(&path, UnknownMetrics::Reject)
        .unwrap_err()
        .to_string()
}

const HEADER: &str =
    "scenario,variant,evaluator,traversal,metric,value,machine,rustc,git_revision,seed\n";

#[test]
fn bad_files_are_named_with_line_and_field() {
    let entries = "s,none,material,on,entries,1,m,r,g,1\n";
    for (rows, wanted) in [
        ("", &["counts.csv: header only"][..]),
        (
            "s,none,material,on,entries,0,m,r,g,1\ns,none,material,on,cache_hits,-3,m,r,g,1\n",
            &["counts.csv: line 3: field `value`", "negative"],
        ),
        (
            "s,none,material,on,entries,1.5,m,r,g,1\n",
            &["line 2: field `value`"],
        ),
        (
            entries.repeat(2).as_str(),
            &["line 3: duplicate row for metric `entries`"],
        ),
        (
            "s,none,material,on,no_such_metric,1,m,r,g,1\n",
            &["line 2: field `metric`: unknown metric"],
        ),
    ] {
        let e = read_error("counts.csv", &format!("{HEADER}{rows}"));
        assert!(wanted.iter().all(|w| e.contains(w)), "{e}");
    }
    let e = read_error(
        "counts.csv",
        "scenario,variant,evaluator,traversal,metric,value\n",
    );
    assert!(e.contains("line 1: missing column `machine`"), "{e}");
    // Non-finite timings.
    let dir = temp_dir("nan");
    let path = dir.path().join("timings.csv");
    std::fs::write(
        &path,
        format!("{HEADER}s,none,material,on,ns_per_op_median,NaN,m,r,g,1\n"),
    )
    .unwrap();
    let e = read_tidy::<f64>(&path, UnknownMetrics::Reject)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 2: field `value`") && e.contains("not a finite number"),
        "{e}"
    );
    // A directory where a CSV should be.
    let e = read_tidy::<f64>(dir.path(), UnknownMetrics::Reject).unwrap_err();
    assert!(
        matches!(e, SchemaError::Unreadable { .. }) && e.to_string().contains("is a directory"),
        "{e}"
    );
}

#[test]
fn collected_metadata_is_filled_in_and_read_back_as_provenance() {
    let m = RunMetadata::collect(9);
    assert_eq!(m.seed, 9);
    assert!(m.cores >= 1);
    assert!(!m.hostname.is_empty() && !m.rustc.is_empty() && !m.git_revision.is_empty());
    assert_eq!(
        Provenance::from_metadata(&m.to_key_values()),
        Ok(Provenance::of(&m))
    );
    assert_eq!(Provenance::from_metadata("hostname=h\n"), Err("cpu_model"));
}
