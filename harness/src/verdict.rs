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
pub(crate) const NOISE_THRESHOLD: f64 = 0.01;

/// What an interval says against its baseline (for a ratio where > 1 = better, baseline 1).
// `no_verdict` is the name every file and report uses, so the variant keeps the enum's name in it.
#[allow(clippy::enum_variant_names)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Verdict {
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
    pub(crate) fn of(interval: &Interval, baseline: f64, threshold: f64) -> Verdict {
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
    pub(crate) fn of_ratio(ratio: &Interval) -> Verdict {
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

/// One comparison judged with the others of its question under Holm's step-down ([`holm`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Judged {
    /// Its verdict at the level it was judged at.
    pub verdict: Verdict,
    /// Its interval at that level (as given when the interval cannot be recomputed there:
    /// [`Interval::at_level`]).
    pub interval: Interval,
}

/// The verdicts of the comparisons of one question, ratios > 1 = better against 1 with the ±1% threshold, their
/// family-wise error held at 1 − [`MIN_LEVEL`] (5%) by Holm's step-down on the intervals: step k judges each
/// comparison still open by its interval at level 1 − α/(m − k + 1) ([`Interval::at_level`]). Every comparison
/// decided at a step is settled there (Holm would settle them one per step, each next step's level being lower)
/// and the next step's level loosens by as many; the first step that decides none ends the procedure, the rest
/// staying undecided at that step's level. A comparison whose interval cannot be had at a step's level is not
/// decided there.
///
/// Six comparisons: the first step judges at 99.17%, the last (if reached) at 95%.
pub(crate) fn holm(ratios: &[Interval]) -> Vec<Judged> {
    let m = ratios.len();
    let alpha = 1.0 - MIN_LEVEL;
    let mut out: Vec<Option<Judged>> = vec![None; m];
    let mut settled = 0;
    while settled < m {
        let level = 1.0 - alpha / (m - settled) as f64;
        let at = |i: usize| ratios[i].at_level(level);
        let open: Vec<usize> = (0..m).filter(|&i| out[i].is_none()).collect();
        let decided: Vec<(usize, Judged)> = open
            .iter()
            .filter_map(|&i| {
                let interval = at(i)?;
                let verdict = Verdict::of_ratio(&interval);
                (verdict != Verdict::NoVerdict).then_some((i, Judged { verdict, interval }))
            })
            .collect();
        if decided.is_empty() {
            for i in open {
                out[i] = Some(Judged {
                    verdict: Verdict::NoVerdict,
                    interval: at(i).unwrap_or(ratios[i]),
                });
            }
            break;
        }
        settled += decided.len();
        for (i, j) in decided {
            out[i] = Some(j);
        }
    }
    out.into_iter().flatten().collect()
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

impl Wording {
    /// The words of [`Verdict::Better`], [`Verdict::Worse`] and [`Verdict::NoVerdict`], in that order.
    pub(crate) const fn new(
        better: &'static str,
        worse: &'static str,
        undecided: &'static str,
    ) -> Wording {
        Wording {
            better,
            worse,
            undecided,
        }
    }
}

/// A cache variant against no cache: does the cache pay?
pub(crate) const PAYS: Wording = Wording::new("pays", "costs", "no verdict");

/// A cache against no cache in the answer's words, where an undecided comparison is "not shown" to pay or cost.
pub(crate) const SHOWN: Wording = Wording::new("pays", "costs", "not shown");

/// An arm's time against its baseline's.
pub(crate) const FASTER: Wording = Wording::new("faster", "slower", "no verdict");

/// A measurement against a model's prediction (above the prediction = faster than the model said).
pub(crate) const AGAINST_MODEL: Wording =
    Wording::new("faster than model", "slower than model", "no verdict");

/// One eviction rule against another, by a paired difference of hit rates (points) over seeds.
pub(crate) const OVERTAKES: Wording =
    Wording::new("overtakes", "loses to", "cannot be told apart from");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::Method;

    fn interval(low: f64, high: f64, level: f64) -> Interval {
        Interval::new((low + high) / 2.0, low, high, level, 8, Method::PairedRatio)
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
        // The last interval covers 93.75%, as the order statistics of 5 rounds do.
        for (low, high, level, want) in [
            (1.02, 1.30, 0.96, Verdict::Better),
            (0.50, 0.90, 0.96, Verdict::Worse),
            (0.995, 1.008, 0.96, Verdict::WithinNoise),
            (1.002, 1.008, 0.96, Verdict::WithinNoise),
            (0.90, 1.10, 0.96, Verdict::NoVerdict),
            (1.02, 1.30, 0.9375, Verdict::NoVerdict),
        ] {
            let got = Verdict::of(&interval(low, high, level), 1.0, NOISE_THRESHOLD);
            assert_eq!(got, want, "[{low}, {high}] at {level}");
        }
    }
    /// A Student-t interval of a ratio over 40 sessions, symmetric in logarithms around `point` with the 95%
    /// half-width `h` (in log).
    fn sessions(point: f64, h: f64) -> Interval {
        Interval::log_symmetric(point, h, 40)
    }

    #[test]
    fn holm_judges_the_clearest_first_and_loosens_the_level_for_the_rest() {
        // Two comparisons: step 1 at 97.5%, step 2 at 95%. `b` lies above 1 at 95% but not at 97.5% (its 95%
        // log half-width 0.038 around ln 1.04 = 0.039 grows by t(0.9875)/t(0.975) ≈ 1.15 to 0.044).
        let (a, b) = (sessions(0.90, 0.02), sessions(1.04, 0.038));
        assert_eq!(Verdict::of_ratio(&b), Verdict::Better);
        assert_eq!(
            Verdict::of_ratio(&b.at_level(0.975).unwrap()),
            Verdict::NoVerdict
        );
        let j = holm(&[a, b]);
        assert_eq!(j[0].verdict, Verdict::Worse);
        assert!((j[0].interval.level - 0.975).abs() < 1e-12);
        // `a` settled at step 1, so `b` is judged at 95% and pays.
        assert_eq!(j[1].verdict, Verdict::Better);
        assert!(
            (j[1].interval.level - 0.95).abs() < 1e-12 && (j[1].interval.low - b.low).abs() < 1e-12
        );
        // With `a` undecided too, nothing settles at step 1: both stay undecided at 97.5%.
        let j = holm(&[sessions(1.0, 0.2), b]);
        assert_eq!(
            j.iter().map(|x| x.verdict).collect::<Vec<_>>(),
            [Verdict::NoVerdict, Verdict::NoVerdict]
        );
        assert!((j[1].interval.level - 0.975).abs() < 1e-12);
        // Six order-statistic intervals of six rounds ([min, max], 96.9%) cannot reach step 1's 99.17%.
        let six = Interval::new(0.8, 0.7, 0.9, 0.96875, 6, Method::PairedRatio);
        assert!(
            holm(&[six; 6])
                .iter()
                .all(|x| x.verdict == Verdict::NoVerdict)
        );
        // One comparison: Holm is the comparison itself at 95%.
        assert_eq!(holm(&[six])[0].verdict, Verdict::Worse);
        assert!(holm(&[]).is_empty());
    }
}
