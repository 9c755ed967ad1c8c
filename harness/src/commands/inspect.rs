//! `harness inspect "<DFEN>"`: canonical DFEN, Zobrist key, the three evaluations and the king-capture
//! probability, as `key=value` lines.

use crate::outln;
use crate::values::dfen;
use engine::GameState;

/// Arguments of `harness inspect`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The position, as a DFEN string (quote it).
    #[arg(value_parser = dfen)]
    pub dfen: GameState,
}

/// The `key=value` report for `state` (evaluations from the side to move's perspective).
pub(crate) fn report(state: &GameState) -> String {
    let me = state.side_to_move();
    let weight = engine::king_capture_weight(state);
    format!(
        "dfen={}\nzobrist=0x{:016x}\nmaterial={}\nevaluate={}\naggressive={}\nkcp={}\nkcp_weight={}/216",
        state.to_dfen(),
        state.zobrist(),
        engine::evaluate_material(state, me),
        engine::evaluate(state, me),
        engine::evaluate_aggressive(state, me),
        f64::from(weight) / 216.0,
        weight
    )
}

/// Runs the command (an invalid DFEN is a usage error, status 2, before this runs).
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    outln!("{}", report(&args.dfen));
    Ok(())
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
        assert!(r.ends_with("\nkcp_weight=91/216"));
        let zobrist = r.lines().nth(1).unwrap();
        assert_eq!(zobrist.len(), "zobrist=0x".len() + 16);
    }
}
