//! Time to build the Domineering catalogue (1,042 shapes, canonical values and stops) from nothing.
//! Target: at most 20 ms in release (the AGPL `cgt` crate takes 15-19 ms on the project machine).

use criterion::{Criterion, criterion_group, criterion_main};
use engine::domineering::{Catalogue, connected_shapes};
use std::hint::black_box;

fn catalogue(c: &mut Criterion) {
    let mut group = c.benchmark_group("catalogue");
    group.sample_size(20);
    group.bench_function("build_1042", |b| b.iter(|| black_box(Catalogue::build())));
    group.bench_function("enumerate_shapes_only", |b| {
        b.iter(|| black_box(connected_shapes(8)))
    });
    group.finish();
}

mod support;

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = catalogue
}
criterion_main!(benches);
