//! The main job end to end on the smallest family: verification, parity, timing and the two CSVs; a stale
//! scenario file stops it before anything is written.

use harness::commands::main_job::{Args, run};
use harness::scenario::{Family, scenario_path};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("main-job-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn shipped(family: Family) -> PathBuf {
    scenario_path(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios"),
        family,
    )
}

fn args(scenarios_dir: PathBuf, out: PathBuf) -> Args {
    Args {
        quick: true,
        scenario: vec![Family::PromotionEnPassant],
        cache: vec![],
        eval: vec![harness::run::Evaluator::Constant],
        traversal: vec![engine::chance::Traversal::Cached],
        scenarios_dir,
        out,
        seed: 5,
        skip_eviction: true,
        // The test binary is not the harness binary, so its child-process profiles cannot run here.
        skip_profiles: true,
        report_dir: std::env::temp_dir()
            .join(format!("harness-main-job-report-{}", std::process::id())),
    }
}

#[test]
fn quick_run_writes_counts_and_timings() {
    let out = temp_dir("ok");
    let code = run(args(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios"),
        out.clone(),
    ))
    .unwrap();
    assert_eq!(code, ExitCode::SUCCESS);
    let runs: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(runs.len(), 1);
    let counts = std::fs::read_to_string(runs[0].join("counts.csv")).unwrap();
    let timings = std::fs::read_to_string(runs[0].join("timings.csv")).unwrap();
    // 5 variants x 10 count metrics, 6 probe and growth counts of the optimized cache (always evaluator material),
    // plus the header.
    assert_eq!(counts.lines().count(), 1 + 5 * 10 + 6);
    // probes.csv: the histogram's lookups add up to the probe_lookups count row.
    let probes = std::fs::read_to_string(runs[0].join("probes.csv")).unwrap();
    assert!(probes.starts_with("scenario,variant,evaluator,traversal,probe_length,lookups,"));
    let histogram: u64 = probes
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(5).unwrap().parse::<u64>().unwrap())
        .sum();
    assert!(histogram > 0);
    assert!(counts.contains(&format!(
        "promotion-en-passant,optimized,material,on,probe_lookups,{histogram},"
    )));
    assert!(counts.contains("promotion-en-passant,optimized,constant,on,evaluator_calls,"));
    assert!(timings.contains("promotion-en-passant,none,constant,on,ns_per_op_median,"));
    assert!(timings.contains("promotion-en-passant,optimized,constant,on,ratio_to_none_median,"));
    assert!(
        counts
            .lines()
            .all(|l| l.ends_with(",5") || l.ends_with(",seed"))
    );
    std::fs::remove_dir_all(out).unwrap();
}

#[test]
fn stale_scenario_stops_the_run_before_anything_is_written() {
    let dir = temp_dir("stale-scenarios");
    let text = std::fs::read_to_string(shipped(Family::PromotionEnPassant)).unwrap();
    let mut file: harness::scenario::ScenarioFile = serde_json::from_str(&text).unwrap();
    let v = file.roots[0].successors[0].expected["constant"];
    file.roots[0].successors[0]
        .expected
        .insert("constant".into(), v - 216);
    std::fs::write(dir.join("promotion-en-passant.json"), file.to_json()).unwrap();
    let out = dir.join("results");
    let err = run(args(dir.clone(), out.clone())).unwrap_err().to_string();
    assert!(
        err.contains("stale expected value")
            && err.contains("root 0 (promotion-en-passant-00), successor 0"),
        "{err}"
    );
    let written = std::fs::read_dir(&out).map(|d| d.count()).unwrap_or(0);
    assert_eq!(written, 0, "no run folder after a failed verification");
    std::fs::remove_dir_all(dir).unwrap();
}
