//! Instruction counts (gungraun 0.20, callgrind) of the evaluation-cache batches and one nested expansion per
//! scenario family, for every cache variant. Setup (batch construction, scenario loading) is outside the
//! count. Hashers: `hashbrown` uses foldhash's `FixedState`, `tuple` std's SipHash with fixed keys and `fx` is
//! fixed by construction, so every count repeats exactly.
//!
//! Per-lookup figures: `miss_<variant>` looks up 4,096 distinct leaves in a fresh memo (evaluator: the cheap
//! `counter` fold; construction and growth included), `twice_<variant>` does
//! that and then looks the same keys up again (all hits): instructions per miss = miss / 4,096, per hit = (twice - miss) / 4,096.
//!
//! Evaluator cost per call: `evaluator` calls one evaluator of the cost ladder on each of the 4,096 leaves (no
//! memo); instructions per call beyond the loop = (evaluator_<name> - evaluator_constant) / 4,096.
//!
//! Searches: `chance_search` runs one depth-2 search of each family's first frozen root, plain expectimax
//! against Star1, Star2 and Star2 with the transposition table (with `material`'s declared turn bounds);
//! `chance_search_depth3` does the same at depth 3 for sparse and played-endgame, without the table.
//!
//! Needs valgrind and the runner: `scripts/setup` (or `cargo install gungraun-runner --version 0.20.0 --locked`),
//! then `cargo bench -p harness --bench instructions`. It has `bench = false`, so a bare `cargo bench` skips it.

use engine::chance::{ChanceDepth, Traversal};
use engine::memo::{
    CacheKind, EvaluationCache, EvaluationMemo, FxCache, HashbrownCache, TupleKeyCache, Uncached,
};
use engine::search::{Pruning, SearchDepth, TranspositionTable};
use engine::{Color, GameState, for_each_legal_turn};
use gungraun::prelude::*;
use harness::evaluators::{EvaluatorKind, counter_value};
use harness::operation::search::{SearchArm, TABLE_ENTRIES, search_roots};
use harness::operation::{Arm, timed_operation};
use harness::scenario::{Family, load_dir};
use std::collections::HashSet;
use std::hint::black_box;
use std::path::Path;

type EvalFn = fn(&GameState, Color) -> i32;
type Batch = Vec<(GameState, Color)>;

const SOURCES: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 NBQ",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3 NBP",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 BNQ",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNR",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 NBQ",
];
const LOOKUPS: usize = 4096;

/// 4,096 distinct leaves (state after a legal turn and `end_turn`, mover's perspective).
fn distinct_leaves() -> Batch {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for dfen in SOURCES {
        let state = GameState::from_dfen(dfen).expect("bench DFEN parses");
        let mover = state.side_to_move();
        for_each_legal_turn(&state, |_, after| {
            let mut leaf = *after;
            leaf.end_turn();
            if out.len() < LOOKUPS && seen.insert((leaf, mover)) {
                out.push((leaf, mover));
            }
        });
    }
    assert_eq!(out.len(), LOOKUPS, "not enough distinct leaves");
    out
}

fn all<M: EvaluationMemo<Error = std::convert::Infallible>>(memo: &M, batch: &Batch) -> i64 {
    batch
        .iter()
        .map(|(s, c)| memo.apply(s, *c) as i64)
        .sum::<i64>()
}

macro_rules! lookup_benches {
    ($miss:ident, $twice:ident, $ty:ty) => {
        #[library_benchmark]
        #[bench::lookups_4096(setup = distinct_leaves)]
        fn $miss(batch: Batch) -> i64 {
            let memo = <$ty>::new(counter_value as EvalFn);
            black_box(all(&memo, black_box(&batch)))
        }

        #[library_benchmark]
        #[bench::lookups_4096(setup = distinct_leaves)]
        fn $twice(batch: Batch) -> i64 {
            let memo = <$ty>::new(counter_value as EvalFn);
            let first = all(&memo, black_box(&batch));
            black_box(first + all(&memo, black_box(&batch)))
        }
    };
}

