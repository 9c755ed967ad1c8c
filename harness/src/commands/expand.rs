//! `harness expand "<DFEN>"`: one outer successor's nested chance value, for scripts and for users checking one
//! position.

use crate::run::{Arm, Evaluator, count_family};
use crate::selection::{parse_eval, parse_traversal};
use engine::GameState;
use engine::chance::{ChanceDepth, Traversal};
use engine::memo::CacheKind;
use std::process::ExitCode;

/// Arguments of `harness expand`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The outer successor in DFEN: the opponent to roll, empty dice pool.
    pub dfen: String,
    /// Chance layers: 1 or 2.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub depth: u8,
    /// Cache variant: none|tuple|hashbrown|fx|optimized.
    #[arg(long, default_value = "optimized")]
    pub cache: CacheKind,
    /// Evaluator: material|constant|aggressive.
    #[arg(long, default_value = "material", value_parser = parse_eval)]
    pub eval: Evaluator,
    /// Traversal cache: on|off.
    #[arg(long, default_value = "on", value_parser = parse_traversal)]
    pub traversal: Traversal,
}

/// Runs the command. An invalid DFEN or a position with dice exits with status 2.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let state = match GameState::from_dfen(&args.dfen) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return Ok(ExitCode::from(2));
        }
    };
    if !state.dice().is_empty() {
        eprintln!(
            "an outer successor has an empty dice pool (the opponent is about to roll); found dice in '{}'",
            args.dfen
        );
        return Ok(ExitCode::from(2));
    }
    let depth = ChanceDepth::from_layers(args.depth).expect("clap checks the range");
    let arm = Arm {
        cache: args.cache,
        eval: args.eval,
        traversal: args.traversal,
    };
    let r = count_family(&[state], depth, arm);
    let n = r.values[0];
    let value = n as f64 / depth.denominator() as f64;
    let label = match depth {
        ChanceDepth::One => "value_x216",
        ChanceDepth::Two => "value_x46656",
    };
    println!(
        "{label}={n} value={value} calls={} hits={} entries={}",
        r.memo.evaluator_calls, r.memo.cache_hits, r.memo.entry_count
    );
    Ok(ExitCode::SUCCESS)
}
