//! Shared by the search tests: the oracle (the nested chance expansion, searched by brute force over the root's
//! paths), the positions, and a runner for every search arm.

#![allow(dead_code)]

use engine::chance::{ChanceDepth, Traversal, expand_chance};
use engine::eval::{MATERIAL_BOUNDS, MATERIAL_TURN_BOUNDS};
use engine::memo::{CacheKind, Plain, Uncached};
use engine::search::{
    Pruning, RootResult, RootValue, SearchConfig, SearchControl, SearchCounters, SearchDepth,
    TranspositionTable, search,
};
use engine::{Color, GameState, Move, evaluate_material, legal_turn_paths, score_path};

/// The root value by definition: the maximum over root paths of the nested expansion at depth − 1 layers
/// (depth 1: of `score_path`), a win on any root king capture, the pass when there is no path.
pub fn oracle(
    root: &GameState,
    depth: SearchDepth,
    eval: fn(&GameState, Color) -> i32,
) -> RootValue {
    let paths = legal_turn_paths(root);
    if paths
        .iter()
        .any(|p| score_path(root, p, |_, _| 0) == engine::TERMINAL_WIN_SCORE)
    {
        return RootValue::Win;
    }
    if paths.is_empty() {
        return RootValue::Numerator(match ChanceDepth::from_layers(depth.turns() - 1) {
            None => i64::from(eval(root, root.side_to_move())),
            Some(layers) => {
                let mut pass = *root;
                pass.end_turn();
                chance_value(&pass, layers, eval)
            }
        });
    }
    let best = paths
        .iter()
        .map(|p| path_value(root, p, depth, eval))
        .max()
        .expect("paths is not empty");
    RootValue::Numerator(best)
}

/// The value of playing `path` at `root`, by the oracle's definition (no king capture).
pub fn path_value(
    root: &GameState,
    path: &[Move],
    depth: SearchDepth,
    eval: fn(&GameState, Color) -> i32,
) -> i64 {
    match ChanceDepth::from_layers(depth.turns() - 1) {
        None => i64::from(score_path(root, path, eval)),
        Some(layers) => {
            let mut s = *root;
            for &m in path {
                s.make_move(m);
            }
            s.end_turn();
            chance_value(&s, layers, eval)
        }
    }
}

fn chance_value(outer: &GameState, layers: ChanceDepth, eval: fn(&GameState, Color) -> i32) -> i64 {
    let memo = Uncached::new(eval);
    expand_chance(outer, layers, &memo, Traversal::Cached)
        .unwrap()
        .numerator
}

/// One search arm.
#[derive(Clone, Copy, Debug)]
pub struct Arm {
    pub pruning: Pruning,
    pub cache: CacheKind,
    pub tt: bool,
    /// Whether the evaluator's declared turn bounds are given to the search (material only).
    pub turn_bounds: bool,
}

/// Every pruning x TT on/off with the optimized cache, Star1/Star2 x TT on/off with the turn bounds, plus every
/// cache kind with Star2 + TT.
pub fn arms() -> Vec<Arm> {
    let mut v = Vec::new();
    for pruning in Pruning::ALL {
        for tt in [false, true] {
            for turn_bounds in [false, true] {
                if turn_bounds && !pruning.prunes() {
                    continue;
                }
                v.push(Arm {
                    pruning,
                    cache: CacheKind::Optimized,
                    tt,
                    turn_bounds,
                });
            }
        }
    }
    for cache in CacheKind::ALL {
        if cache != CacheKind::Optimized {
            for pruning in [Pruning::None, Pruning::Star2] {
                v.push(Arm {
                    pruning,
                    cache,
                    tt: pruning == Pruning::Star2,
                    turn_bounds: false,
                });
            }
        }
    }
    v
}

/// Runs `arm` unbounded with the material evaluator and a fresh 2^14-entry table.
pub fn run(root: &GameState, depth: SearchDepth, arm: Arm) -> (RootResult, SearchCounters) {
    let turn = arm.turn_bounds.then_some(MATERIAL_TURN_BOUNDS);
    run_declared(root, depth, arm, evaluate_material, MATERIAL_BOUNDS, turn)
}

/// Runs `arm` unbounded with `eval` (whose values lie in `bounds`).
pub fn run_with(
    root: &GameState,
    depth: SearchDepth,
    arm: Arm,
    eval: fn(&GameState, Color) -> i32,
    bounds: engine::eval::ValueBounds,
) -> (RootResult, SearchCounters) {
    assert!(
        !arm.turn_bounds,
        "turn bounds are declared for material only"
    );
    run_declared(root, depth, arm, eval, bounds, None)
}

/// Runs `arm` unbounded with `eval`, its value bounds and its turn bounds, if any.
pub fn run_declared(
    root: &GameState,
    depth: SearchDepth,
    arm: Arm,
    eval: fn(&GameState, Color) -> i32,
    bounds: engine::eval::ValueBounds,
    turn: Option<engine::eval::TurnBounds>,
) -> (RootResult, SearchCounters) {
    let memo = arm.cache.build(Plain(eval));
    let table = TranspositionTable::new(1 << 14).unwrap();
    let mut config = SearchConfig::new(arm.pruning, bounds);
    if arm.tt {
        config = config.with_table(&table);
    }
    if let Some(turn) = turn {
        config = config.with_turn_bounds(turn);
    }
    let report = search(root, depth, &config, &*memo, &SearchControl::unbounded()).unwrap();
    let result = report
        .outcome
        .value()
        .cloned()
        .expect("unbounded searches complete");
    (result, report.counters)
}

/// Root DFENs of every frozen scenario family, read from `scenarios/*.json` at the workspace root.
pub fn scenario_roots() -> Vec<(String, String, u8)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let mut out = Vec::new();
    for family in [
        "sparse",
        "middlegame",
        "transposition-rich",
        "promotion-en-passant",
        "played",
        "played-endgame",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{family}.json"))).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let depth = json["depth"].as_u64().unwrap() as u8;
        for root in json["roots"].as_array().unwrap() {
            out.push((
                family.to_string(),
                root["dfen"].as_str().unwrap().to_string(),
                depth,
            ));
        }
    }
    out
}

/// Small hand-made roots: a bare-king defence, pawn races, an en-passant chance, castling, a forced pass.
pub const SMALL_ROOTS: [&str; 6] = [
    "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PPK",
    "4k3/3p4/8/8/8/8/3PP3/4K3 w - - 0 2 PNK",
    "r3k3/1p6/8/8/8/8/1P6/4K2R w K - 0 5 KRP",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3 PPQ",
    "4k3/4r3/8/8/8/8/3P4/4K3 w - - 0 1 PKN",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 QQQ",
];

/// Roots small enough for depth-3 searches in test time (under a second per plain search): bare kings; a king
/// and pawn against a king; an immediate king capture (a win before any probe).
pub const TINY_ROOTS: [&str; 3] = [
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 KKP",
    "8/1k6/8/8/8/8/1P6/2K5 w - - 0 1 PNK",
    "8/8/8/3k4/8/3K4/8/8 b - - 0 1 kkk",
];
