//! The match's one use of the statistics module: the SPRT and nElo of A's pentanomial counts, and after an SPRT
//! stop the estimates corrected for it.

use super::settings::SettingsRecord;
use crate::statistics::sprt;
use crate::statistics::sprt_stop::{self, StopEstimate};

pub(crate) use sprt::{GameScore, Pentanomial, SprtBounds, SprtStatus, SprtVerdict};

/// The SPRT of `penta` against `bounds`: the match decides on the status's own [`sprt::SprtVerdict`] (it stops
/// after the pair where it is no longer `continue`).
pub(crate) fn sprt(penta: &Pentanomial, bounds: &SprtBounds) -> SprtStatus {
    sprt::sprt_pentanomial(penta, bounds)
}

/// The final line's SPRT fields: `llr=… lower=… upper=… verdict=… nelo=… nelo_low=… nelo_high=…`.
pub(crate) fn fields(s: &SprtStatus) -> String {
    format!(
        "llr={} lower={} upper={} verdict={} nelo={} nelo_low={} nelo_high={}",
        s.llr, s.lower, s.upper, s.verdict, s.nelo.point, s.nelo.low, s.nelo.high
    )
}

/// For the progress line: `nElo ± half-width, LLR in [lower, upper]`.
pub(crate) fn brief(s: &SprtStatus) -> String {
    format!(
        "nElo {:.1} ± {:.1}, LLR {:.2} in [{:.2}, {:.2}]",
        s.nelo.point,
        (s.nelo.high - s.nelo.low) / 2.0,
        s.llr,
        s.lower,
        s.upper
    )
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
        && sprt(penta, &bounds).verdict != SprtVerdict::Continue;
    stopped.then(|| sprt_stop::after_stop(penta, &bounds, max_pairs, record.seed, sprt_stop::RUNS))
}
