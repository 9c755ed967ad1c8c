//! The chance search on each frozen family's roots: pruning {none, star1, star2} x table {off, on}, cache
//! `optimized`, evaluator `material`, one turn deeper than the family's expansion for the cheap families and
//! depth 2 for sparse (its depth-3 plain search takes far too long for criterion's repeated samples; the main job's
//! search stage measures depth 3). Setup checks parity (every arm the same root values, each best path
//! worth its root's value) and aborts before timing on a mismatch. One iteration searches every root of the
//! family once, with a fresh memo and a cleared table per root.

use criterion::{Criterion, criterion_group, criterion_main};
use engine::GameState;
use engine::memo::CacheKind;
use engine::search::{Pruning, SearchDepth, TranspositionTable};
use harness::evaluators::EvaluatorKind;
use harness::scenario::{Family, load, scenario_path};
use harness::search_arms::{SearchArm, TABLE_ENTRIES, search_roots, search_section};
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

mod support;

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = chance_search
}
criterion_main!(benches);
