//! EvaluationCacheBenchmark (evaluation-cache contract): fixed batches of `(GameState, Color)` lookups through
//! every memo variant, a fresh memo per measured batch (construction, hashing and storage included).
//!
//! Batches: `repeated`, the real leaf stream of scoring every turn path of a transposition-rich position (each
//! path's final position from the mover's perspective, king captures excluded since they never reach the cache);
//! `zero_hit`, distinct leaves of several positions (every lookup a miss). Callbacks: `aggressive`
//! (`engine::evaluate_aggressive`) and `counter` (a cheap pure fold of the bitboards that counts its own calls).
//! Before timing, every arm's values and counters are checked against each other; a mismatch aborts the run.
//!
//! Run: `cargo bench -p harness --bench evaluation_cache -- --warm-up-time 1 --measurement-time 3`.
//! With `EVAL_CACHE_CLOCK=cpu` the samples are the thread's CPU time instead of wall-clock time (groups are then
//! named `evaluation_cache_cpu/...`): on a shared, oversubscribed machine, wall-clock samples of millisecond
//! batches include time spent preempted, which inflates the slow arms more than the fast ones.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{BenchmarkId, Criterion, Throughput};
use engine::memo::{
    CacheKind, EvaluationCache, EvaluationMemo, FxCache, HashbrownCache, MemoCounters,
    TupleKeyCache, Uncached,
};
use engine::{Color, GameState, for_each_legal_turn};
use harness::{CountingEvaluator, EvaluatorKind};
use std::collections::HashSet;
use std::convert::Infallible;
use std::hint::black_box;

/// Transposition-rich: three pawn dice over two full pawn rows, many move orders reach one position.
const REPEATED_SOURCE: &str = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 PPP";
/// Sources of distinct leaves for the zero-hit batch.
const ZERO_HIT_SOURCES: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 NBQ",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3 NBP",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 BNQ",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNR",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 NBQ",
];
/// Size of the zero-hit batch.
const ZERO_HIT_LOOKUPS: usize = 4096;

/// The lookups `score_path` makes for every legal turn path of `dfen`, in path order.
fn leaf_stream(dfen: &str) -> Vec<(GameState, Color)> {
    let state = GameState::from_dfen(dfen).expect("benchmark DFEN parses");
    let mover = state.side_to_move();
    let mut out = Vec::new();
    for_each_legal_turn(&state, |path, after| {
        let last = *path.last().expect("turn paths are never empty");
        let mut before_last = state;
        for &m in &path[..path.len() - 1] {
            before_last.make_move(m);
        }
        if !engine::captures_king(&before_last, last) {
            let mut leaf = *after;
            leaf.end_turn();
            out.push((leaf, mover));
        }
    });
    out
}

fn zero_hit_batch() -> Vec<(GameState, Color)> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for dfen in ZERO_HIT_SOURCES {
        for key in leaf_stream(dfen) {
            if out.len() < ZERO_HIT_LOOKUPS && seen.insert(key) {
                out.push(key);
            }
        }
    }
    assert_eq!(
        out.len(),
        ZERO_HIT_LOOKUPS,
        "not enough distinct leaves for the zero-hit batch"
    );
    out
}

fn lookups<M: EvaluationMemo<Error = Infallible>>(
    memo: &M,
    batch: &[(GameState, Color)],
    sink: &mut impl FnMut(i32),
) {
    for (s, c) in batch {
        sink(memo.apply(s, *c));
    }
}

/// One batch through a fresh memo of `kind`, each value handed to `sink`; returns the counters and the
/// evaluator's own call count.
fn run(
    kind: CacheKind,
    eval: EvaluatorKind,
    batch: &[(GameState, Color)],
    sink: &mut impl FnMut(i32),
) -> (MemoCounters, u64) {
    let evaluator = CountingEvaluator::new(eval);
    let f = |s: &GameState, c: Color| evaluator.evaluate(s, c);
    let counters = match kind {
        CacheKind::None => {
            let m = Uncached::new(f);
            lookups(&m, batch, sink);
            m.counters()
        }
        CacheKind::Tuple => {
            let m = TupleKeyCache::new(f);
            lookups(&m, batch, sink);
            m.counters()
        }
        CacheKind::Hashbrown => {
            let m = HashbrownCache::new(f);
            lookups(&m, batch, sink);
            m.counters()
        }
        CacheKind::Fx => {
            let m = FxCache::new(f);
            lookups(&m, batch, sink);
            m.counters()
        }
        CacheKind::Optimized => {
            let m = EvaluationCache::new(f);
            lookups(&m, batch, sink);
            m.counters()
        }
    };
    (counters, evaluator.calls())
}

