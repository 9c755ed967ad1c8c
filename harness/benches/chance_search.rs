//! The chance search on each frozen family's roots: pruning {none, star1, star2} x table {off, on}, cache
//! `optimized`, evaluator `material`, one turn deeper than the family's expansion for the cheap families and
//! depth 2 for sparse (its depth-3 plain search takes far too long for criterion's repeated samples; the main job's
//! search stage measures depth 3). Setup checks parity (every arm the same root values, each best path
//! worth its root's value) and aborts before timing on a mismatch. One iteration searches every root of the
//! family once, with a fresh memo and a cleared table per root.
//!
//! `tt_replacement`: the TT-pressure game (4 moves at depth 3, fixed once with an unbounded table) searched by
//! every replacement scheme at 2^8 entries and by the unbounded table; one iteration plays every move with a
//! fresh table, so the ratios between schemes are the time cost of what each evicts (counts: `harness tt-pressure`).

use criterion::{Criterion, criterion_group, criterion_main};
use engine::GameState;
use engine::memo::CacheKind;
use engine::search::{Pruning, SearchDepth, TranspositionTable};
use harness::evaluators::EvaluatorKind;
use harness::experiments::tt_pressure::{TableArm, run_arm};
use harness::operation::search::{SearchArm, TABLE_ENTRIES, search_roots, search_section};
use harness::scenario::{Family, load, scenario_path};
use std::path::Path;
use std::time::Duration;

fn chance_search(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let arms: Vec<SearchArm> = Pruning::ALL
        .into_iter()
        .flat_map(|pruning| {
            [false, true].map(|table| SearchArm {
                pruning,
                table,
                cache: CacheKind::Optimized,
            })
        })
        .collect();
    for family in Family::ALL {
        let scn = load(&scenario_path(&dir, family)).unwrap_or_else(|e| panic!("{e}"));
        let roots: Vec<GameState> = scn
            .file
            .roots
            .iter()
            .map(|r| GameState::from_dfen(&r.dfen).unwrap_or_else(|e| panic!("{}: {e}", r.name)))
            .collect();
        let depth = SearchDepth::Two;
        if let Err(e) = search_section(
            &[(family.name().to_string(), roots.clone())],
            depth,
            &arms,
            EvaluatorKind::Material,
        ) {
            panic!("{e}; nothing timed");
        }
        let table = TranspositionTable::new(TABLE_ENTRIES).expect("a power of two");
        let mut group = c.benchmark_group(format!("chance_search/{}", family.name()));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(2));
        for &arm in &arms {
            group.bench_function(format!("depth{depth}/{}", arm.label()), |b| {
                b.iter(|| search_roots(&roots, depth, arm, EvaluatorKind::Material, &table))
            });
        }
        group.finish();
    }
}

fn tt_replacement(c: &mut Criterion) {
    let mut config = harness::experiments::tt_pressure::main_job_slice(1);
    config.moves = 4;
    let game = harness::experiments::tt_pressure::fix_game(&config);
    let mut group = c.benchmark_group("tt_replacement");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    let arms = engine::search::ReplacementScheme::ALL
        .map(|scheme| TableArm::sized(scheme, 8))
        .into_iter()
        .chain([TableArm::Unbounded]);
    for arm in arms {
        let label = harness::arm::ArmId::from(arm).label();
        // Setup: the arm must reproduce every root value of the fixed game before it is timed.
        let check = run_arm(arm, &game, &config).expect("2^8 fits every scheme");
        assert_eq!(
            check.values_equal, check.moves,
            "{label}: a root value differs; nothing timed"
        );
        group.bench_function(label.replace(' ', "/"), |b| {
            b.iter(|| run_arm(arm, &game, &config).expect("2^8 fits every scheme"))
        });
    }
    group.finish();
}

mod support;

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = chance_search, tt_replacement
}
criterion_main!(benches);
