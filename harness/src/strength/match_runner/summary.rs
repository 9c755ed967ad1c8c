//! `summary.json` of a match run folder: the settings that define the match, the counts from A's side and the
//! SPRT's state over every pair the folder holds, written atomically when the match (or a merge with `--out`)
//! completes. Keys are documented in docs/match.md.

use super::settings::SettingsRecord;
use super::tally::Tally;
use crate::statistics::Interval;
use crate::statistics::interval::older;
use crate::statistics::sprt::{Pentanomial, SprtStatus, SprtVerdict, sprt_pentanomial};
use crate::statistics::sprt_stop::{self, RUNS, StopEstimate};
use serde::{Deserialize, Serialize};
use std::path::Path;

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
        && sprt_pentanomial(penta, &bounds).verdict != SprtVerdict::Continue;
    stopped.then(|| sprt_stop::after_stop(penta, &bounds, max_pairs, record.seed, RUNS))
}

/// The summary's name inside a run folder.
pub(crate) const SUMMARY_JSON: &str = "summary.json";

/// The layout's version; bumped when a key changes meaning or disappears.
pub(crate) const MATCH_SUMMARY_VERSION: u32 = 1;

/// The SPRT's hypotheses and error rates.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoundsJson {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// Wald's thresholds ln(β / (1 − α)) and ln((1 − β) / α).
    pub lower: f64,
    pub upper: f64,
}

/// The luck-adjusted score beside the raw one (present only when the match ran with `--luck`).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LuckJson {
    /// The logistic scale turning centipawns into win probability.
    pub scale_cp: f64,
    /// Whether the scale was fitted on this match's games (else given by `--luck-scale`).
    pub scale_fitted: bool,
    /// A's raw mean score per game.
    pub raw_score: f64,
    /// A's luck-adjusted mean score per game.
    pub adj_score: f64,
    /// Variance of raw per-pair scores over that of adjusted ones with its bootstrap interval over pairs, or
    /// `"undefined"` where adjusted pair scores have no variance.
    pub variance_reduction: Defined,
    /// The seed of the bootstrap's resamples.
    pub bootstrap_seed: u64,
}

/// An interval, or the word `undefined` where the figure has none (JSON has no infinity).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub(crate) enum Defined {
    Interval(Interval),
    Undefined(Undefined),
}

/// The word `undefined`.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Undefined {
    Undefined,
}

impl From<Option<Interval>> for Defined {
    fn from(i: Option<Interval>) -> Defined {
        i.map_or(Defined::Undefined(Undefined::Undefined), Defined::Interval)
    }
}

/// `summary.json`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MatchSummary {
    pub summary_version: u32,
    /// Bot A's and B's canonical specs.
    pub a: String,
    pub b: String,
    pub seed: u64,
    /// The shard this folder played (`1/1` for a whole match or a merge).
    pub shard: String,
    /// The most games the match was allowed.
    pub games_max: u64,
    pub pairs: u64,
    pub games: u64,
    /// A's wins, draws and losses.
    pub w: u64,
    pub d: u64,
    pub l: u64,
    /// Pairs scoring 0, ¼, ½, ¾, 1 for A: LL, LD, DD, DW, WW.
    pub penta: [u64; 5],
    /// A's mean score per game (of the regularized distribution, as the SPRT uses it).
    pub score: f64,
    pub llr: f64,
    pub bounds: BoundsJson,
    /// `accept_h1`, `accept_h0` or `continue`.
    pub verdict: SprtVerdict,
    /// Normalized Elo of A over B (older folders: without its method, read as `normal`).
    #[serde(deserialize_with = "older::normal_without_method")]
    pub nelo: Interval,
    /// Logistic Elo of A over B, likewise.
    #[serde(deserialize_with = "older::normal_without_method")]
    pub logistic_elo: Interval,
    /// Pairs whose two games are the same turns.
    #[serde(default)]
    pub same_turn_pairs: u64,
    /// Every pair so far had both bots play the same turns: the Elo figures are no finding.
    #[serde(default)]
    pub void: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<LuckJson>,
    /// Only after an SPRT stop: `nelo` and `logistic_elo` corrected for the stop's bias (they are the naive ones).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_corrected: Option<StopCorrectedJson>,
    /// With `--luck-sprt`: the SPRT on luck-adjusted pair scores that decided the stop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjusted_sprt: Option<AdjustedSprtJson>,
}

/// The estimates corrected for an SPRT stop (docs/match.md, "After an SPRT stop").
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StopCorrectedJson {
    /// Whitehead's bias-adjusted nElo with the interval of the ordering by the naive estimate.
    pub nelo: Interval,
    /// The logistic Elo those nElo values imply.
    pub logistic_elo: Interval,
    /// Simulated tests per candidate nElo, and the seed of their generators (the match's).
    pub runs: usize,
    pub seed: u64,
}

