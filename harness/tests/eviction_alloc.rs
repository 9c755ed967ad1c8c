//! Replay allocates nothing per lookup: a fixed handful of allocations (the re-evaluation bitmap, heap growth up
//! to the budget) whatever the stream length.

use harness::PolicyKind;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn replay_allocations_do_not_grow_with_the_stream() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let universe = 400u32;
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let keys: Vec<u32> = (0..200_000)
        .map(|_| {
            let x: f64 = rng.random_range(0.0..1.0);
            ((x * x * x) * universe as f64) as u32 % universe
        })
        .collect();
    let kinds = [
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
    for kind in kinds {
        for budget in [10, 80] {
            let mut p = kind.build(budget, &keys, universe as usize);
            let before = dhat::HeapStats::get();
            let t = p.replay(&keys, universe as usize);
            let after = dhat::HeapStats::get();
            let allocs = after.total_blocks - before.total_blocks;
            dhat::assert!(
                allocs <= 16,
                "{kind} at {budget}: {allocs} allocations for {} lookups",
                t.lookups
            );
        }
    }
}

// A plain `main` instead of libtest: dhat counts every thread's allocations, and libtest's own thread allocates
// (its "has been running for over 60 seconds" notice on a loaded machine), which would leak into the counts.
fn main() {
    replay_allocations_do_not_grow_with_the_stream();
    println!("test replay_allocations_do_not_grow_with_the_stream ... ok");
}
