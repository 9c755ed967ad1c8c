//! Recording: run folders, metadata, tidy CSVs, atomic writes and clear errors for unwritable folders.

use harness::record::tidy::{counts_csv, timings_csv};
use harness::record::{
    CountRow, RecordError, RowKey, RunFolder, RunMetadata, TimingRow, UtcTimestamp, write_atomic,
};
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("record-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

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
    }
}

fn key() -> RowKey {
    RowKey {
        scenario: "sparse".into(),
        variant: "optimized".into(),
        evaluator: "material".into(),
        traversal: "on".into(),
    }
}

#[test]
fn run_folder_is_named_by_utc_timestamp_and_refuses_reuse() {
    let base = temp_dir("folder");
    let folder = RunFolder::create(&base, &meta()).unwrap();
    assert_eq!(folder.path(), base.join("2023-11-14T22-13-20Z"));
    let text = std::fs::read_to_string(folder.path().join("metadata.txt")).unwrap();
    assert!(
        text.contains("seed=42\n") && text.contains("git_revision=abc123-dirty\n"),
        "{text}"
    );
    let err = RunFolder::create(&base, &meta()).unwrap_err();
    assert!(matches!(err, RecordError::FolderExists { .. }), "{err}");
    std::fs::remove_dir_all(base).unwrap();
}

#[test]
fn unwritable_output_folder_is_a_clear_error() {
    let base = temp_dir("unwritable");
    let file = base.join("not-a-folder");
    std::fs::write(&file, b"x").unwrap();
    let target = file.join("results");
    let err = RunFolder::check_writable(&target).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.starts_with("cannot create output folder") && msg.contains("not-a-folder/results"),
        "{msg}"
    );
    let err = RunFolder::create(&target, &meta()).unwrap_err();
    assert!(matches!(err, RecordError::CreateFolder { .. }));
    std::fs::remove_dir_all(base).unwrap();
}

#[test]
fn atomic_write_replaces_whole_files_and_leaves_no_temporaries() {
    let base = temp_dir("atomic");
    let target = base.join("counts.csv");
    write_atomic(&target, b"old\n").unwrap();
    write_atomic(&target, b"new\n").unwrap();
    assert_eq!(std::fs::read(&target).unwrap(), b"new\n");
    let names: Vec<_> = std::fs::read_dir(&base)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("counts.csv")]);
    let err = write_atomic(&base.join("missing/x.csv"), b"x").unwrap_err();
    assert!(err.to_string().contains("missing/x.csv"), "{err}");
    std::fs::remove_dir_all(base).unwrap();
}

#[test]
fn tidy_csv_has_one_row_per_metric_with_provenance_columns() {
    let rows = vec![
        CountRow {
            key: key(),
            metric: "evaluator_calls".into(),
            value: 7,
        },
        CountRow {
            key: key(),
            metric: "value_numerator_sum".into(),
            value: -46_656_000_000_000,
        },
    ];
    let path = PathBuf::from("counts.csv");
    let text = String::from_utf8(counts_csv(&rows, &meta(), &path).unwrap()).unwrap();
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

    let t = vec![TimingRow {
        key: key(),
        metric: "ns_per_op_median".into(),
        value: 1234.5,
    }];
    let text = String::from_utf8(timings_csv(&t, &meta(), &path).unwrap()).unwrap();
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .contains(",ns_per_op_median,1234.5,"),
        "{text}"
    );
    let empty = String::from_utf8(timings_csv(&[], &meta(), &path).unwrap()).unwrap();
    assert_eq!(
        empty.lines().count(),
        1,
        "an empty table still has its header"
    );
}

#[test]
fn collected_metadata_is_filled_in() {
    let m = RunMetadata::collect(9);
    assert_eq!(m.seed, 9);
    assert!(m.cores >= 1);
    assert!(!m.hostname.is_empty() && !m.rustc.is_empty() && !m.git_revision.is_empty());
}
