//! `harness turns "<DFEN>" [--summary]`: the legal turn paths of a position, one per line in UCI.

use engine::{GameState, legal_turn_paths};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

/// Arguments of `harness turns`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// The position, as a DFEN string (quote it).
    pub dfen: String,
    /// Print one summary line instead of the paths.
    #[arg(long)]
    pub summary: bool,
}

/// The summary line: path count, king captures, dice spent, distinct leaves (with and without clocks), first moves.
pub fn summary(state: &GameState) -> String {
    let paths = legal_turn_paths(state);
    let mut king_captures = 0;
    let mut max_dice = 0;
    let mut leaves = HashSet::new();
    let mut leaves_no_clocks = HashSet::new();
    let mut first = HashSet::new();
    let start_dice = state.dice().len();
    for path in &paths {
        first.insert(path[0]);
        let mut s = *state;
        let (&last, init) = path.split_last().expect("turn paths are never empty");
        for &m in init {
            s.make_move(m);
        }
        if engine::captures_king(&s, last) {
            king_captures += 1;
        }
        s.make_move(last);
        max_dice = max_dice.max(start_dice - s.dice().len());
        s.end_turn();
        leaves.insert(s);
        leaves_no_clocks.insert(s.with_half_move_clock(0).with_full_move_number(1));
    }
    format!(
        "paths={} king_captures={} max_dice={} distinct_leaves={} distinct_leaves_ignoring_clocks={} first_moves={}",
        paths.len(),
        king_captures,
        max_dice,
        leaves.len(),
        leaves_no_clocks.len(),
        first.len()
    )
}

/// Runs the command; an invalid DFEN exits with status 2 and the parser's message on stderr.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let state = match GameState::from_dfen(&args.dfen) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("invalid DFEN: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let mut out = String::new();
    if args.summary {
        out.push_str(&summary(&state));
        out.push('\n');
    } else {
        for path in legal_turn_paths(&state) {
            let line: Vec<String> = path.iter().map(|m| m.to_string()).collect();
            let _ = writeln!(out, "{}", line.join(" "));
        }
    }
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_reference_examples() {
        // Rules §4a derived examples: PPP from the initial position gives 3376 paths and 688 distinct leaves;
        // PN gives 120 paths, all distinct with clocks, 64 ignoring them.
        let initial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let ppp = GameState::from_dfen(&format!("{initial} PPP")).unwrap();
        assert_eq!(
            summary(&ppp),
            "paths=3376 king_captures=0 max_dice=3 distinct_leaves=688 distinct_leaves_ignoring_clocks=688 first_moves=16"
        );
        let pn = GameState::from_dfen(&format!("{initial} PN")).unwrap();
        assert_eq!(
            summary(&pn),
            "paths=120 king_captures=0 max_dice=2 distinct_leaves=120 distinct_leaves_ignoring_clocks=64 first_moves=20"
        );
        let edge = GameState::from_dfen("8/6kP/8/8/4K1p1/3P4/7b/8 w - - 0 1 PBB").unwrap();
        assert_eq!(
            summary(&edge),
            "paths=5 king_captures=1 max_dice=2 distinct_leaves=5 distinct_leaves_ignoring_clocks=5 first_moves=5"
        );
    }

    #[test]
    fn invalid_dfen_exits_with_status_2() {
        let code = run(Args {
            dfen: "8/8 w - - 0 1".into(),
            summary: false,
        })
        .unwrap();
        assert_eq!(code, ExitCode::from(2));
    }
}
