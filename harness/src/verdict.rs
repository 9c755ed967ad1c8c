//! The one verdict: what an interval says against a baseline, given a practical threshold. Every section, At a
//! glance, `summary.json` and `compare` call [`Verdict::of`]; each context only words the result
//! ([`Wording`]).
//!
//! The rule, after criterion's noise threshold: no verdict from an interval that covers less than 95%; an
//! interval inside `baseline ± threshold` is within noise (a difference too small to matter, whatever its
//! significance); an interval wholly above the baseline is better, wholly below worse; anything else (the interval
//! holds the baseline and reaches past the threshold) is no verdict.

use crate::statistics::Interval;
use serde::Serialize;

/// The least coverage an interval needs before it can carry a verdict.
pub(crate) const MIN_LEVEL: f64 = 0.95;

/// The default practical threshold of a ratio: ±1% (criterion's default noise threshold).
pub const NOISE_THRESHOLD: f64 = 0.01;

/// What an interval says against its baseline (for a ratio where > 1 = better, baseline 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The interval lies wholly above the baseline and not wholly within the threshold.
    Better,
    /// The interval lies wholly below the baseline and not wholly within the threshold.
    Worse,
    /// The interval lies wholly within `baseline ± threshold`.
    WithinNoise,
    /// The interval covers less than 95%, or holds the baseline and reaches past the threshold.
    NoVerdict,
}

impl Verdict {
    /// The verdict of `interval` against `baseline` with the practical `threshold` (same units as the interval).
    ///
    /// ```
    /// use harness::statistics::{Interval, Method};
    /// use harness::verdict::{Verdict, NOISE_THRESHOLD};
    /// let i = |low, high, level| Interval { point: (low + high) / 2.0, low, high, level, n: 8, method: Method::PairedRatio };
    /// assert_eq!(Verdict::of(&i(1.02, 1.30, 0.96), 1.0, NOISE_THRESHOLD), Verdict::Better);
    /// assert_eq!(Verdict::of(&i(0.50, 0.90, 0.96), 1.0, NOISE_THRESHOLD), Verdict::Worse);
    /// assert_eq!(Verdict::of(&i(0.995, 1.008, 0.96), 1.0, NOISE_THRESHOLD), Verdict::WithinNoise);
    /// assert_eq!(Verdict::of(&i(1.002, 1.008, 0.96), 1.0, NOISE_THRESHOLD), Verdict::WithinNoise);
    /// assert_eq!(Verdict::of(&i(0.90, 1.10, 0.96), 1.0, NOISE_THRESHOLD), Verdict::NoVerdict);
    /// assert_eq!(Verdict::of(&i(1.02, 1.30, 0.9375), 1.0, NOISE_THRESHOLD), Verdict::NoVerdict); // 5 rounds
    /// ```
    pub fn of(interval: &Interval, baseline: f64, threshold: f64) -> Verdict {
        let (low, high) = (interval.low, interval.high);
        if interval.level < MIN_LEVEL || !low.is_finite() || !high.is_finite() {
            return Verdict::NoVerdict;
        }
        if low >= baseline - threshold && high <= baseline + threshold {
            Verdict::WithinNoise
        } else if low > baseline {
            Verdict::Better
        } else if high < baseline {
            Verdict::Worse
        } else {
            Verdict::NoVerdict
        }
    }

    /// The verdict of a ratio (> 1 = better) against 1 with the default ±1% threshold.
    pub fn of_ratio(ratio: &Interval) -> Verdict {
        Verdict::of(ratio, 1.0, NOISE_THRESHOLD)
    }

    /// The verdict's name in CSVs and `summary.json`, in a context's words.
    pub(crate) fn name(self, words: &Wording) -> &'static str {
        match self {
            Verdict::Better => words.better,
            Verdict::Worse => words.worse,
            Verdict::WithinNoise => "within_noise",
            Verdict::NoVerdict => "no_verdict",
        }
    }

    /// The verdict for people, in a context's words.
    pub(crate) fn label(self, words: &Wording) -> &'static str {
        match self {
            Verdict::Better => words.better,
            Verdict::Worse => words.worse,
            Verdict::WithinNoise => "within noise",
            Verdict::NoVerdict => words.undecided,
        }
    }
}

/// How a context words the two decided verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wording {
    /// [`Verdict::Better`].
    pub better: &'static str,
    /// [`Verdict::Worse`].
    pub worse: &'static str,
    /// [`Verdict::NoVerdict`], for people.
    pub undecided: &'static str,
}

/// A cache variant against no cache: does the cache pay?
pub(crate) const PAYS: Wording = Wording {
    better: "pays",
    worse: "costs",
    undecided: "no verdict",
};

/// An arm's time against its baseline's.
pub(crate) const FASTER: Wording = Wording {
    better: "faster",
    worse: "slower",
    undecided: "no verdict",
};

/// A measurement against a model's prediction (above the prediction = faster than the model said).
pub(crate) const AGAINST_MODEL: Wording = Wording {
    better: "faster than model",
    worse: "slower than model",
    undecided: "no verdict",
};

/// One eviction rule against another, by a paired difference of hit rates (points) over seeds.
pub(crate) const OVERTAKES: Wording = Wording {
    better: "overtakes",
    worse: "loses to",
    undecided: "cannot be told apart from",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::Method;

    fn interval(low: f64, high: f64, level: f64) -> Interval {
        Interval {
            point: (low + high) / 2.0,
            low,
            high,
            level,
            n: 8,
            method: Method::PairedRatio,
        }
    }

    #[test]
    fn the_threshold_and_the_coverage_decide_before_the_side() {
        // Exact figures (level 1) are judged; a collapsed one (level 0) never is.
        let exact = Interval::exact(1.2);
        assert_eq!(Verdict::of_ratio(&exact), Verdict::Better);
        assert_eq!(
            Verdict::of_ratio(&Interval::collapsed(1.2, 1)),
            Verdict::NoVerdict
        );
        // Against 0 with an absolute threshold (a difference of miss ratios in points).
        assert_eq!(
            Verdict::of(&interval(0.5, 2.0, 0.95), 0.0, 0.1),
            Verdict::Better
        );
        assert_eq!(
            Verdict::of(&interval(-0.05, 0.08, 0.95), 0.0, 0.1),
            Verdict::WithinNoise
        );
        // Against a point prediction with no threshold: the interval holds it or not.
        assert_eq!(
            Verdict::of(&interval(0.9, 1.1, 0.95), 1.05, 0.0),
            Verdict::NoVerdict
        );
        assert_eq!(
            Verdict::of(&interval(0.9, 1.1, 0.95), 0.8, 0.0),
            Verdict::Better
        );
        assert_eq!(
            Verdict::of(&interval(f64::NAN, 1.1, 0.95), 1.0, 0.0),
            Verdict::NoVerdict
        );
        assert_eq!(Verdict::Better.name(&PAYS), "pays");
        assert_eq!(Verdict::WithinNoise.label(&FASTER), "within noise");
    }
}
