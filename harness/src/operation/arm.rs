//! One arm of a run (family x cache variant x evaluator x traversal): a counting pass and a timed operation.

use engine::chance::{ChanceCounters, ChanceDepth, ChanceTelemetry, Traversal, expand_chance_with};
use engine::memo::{
    CacheKind, EvaluationCache, EvaluationMemo, FxCache, HashbrownCache, MemoCounters, Plain,
    TupleKeyCache, Uncached,
};
use engine::telemetry::NoTelemetry;
use engine::{Color, GameState};
use std::convert::Infallible;

/// The coordinates of one arm: cache variant x evaluator x traversal.
pub use crate::arm::ExpansionArm as Arm;

/// What a counting pass over a family's successors found.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CountResult {
    /// Value numerator of each successor, in file order.
    pub values: Vec<i64>,
    /// Memo counters summed over the successors (one fresh memo per successor).
    pub memo: MemoCounters,
    /// Expansion counters summed over the successors.
    pub chance: ChanceCounters,
}

type EvalFn = fn(&GameState, Color) -> i32;

/// Runs `$body` with `$make` bound to a constructor of a fresh memo of `$kind` over `$f` (static dispatch, so
/// the timed code is monomorphised per variant).
macro_rules! with_memo {
    ($kind:expr, $f:expr, |$make:ident| $body:expr) => {{
        let f: EvalFn = $f;
        match $kind {
            CacheKind::None => {
                let $make = move || Uncached::with_callback(Plain(f));
                $body
            }
            CacheKind::Tuple => {
                let $make = move || TupleKeyCache::with_callback(Plain(f));
                $body
            }
            CacheKind::Hashbrown => {
                let $make = move || HashbrownCache::with_callback(Plain(f));
                $body
            }
            CacheKind::Fx => {
                let $make = move || FxCache::with_callback(Plain(f));
                $body
            }
            CacheKind::Optimized => {
                let $make = move || EvaluationCache::<Plain<EvalFn>>::with_callback(Plain(f));
                $body
            }
        }
    }};
}

/// Expands every successor with a fresh memo from `make`, pushing values and summing counters.
fn expand_all<M, T>(
    states: &[GameState],
    depth: ChanceDepth,
    traversal: Traversal,
    make: impl Fn() -> M,
    t: &mut T,
    mut values: Option<&mut Vec<i64>>,
) -> (MemoCounters, i64)
where
    M: EvaluationMemo<Error = Infallible>,
    T: ChanceTelemetry,
{
    let mut total = MemoCounters::default();
    let mut checksum = 0i64;
    for s in states {
        let memo = make();
        let Ok(v) = expand_chance_with(s, depth, &memo, traversal, t);
        checksum = checksum.wrapping_add(v.numerator);
        if let Some(out) = values.as_deref_mut() {
            out.push(v.numerator);
        }
        let c = memo.counters();
        total.evaluator_calls += c.evaluator_calls;
        total.cache_hits += c.cache_hits;
        total.entry_count += c.entry_count;
    }
    (total, checksum)
}

thread_local! {
    /// The evaluations [`evaluated_states`] records (one thread's pass at a time).
    static EVALUATED: std::cell::RefCell<Vec<(GameState, Color)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// An evaluator that records what it is asked and answers 0: the nested expansion enumerates every turn whatever
/// the values, so it asks exactly what any evaluator would be asked.
fn recording(state: &GameState, perspective: Color) -> i32 {
    EVALUATED.with(|v| v.borrow_mut().push((*state, perspective)));
    0
}

/// Every evaluation (state and perspective, repeats included) the uncached expansion of `states` asks for with
/// `traversal`: the calls an evaluator makes in the family's `none` arm, to time the evaluator alone on them.
pub(crate) fn evaluated_states(
    states: &[GameState],
    depth: ChanceDepth,
    traversal: Traversal,
) -> Vec<(GameState, Color)> {
    EVALUATED.with(|v| v.borrow_mut().clear());
    with_memo!(CacheKind::None, recording, |make| expand_all(
        states,
        depth,
        traversal,
        make,
        &mut NoTelemetry,
        None
    ));
    EVALUATED.with(|v| std::mem::take(&mut *v.borrow_mut()))
}

/// The counting pass of one arm: values and all counters.
pub fn count_family(states: &[GameState], depth: ChanceDepth, arm: Arm) -> CountResult {
    let mut chance = ChanceCounters::default();
    let mut values = Vec::with_capacity(states.len());
    let (memo, _) = with_memo!(arm.cache, arm.eval.function(), |make| expand_all(
        states,
        depth,
        arm.traversal,
        make,
        &mut chance,
        Some(&mut values)
    ));
    CountResult {
        values,
        memo,
        chance,
    }
}

/// One timed operation of an arm: expand every successor of the family with fresh caches, no counting.
/// The returned closure's result goes through `black_box` so the work cannot be optimised away.
pub fn timed_operation<'a>(
    states: &'a [GameState],
    depth: ChanceDepth,
    arm: Arm,
) -> Box<dyn FnMut() + 'a> {
    with_memo!(arm.cache, arm.eval.function(), |make| Box::new(move || {
        let (_, checksum) = expand_all(states, depth, arm.traversal, make, &mut NoTelemetry, None);
        std::hint::black_box(checksum);
    }))
}
