//! Allocation budget of the bounded cache, counted by dhat in testing mode: construction allocates, lookups
//! never do (hits, misses into empty slots and misses that evict).

use engine::memo::{ClockCache, DirectMappedCache, EvaluationMemo};
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

/// Every lookup pattern a bounded cache meets: 4,096 distinct keys through 256 slots (fills, then evictions),
/// then the last keys again (hits), both perspectives.
fn lookups(
    memo: &dyn EvaluationMemo<Error = std::convert::Infallible>,
    states: &[GameState],
) -> u64 {
    let before = blocks();
    for c in [Color::White, Color::Black] {
        for s in states {
            memo.apply(s, c);
        }
        for s in &states[states.len() - 64..] {
            memo.apply(s, c);
        }
    }
    blocks() - before
}

fn lookups_allocate_nothing() {
    let states = distinct_states(4096);
    let _profiler = dhat::Profiler::builder().testing().build();

    let before = blocks();
    let direct = DirectMappedCache::new(256, evaluate_material).unwrap();
    let clock = ClockCache::new(256, evaluate_material).unwrap();
    let built = blocks() - before;
    // Three slot arrays each; the clock rule adds its reference bits and hands.
    dhat::assert_eq!(built, 3 + 5);

    for (name, memo, evictions) in [
        (
            "direct",
            &direct as &dyn EvaluationMemo<Error = _>,
            direct.evictions(),
        ),
        (
            "clock",
            &clock as &dyn EvaluationMemo<Error = _>,
            clock.evictions(),
        ),
    ] {
        dhat::assert_eq!(evictions, 0);
        let used = lookups(memo, &states);
        dhat::assert_eq!(used, 0, "{} lookups allocated {} blocks", name, used);
        let k = memo.counters();
        dhat::assert!(
            k.cache_hits > 0 && k.evaluator_calls > 4096,
            "{}: {:?}",
            name,
            k
        );
    }
    dhat::assert!(direct.evictions() > 0 && clock.evictions() > 0);
}

// A plain `main` instead of libtest: dhat counts every thread's allocations, and libtest's own thread allocates,
// which would leak into the counts.
fn main() {
    lookups_allocate_nothing();
    println!("test lookups_allocate_nothing ... ok");
}
