//! The match's one use of the statistics module: the SPRT and nElo of A's pentanomial counts, and after an SPRT
//! stop the estimates corrected for it.

use super::settings::SettingsRecord;
use crate::statistics::sprt;
use crate::statistics::sprt_stop::{self, StopEstimate};

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

/// The estimates corrected for the stop ([`sprt_stop`]) when the pentanomial SPRT stopped the match `record`
/// describes: its verdict is not `continue` and fewer pairs than `--games` allows were played, by a whole match
/// (a shard never stops) that was not stopping on luck-adjusted scores (`--luck-sprt`). A match whose SPRT crosses
/// only at its last allowed pair gets none (it was not cut short). The simulation is seeded with the match's seed.
pub(crate) fn stop_estimate(record: &SettingsRecord, penta: &Pentanomial) -> Option<StopEstimate> {
    let bounds = record.bounds();
    let max_pairs = record.games / 2;
    let stopped = record.shard == "1/1"
        && record.luck_sprt_scale.is_none()
        && penta.pairs() < max_pairs
        && sprt::sprt_pentanomial(penta, &bounds).verdict != sprt::SprtVerdict::Continue;
    stopped.then(|| sprt_stop::after_stop(penta, &bounds, max_pairs, record.seed, sprt_stop::RUNS))
}
