//! Plug in your own evaluator and see whether the evaluation cache pays for it.
//!
//! Run: `cargo run --release -p engine --example own_evaluator`. Replace `my_evaluator` with yours (any pure,
//! deterministic `(GameState, Color) -> i32`); the example then measures, through the public API only:
//!
//! - its cost e (ns per call, over the leaves of a few fixed positions, a constant callback's loop subtracted);
//! - the optimized cache's probe cost p (ns per lookup): the same nested chance expansions with a constant
//!   callback, through `EvaluationCache` and through `Uncached`, the difference divided by the lookups;
//! - the hit rate h of the nested expansion with your evaluator, and the break-even hit rate p / e: caching pays
//!   where h exceeds it;
//! - the measured time ratio of the expansion with your evaluator, cached over uncached (below 1 = faster).
//!
//! All times are wall-clock medians of a few runs on a shared machine: estimates, good to perhaps 10-20%. For
//! exact instruction counts use the harness's `instructions` bench.

use engine::chance::{ChanceDepth, Traversal, expand_chance};
use engine::memo::{EvaluationCache, EvaluationMemo, Plain, Uncached};
use engine::{Bitboard, Color, GameState, PieceType, for_each_legal_turn};
use std::convert::Infallible;
use std::hint::black_box;
use std::time::Instant;

/// A user-written evaluator: material, plus 12 points per own piece on the four centre squares and 4 per own
/// piece on the ring around them, from `color`'s perspective.
fn my_evaluator(s: &GameState, color: Color) -> i32 {
    const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];
    const CENTRE: u64 = 0x0000_0018_1800_0000;
    const RING: u64 = 0x0000_3c24_243c_0000;
    let side = |c: Color| -> i32 {
        let mut score = 0;
        for kind in PieceType::ALL {
            let pieces = s.pieces(c, kind);
            score += VALUES[kind.index()] * pieces.count() as i32;
            score += 12 * (pieces & Bitboard(CENTRE)).count() as i32;
            score += 4 * (pieces & Bitboard(RING)).count() as i32;
        }
        score
    };
    side(color) - side(!color)
}

/// Outer positions for the nested expansion: the opponent to roll, empty dice pool.
const OUTERS: [&str; 3] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "4k3/pp4pp/8/8/8/8/PP4PP/4K3 b - - 0 1",
];
/// Dice pools for collecting leaves to time the evaluator on.
const POOLS: [&str; 3] = ["NBQ", "PPR", "KBN"];
/// Timed repetitions; the median is reported.
const RUNS: usize = 7;

fn median_ns(mut run: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            run();
            t.elapsed().as_nanos() as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[RUNS / 2]
}

/// Every nested expansion once through a fresh memo from `make`; the lookups it made.
fn expand_all<M: EvaluationMemo<Error = Infallible>>(
    outers: &[GameState],
    traversal: Traversal,
    make: impl Fn() -> M,
) -> u64 {
    let mut lookups = 0;
    for s in outers {
        let memo = make();
        let Ok(v) = expand_chance(s, ChanceDepth::One, &memo, traversal);
        black_box(v.numerator);
        let c = memo.counters();
        lookups += c.evaluator_calls + c.cache_hits;
    }
    lookups
}

/// `n` with thousands separators.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn main() {
    let outers: Vec<GameState> = OUTERS
        .iter()
        .map(|d| GameState::from_dfen(d).expect("example DFEN parses"))
        .collect();
    let mut leaves = Vec::new();
    for s in &outers {
        for pool in POOLS {
            let rolled =
                GameState::from_dfen(&format!("{} {pool}", s.to_dfen())).expect("pool parses");
            for_each_legal_turn(&rolled, |_, after| {
                leaves.push((*after, rolled.side_to_move()))
            });
        }
    }
    let calls = leaves.len() as f64;
    let sum_with = |f: fn(&GameState, Color) -> i32| {
        let leaves = &leaves;
        move || {
            black_box(leaves.iter().map(|(s, c)| i64::from(f(s, *c))).sum::<i64>());
        }
    };
    let constant: fn(&GameState, Color) -> i32 = |_, _| 0;
    let e = (median_ns(sum_with(my_evaluator)) - median_ns(sum_with(constant))) / calls;

    println!(
        "leaves timed:            {} calls",
        grouped(leaves.len() as u64)
    );
    println!("your evaluator e:        {e:.1} ns per call (estimate)");
    for traversal in [Traversal::Cached, Traversal::Plain] {
        println!("nested expansion, traversal cache {}:", traversal.name());
        report(&outers, traversal, e);
    }
}

/// Probe cost, hit rate, break-even and the measured ratio of one traversal setting.
fn report(outers: &[GameState], traversal: Traversal, e: f64) {
    let constant: fn(&GameState, Color) -> i32 = |_, _| 0;
    let lookups = expand_all(outers, traversal, || Uncached::new(constant));
    let uncached_constant = median_ns(|| {
        expand_all(outers, traversal, || Uncached::new(constant));
    });
    let cached_constant = median_ns(|| {
        expand_all(outers, traversal, || EvaluationCache::new(constant));
    });
    let p = (cached_constant - uncached_constant) / lookups as f64;

    let mut hits = 0;
    let mut misses = 0;
    for s in outers {
        let memo = EvaluationCache::with_callback(Plain(my_evaluator));
        let Ok(v) = expand_chance(s, ChanceDepth::One, &memo, traversal);
        black_box(v.numerator);
        hits += memo.cache_hits();
        misses += memo.evaluator_calls();
    }
    let hit_rate = hits as f64 / (hits + misses) as f64;
    let uncached = median_ns(|| {
        expand_all(outers, traversal, || Uncached::new(my_evaluator));
    });
    let cached = median_ns(|| {
        expand_all(outers, traversal, || EvaluationCache::new(my_evaluator));
    });

    println!(
        "  lookups:               {} over {} outer positions ({} misses, {} hits)",
        grouped(lookups),
        outers.len(),
        grouped(misses),
        grouped(hits)
    );
    println!("  cache probe p:         {p:.1} ns per lookup (estimate, constant callback)");
    println!("  hit rate h:            {:.1}%", 100.0 * hit_rate);
    if e > 0.0 {
        let break_even = p / e;
        println!("  break-even hit rate:   p/e = {:.1}%", 100.0 * break_even);
        println!(
            "  model:                 caching {} at this hit rate",
            if hit_rate > break_even {
                "pays"
            } else {
                "does not pay"
            }
        );
    } else {
        println!("  break-even hit rate:   undefined (the evaluator costs no measurable time)");
    }
    println!(
        "  measured:              cached {:.2} ms, uncached {:.2} ms, time ratio {:.2}x (below 1 = the cache is faster)",
        cached / 1e6,
        uncached / 1e6,
        cached / uncached
    );
}
