//! `harness turns "<DFEN>" [--summary]`: the legal turn paths of a position, one per line in UCI, streamed as
//! they are generated (no path is held, so a position with millions of paths needs no more memory than one).

pub(crate) mod summary;

use crate::console::Batch;
use crate::exit::Failure;
use crate::outln;
use crate::values::{dfen, positive};
use engine::{GameState, stream_legal_turns};
use std::fmt::Write as _;
use std::ops::ControlFlow;
use summary::{DEFAULT_MAX_MEMORY_MIB, summarize};

/// Arguments of `harness turns`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The position, as a DFEN string (quote it).
    #[arg(value_parser = dfen)]
    pub dfen: GameState,
    /// Print one summary line instead of the paths. Exact in bounded memory: the distinct leaves are counted in
    /// as many passes over the paths as --max-memory needs (progress on stderr).
    #[arg(long)]
    pub summary: bool,
    /// Bound on the memory of --summary's leaf sets, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MAX_MEMORY_MIB, value_parser = positive::<u64>)]
    pub max_memory: u64,
}

/// Runs the command. Paths go out in blocks and stop at the first failed write to stdout.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    if args.summary {
        let bytes = args.max_memory.checked_mul(1 << 20).ok_or_else(|| {
            Failure::BadInput.because(format!("--max-memory {}: too large", args.max_memory))
        })?;
        crate::values::check_memory("max-memory", &args.max_memory.to_string(), bytes)?;
        let s = summarize(&args.dfen, bytes).map_err(|e| Failure::BadInput.tag(e))?;
        outln!("{s}");
        return Ok(());
    }
    let mut out = Batch::new();
    let mut line = String::new();
    let _ = stream_legal_turns(&args.dfen, |path, _| {
        line.clear();
        for (i, m) in path.iter().enumerate() {
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(line, "{sep}{m}");
        }
        if out.line(format_args!("{line}")) {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summary line of `state` under the default memory bound.
    fn summary(state: &GameState) -> Result<String, summary::TooLarge> {
        summarize(state, DEFAULT_MAX_MEMORY_MIB << 20).map(|s| s.to_string())
    }

    #[test]
    fn summary_of_reference_examples() {
        // Rules §4a derived examples: PPP from the initial position gives 3376 paths and 688 distinct leaves;
        // PN gives 120 paths, all distinct with clocks, 64 ignoring them.
        let initial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let ppp = GameState::from_dfen(&format!("{initial} PPP")).unwrap();
        assert_eq!(
            summary(&ppp).unwrap(),
            "paths=3376 king_captures=0 max_dice=3 distinct_leaves=688 distinct_leaves_ignoring_clocks=688 first_moves=16"
        );
        let pn = GameState::from_dfen(&format!("{initial} PN")).unwrap();
        assert_eq!(
            summary(&pn).unwrap(),
            "paths=120 king_captures=0 max_dice=2 distinct_leaves=120 distinct_leaves_ignoring_clocks=64 first_moves=20"
        );
        let edge = GameState::from_dfen("8/6kP/8/8/4K1p1/3P4/7b/8 w - - 0 1 PBB").unwrap();
        assert_eq!(
            summary(&edge).unwrap(),
            "paths=5 king_captures=1 max_dice=2 distinct_leaves=5 distinct_leaves_ignoring_clocks=5 first_moves=5"
        );
    }

    #[test]
    fn a_tiny_bound_takes_more_passes_and_changes_no_figure() {
        let s =
            GameState::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPP")
                .unwrap();
        let roomy = summarize(&s, 64 << 20).unwrap();
        let tight = summarize(&s, 100 << 10).unwrap();
        assert_eq!(roomy.passes, 1);
        assert!(tight.passes >= 4, "{} passes", tight.passes);
        assert_eq!(tight.to_string(), roomy.to_string());
        let refused = summarize(&s, 1 << 10).unwrap_err();
        assert_eq!(refused.paths, 3376);
    }
}
