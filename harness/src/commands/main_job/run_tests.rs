//! The main job end to end on the smallest family: verification, parity, timing and the CSVs; a stale scenario
//! file stops it before anything is written; two runs of one second keep their own folders.
//! (`harness/tests/run_main_job.rs` runs the binary with a closed stdout.)

use super::Args;
use crate::experiments::Job;
use crate::experiments::Skipped;
use crate::record::UtcTimestamp;
use crate::scenario::{Family, scenario_path};
use crate::test_support::{
    self as support, folders, scenarios_with_strength, shipped_scenarios, temp_dir, verdict_by_rule,
};
use std::path::{Path, PathBuf};

/// The quick main job on promotion-en-passant with the constant evaluator and the traversal cache on.
pub(super) fn args(scenarios_dir: PathBuf, out: PathBuf, report_dir: PathBuf) -> Args {
    Args {
        quick: true,
        scenario: vec![Family::PromotionEnPassant],
        cache: None,
        eval: Some(vec![crate::evaluators::EvaluatorKind::Constant]),
        traversal: Some(vec![engine::chance::Traversal::Cached]),
        scenarios_dir,
        out,
        seed: 5,
        skip: Skipped(support::SKIPPED_IN_TESTS.to_vec()),
        report_dir,
        trace_out: None,
        ..Args::default()
    }
}

