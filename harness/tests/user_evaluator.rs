//! A downstream-style evaluator registered in this test binary goes where the built-in ones go: `--eval` parses
//! its name (and lists it when a name is unknown), the main job's parity and timing stages measure it and name it
//! in counts.csv, timings.csv, summary.json and the report's At a glance, and the search's parity against unpruned
//! expectimax runs on it, which catches a deliberately wrong declared bound on a root built so that it must.

mod support;

use engine::eval::{Evaluator, ValueBounds};
use engine::search::SearchDepth;
use engine::{Color, GameState};
use harness::{EvaluatorKind, Family, Registry, SearchArm, load, scenario_path, search_section};
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

/// The opposite of material (it prefers having less), declaring an interval below every value it returns. Its
/// values lie in [-2,000, 2,000] on the position the test builds; the declared [-100,000, -50,000] is wrong.
struct WrongBound;

impl Evaluator for WrongBound {
    fn name(&self) -> &str {
        "wrong-bound"
    }
    fn evaluate(&self, s: &GameState, c: Color) -> i32 {
        -engine::evaluate_material(s, c)
    }
    fn bounds(&self) -> Option<ValueBounds> {
        Some(ValueBounds::new(-100_000, -50_000))
    }
}

/// The same evaluator with a true interval: the control, so the failure is the bound's and nothing else's.
struct RightBound;

impl Evaluator for RightBound {
    fn name(&self) -> &str {
        "right-bound"
    }
    fn evaluate(&self, s: &GameState, c: Color) -> i32 {
        -engine::evaluate_material(s, c)
    }
    fn bounds(&self) -> Option<ValueBounds> {
        Some(ValueBounds::new(-640_000, 640_000))
    }
}

/// This binary's evaluators, as a downstream crate registers them.
fn registry() -> Registry {
    Registry::new().with(Mine).with(WrongBound).with(RightBound)
}

fn registered() -> (EvaluatorKind, EvaluatorKind) {
    registry().install();
    ("mine".parse().unwrap(), "wrong-bound".parse().unwrap())
}

#[test]
fn registered_names_parse_and_unknown_names_list_them() {
    let (mine, wrong) = registered();
    assert!(mine.is_user() && wrong.is_user());
    assert_eq!(mine.to_string(), "mine");
    assert_eq!(mine.bounds(), ValueBounds::new(-640_000, 640_006));
    assert_eq!(
        "material".parse::<EvaluatorKind>().unwrap(),
        EvaluatorKind::Material
    );
    let err = "nnue".parse::<EvaluatorKind>().unwrap_err().to_string();
    assert!(
        err.contains("network, mine, wrong-bound, right-bound, work:N"),
        "{err}"
    );
}

fn roots(family: Family) -> (Vec<GameState>, SearchDepth) {
    let scn = load(&scenario_path(&shipped_scenarios(), family)).unwrap();
    let roots = scn
        .file
        .roots
        .iter()
        .map(|r| GameState::from_dfen(&r.dfen).unwrap())
        .collect();
    (roots, SearchDepth::Two)
}

#[test]
fn search_parity_runs_on_the_users_evaluator() {
    let (mine, _) = registered();
    let arms = SearchArm::all();
    let search = search_section;
    let (roots, depth) = roots(Family::TranspositionRich);
    let families = [("transposition-rich".to_owned(), roots)];
    let rows = search(&families, depth, &arms, mine).unwrap();
    assert_eq!(rows.len(), arms.len());
}

