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