#[test]
fn quick_run_writes_counts_timings_and_summary() {
    let tmp = temp_dir("main-job-ok");
    let out = tmp.path().join("results");
    let reports = tmp.path().join("reports");
    super::run(args(
        scenarios_with_strength(tmp.path()),
        out.clone(),
        reports.clone(),
    ))
    .unwrap();
    let runs = folders(&out);
    assert_eq!(runs.len(), 1);
    assert!(!runs[0].to_string_lossy().ends_with(".partial"), "{runs:?}");
    let read = |name: &str| std::fs::read_to_string(runs[0].join(name)).unwrap();
    let counts = read("counts.csv");
    let timings = read("timings.csv");
    // 5 variants x 10 count metrics, 5 probe and growth counts of the optimized cache (with the report's evaluator,
    // here the one selected, `constant`), plus the header.
    assert_eq!(counts.lines().count(), 1 + 5 * 10 + 5);
    // probes.csv: the histogram's lookups add up to the probe_lookups count row.
    let probes = read("probes.csv");
    assert!(probes.starts_with("scenario,variant,evaluator,traversal,probe_length,lookups,"));
    let histogram: u64 = probes
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(5).unwrap().parse::<u64>().unwrap())
        .sum();
    assert!(histogram > 0);
    assert!(counts.contains(&format!(
        "promotion-en-passant,optimized,constant,on,probe_lookups,{histogram},"
    )));
    assert!(counts.contains("promotion-en-passant,optimized,constant,on,evaluator_calls,"));
    // Every interval lives in intervals.csv alone; timings.csv keeps the rounds behind them.
    let intervals = read("intervals.csv");
    assert!(intervals.contains("promotion-en-passant,optimized,constant,on,speedup_vs_none,"));
    assert!(timings.contains(",rounds,") && !timings.contains("_median,"));
    assert!(
        counts
            .lines()
            .all(|l| l.ends_with(",5") || l.ends_with(",seed"))
    );
    // The run folder reads back as a report input, and the report names the folder it used.
    let md = std::fs::read_to_string(reports.join("index.md")).unwrap();
    let name = runs[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        md.contains(&format!("`results/{name}`")),
        "the report names {name}"
    );
    assert!(md.contains("## At a glance"));
    // search.csv: the quick slice searches one promotion-en-passant root at depth 2 with all 12 arms; every arm's
    // leaves split into evaluator calls and cache hits, and Star2 + TT needs fewer leaves than plain.
    let search = crate::experiments::search::read_search(&runs[0].join("search.csv")).unwrap();
    assert_eq!(search.len(), 12);
    assert!(search.iter().all(|r| r.depth_turns == 2 && r.roots == 1));
    let leaves = |pruning: &str, tt: &str| {
        search
            .iter()
            .find(|r| r.pruning == pruning && r.tt == tt && r.variant == "optimized")
            .unwrap()
            .leaves
    };
    assert!(leaves("star2", "on") < leaves("none", "off"));
    assert!(md.contains("## Search") && md.contains("search promotion-en-passant (depth 2)"));
    // bounded_cache.csv: the slice falls back to the run's only family; both workloads, the unbounded cache and
    // both rules at every capacity; every bounded cache needs at least the unbounded cache's evaluator calls.
    let bounded =
        crate::experiments::bounded_cache::read_bounded_cache(&runs[0].join("bounded_cache.csv"))
            .unwrap();
    assert!(bounded.iter().all(|r| r.scenario == "promotion-en-passant"));
    for workload in ["expansion", "search"] {
        let rows: Vec<_> = bounded.iter().filter(|r| r.workload == workload).collect();
        let unbounded = rows.iter().find(|r| r.policy == "unbounded").unwrap();
        assert!(rows.len() >= 3, "{workload}: {} rows", rows.len());
        assert!(
            rows.iter()
                .all(|r| r.evaluator_calls >= unbounded.evaluator_calls)
        );
    }
    assert!(
        md.contains("## Bounded evaluation cache")
            && md.contains("bounded cache, search promotion-en-passant")
    );
    let summary: serde_json::Value = serde_json::from_str(&read("summary.json")).unwrap();
    assert_eq!(summary["summary_version"], 6);
    // How the timing ran: the mode, the load averages before and after, and the lanes (metadata.txt and the
    // report's run table say the same).
    assert_eq!(summary["run"]["mode"], "quick");
    assert_eq!(summary["run"]["timing_sessions"], "in-process");
    let meta = read("metadata.txt");
    assert!(
        meta.contains("mode=quick\n") && meta.contains("load_before="),
        "{meta}"
    );
    assert!(md.contains("| mode | `--quick` |"), "run table");
    // The plan: the one setting is the headline one, timed first, with its sessions and why it stopped.
    let plan = read("timing_plan.csv");
    let line = plan.lines().nth(1).unwrap();
    assert!(
        line.starts_with(
            "expansion,promotion-en-passant,constant,on,none;optimized,true,none/optimized,"
        ),
        "{plan}"
    );
    // The search stage's plan follows: its declared comparison alone, then every configuration.
    let search_plan: Vec<&str> = plan.lines().filter(|l| l.starts_with("search,")).collect();
    assert_eq!(search_plan.len(), 2, "{plan}");
    assert!(
        search_plan[0].contains(",star2+tt/none;star2+tt/optimized,true,"),
        "{plan}"
    );
    assert!(md.contains("Timing plan (`timing_plan.csv`)"));
    assert_eq!(summary["seed"], 5);
    // The answer: one sentence per question, the same in summary.json and at the top of the report; a skipped
    // stage's question says so, and a measured one states its figures.
    let answer = summary["answer"].as_array().unwrap();
    assert_eq!(answer.len(), 7, "{answer:?}");
    let top = &md[..md.find("## The run").unwrap()];
    for claim in answer {
        let text = claim["claim"].as_str().unwrap();
        assert!(top.contains(text), "{text} is not at the top of the report");
    }
    let said = |question: &str| {
        answer
            .iter()
            .find(|c| c["claim"].as_str().unwrap().starts_with(question))
            .unwrap_or_else(|| panic!("no claim for {question}"))
    };
    let tt = said("From what size does the TT replacement scheme stop mattering?");
    assert!(
        tt["claim"]
            .as_str()
            .unwrap()
            .ends_with("Not measured in this run.")
    );
    let default = said("Does the evaluation cache pay with the default evaluator and settings?");
    let figure = &default["figures"][0];
    assert_eq!(figure["name"], "speedup promotion-en-passant", "{answer:?}");
    assert!(
        said("Does it pay inside the search?")["figures"]
            .as_array()
            .unwrap()
            .len()
            == 1
    );
    let bounded_glance = summary["bounded_cache"].as_array().unwrap();
    assert_eq!(bounded_glance.len(), 4, "two workloads x two rules");
    for g in bounded_glance {
        // Either no capacity came within 5% of the unbounded cache's calls, or the one named did.
        match g["within_5_percent_capacity"].as_u64() {
            Some(_) => assert!(g["calls_ratio"].as_f64().unwrap() <= 1.05, "{g}"),
            None => assert!(g["within_5_percent_capacity"].is_null() && g["calls_ratio"].is_null()),
        }
    }
    let glance = summary["at_a_glance"].as_array().unwrap();
    assert_eq!(
        glance.len(),
        1,
        "one setting: promotion-en-passant, constant, on"
    );
    // The strength basis from the fixture curve and bench: the budget is the bench's nodes per 50 ms, the
    // curve every budget with its games, and the setting's predicted Elo is a curve interval.
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/strength");
    let fixture = |name: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(fixtures.join(name)).unwrap()).unwrap()
    };
    let (curve, bench) = (fixture("elo-per-doubling.json"), fixture("bench.json"));
    let st = &summary["strength"];
    let budget = (bench["nps"].as_f64().unwrap() * 0.05).round() as u64;
    assert_eq!(st["budget"].as_u64(), Some(budget));
    assert_eq!(st["margin_elo"].as_f64(), Some(5.0));
    let points = curve["points"].as_array().unwrap();
    assert_eq!(st["curve"].as_array().unwrap().len(), points.len());
    for (got, want) in st["curve"].as_array().unwrap().iter().zip(points) {
        assert_eq!(got["budget"], want["budget"]);
        assert_eq!(got["elo_per_doubling"], want["elo"]);
    }
    assert!(
        runs[0].join("elo_per_doubling.json").is_file() && runs[0].join("bench.json").is_file()
    );
    // A prediction exactly where the speedup's interval stays on the curve (125 to 4,000 nodes).
    let p = &glance[0]["predicted_elo"];
    let sp = &glance[0]["speedup_vs_none"];
    assert_eq!(sp["method"], "student_t");
    let on_curve = |k: &str| (125.0..=4000.0).contains(&(budget as f64 * sp[k].as_f64().unwrap()));
    assert_eq!(
        !p.is_null(),
        on_curve("low") && on_curve("high"),
        "{sp} {p}"
    );
    if !p.is_null() {
        assert_eq!(p["method"], "curve_envelope", "{p}");
        assert!(p["low"].as_f64().unwrap() <= p["point"].as_f64().unwrap());
    }
    assert!(md.contains("| predicted Elo [interval] |"));
    // The verdict follows from the interval intervals.csv persists, by the documented rule written out here
    // independently: no verdict below 95% coverage, within noise inside 1 ± 1%, pays above 1, costs below.
    let fastest = glance[0]["fastest_variant"].as_str().unwrap();
    let row: Vec<&str> = intervals
        .lines()
        .find(|l| {
            l.starts_with(&format!(
                "promotion-en-passant,{fastest},constant,on,speedup_vs_none,"
            ))
        })
        .unwrap_or_else(|| panic!("no interval for {fastest}: {intervals}"))
        .split(',')
        .collect();
    let num = |i: usize| -> f64 { row[i].parse().unwrap() };
    let (point, low, high, level) = (num(5), num(6), num(7), num(8));
    assert_eq!(row[10], "student_t");
    // The same figures (JSON and CSV text each round to the last bit or so).
    let close = |json: &serde_json::Value, csv: f64| {
        (json.as_f64().unwrap() - csv).abs() <= 1e-12 * csv.abs()
    };
    assert!(
        close(&glance[0]["speedup_vs_none"]["point"], point),
        "{row:?}"
    );
    assert!(close(&glance[0]["speedup_vs_none"]["low"], low), "{row:?}");
    let expected = verdict_by_rule((low, high, level), "pays", "costs");
    assert_eq!(glance[0]["verdict"], expected.replace(' ', "_"), "{row:?}");
    // The same setting has the same verdict in the report's At a glance table (words for people).
    let words = |v: &str| v.replace('_', " ");
    let glance_row = md
        .lines()
        .find(|l| {
            l.starts_with(&format!(
                "| promotion-en-passant | constant | on | {fastest} |"
            ))
        })
        .unwrap_or_else(|| panic!("no At a glance row: {md}"));
    let cells: Vec<&str> = glance_row.split('|').map(str::trim).collect();
    assert_eq!(cells[6], words(expected), "{glance_row}");
    // Every configuration of the search section carries the verdict its recorded paired speedup gives by the same rule.
    let search_rows: Vec<Vec<&str>> = md
        .lines()
        .filter(|l| l.starts_with("| promotion-en-passant | 2 |"))
        .map(|l| l.split('|').map(str::trim).collect())
        .collect();
    assert_eq!(search_rows.len(), search.len(), "{md}");
    for (cells, r) in search_rows.iter().zip(&search) {
        let (low, high, level) = (
            r.speedup_low.unwrap(),
            r.speedup_high.unwrap(),
            r.speedup_level.unwrap(),
        );
        let expected = verdict_by_rule((low, high, level), "faster", "slower");
        // The row ends `| faster? | cache speedup | cache pays? | predicted Elo |` (and the empty cell after the last
        // `|`).
        assert_eq!(cells[cells.len() - 5], expected, "{cells:?} {r:?}");
        assert_eq!(r.speedup_method.as_deref(), Some("student_t"));
        // The evaluation cache's own verdict in that search, from its recorded paired interval; none without it.
        let pays = match (
            r.cache_speedup_low,
            r.cache_speedup_high,
            r.cache_speedup_level,
        ) {
            (Some(low), Some(high), Some(level)) => {
                assert_eq!(r.cache_speedup_method.as_deref(), Some("student_t"));
                verdict_by_rule((low, high, level), "pays", "costs")
            }
            _ => {
                assert_eq!(
                    r.variant, "none",
                    "a cached row without its cache speedup: {r:?}"
                );
                "—"
            }
        };
        assert_eq!(cells[cells.len() - 3], pays, "{cells:?} {r:?}");
    }
}

