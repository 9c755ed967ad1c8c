//! `harness inspect "<DFEN>"`: canonical DFEN, Zobrist key, the three evaluations and the king-capture
//! probability, as `key=value` lines.

use engine::GameState;
use std::io::Write as _;
use std::process::ExitCode;

/// Arguments of `harness inspect`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// The position, as a DFEN string (quote it).
    pub dfen: String,
}

/// The `key=value` report for `state` (evaluations from the side to move's perspective).
pub fn report(state: &GameState) -> String {
    let me = state.side_to_move();
    let weight = engine::king_capture_weight(state);
    format!(
        "dfen={}\nzobrist=0x{:016x}\nmaterial={}\nevaluate={}\naggressive={}\nkcp={}\nkcp_weight={}/216\n",
        state.to_dfen(),
        state.zobrist(),
        engine::evaluate_material(state, me),
        engine::evaluate(state, me),
        engine::evaluate_aggressive(state, me),
        f64::from(weight) / 216.0,
        weight
    )
}

/// Runs the command; an invalid DFEN exits with status 2 and the parser's message on stderr.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match GameState::from_dfen(&args.dfen) {
        Ok(s) => {
            std::io::stdout().lock().write_all(report(&s).as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("invalid DFEN: {e}");
            Ok(ExitCode::from(2))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_lines() {
        let s = GameState::from_dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let r = report(&s);
        assert!(r.starts_with("dfen=k7/8/8/8/8/8/8/R3K3 w - - 0 1\nzobrist=0x"));
        assert!(r.contains("\nmaterial=500\n"));
        assert!(r.contains(&format!("\nkcp={}\n", 91.0 / 216.0)));
        assert!(r.contains("\nkcp_weight=91/216\n"));
        let zobrist = r.lines().nth(1).unwrap();
        assert_eq!(zobrist.len(), "zobrist=0x".len() + 16);
    }

    #[test]
    fn invalid_dfen_exits_with_status_2() {
        let code = run(Args { dfen: "x".into() }).unwrap();
        assert_eq!(code, ExitCode::from(2));
    }
}
