//! One deterministic chance search of every root of a family, for instruction counting under callgrind:
//! `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*search_roots*' \
//!  target/release/examples/search_work FAMILY DEPTH PRUNING [TABLE]`. Evaluator `material` with its turn
//! bounds, no cache; TABLE `on` gives the search stage's 2^16-entry transposition table (cleared per root), `off`
//! (the default) none: the counts compare the search algorithms alone. Prints the root values and the counters.

use engine::GameState;
use engine::memo::CacheKind;
use engine::search::{Pruning, SearchDepth, TranspositionTable};
use harness::evaluators::EvaluatorKind;
use harness::operation::search::{SearchArm, TABLE_ENTRIES, search_roots};
use harness::scenario::{Family, load_dir};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (family, depth, pruning, with_table) = match args.as_slice() {
        [f, d, p] => (f, d, p, false),
        [f, d, p, t] if t == "on" || t == "off" => (f, d, p, t == "on"),
        _ => {
            eprintln!("usage: search_work FAMILY DEPTH PRUNING [on|off]");
            std::process::exit(2);
        }
    };
    let family = Family::from_name(family).unwrap_or_else(|| {
        eprintln!("search_work: unknown family {family}");
        std::process::exit(2)
    });
    let Some(depth) = depth.parse().ok().and_then(SearchDepth::from_turns) else {
        eprintln!("search_work: depth must be 1, 2 or 3, not {depth}");
        std::process::exit(2)
    };
    let pruning: Pruning = pruning.parse().unwrap_or_else(|e| {
        eprintln!("search_work: pruning: {e}");
        std::process::exit(2)
    });
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let scns = load_dir(&dir, &[family]).unwrap_or_else(|e| {
        eprintln!("search_work: {e}");
        std::process::exit(2)
    });
    let roots: Vec<GameState> = scns[0]
        .file
        .roots
        .iter()
        .map(|r| GameState::from_dfen(&r.dfen).expect("frozen root parses"))
        .collect();
    let table = TranspositionTable::new(TABLE_ENTRIES).expect("a power of two");
    let arm = SearchArm {
        pruning,
        table: with_table,
        cache: CacheKind::None,
    };
    let (results, counters) = search_roots(&roots, depth, arm, EvaluatorKind::Material, &table);
    let values: Vec<String> = results.iter().map(|r| format!("{:?}", r.value)).collect();
    println!("values={} {counters:?}", values.join(","));
}