#[test]
fn stale_scenario_stops_the_run_before_anything_is_written() {
    let dir = temp_dir("stale-scenarios");
    let text = std::fs::read_to_string(scenario_path(
        &shipped_scenarios(),
        Family::PromotionEnPassant,
    ))
    .unwrap();
    let mut file: crate::scenario::ScenarioFile = serde_json::from_str(&text).unwrap();
    let v = file.roots[0].successors[0].expected["constant"];
    file.roots[0].successors[0]
        .expected
        .insert("constant".into(), v - 216);
    // The scenarios in a folder of their own: an output inside the scenarios folder is refused before work.
    let scenarios = dir.path().join("scenarios");
    std::fs::create_dir(&scenarios).unwrap();
    std::fs::write(scenarios.join("promotion-en-passant.json"), file.to_json()).unwrap();
    let out = dir.path().join("results");
    let err = super::run(args(scenarios, out.clone(), dir.path().join("reports")))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("stale expected value")
            && err.contains("root 0 (promotion-en-passant-00), successor 0"),
        "{err}"
    );
    assert_eq!(
        folders(&out),
        Vec::<PathBuf>::new(),
        "no run folder after a failed verification"
    );
}

#[test]
fn two_runs_started_in_the_same_second_keep_their_own_folders() {
    let tmp = temp_dir("same-second");
    let out = tmp.path().join("results");
    let job = |report: &str| -> Job {
        let mut job = args(shipped_scenarios(), out.clone(), tmp.path().join(report))
            .job()
            .unwrap();
        job.start_time = Some(UtcTimestamp {
            unix_seconds: 1_800_000_000,
        });
        job
    };
    let (a, b) = (job("reports-a"), job("reports-b"));
    let (ra, rb) = std::thread::scope(|s| {
        let ta = s.spawn(|| crate::job::run(&a).map_err(|e| e.to_string()));
        let tb = s.spawn(|| crate::job::run(&b).map_err(|e| e.to_string()));
        (ta.join().unwrap(), tb.join().unwrap())
    });
    assert_eq!((ra, rb), (Ok(()), Ok(())));
    let names: Vec<String> = folders(&out)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["2027-01-15T08-00-00Z", "2027-01-15T08-00-00Z-2"]);
    for n in &names {
        assert!(
            out.join(n).join("counts.csv").is_file() && out.join(n).join("timings.csv").is_file()
        );
    }
}
