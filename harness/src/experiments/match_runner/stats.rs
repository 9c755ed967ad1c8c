//! The match's one use of the statistics module: the SPRT and nElo of A's pentanomial counts.

use crate::statistics::sprt;

pub(crate) use sprt::{GameScore, Pentanomial, SprtBounds};

/// What the match reports and decides from the counts so far.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// `llr=… lower=… upper=… verdict=… nelo=… nelo_low=… nelo_high=…`.
    pub line: String,
    /// Whether the LLR crossed a bound (the match stops after this pair).
    pub stop: bool,
    /// For the progress line: `nElo ± half-width, LLR in [lower, upper]`.
    pub brief: String,
}

/// The SPRT of `penta` against `bounds`.
pub(crate) fn verdict(penta: &Pentanomial, bounds: &SprtBounds) -> Verdict {
    let s = sprt::sprt_pentanomial(penta, bounds);
    Verdict {
        line: format!(
            "llr={} lower={} upper={} verdict={} nelo={} nelo_low={} nelo_high={}",
            s.llr, s.lower, s.upper, s.verdict, s.nelo.point, s.nelo.low, s.nelo.high
        ),
        stop: s.verdict != sprt::SprtVerdict::Continue,
        brief: format!(
            "nElo {:.1} ± {:.1}, LLR {:.2} in [{:.2}, {:.2}]",
            s.nelo.point,
            (s.nelo.high - s.nelo.low) / 2.0,
            s.llr,
            s.lower,
            s.upper
        ),
    }
}
