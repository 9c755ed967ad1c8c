//! Lookups per second per policy, replaying the real lookup stream (seed 1 of the default run) at budgets 10 and
//! 80. Only the replay is timed: building the policy (and Belady's next-use table) is setup.
//!
//! `lru_curve`: the exact LRU hit count at every budget from 1 to the distinct keys, once by Mattson's one-pass
//! stack distances and once by replaying LRU at each budget (what the curve replaces).

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use engine::domineering::Catalogue;
use harness::{LookupStream, PolicyKind, StreamConfig, lru_hits_by_budget};
use std::hint::black_box;
use std::time::Duration;

fn replay(c: &mut Criterion) {
    let stream =
        LookupStream::generate(&StreamConfig::default(), 1, &Catalogue::build()).expect("stream");
    let keys = &stream.keys;
    let universe = stream.universe();
    let mut group = c.benchmark_group("eviction_replay");
    group
        .throughput(Throughput::Elements(keys.len() as u64))
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let policies = [
        PolicyKind::Lru,
        PolicyKind::Lfu,
        PolicyKind::AgingLfu { period: 1000 },
        PolicyKind::Sieve,
        PolicyKind::Arc,
        PolicyKind::S3Fifo,
        PolicyKind::WTinyLfu,
        PolicyKind::Fifo,
        PolicyKind::Clock,
        PolicyKind::TwoQ,
        PolicyKind::Lirs,
        PolicyKind::Belady,
        PolicyKind::Unbounded,
        PolicyKind::BestN,
    ];
    for budget in [10usize, 80] {
        for kind in policies {
            group.bench_with_input(
                BenchmarkId::new(kind.to_string(), budget),
                &budget,
                |b, &budget| {
                    b.iter_batched(
                        || kind.build(budget, keys, universe),
                        |mut p| black_box(p.replay(black_box(keys), universe)),
                        BatchSize::LargeInput,
                    )
                },
            );
        }
    }
    group.finish();
}

fn lru_curve(c: &mut Criterion) {
    let stream =
        LookupStream::generate(&StreamConfig::default(), 1, &Catalogue::build()).expect("stream");
    let keys = &stream.keys;
    let universe = stream.universe();
    let mut group = c.benchmark_group("lru_curve");
    group
        .throughput(Throughput::Elements(keys.len() as u64))
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("mattson_one_pass", |b| {
        b.iter(|| black_box(lru_hits_by_budget(black_box(keys), universe)))
    });
    group.bench_function("lru_replay_every_budget", |b| {
        b.iter(|| {
            let hits: Vec<u64> = (1..=universe)
                .map(|budget| {
                    PolicyKind::Lru
                        .build(budget, keys, universe)
                        .replay(black_box(keys), universe)
                        .hits
                })
                .collect();
            black_box(hits)
        })
    });
    group.finish();
}

mod support;

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = replay, lru_curve
}
criterion_main!(benches);