lookup_benches!(miss_none, twice_none, Uncached<engine::memo::Plain<EvalFn>>);
lookup_benches!(
    miss_tuple,
    twice_tuple,
    TupleKeyCache<engine::memo::Plain<EvalFn>>
);
lookup_benches!(
    miss_hashbrown,
    twice_hashbrown,
    HashbrownCache<engine::memo::Plain<EvalFn>>
);
lookup_benches!(miss_fx, twice_fx, FxCache<engine::memo::Plain<EvalFn>>);
lookup_benches!(
    miss_optimized,
    twice_optimized,
    EvaluationCache<engine::memo::Plain<EvalFn>>
);

/// The first successor of a family, with its depth.
fn successor(family: Family) -> (Vec<GameState>, ChanceDepth) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let scns = load_dir(&dir, &[family]).expect("frozen scenarios load");
    let s = &scns[0];
    (vec![s.successors[0].state], s.depth)
}

fn expand(family: Family, cache: CacheKind) -> Box<dyn FnMut()> {
    let (states, depth) = successor(family);
    Box::new(move || {
        let arm = Arm {
            cache,
            eval: EvaluatorKind::Material,
            traversal: Traversal::Cached,
        };
        let mut op = timed_operation(&states, depth, arm);
        op();
    })
}

#[library_benchmark]
#[benches::family(
    args = [
        (Family::Sparse, CacheKind::None), (Family::Sparse, CacheKind::Tuple),
        (Family::Sparse, CacheKind::Hashbrown), (Family::Sparse, CacheKind::Fx),
        (Family::Sparse, CacheKind::Optimized),
        (Family::Middlegame, CacheKind::None), (Family::Middlegame, CacheKind::Tuple),
        (Family::Middlegame, CacheKind::Hashbrown), (Family::Middlegame, CacheKind::Fx),
        (Family::Middlegame, CacheKind::Optimized),
        (Family::TranspositionRich, CacheKind::None), (Family::TranspositionRich, CacheKind::Tuple),
        (Family::TranspositionRich, CacheKind::Hashbrown), (Family::TranspositionRich, CacheKind::Fx),
        (Family::TranspositionRich, CacheKind::Optimized),
        (Family::PromotionEnPassant, CacheKind::None), (Family::PromotionEnPassant, CacheKind::Tuple),
        (Family::PromotionEnPassant, CacheKind::Hashbrown), (Family::PromotionEnPassant, CacheKind::Fx),
        (Family::PromotionEnPassant, CacheKind::Optimized),
    ],
    setup = expand
)]
fn nested_expansion(mut op: Box<dyn FnMut()>) {
    op();
}

library_benchmark_group!(
    name = lookups,
    benchmarks = [
        miss_none,
        twice_none,
        miss_tuple,
        twice_tuple,
        miss_hashbrown,
        twice_hashbrown,
        miss_fx,
        twice_fx,
        miss_optimized,
        twice_optimized
    ]
);
/// The 4,096 distinct leaves and an evaluator, called once outside the count (the network generates its weights
/// on first use).
fn evaluator_batch(name: &str) -> (EvalFn, Batch) {
    let kind: EvaluatorKind = name.parse().expect("bench evaluator name parses");
    let batch = distinct_leaves();
    let f = kind.function();
    black_box(f(&batch[0].0, batch[0].1));
    (f, batch)
}

// Evaluator cost per call: every leaf evaluated once, no memo. Instructions per call beyond the loop =
// (evaluator_<name> - evaluator_constant) / 4,096.
#[library_benchmark]
#[benches::ladder(
    args = [
        "constant", "counter", "material", "aggressive", "mobility", "network", "work:1", "work:4",
        "work:16", "work:64", "work:256"
    ],
    setup = evaluator_batch
)]
fn evaluator((f, batch): (EvalFn, Batch)) -> i64 {
    black_box(
        black_box(&batch)
            .iter()
            .map(|(s, c)| i64::from(f(s, *c)))
            .sum::<i64>(),
    )
}

