//! `harness expand "<DFEN>"`: one outer successor's nested chance value, for scripts and for users checking one
//! position.

pub(crate) mod estimate;

use super::turns::summary::DEFAULT_MAX_MEMORY_MIB;
use crate::evaluators::EvaluatorKind;
use crate::exit::Failure;
use crate::operation::{Arm, count_family};
use crate::outln;
use crate::present::number::count;
use crate::progress::Progress;
use crate::values::{dfen, name, positive};
use engine::GameState;
use engine::chance::{ChanceDepth, Traversal};
use engine::memo::CacheKind;

/// Arguments of `harness expand`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The outer successor in DFEN: the opponent to roll, empty dice pool.
    #[arg(value_parser = dfen)]
    pub dfen: GameState,
    /// Chance layers: 1 or 2.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub depth: u8,
    /// Cache variant: none|tuple|hashbrown|fx|optimized.
    #[arg(long, default_value = "optimized", value_parser = name::<CacheKind>)]
    pub cache: CacheKind,
    /// Evaluator: material|constant|aggressive|counter|mobility|network|work:N (N a power of two).
    #[arg(long, default_value = "material")]
    pub eval: EvaluatorKind,
    /// Traversal cache: on|off.
    #[arg(long, default_value = "on", value_parser = name::<Traversal>)]
    pub traversal: Traversal,
    /// Refuse, before expanding, a position whose estimated memory (paths of the largest rolls, cache entries,
    /// memoised path lists) exceeds this many MiB.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MAX_MEMORY_MIB, value_parser = positive::<u64>)]
    pub max_memory: u64,
}

/// Runs the command. An invalid DFEN or a position with dice exits with status 2.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    let state = args.dfen;
    if !state.dice().is_empty() {
        return Err(Failure::BadInput.because(format!(
            "<DFEN> '{}': an outer successor has an empty dice pool (the opponent is about to roll)",
            state.to_dfen()
        )));
    }
    let depth = ChanceDepth::from_layers(args.depth).expect("clap checks the range");
    let e = estimate::estimate(&state, depth, args.cache, args.traversal);
    // The bound, or the memory this process can have when that is less.
    let machine = crate::values::available_memory().unwrap_or(u64::MAX);
    if e.bytes > args.max_memory.saturating_mul(1 << 20).min(machine) {
        let above = if args.max_memory.saturating_mul(1 << 20) <= machine {
            format!("above --max-memory {} MiB", count(args.max_memory))
        } else {
            format!(
                "above the {} MiB this process can have (--max-memory {} MiB)",
                count(machine >> 20),
                count(args.max_memory)
            )
        };
        return Err(Failure::BadInput.because(format!(
            "refusing to expand {} at depth {}: about {} leaf evaluations and {} paths held at once need an \
             estimated {} MiB, {above}",
            state.to_dfen(),
            args.depth,
            count(e.evaluations),
            count(e.peak_paths),
            count(e.bytes >> 20),
        )));
    }
    let beat = Progress::working("expand");
    let arm = Arm {
        cache: args.cache,
        eval: args.eval,
        traversal: args.traversal,
    };
    let r = count_family(&[state], depth, arm);
    drop(beat);
    let n = r.values[0];
    let value = n as f64 / depth.denominator() as f64;
    let label = match depth {
        ChanceDepth::One => "value_x216",
        ChanceDepth::Two => "value_x46656",
    };
    outln!(
        "{label}={n} value={value} calls={} hits={} entries={}",
        r.memo.evaluator_calls,
        r.memo.cache_hits,
        r.memo.entry_count
    );
    Ok(())
}
