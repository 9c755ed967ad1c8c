//! NestedChanceCacheBenchmark (docs/evaluation-cache.md B2): one group per frozen scenario family, one function per
//! cache variant and evaluator (material, constant). Each iteration expands every outer successor of the family with
//! fresh evaluation and traversal caches. Setup checks parity (values equal the frozen expected values and each other;
//! memo counters agree) and aborts before timing on any mismatch. Criterion reports the time of one iteration, i.e. one
//! pass over all the family's successors (the main job divides by the successor count).

use criterion::{Criterion, criterion_group, criterion_main};
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use harness::evaluators::EvaluatorKind;
use harness::operation::{Arm, check_parity, count_family, timed_operation};
use harness::scenario::{Family, load, scenario_path};
use std::path::Path;
use std::time::Duration;

fn nested_chance(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    for family in Family::ALL {
        let scn = load(&scenario_path(&dir, family)).unwrap_or_else(|e| panic!("{e}"));
        let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
        let dfens: Vec<String> = states.iter().map(|s| s.to_dfen()).collect();
        let mut group = c.benchmark_group(family.name());
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for eval in [EvaluatorKind::Material, EvaluatorKind::Constant] {
            let frozen: Vec<i64> = scn.successors.iter().map(|s| s.expected[&eval]).collect();
            let arms: Vec<Arm> = CacheKind::ALL
                .into_iter()
                .map(|cache| Arm {
                    cache,
                    eval,
                    traversal: Traversal::Cached,
                })
                .collect();
            let counts: Vec<_> = arms
                .iter()
                .map(|&a| (a, count_family(&states, scn.depth, a)))
                .collect();
            if let Err(e) = check_parity(family.name(), &counts, Some(("frozen", &frozen)), &dfens)
            {
                panic!("{e}; nothing timed");
            }
            for arm in arms {
                let mut op = timed_operation(&states, scn.depth, arm);
                group.bench_function(format!("{eval}/{}", arm.cache.name()), |b| b.iter(&mut op));
            }
        }
        group.finish();
    }
}

mod support;

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = nested_chance
}
criterion_main!(benches);
