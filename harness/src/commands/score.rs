//! `harness score "<DFEN>" [--cache none|tuple|hashbrown|fx|optimized] [--eval material|...|work:N]`:
//! scores every legal turn path with `score_path` through the chosen evaluation cache.

use crate::evaluators::{CountingEvaluator, EvaluatorKind};
use crate::outln;
use crate::values::{dfen, name};
use engine::memo::{CacheKind, Plain};
use engine::{GameState, score_path, stream_legal_turns};
use std::ops::ControlFlow;

/// Arguments of `harness score`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The position, as a DFEN string (quote it).
    #[arg(value_parser = dfen)]
    pub dfen: GameState,
    /// The evaluation cache: none|tuple|hashbrown|fx|optimized.
    #[arg(long, default_value = "optimized", value_parser = name::<CacheKind>)]
    pub cache: CacheKind,
    /// The evaluator: material|aggressive|counter|constant|mobility|network|work:N (N a power of two).
    #[arg(long = "eval", default_value = "material")]
    pub eval: EvaluatorKind,
}

/// The result line `paths=N best=S calls=C hits=H entries=E` for `state`.
///
/// A forced pass (no legal path) scores the empty path: the position itself from the mover's perspective.
pub(crate) fn score_line(state: &GameState, cache: CacheKind, eval: EvaluatorKind) -> String {
    let evaluator = CountingEvaluator::new(eval);
    let memo = cache.build(Plain(|s: &GameState, c| evaluator.evaluate(s, c)));
    // Streamed, not collected: a position with millions of paths holds none of them.
    let mut paths = 0u64;
    let mut best: Option<i32> = None;
    let _ = stream_legal_turns(state, |path, _| {
        paths += 1;
        let v = score_path(state, path, |s, c| memo.apply(s, c));
        best = Some(best.map_or(v, |b| b.max(v)));
        ControlFlow::Continue(())
    });
    let best = best.unwrap_or_else(|| score_path(state, &[], |s, c| memo.apply(s, c)));
    let counters = memo.counters();
    // The memo's own count and the evaluator's count of itself must agree; a mismatch is a bug worth a panic.
    assert_eq!(
        counters.evaluator_calls,
        evaluator.calls(),
        "evaluator_calls disagrees with the evaluator"
    );
    format!(
        "paths={} best={} calls={} hits={} entries={}",
        paths, best, counters.evaluator_calls, counters.cache_hits, counters.entry_count
    )
}

/// Runs the command (an invalid DFEN is a usage error, status 2, before this runs).
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    outln!("{}", score_line(&args.dfen, args.cache, args.eval));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cache_scores_alike_and_memo_counters_match_the_distinct_leaves() {
        // 3376 paths, no king captures, 688 distinct final positions (as `harness turns --summary` counts them).
        let s = GameState::from_dfen("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 PPP").unwrap();
        for eval in EvaluatorKind::ALL {
            let uncached = score_line(&s, CacheKind::None, eval);
            let best = uncached.split(' ').nth(1).unwrap().to_string();
            assert_eq!(
                uncached,
                format!("paths=3376 {best} calls=3376 hits=0 entries=0"),
                "{eval}"
            );
            for kind in [
                CacheKind::Tuple,
                CacheKind::Hashbrown,
                CacheKind::Fx,
                CacheKind::Optimized,
            ] {
                let line = score_line(&s, kind, eval);
                assert_eq!(
                    line,
                    format!("paths=3376 {best} calls=688 hits=2688 entries=688"),
                    "{kind} {eval}"
                );
            }
        }
    }
}
