//! The logistic scale a deadline run turns values into win probabilities with (the luck adjustment's logistic,
//! [`super::roll_value`] applies it roll by roll), and where it came from, recorded with the run.

use crate::exit::Failure;
use crate::strength::match_runner::luck::{fit_scale, measure};
use crate::strength::match_runner::section::is_match_folder;
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
        let journal = crate::strength::match_runner::journal::Journal::read(dir)?;
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_scale_is_positive() {
        assert!(WinScale::fixed(0.0).is_err() && WinScale::fixed(f64::NAN).is_err());
        assert_eq!(WinScale::fixed(400.0).unwrap().source, "fixed");
    }
}