/// Value and telemetry parity across arms; panics (aborting the bench) on any mismatch.
fn check_parity(name: &str, eval: EvaluatorKind, batch: &[(GameState, Color)]) {
    let mut reference = Vec::new();
    let (uncached, uncached_calls) = run(CacheKind::None, eval, batch, &mut |v| reference.push(v));
    assert_eq!(uncached.evaluator_calls, uncached_calls);
    let mut memo_counters: Option<MemoCounters> = None;
    for kind in [
        CacheKind::Tuple,
        CacheKind::Hashbrown,
        CacheKind::Fx,
        CacheKind::Optimized,
    ] {
        let mut values = Vec::new();
        let (c, calls) = run(kind, eval, batch, &mut |v| values.push(v));
        assert!(
            values == reference,
            "{name}/{eval}/{kind}: values differ from the uncached arm"
        );
        assert_eq!(
            c.evaluator_calls, calls,
            "{name}/{eval}/{kind}: evaluator_calls vs the evaluator's own count"
        );
        assert_eq!(
            uncached.evaluator_calls,
            c.evaluator_calls + c.cache_hits,
            "{name}/{eval}/{kind}"
        );
        if let Some(m) = memo_counters {
            assert_eq!(
                c, m,
                "{name}/{eval}/{kind}: counters differ between memo arms"
            );
        }
        memo_counters = Some(c);
    }
    let c = memo_counters.expect("four memo arms ran");
    eprintln!(
        "parity ok: {name}/{eval}: lookups={} calls={} hits={} entries={} hit_rate={:.3}",
        batch.len(),
        c.evaluator_calls,
        c.cache_hits,
        c.entry_count,
        c.cache_hits as f64 / batch.len() as f64
    );
}

fn evaluation_cache<M: Measurement>(c: &mut Criterion<M>, prefix: &str) {
    let batches = [
        ("repeated", leaf_stream(REPEATED_SOURCE)),
        ("zero_hit", zero_hit_batch()),
    ];
    for (name, batch) in &batches {
        for eval in [EvaluatorKind::Counter, EvaluatorKind::Aggressive] {
            check_parity(name, eval, batch);
        }
    }
    for (name, batch) in &batches {
        for eval in [EvaluatorKind::Counter, EvaluatorKind::Aggressive] {
            let mut group = c.benchmark_group(format!("{prefix}/{name}/{eval}"));
            group.throughput(Throughput::Elements(batch.len() as u64));
            for kind in CacheKind::ALL {
                group.bench_function(BenchmarkId::from_parameter(kind), |b| {
                    b.iter(|| {
                        let mut sum = 0i32;
                        let counters = run(kind, eval, black_box(batch), &mut |v| {
                            sum = sum.wrapping_add(v)
                        });
                        black_box((counters, sum));
                    })
                });
            }
            group.finish();
        }
    }
}

/// Nanoseconds of CPU time consumed by the calling thread.
fn thread_cpu_nanos() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; CLOCK_THREAD_CPUTIME_ID is supported on Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// Criterion measurement: the benchmark thread's CPU time, in nanoseconds.
struct ThreadCpuTime;

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_nanos()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_nanos() - start
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &NanosFormatter
    }
}

/// Formats CPU nanoseconds like criterion's wall-clock durations.
struct NanosFormatter;

impl ValueFormatter for NanosFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match typical {
            t if t < 1e3 => (1.0, "ns"),
            t if t < 1e6 => (1e-3, "µs"),
            t if t < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }
    fn scale_throughputs(
        &self,
        _typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per_iteration = match *throughput {
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => n,
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Bits(n) => n,
        } as f64;
        values
            .iter_mut()
            .for_each(|v| *v = per_iteration * 1e9 / *v);
        "elem/s (cpu)"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

mod support;

fn main() {
    if std::env::var("EVAL_CACHE_CLOCK").as_deref() == Ok("cpu") {
        let mut c = support::criterion()
            .with_measurement(ThreadCpuTime)
            .configure_from_args();
        evaluation_cache(&mut c, "evaluation_cache_cpu");
        c.final_summary();
    } else {
        let mut c = support::criterion().configure_from_args();
        evaluation_cache(&mut c, "evaluation_cache");
        c.final_summary();
    }
}