/// The SPRT on luck-adjusted pair scores (`--luck-sprt`).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AdjustedSprtJson {
    /// The fixed logistic scale of the luck.
    pub scale_cp: f64,
    pub llr: f64,
    pub verdict: SprtVerdict,
}

impl MatchSummary {
    /// The summary of `tally` for the match `settings` describes.
    pub(crate) fn of(settings: &SettingsRecord, tally: &Tally) -> MatchSummary {
        let bounds = settings.bounds();
        let s: SprtStatus = sprt_pentanomial(&tally.penta, &bounds);
        MatchSummary {
            summary_version: MATCH_SUMMARY_VERSION,
            a: settings.a.clone(),
            b: settings.b.clone(),
            seed: settings.seed,
            shard: settings.shard.clone(),
            games_max: settings.games,
            pairs: tally.pairs,
            games: 2 * tally.pairs,
            w: tally.wdl[0],
            d: tally.wdl[1],
            l: tally.wdl[2],
            penta: tally.penta.counts,
            score: s.score,
            llr: s.llr,
            bounds: BoundsJson {
                elo0: bounds.elo0,
                elo1: bounds.elo1,
                alpha: bounds.alpha,
                beta: bounds.beta,
                lower: s.lower,
                upper: s.upper,
            },
            verdict: s.verdict,
            nelo: s.nelo,
            logistic_elo: s.logistic_elo,
            same_turn_pairs: tally.same_turn_pairs,
            void: tally.void(),
            stop_corrected: stop_estimate(settings, &tally.penta).map(|e| StopCorrectedJson {
                nelo: e.nelo,
                logistic_elo: e.logistic_elo,
                runs: RUNS,
                seed: settings.seed,
            }),
            luck: None,
            adjusted_sprt: None,
        }
    }

    /// Writes `dir/summary.json` atomically.
    pub(crate) fn write(&self, dir: &Path) -> anyhow::Result<()> {
        crate::strength::write_json(self, &dir.join(SUMMARY_JSON))
    }

    pub(crate) fn read(dir: &Path) -> anyhow::Result<MatchSummary> {
        let text = std::fs::read_to_string(dir.join(SUMMARY_JSON))?;
        Ok(serde_json::from_str(&text)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::Method;

    /// An undefined variance reduction is the word `undefined`, never `null`, and the file reads back.
    #[test]
    fn an_undefined_variance_reduction_is_written_as_a_word_and_reads_back() {
        let settings = SettingsRecord {
            games: 2,
            shard: "1/1".into(),
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            ..SettingsRecord::default()
        };
        let mut s = MatchSummary::of(&settings, &Tally::default());
        for vr in [None, Some(Interval::mean(&[1.0, 2.0, 4.0]))] {
            s.luck = Some(LuckJson {
                scale_cp: 400.0,
                scale_fitted: false,
                raw_score: 0.5,
                adj_score: 0.5,
                variance_reduction: vr.into(),
                bootstrap_seed: 1,
            });
            let text = serde_json::to_string(&s).unwrap();
            assert!(!text.contains("null"), "{text}");
            assert_eq!(
                vr.is_none(),
                text.contains(r#""variance_reduction":"undefined""#)
            );
            assert_eq!(serde_json::from_str::<MatchSummary>(&text).unwrap(), s);
        }
    }

    /// A summary written before its Elo intervals named their method reads them as normal intervals (level 0:
    /// no coverage claim), its verdict as the SPRT's own.
    #[test]
    fn an_older_summary_without_the_elo_method_reads() {
        let old = r#"{"summary_version": 1, "a": "depth=1", "b": "depth=2", "seed": 1, "shard": "1/1",
            "games_max": 4, "pairs": 1, "games": 2, "w": 1, "d": 0, "l": 1, "penta": [0, 0, 1, 0, 0],
            "score": 0.5, "llr": 0.0, "bounds": {"elo0": 0.0, "elo1": 5.0, "alpha": 0.05, "beta": 0.05,
            "lower": -2.94, "upper": 2.94}, "verdict": "accept_h0",
            "nelo": {"point": 0.0, "low": -10.0, "high": 10.0, "level": 0.95, "n": 2},
            "logistic_elo": {"point": 0.0, "low": 0.0, "high": 0.0, "level": 0.0, "n": 0}}"#;
        let s: MatchSummary = serde_json::from_str(old).unwrap();
        assert_eq!(s.verdict, SprtVerdict::AcceptH0);
        assert_eq!(
            (s.nelo.method, s.nelo.low, s.nelo.n),
            (Method::Normal, -10.0, 2)
        );
        assert_eq!(s.logistic_elo.method, Method::SingleSample);
        let text = serde_json::to_string(&s).unwrap();
        assert!(text.contains(r#""method":"normal""#), "{text}");
        assert_eq!(serde_json::from_str::<MatchSummary>(&text).unwrap(), s);
        let bad = old.replace(r#""n": 2}"#, r#""n": "two"}"#);
        assert!(serde_json::from_str::<MatchSummary>(&bad).is_err());
    }
}
