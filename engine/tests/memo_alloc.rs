//! Allocation budgets of the optimized cache, counted by dhat in testing mode (one profiler per test binary,
//! hence one test in this file).

use engine::memo::{EvaluationCache, Plain};
use engine::{Color, GameState, evaluate_material};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn distinct_states(n: u32) -> Vec<GameState> {
    let base = GameState::from_dfen("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP").unwrap();
    (1..=n).map(|i| base.with_full_move_number(i)).collect()
}

fn blocks() -> u64 {
    dhat::HeapStats::get().total_blocks
}

fn lookups_into_spare_capacity_allocate_nothing_and_growth_is_logarithmic() {
    let states = distinct_states(4096);
    let _profiler = dhat::Profiler::builder().testing().build();

    // Grown to its final size up front: misses into spare capacity and hits allocate nothing.
    let cache = EvaluationCache::with_capacity(Plain(evaluate_material), states.len());
    let before = blocks();
    for s in &states {
        cache.apply(s, Color::White);
    }
    for s in &states {
        cache.apply(s, Color::White);
    }
    let lookups = blocks() - before;
    dhat::assert_eq!(
        lookups,
        0,
        "lookups into spare capacity allocated {} blocks",
        lookups
    );
    dhat::assert_eq!((cache.evaluator_calls(), cache.cache_hits()), (4096, 4096));

    // A fresh cache and n distinct misses: one allocation per array per doubling, O(log n) blocks.
    for n in [16usize, 256, 4096] {
        let before = blocks();
        let fresh = EvaluationCache::new(evaluate_material);
        for s in &states[..n] {
            fresh.apply(s, Color::Black);
        }
        let used = blocks() - before;
        // Counted as if growth started at 16 slots; the first table is larger (1024), so this over-counts doublings
        // and the bound stays a loose O(log n) budget.
        let doublings = (2 * n).ilog2() as u64 - 3;
        dhat::assert!(
            used <= 3 * doublings + 3,
            "{} misses took {} blocks (doublings {})",
            n,
            used,
            doublings
        );
        dhat::assert_eq!(fresh.entry_count(), n);
    }
}

// A plain `main` instead of libtest: dhat counts every thread's allocations, and libtest's own thread allocates
// (its "has been running for over 60 seconds" notice on a loaded machine), which would leak into the counts.
fn main() {
    lookups_into_spare_capacity_allocate_nothing_and_growth_is_logarithmic();
    println!("test lookups_into_spare_capacity_allocate_nothing_and_growth_is_logarithmic ... ok");
}
