//! The optimized cache allocates only when it grows, checked through the allocation-profile path (the operation
//! `alloc_profile` measures): its extra heap blocks over the uncached arm are exactly what its growth schedule
//! explains (slot-array doublings counted by the instrumented cache, state chunks by its entries). dhat testing
//! mode, one profiler per process, hence one test in this file.

use engine::chance::Traversal;
use engine::memo::CacheKind;
use harness::evaluators::EvaluatorKind;
use harness::experiments::allocations::profile_operation;
use harness::operation::Arm;
use harness::operation::growth::growth_blocks;
use harness::operation::probes::probe_family;
use harness::scenario::{Family, load_dir};
use std::path::Path;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn optimized_cache_allocates_only_when_it_grows() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let scenarios = load_dir(&dir, &[Family::PromotionEnPassant]).unwrap();
    let scn = &scenarios[0];
    let states: Vec<_> = scn.successors.iter().map(|s| s.state).collect();
    let _profiler = dhat::Profiler::builder()
        .testing()
        .file_name(std::env::temp_dir().join(format!("cache-growth-{}.json", std::process::id())))
        .build();
    for traversal in [Traversal::Cached, Traversal::Plain] {
        let arm = |cache| Arm {
            cache,
            eval: EvaluatorKind::Material,
            traversal,
        };
        // The first pass in a process also allocates one-time state (lazy tables); `alloc_profile` runs each arm
        // in its own process, so both arms pay it there. Here a warm-up pass takes it out of both.
        profile_operation(&states, scn.depth, arm(CacheKind::None));
        let optimized = profile_operation(&states, scn.depth, arm(CacheKind::Optimized));
        let none = profile_operation(&states, scn.depth, arm(CacheKind::None));
        let probes = probe_family(
            "promotion-en-passant",
            &states,
            scn.depth,
            EvaluatorKind::Material,
            traversal,
        )
        .unwrap();
        let growth: u64 = probes
            .successors
            .iter()
            .map(|s| s.stats.growth_events)
            .sum();
        let expected: u64 = probes
            .successors
            .iter()
            .map(|s| growth_blocks(s.stats.growth_events, s.entries))
            .sum();
        let misses: u64 = probes.successors.iter().map(|s| s.evaluator_calls).sum();
        // The check means something only if every cache grew and missed far more often than it allocated: one
        // block per miss (or per lookup) would then break the equality below by thousands.
        dhat::assert!(growth >= states.len() as u64);
        dhat::assert!(misses > 10 * expected, "{} misses", misses);
        dhat::assert_eq!(
            optimized.total_blocks.checked_sub(none.total_blocks),
            Some(expected),
            "traversal {}: optimized {} blocks, none {} blocks; growth schedule ({} doublings) explains {} extra",
            traversal.name(),
            optimized.total_blocks,
            none.total_blocks,
            growth,
            expected
        );
    }
}

// A plain `main` instead of libtest: dhat counts every thread's allocations, and libtest's own thread allocates
// (its "has been running for over 60 seconds" notice on a loaded machine), which would leak into the counts.
fn main() {
    optimized_cache_allocates_only_when_it_grows();
    println!("test optimized_cache_allocates_only_when_it_grows ... ok");
}
