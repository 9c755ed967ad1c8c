//! The experiment end to end on a small configuration, the stream-length assertion, the results files, the
//! report and its refusals (the command line's configuration is tested beside `commands::eviction`).

use crate::experiments::catalogue_eviction::BestTenRecord;
use crate::experiments::catalogue_eviction::EvictionControlRecord;
use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::GameSearchRecord;
use crate::experiments::catalogue_eviction::LruMrcRecord;
use crate::experiments::catalogue_eviction::StreamRecord;
use crate::experiments::catalogue_eviction::TraceRunRecord;
use crate::experiments::catalogue_eviction::experiment::{
    Config, Control, default_policies, execute, write_results,
};
use crate::experiments::catalogue_eviction::findings::best_tens::{
    best_ten_stats, check_best_tens_differ,
};
use crate::experiments::catalogue_eviction::replay::{StreamCheck, replay};
use crate::experiments::catalogue_eviction::report::{read, write_report};
use crate::experiments::catalogue_eviction::stream::{LookupStream, StreamConfig};
use crate::experiments::catalogue_eviction::trace::Trace;
use crate::experiments::catalogue_eviction::trace_experiment::run_trace;
use crate::experiments::catalogue_eviction::{PolicyKind, run};
use crate::progress::Progress;
use crate::record::{Provenance, RunMetadata};
use engine::domineering::Catalogue;
use std::path::PathBuf;

fn small_stream_config() -> StreamConfig {
    StreamConfig {
        plan: "4x5:12,5x5:10,6x6:6,7x7:4".parse().unwrap(),
        ..StreamConfig::default()
    }
}

#[test]
fn a_run_fed_a_different_stream_is_refused() {
    let cat = Catalogue::build();
    let cfg = small_stream_config();
    let a = LookupStream::generate(&cfg, 1, &cat).unwrap();
    let b = LookupStream::generate(&cfg, 2, &cat).unwrap();
    let check = StreamCheck::of(&a);
    assert!(replay(PolicyKind::Lru, 10, &a, &check).is_ok());
    let err = replay(PolicyKind::Lru, 10, &b, &check).unwrap_err();
    assert_eq!(err.want_lookups, a.len() as u64);
    assert!(err.to_string().contains("not the same stream"), "{err}");
    // Same length, one pair of lookups swapped: caught by the fingerprint.
    let mut c = a.clone();
    let i = (1..c.keys.len())
        .find(|&i| c.keys[i] != c.keys[i - 1])
        .unwrap();
    c.keys.swap(i, i - 1);
    let err = replay(PolicyKind::Belady, 10, &c, &check).unwrap_err();
    assert_eq!(err.got_lookups, err.want_lookups);
}

fn small_config(report: Option<PathBuf>) -> Config {
    Config {
        stream: small_stream_config(),
        seeds: vec![11, 12, 13],
        budgets: Some(vec![5, 10, 20, 40]),
        policies: default_policies(&[100, 1000]),
        controls: vec![Control::single(5, 5, 15)],
        control_budgets: vec![10, 20],
        threads: 2,
        trace_out: None,
        report_dir: report,
        command: "test".into(),
        game_search_scenarios: Some(crate::test_support::shipped_scenarios()),
        game_search_left_out: None,
    }
}

