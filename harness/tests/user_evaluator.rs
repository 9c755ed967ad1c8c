//! A downstream-style evaluator registered in this test binary goes where the built-in ones go: `--eval` parses
//! its name (and lists it when a name is unknown), the main job's parity and timing stages measure it and name it
//! in counts.csv, timings.csv, summary.json and the report's At a glance, and the search's parity against unpruned
//! expectimax runs on it, which catches a deliberately wrong declared bound.

mod support;

use engine::eval::{Evaluator, ValueBounds};
use engine::search::SearchDepth;
use engine::{Color, GameState};
use harness::evaluators::EvaluatorKind;
use harness::experiments::Skipped;
use harness::registry::{Registry, install};
use harness::scenario::{Family, load_family};
use support::{shipped_scenarios, temp_dir};

/// Material plus a small king-file term: not a built-in, with honest bounds.
struct Mine;

impl Evaluator for Mine {
    fn name(&self) -> &str {
        "mine"
    }
    fn evaluate(&self, s: &GameState, c: Color) -> i32 {
        engine::evaluate_material(s, c) + (s.full_move_number() % 7) as i32
    }
    fn bounds(&self) -> Option<ValueBounds> {
        Some(ValueBounds::new(-640_000, 640_006))
    }
}

/// Material, declaring an interval its values leave at once: Star1 and Star2 would prune on a lie.
struct WrongBound;

impl Evaluator for WrongBound {
    fn name(&self) -> &str {
        "wrong-bound"
    }
    fn evaluate(&self, s: &GameState, c: Color) -> i32 {
        engine::evaluate_material(s, c)
    }
    fn bounds(&self) -> Option<ValueBounds> {
        Some(ValueBounds::new(-1, 1))
    }
}

fn registered() -> (EvaluatorKind, EvaluatorKind) {
    install(Registry::new().with(Mine).with(WrongBound));
    ("mine".parse().unwrap(), "wrong-bound".parse().unwrap())
}

#[test]
fn registered_names_parse_and_unknown_names_list_them() {
    let (mine, wrong) = registered();
    assert!(mine.is_user() && wrong.is_user());
    assert_eq!(mine.to_string(), "mine");
    assert_eq!(mine.bounds(), ValueBounds::new(-640_000, 640_006));
    let l = harness::values::evaluators("material,mine").unwrap();
    assert_eq!(l, [EvaluatorKind::Material, mine]);
    let err = harness::values::evaluators("nnue").unwrap_err().to_string();
    assert!(err.contains("network, mine, wrong-bound, work:N"), "{err}");
}

fn roots(family: Family) -> (Vec<GameState>, SearchDepth) {
    let scn = load_family(&shipped_scenarios(), family).unwrap();
    let roots = scn
        .file
        .roots
        .iter()
        .map(|r| GameState::from_dfen(&r.dfen).unwrap())
        .collect();
    (roots, SearchDepth::Two)
}

#[test]
fn search_parity_runs_on_the_users_evaluator_and_catches_a_wrong_bound() {
    let (mine, wrong) = registered();
    let arms = harness::arm::SearchArm::all();
    let search = harness::experiments::search::arms::search_section;
    let (roots, depth) = roots(Family::TranspositionRich);
    let families = [("transposition-rich".to_owned(), roots)];
    let rows = search(&families, depth, &arms, mine).unwrap();
    assert_eq!(rows.len(), arms.len());
    // Material's values leave [-1, 1] at once; Star1's cut-offs on that interval give a root another value.
    let err = search(&families, depth, &arms, wrong).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("search parity: transposition-rich depth 2"),
        "{err}"
    );
    assert!(err.arm.pruning != engine::search::Pruning::None, "{err}");
}

#[test]
fn the_main_job_measures_the_users_evaluator_and_names_it_everywhere() {
    let (mine, _) = registered();
    let tmp = temp_dir("user-evaluator");
    let out = tmp.path().join("results");
    let reports = tmp.path().join("reports");
    let args = harness::commands::main_job::Args {
        quick: true,
        scenario: vec![Family::Sparse],
        eval: vec![mine],
        traversal: vec![engine::chance::Traversal::Cached],
        scenarios_dir: shipped_scenarios(),
        out: out.clone(),
        report_dir: reports.clone(),
        seed: 3,
        skip: Skipped([&support::SKIPPED_IN_TESTS[..], &["bounded_cache"]].concat()),
        ..Default::default()
    };
    harness::commands::main_job::run(args).unwrap();
    let run = std::fs::read_dir(&out)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let counts = std::fs::read_to_string(run.join("counts.csv")).unwrap();
    assert!(
        counts.contains("sparse,optimized,mine,on,evaluator_calls,"),
        "{counts}"
    );
    let timings = std::fs::read_to_string(run.join("timings.csv")).unwrap();
    assert!(timings.contains("sparse,optimized,mine,on,speedup_vs_none_median,"));
    let summary = std::fs::read_to_string(run.join("summary.json")).unwrap();
    assert!(summary.contains("\"mine\""), "{summary}");
    let md = std::fs::read_to_string(reports.join("index.md")).unwrap();
    let glance = &md[md.find("## At a glance").unwrap()..];
    let glance = &glance[..glance[3..].find("\n## ").map_or(glance.len(), |i| i + 3)];
    assert!(
        glance
            .lines()
            .any(|l| l.contains("sparse") && l.contains("mine")),
        "{glance}"
    );
}