/// One depth-2 search of a family's first frozen root (cache `optimized`, evaluator `material`); the table is
/// allocated in setup, outside the count.
fn search_first_root(family: Family, pruning: Pruning, table: bool) -> Box<dyn FnMut()> {
    search_first_root_at(family, pruning, table, SearchDepth::Two)
}

/// [`search_first_root`] at depth 3, for the families cheap enough there (plain expectimax of the others'
/// first roots runs for minutes under callgrind).
fn search_first_root_deep(family: Family, pruning: Pruning, table: bool) -> Box<dyn FnMut()> {
    search_first_root_at(family, pruning, table, SearchDepth::Three)
}

fn search_first_root_at(
    family: Family,
    pruning: Pruning,
    table: bool,
    depth: SearchDepth,
) -> Box<dyn FnMut()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let scns = load_dir(&dir, &[family]).expect("frozen scenarios load");
    let root = GameState::from_dfen(&scns[0].file.roots[0].dfen).expect("frozen root parses");
    let tt = TranspositionTable::new(TABLE_ENTRIES).expect("a power of two");
    let arm = SearchArm {
        pruning,
        table,
        cache: CacheKind::Optimized,
    };
    Box::new(move || {
        black_box(search_roots(
            &[root],
            depth,
            arm,
            EvaluatorKind::Material,
            &tt,
        ));
    })
}

#[library_benchmark]
#[benches::family(
    args = [
        (Family::Sparse, Pruning::None, false), (Family::Sparse, Pruning::Star1, false),
        (Family::Sparse, Pruning::Star2, false), (Family::Sparse, Pruning::Star2, true),
        (Family::Middlegame, Pruning::None, false), (Family::Middlegame, Pruning::Star1, false),
        (Family::Middlegame, Pruning::Star2, false), (Family::Middlegame, Pruning::Star2, true),
        (Family::TranspositionRich, Pruning::None, false), (Family::TranspositionRich, Pruning::Star1, false),
        (Family::TranspositionRich, Pruning::Star2, false), (Family::TranspositionRich, Pruning::Star2, true),
        (Family::PromotionEnPassant, Pruning::None, false), (Family::PromotionEnPassant, Pruning::Star1, false),
        (Family::PromotionEnPassant, Pruning::Star2, false), (Family::PromotionEnPassant, Pruning::Star2, true),
        (Family::Played, Pruning::None, false), (Family::Played, Pruning::Star1, false),
        (Family::Played, Pruning::Star2, false), (Family::Played, Pruning::Star2, true),
    ],
    setup = search_first_root
)]
fn chance_search(mut op: Box<dyn FnMut()>) {
    op();
}

// Pruned against unpruned at depth 3 (the pruning arms' costs and savings compound over two chance layers).
#[library_benchmark]
#[benches::family(
    args = [
        (Family::Sparse, Pruning::None, false), (Family::Sparse, Pruning::Star1, false),
        (Family::Sparse, Pruning::Star2, false),
        (Family::PlayedEndgame, Pruning::None, false), (Family::PlayedEndgame, Pruning::Star1, false),
        (Family::PlayedEndgame, Pruning::Star2, false),
    ],
    setup = search_first_root_deep
)]
fn chance_search_depth3(mut op: Box<dyn FnMut()>) {
    op();
}

library_benchmark_group!(name = expansions, benchmarks = [nested_expansion]);
library_benchmark_group!(name = evaluators, benchmarks = [evaluator]);
library_benchmark_group!(
    name = searches,
    benchmarks = [chance_search, chance_search_depth3]
);
main!(
    library_benchmark_groups = lookups,
    expansions,
    evaluators,
    searches
);
