//! A stand-in with the shape of `crate::statistics::sprt` (the statistics module's SPRT, which lands
//! separately): it counts, but computes no statistic: every value is NaN and the verdict is always `continue`,
//! so a match never stops early while it is in use. [`super::stats`] is the only user; it switches to the real
//! module by changing one import.

use std::fmt;

/// One game's result from A's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum GameScore {
    Loss,
    Draw,
    Win,
}

/// Pair counts by pair score: LL, LD+DL, DD+WL+LW, DW+WD, WW.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Pentanomial {
    pub counts: [u64; 5],
}

impl Pentanomial {
    pub(crate) fn add_pair(&mut self, first: GameScore, second: GameScore) {
        let half = |s| match s {
            GameScore::Loss => 0,
            GameScore::Draw => 1,
            GameScore::Win => 2,
        };
        self.counts[half(first) + half(second)] += 1;
    }
}

/// SPRT bounds in normalized Elo with the error rates.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct SprtBounds {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Default for SprtBounds {
    fn default() -> Self {
        SprtBounds {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

impl SprtBounds {
    pub(crate) fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

// The stand-in only ever says `Continue`; the other verdicts are the real module's.
#[allow(dead_code)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SprtVerdict {
    AcceptH1,
    AcceptH0,
    Continue,
}

impl fmt::Display for SprtVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtVerdict::AcceptH1 => "accept_h1",
            SprtVerdict::AcceptH0 => "accept_h0",
            SprtVerdict::Continue => "continue",
        })
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct EloEstimate {
    pub point: f64,
    pub low: f64,
    pub high: f64,
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct SprtStatus {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub verdict: SprtVerdict,
    pub nelo: EloEstimate,
}

pub(crate) fn sprt_pentanomial(_: &Pentanomial, _: &SprtBounds) -> SprtStatus {
    let nan = EloEstimate {
        point: f64::NAN,
        low: f64::NAN,
        high: f64::NAN,
    };
    SprtStatus {
        llr: f64::NAN,
        lower: f64::NAN,
        upper: f64::NAN,
        verdict: SprtVerdict::Continue,
        nelo: nan,
    }
}
