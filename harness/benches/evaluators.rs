//! The evaluator cost ladder in wall-clock time: ns per call of every evaluator (material, aggressive, mobility,
//! network, work:N on a log grid, and the counter and constant floors) over a fixed set of positions, every outer
//! successor of the four frozen scenario families, each from both perspectives. One iteration evaluates the whole
//! set; criterion's throughput line gives calls per second (ns per call = 1e9 / throughput). Instruction counts
//! per call come from the `instructions` bench's `evaluators` group.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{Color, GameState};
use harness::{EvaluatorKind, Family, WorkRounds, load_dir};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

/// Every outer successor of every family, each from both perspectives.
fn positions() -> Vec<(GameState, Color)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let scenarios = load_dir(&dir, &Family::ALL).unwrap_or_else(|e| panic!("{e}"));
    scenarios
        .iter()
        .flat_map(|scn| scn.successors.iter())
        .flat_map(|s| [(s.state, Color::White), (s.state, Color::Black)])
        .collect()
}

/// The ladder's rungs, cheapest first by design.
fn ladder() -> Vec<EvaluatorKind> {
    let mut kinds = vec![
        EvaluatorKind::Constant,
        EvaluatorKind::Counter,
        EvaluatorKind::Material,
        EvaluatorKind::Aggressive,
        EvaluatorKind::Mobility,
        EvaluatorKind::Network,
    ];
    for n in [1, 4, 16, 64, 256, 1024] {
        kinds.push(EvaluatorKind::Work(
            WorkRounds::new(n).expect("a power of two"),
        ));
    }
    kinds
}

fn evaluators(c: &mut Criterion) {
    let batch = positions();
    let mut group = c.benchmark_group("evaluator");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(batch.len() as u64));
    for kind in ladder() {
        let f = kind.function();
        // The network generates its weights on first use; that one-time cost stays out of the timing.
        black_box(f(&batch[0].0, batch[0].1));
        group.bench_function(kind.to_string(), |b| {
            b.iter(|| {
                black_box(&batch)
                    .iter()
                    .map(|(s, p)| i64::from(f(s, *p)))
                    .sum::<i64>()
            })
        });
    }
    group.finish();
}

mod support;

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = evaluators
}
criterion_main!(benches);