#[test]
fn small_experiment_results_are_consistent_and_written() {
    let tmp = crate::test_support::temp_dir("small");
    let dir = tmp.path().to_path_buf();
    let cfg = Config {
        trace_out: Some(dir.join("trace.csv")),
        ..small_config(Some(dir.join("report")))
    };
    let summary = run(&cfg, &dir.join("results"), &Progress::hidden()).unwrap();
    // Every CSV reads back through the typed schema, its rows checked, with the shared provenance columns.
    let results = dir.join("results");
    let runs: Vec<EvictionRecord> = read(&summary.csv).unwrap();
    let controls: Vec<EvictionControlRecord> = read(&results.join("eviction_control.csv")).unwrap();
    let streams: Vec<StreamRecord> = read(&results.join("streams.csv")).unwrap();
    let tens: Vec<BestTenRecord> = read(&results.join("best_tens.csv")).unwrap();
    let searched: Vec<GameSearchRecord> = read(&results.join("game_search.csv")).unwrap();
    let counts = (runs.len(), controls.len(), streams.len());
    assert_eq!(counts, (3 * 16 * 4, 3 * 16 * 2, 3 * 2));
    assert!(controls.iter().all(|r| r.plan == "only_5x5") && !tens.is_empty());
    let p = Provenance::of(&RunMetadata::collect(11));
    let ours = [&p.machine, &p.rustc, &p.git_revision];
    // Each row's provenance columns are this machine's, compiler's and revision's.
    macro_rules! provenance_is_ours {
        ($($rows:expr),*) => {
            $(assert!($rows.iter().all(|r| [&r.machine, &r.rustc, &r.git_revision] == ours));)*
        };
    }
    provenance_is_ours!(runs, streams, searched);
    let header = |f: &str| {
        let text = std::fs::read_to_string(results.join(f)).unwrap();
        text.lines().next().unwrap().to_owned()
    };
    assert!(
        header("eviction.csv")
            .starts_with("seed,policy,budget,lookups,hits,hit_rate,re_evaluations")
    );
    for f in [
        "eviction.csv",
        "eviction_control.csv",
        "streams.csv",
        "best_tens.csv",
        "game_search.csv",
    ] {
        assert!(header(f).ends_with(",machine,rustc,git_revision"), "{f}");
    }
    assert!(results.join("config.json").is_file());
    let index = summary.report.unwrap();
    let md = std::fs::read_to_string(&index).unwrap();
    assert!(md.contains("## The original experiment's figures next to ours"));
    // The answer first: "At a glance" precedes the configuration.
    let glance = md.find("## At a glance").expect("at a glance");
    assert!(glance < md.find("## Configuration").unwrap());
    let game_search_answer = md
        .find("dice-chess game-search traces")
        .expect("game-search answer");
    assert!(
        glance < game_search_answer && game_search_answer < md.find("## Configuration").unwrap()
    );
    assert!(md.contains("## Miss-ratio curves"));
    assert!(md.contains("## Does ageing overtake recency?"));
    // The game-search part opens with its answer.
    let section = md
        .find("## Game-search traces")
        .expect("game-search section");
    assert!(md[section..].starts_with("## Game-search traces\n\n**Does frequency"));
    assert!(md.contains("| dice sparse search-star2-tt |"));
    assert!(md.contains(&format!(
        "- **search + TT** ({} traces): ",
        crate::scenario::Family::ALL.len()
    )));
    // Only the sparse family's roots are searched deep enough for the table to cut leaves.
    assert!(md.contains("On `middlegame`, `transposition-rich`, `promotion-en-passant`"));
    let game_search = std::fs::read_to_string(dir.join("results/game_search.csv")).unwrap();
    // The catalogue trace and four sources per family, sixteen rules, six budget fractions.
    let traces = 1 + 4 * crate::scenario::Family::ALL.len();
    assert_eq!(game_search.lines().count(), 1 + traces * 16 * 6);
    // The curves are drawn for the family with the longest traces; find which from the file names.
    let mrc_family = std::fs::read_dir(dir.join("report"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .find_map(|n| {
            n.strip_prefix("game_search_dice_")?
                .strip_suffix("_expansion_traversal_off_mrc_recency.svg")
                .map(str::to_owned)
        })
        .expect("a dice-chess miss-ratio chart");
    for chart in [
        "game_search_frequency_minus_recency_expansion_traversal_off",
        "game_search_frequency_minus_recency_search_star2_tt",
        "game_search_catalogue_seed_11_mrc_recency",
        &format!("game_search_dice_{mrc_family}_expansion_traversal_on_mrc_frequency"),
        &format!("game_search_dice_{mrc_family}_search_star2_mrc_ageing"),
        &format!("game_search_dice_{mrc_family}_search_star2_tt_mrc_fixed"),
        "hit_rate_vs_budget_recency",
        "hit_rate_vs_budget_frequency",
        "hit_rate_vs_budget_adaptive",
        "hit_rate_vs_budget_zoom_recency",
        "aging_vs_budget_1",
        "re_evaluations_vs_budget_adaptive",
        "best_ten_overlap",
        "miss_ratio_curve_recency",
        "miss_ratio_curve_adaptive",
        "points_vs_lru_frequency",
    ] {
        let p = dir.join("report").join(format!("{chart}.svg"));
        assert!(
            std::fs::metadata(&p)
                .map(|m| m.len() > 1000)
                .unwrap_or(false),
            "{}",
            p.display()
        );
        assert!(!p.with_extension("png").exists(), "one image format only");
    }
    // Every chart drawn is linked from index.md, and every link resolves.
    crate::test_support::assert_report_owns_its_folder(&dir.join("report"), &[]);
    let trace = std::fs::read_to_string(dir.join("trace.csv")).unwrap();
    assert_eq!(trace.lines().next(), Some("time,obj_id,board,game"));
    // The trace replayed from its file: both CSVs read back through the schema.
    let replayed = run_trace(
        &Trace::read(&dir.join("trace.csv")).unwrap(),
        &[PolicyKind::Lru, PolicyKind::Lfu],
        Some(&[5, 10]),
        2,
        &dir.join("trace_results"),
        &Progress::hidden(),
    )
    .unwrap();
    let rows: Vec<TraceRunRecord> = read(&replayed.csv).unwrap();
    assert_eq!(rows.len(), 2 * 2);
    assert!(
        rows.iter()
            .all(|r| [&r.machine, &r.rustc, &r.git_revision] == ours)
    );
    let curve: Vec<LruMrcRecord> = read(&replayed.mrc_csv).unwrap();
    let lru_at_10 = rows
        .iter()
        .find(|r| r.policy == "lru" && r.budget == 10)
        .unwrap();
    assert_eq!(curve[9].lru_hits, lru_at_10.hits);
    assert!(!summary.lines.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bounds_hold_in_every_run() {
    let outcome = execute(&small_config(None), &Progress::hidden()).unwrap();
    let p = &outcome.main;
    for s in &p.streams {
        for &b in &p.budgets {
            let row = |k: PolicyKind| {
                p.cell(k, b)
                    .into_iter()
                    .find(|r| r.seed == s.row.seed)
                    .unwrap()
                    .clone()
            };
            let opt = row(PolicyKind::Belady);
            let ceiling = row(PolicyKind::Unbounded);
            assert_eq!(ceiling.misses, s.row.distinct_keys);
            for k in outcome.policies.iter().copied() {
                let r = row(k);
                assert_eq!(r.lookups, s.row.lookups, "{k} saw another stream");
                assert!(r.hits <= ceiling.hits, "{k} above the unbounded table");
                if k.is_online() {
                    assert!(
                        r.hits <= opt.hits,
                        "{k} beat Belady at {b}, seed {}",
                        s.row.seed
                    );
                }
            }
            let best = row(PolicyKind::BestN);
            assert!(row(PolicyKind::FirstN).hits <= best.hits);
            assert!((best.overlap_best_n - 1.0).abs() < 1e-12);
        }
    }
    // The per-board statistics see four different boards.
    let bt = best_ten_stats(p).unwrap();
    assert_eq!(bt.pairs.len(), 6);
    assert!(bt.distinct.point >= 10.0 && bt.common.point <= 10.0);
}

#[test]
fn a_run_that_leaves_the_game_search_out_says_so_where_it_would_be() {
    let tmp = crate::test_support::temp_dir("left-out");
    let dir = tmp.path().to_path_buf();
    let note = "`--quick` leaves out the game-search comparison; `harness eviction` runs it.";
    let cfg = Config {
        policies: vec![PolicyKind::Lru, PolicyKind::Sieve, PolicyKind::Belady],
        game_search_scenarios: None,
        game_search_left_out: Some(note.into()),
        ..small_config(Some(dir.join("report")))
    };
    let summary = run(&cfg, &dir.join("results"), &Progress::hidden()).unwrap();
    assert!(!dir.join("results/game_search.csv").exists());
    assert!(
        summary
            .lines
            .contains(&format!("game-search traces: {note}"))
    );
    let md = std::fs::read_to_string(summary.report.unwrap()).unwrap();
    // Once in the answer at the top, and as the whole of the section the comparison would have filled.
    let glance = md.find(&format!("Game-search traces: {note}\n")).unwrap();
    assert!(glance < md.find("## Configuration").unwrap());
    assert!(md.contains(&format!("## Game-search traces\n\n{note}\n\n## Limits")));
    assert!(
        !md.contains("game_search_"),
        "no game-search chart is linked"
    );
}

#[test]
fn the_best_ten_figure_refuses_when_every_board_shares_one_best_ten() {
    let mut outcome = execute(
        &Config {
            controls: vec![],
            ..small_config(None)
        },
        &Progress::hidden(),
    )
    .unwrap();
    for s in &mut outcome.main.streams {
        let first = s.best_tens[0].clone();
        for t in &mut s.best_tens {
            *t = first.clone();
        }
    }
    let tens: Vec<_> = outcome.main.streams[0]
        .best_tens
        .iter()
        .map(|t| t.iter().map(|(k, _)| *k).collect::<Vec<_>>())
        .collect();
    assert!(check_best_tens_differ(&tens).is_err());
    let tmp = crate::test_support::temp_dir("refuse");
    let dir = tmp.path().to_path_buf();
    // The report is rendered from the results folder alone; rendered while it is still `.partial`, it names the
    // folder as it will be called.
    let results = dir.join("run.partial");
    write_results(&outcome, &results).unwrap();
    let report = dir.join("report");
    std::fs::create_dir_all(&report).unwrap();
    std::fs::write(report.join("stray.svg"), "<svg/>").unwrap();
    let index = write_report(&results, &report).unwrap();
    let md = std::fs::read_to_string(index).unwrap();
    assert!(md.contains("**Figure refused:**"), "{md}");
    assert!(!md.contains(".partial"));
    assert!(md.contains("run`"), "{md}");
    assert!(!report.join("best_ten_overlap.svg").exists());
    assert!(
        !report.join("stray.svg").exists(),
        "a file of an older report survived"
    );
    crate::test_support::assert_report_owns_its_folder(&report, &[]);
    std::fs::remove_dir_all(&dir).unwrap();
}
