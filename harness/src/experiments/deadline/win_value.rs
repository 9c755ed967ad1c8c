//! What a deadline loss is worth in the luck section's terms: a value clamped to the luck code's win value
//! ([`WIN_CP`]), so a move that lets the opponent capture our king counts as lost once rather than as the
//! search's −10^9-per-roll terminal value, and its win probability through the same logistic as the luck
//! adjustment, at a scale recorded with the run.

use crate::exit::Failure;
use crate::experiments::match_runner::luck::{WIN_CP, fit_scale, measure, win_probability};
use crate::experiments::match_runner::section::is_match_folder;
use engine::{GameState, Move, PieceType, for_each_legal_turn};
use serde::Serialize;
use std::path::Path;

/// The default logistic scale in centipawns: fitted by `harness match luck` on a recorded 200-game material
/// match (docs/deadline.md gives the command and the folder's settings).
pub(crate) const DEFAULT_WIN_SCALE_CP: f64 = 3882.0;

/// The scale a run turns values into win probabilities with, and where it came from.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct WinScale {
    /// Centipawns per unit of log-odds.
    pub cp: f64,
    /// `default`, `fixed` (`--win-scale`) or `fitted on <match folder>` (`--win-scale-from`).
    pub source: String,
}

impl WinScale {
    /// The documented default.
    pub(crate) fn default_scale() -> WinScale {
        WinScale {
            cp: DEFAULT_WIN_SCALE_CP,
            source: "default".into(),
        }
    }

    /// A scale given on the command line: finite and positive, else bad input naming `--win-scale`.
    pub(crate) fn fixed(cp: f64) -> anyhow::Result<WinScale> {
        if !(cp.is_finite() && cp > 0.0) {
            return Err(Failure::BadInput.because(format!(
                "--win-scale {cp}: the scale must be a positive number of centipawns"
            )));
        }
        Ok(WinScale {
            cp,
            source: "fixed".into(),
        })
    }

    /// The scale fitted, as `harness match luck` fits it, on the complete pairs of the match folder `dir`.
    pub(crate) fn fitted_on(dir: &Path) -> anyhow::Result<WinScale> {
        if !is_match_folder(dir) {
            return Err(Failure::BadInput.because(format!(
                "--win-scale-from {}: not a match run folder (no match.json)",
                dir.display()
            )));
        }
        let journal = crate::experiments::match_runner::journal::Journal::read(dir)?;
        if journal.pairs.is_empty() {
            return Err(Failure::BadInput.because(format!(
                "--win-scale-from {}: the match has no complete pair to fit on",
                dir.display()
            )));
        }
        Ok(WinScale {
            cp: fit_scale(&measure(&journal.pairs)?),
            source: format!("fitted on {}", dir.display()),
        })
    }

    /// The win probability of `cp` clamped ([`clamped`]): 0 and 1 at the clamp's ends, as a king capture
    /// either way decides the game.
    pub(crate) fn probability(&self, clamped_cp: f64) -> f64 {
        if clamped_cp <= -(WIN_CP as f64) {
            return 0.0;
        }
        win_probability(clamped_cp, self.cp)
    }
}

/// A `deadline.csv` value (`None`: a king capture this turn) clamped to `[−WIN_CP, WIN_CP]`: a win this turn is
/// `WIN_CP`, and a value below `−WIN_CP` (some opponent roll captures our king, valued −10^9 inside the tree) is
/// `−WIN_CP`, the luck code's value of a king capture against us.
pub(crate) fn clamped(cp: Option<f64>) -> f64 {
    let win = WIN_CP as f64;
    cp.map_or(win, |v| v.clamp(-win, win))
}

/// Whether after playing `path` at `root` some roll of the opponent lets them capture the mover's king.
pub(crate) fn exposes_king(root: &GameState, path: &[Move]) -> bool {
    let mover = root.side_to_move();
    let mut after = *root;
    for &m in path {
        after.make_move(m);
    }
    if after.pieces(!mover, PieceType::King).count() == 0 {
        return false;
    }
    after.end_turn();
    engine::ROLL_CLASSES.iter().any(|&(pool, _)| {
        let rolled = after.with_dice(pool);
        let mut captures = false;
        for_each_legal_turn(&rolled, |_, s| {
            captures |= s.pieces(mover, PieceType::King).is_empty();
        });
        captures
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamping_keeps_ordinary_values_and_caps_king_captures() {
        assert_eq!(clamped(Some(123.5)), 123.5);
        assert_eq!(clamped(None), WIN_CP as f64);
        assert_eq!(clamped(Some(-4.6e6)), -(WIN_CP as f64));
        let s = WinScale::default_scale();
        assert_eq!(s.probability(clamped(Some(-4.6e6))), 0.0);
        assert_eq!(s.probability(clamped(None)), 1.0);
        assert!((s.probability(0.0) - 0.5).abs() < 1e-12);
        assert!(WinScale::fixed(0.0).is_err() && WinScale::fixed(f64::NAN).is_err());
    }

    #[test]
    fn a_move_leaving_the_king_next_to_an_enemy_rook_exposes_it() {
        // White king e1, black rook e4: any roll with a rook die lets Black take the king after a pass.
        let root = GameState::from_dfen("4k3/8/8/8/4r3/8/8/4K3 w - - 0 1 PPP").unwrap();
        assert!(exposes_king(&root, &[]));
        let safe = GameState::from_dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PPP").unwrap();
        assert!(!exposes_king(&safe, &[]));
    }
}