/// A root where the wrong bound must change every pruned arm's value, whatever the positions of a family file.
///
/// White (king e1, pawns a7 and h2) has rolled pawn, king, king; Black has a bare king on h8, more than three king
/// steps from every white piece, so no reply of Black's captures anything and each leaf is worth exactly
/// `-(White's material after White's turn)` to this evaluator. Unpruned expectimax therefore picks a turn that
/// does not promote (h2-h3 or h2-h4 with king moves: -200 per roll, the most this evaluator gives). Star1 and Star2
/// rank the root's turns by material, so promoting to a queen (-1,000) is searched first, with the full window:
/// its value is exact and becomes alpha. Every later turn is a chance node whose classes are all bounded above by
/// the declared -50,000 (the unsearched-class bound), below that alpha: each is cut before it is generated, and
/// the pruned arms return the promotion's -1,000 per roll instead of -200. With the true interval declared
/// (`right-bound`) the same arms agree with expectimax on the same root.
#[test]
fn a_wrong_declared_bound_is_caught_on_a_root_where_it_must_change_the_value() {
    let (_, wrong) = registered();
    let right: EvaluatorKind = "right-bound".parse().unwrap();
    let root = GameState::from_dfen("7k/P7/8/8/8/8/7P/4K3 w - - 0 1 PKK").unwrap();
    let arms = SearchArm::all();
    let search = search_section;
    let families = [("promotion".to_owned(), vec![root])];
    let rows = search(&families, SearchDepth::Two, &arms, right).unwrap();
    assert_eq!(rows.len(), arms.len());
    let err = search(&families, SearchDepth::Two, &arms, wrong).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("search parity: promotion depth 2"),
        "{err}"
    );
    assert!(err.arm.pruning != engine::search::Pruning::None, "{err}");
    // The premise, checked on the engine directly: plain expectimax gives the quiet turn's -200 per roll, both
    // pruned searches the promotion's -1,000.
    fn contrarian(s: &GameState, c: Color) -> i32 {
        -engine::evaluate_material(s, c)
    }
    let value = |pruning| {
        let memo = engine::memo::EvaluationCache::new(contrarian);
        let config = engine::search::SearchConfig::new(pruning, WrongBound.bounds().unwrap());
        let report = engine::search::search(
            &root,
            SearchDepth::Two,
            &config,
            &memo,
            &engine::search::SearchControl::unbounded(),
        );
        report.ok().unwrap().outcome.value().unwrap().value
    };
    let per_roll =
        |v: i64| engine::search::RootValue::Numerator(v * SearchDepth::Two.denominator());
    assert_eq!(value(engine::search::Pruning::None), per_roll(-200));
    for pruning in [
        engine::search::Pruning::Star1,
        engine::search::Pruning::Star2,
    ] {
        assert_eq!(value(pruning), per_roll(-1_000), "{pruning}");
    }
}

#[test]
fn the_main_job_measures_the_users_evaluator_and_names_it_everywhere() {
    let tmp = temp_dir("user-evaluator");
    let out = tmp.path().join("results");
    let reports = tmp.path().join("reports");
    let skip = [&support::SKIPPED_IN_TESTS[..], &["bounded_cache"]]
        .concat()
        .join(",");
    let args = [
        "harness",
        "--quick",
        "--scenario",
        "sparse",
        "--eval",
        "mine",
        "--traversal",
        "on",
        "--seed",
        "3",
        "--skip",
        &skip,
    ];
    let paths = [
        ("--scenarios-dir", shipped_scenarios()),
        ("--out", out.clone()),
        ("--report-dir", reports.clone()),
    ];
    let argv = args.iter().map(std::ffi::OsString::from).chain(
        paths
            .into_iter()
            .flat_map(|(option, path)| [option.into(), path.into_os_string()]),
    );
    assert_eq!(harness::main_with_args(registry(), argv), Ok(()));
    let run = support::folders(&out).remove(0);
    let counts = std::fs::read_to_string(run.join("counts.csv")).unwrap();
    assert!(
        counts.contains("sparse,optimized,mine,on,evaluator_calls,"),
        "{counts}"
    );
    let timings = std::fs::read_to_string(run.join("timings.csv")).unwrap();
    let intervals = std::fs::read_to_string(run.join("intervals.csv")).unwrap();
    assert!(intervals.contains("sparse,optimized,mine,on,speedup_vs_none,"));
    let summary = std::fs::read_to_string(run.join("summary.json")).unwrap();
    assert!(summary.contains("\"mine\""), "{summary}");
    // `constant` was not asked for, but the expansion stage timed it: the baseline of the cost columns.
    assert!(
        timings.contains("sparse,none,constant,on,rounds,")
            && intervals.contains("sparse,none,constant,on,ns_per_op,"),
        "{timings}"
    );
    let json: serde_json::Value = serde_json::from_str(&summary).unwrap();
    let row = json["at_a_glance"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["evaluator"] == "mine")
        .unwrap();
    assert!(row["evaluator_ns_per_call"].is_number(), "{row}");
    // The break-even is an interval from the paired speedup with the free evaluator.
    let b = &row["break_even_ns_per_call"];
    for key in ["point", "low", "high", "level", "n", "method"] {
        assert!(!b[key].is_null(), "{key}: {row}");
    }
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
