//! The harness's one interval type: a point estimate with the range that holds the true value at a stated level.
//! Means over seeds (Student's t), medians of timing rounds (order statistics), paired ratios of interleaved
//! variants and compared revisions all produce it, so every section reads intervals the same way.

/// A point estimate from `n` samples with an interval `[low, high]` around it and the interval's coverage `level`.
///
/// `level` is what the interval honestly achieves, not what was asked for: an order-statistic interval of a median
/// covers at least 95% from 6 samples on and less below (`[min, max]` of 5 samples covers 93.75%); a t-interval of a
/// mean covers 95% from 2 samples on; a collapsed interval (one sample) covers nothing (`level` 0); a ratio of exact
/// counts covers 1.
///
/// Stored everywhere in one shape: the JSON object `{point, low, high, level, n, method}` (serde), and in CSV the
/// schema's one column group.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Interval {
    /// The point estimate: a mean, a median or a ratio.
    pub point: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
    /// Coverage of `[low, high]` for the true value (0.95 for a 95% interval; exact for order statistics).
    pub level: f64,
    /// Number of samples (pairs, for a ratio) behind it.
    pub n: usize,
    /// How the interval was computed.
    pub method: Method,
}

/// How an [`Interval`] was computed; its name is the `method` column wherever an interval is persisted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Method {
    /// The median of samples with the order-statistic interval of a Binomial(n, 1/2) (distribution-free).
    OrderStatistic,
    /// The median of per-round ratios of interleaved arms, with the order-statistic interval.
    PairedRatio,
    /// The mean with a two-sided Student-t interval.
    StudentT,
    /// A ratio of two intervals' opposite ends: covers whenever both do (level by Bonferroni's inequality).
    QuotientBound,
    /// A normal approximation: point ± z · standard error (the delta method for normalized Elo).
    Normal,
    /// An exact figure (a ratio of deterministic counts): the interval is the point, coverage 1.
    Exact,
    /// One sample or a figure without spread: no coverage claim.
    SingleSample,
    /// The percentile bootstrap over independent units (positions, pairs), resampled from a seeded generator.
    Bootstrap,
    /// A difference read off a curve of independent normal estimates (their standard errors combined in
    /// quadrature), its extremes over another interval's range: covers whenever both do (level by Bonferroni).
    CurveEnvelope,
    /// An estimate after a sequential test's stop, corrected for the stop: Whitehead's bias-adjusted point and the
    /// interval of the ordering by the naive estimate, both by simulating the test (`statistics::sprt_stop`).
    BiasAdjusted,
}

impl Method {
    /// Every method, in declaration order.
    pub(crate) const ALL: [Method; 10] = [
        Method::OrderStatistic,
        Method::PairedRatio,
        Method::StudentT,
        Method::QuotientBound,
        Method::Normal,
        Method::Exact,
        Method::SingleSample,
        Method::Bootstrap,
        Method::CurveEnvelope,
        Method::BiasAdjusted,
    ];

    /// The name in CSV columns and `summary.json`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Method::OrderStatistic => "order_statistic",
            Method::PairedRatio => "paired_ratio",
            Method::StudentT => "student_t",
            Method::QuotientBound => "quotient_bound",
            Method::Normal => "normal",
            Method::Exact => "exact",
            Method::SingleSample => "single_sample",
            Method::Bootstrap => "bootstrap",
            Method::CurveEnvelope => "curve_envelope",
            Method::BiasAdjusted => "bias_adjusted",
        }
    }

    /// The method with this name.
    pub(crate) fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }
}

impl Interval {
    /// `point` in `[low, high]` at coverage `level` from `n` samples, computed by `method`.
    pub(crate) const fn new(
        point: f64,
        low: f64,
        high: f64,
        level: f64,
        n: usize,
        method: Method,
    ) -> Interval {
        Interval {
            point,
            low,
            high,
            level,
            n,
            method,
        }
    }

    /// An interval of no width and no coverage claim: one sample, or a figure without spread.
    pub(crate) fn collapsed(point: f64, n: usize) -> Interval {
        Interval::new(point, point, point, 0.0, n, Method::SingleSample)
    }

    /// An exact figure: the interval is the point and covers with certainty.
    pub(crate) fn exact(point: f64) -> Interval {
        Interval::new(point, point, point, 1.0, 1, Method::Exact)
    }

    /// A 95% Student-t interval of a ratio over `n` sessions, symmetric in logarithms: `exp(ln point ± h)` (the
    /// timing kernel's shape), for tests.
    #[cfg(test)]
    pub(crate) fn log_symmetric(point: f64, h: f64, n: usize) -> Interval {
        Interval {
            point,
            low: point * (-h).exp(),
            high: point * h.exp(),
            level: 0.95,
            n,
            method: Method::StudentT,
        }
    }

    /// The interval of `a / b` from the two intervals' opposite ends: it covers whenever both do, so its level is
    /// at least `1 − (1 − a.level) − (1 − b.level)` (Bonferroni). For arms timed without pairing.
    pub(crate) fn quotient(a: &Interval, b: &Interval) -> Interval {
        let div = |x: f64, y: f64| if y > 0.0 { x / y } else { f64::NAN };
        Interval {
            point: div(a.point, b.point),
            low: div(a.low, b.high),
            high: div(a.high, b.low),
            level: (a.level + b.level - 1.0).max(0.0),
            n: a.n.min(b.n),
            method: Method::QuotientBound,
        }
    }

    /// This interval at coverage `level` (in (0, 1)), for judging it at a level other than the one it was computed
    /// at (Holm's step-down, [`crate::verdict::holm`]). A Student-t or normal interval is recomputed from its own
    /// standard error: its half-width scales by the ratio of the two quantiles (Student's t with n − 1 degrees of
    /// freedom, or the standard normal), around its point as it stands when it is symmetric there, or in
    /// logarithms when it is symmetric there (a ratio from a mean log ratio, `exp(m ± h)`); the two cannot both
    /// hold unless the interval has no width. An exact figure holds at every level. Any other interval (order
    /// statistics, a quotient, no coverage claim) cannot be recomputed without its samples: it stands as it is
    /// when it already covers at least `level` (a wider interval only makes a verdict harder), else `None`.
    pub(crate) fn at_level(&self, level: f64) -> Option<Interval> {
        if !(level > 0.0 && level < 1.0) {
            return None;
        }
        if self.method == Method::Exact {
            return Some(*self);
        }
        if let Some(i) = self.recomputed_at(level) {
            return Some(i);
        }
        (self.level >= level && self.level > 0.0).then_some(*self)
    }

    /// [`Interval::at_level`] for the intervals that carry their standard error: Student-t and normal ones.
    fn recomputed_at(&self, level: f64) -> Option<Interval> {
        let usable =
            self.level > 0.0 && self.level < 1.0 && self.low.is_finite() && self.high.is_finite();
        if !usable {
            return None;
        }
        let quantile = |l: f64| match self.method {
            Method::StudentT if self.n >= 2 => Some(super::t_quantile((1.0 + l) / 2.0, self.n - 1)),
            Method::Normal => {
                use statrs::distribution::{ContinuousCDF, Normal};
                Some(Normal::new(0.0, 1.0).ok()?.inverse_cdf((1.0 + l) / 2.0))
            }
            _ => None,
        };
        let k = quantile(level)? / quantile(self.level)?;
        if !k.is_finite() {
            return None;
        }
        let symmetric = |lo: f64, p: f64, hi: f64| {
            ((hi - p) - (p - lo)).abs() <= 1e-9 * (hi - lo).abs() + 1e-12 * p.abs().max(1.0)
        };
        let (low, high) = if symmetric(self.low, self.point, self.high) {
            let h = (self.high - self.low) / 2.0 * k;
            (self.point - h, self.point + h)
        } else if self.low > 0.0 && symmetric(self.low.ln(), self.point.ln(), self.high.ln()) {
            let h = (self.high / self.low).ln() / 2.0 * k;
            (self.point * (-h).exp(), self.point * h.exp())
        } else {
            return None;
        };
        Some(Interval {
            low,
            high,
            level,
            ..*self
        })
    }

    /// Whether `v` lies inside `[low, high]`.
    pub(crate) fn covers(&self, v: f64) -> bool {
        self.low <= v && v <= self.high
    }

    /// Half the interval's width.
    pub(crate) fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// This interval with its point and ends multiplied by `k` (> 0; e.g. 100 for per cent).
    pub(crate) fn scaled(&self, k: f64) -> Interval {
        Interval {
            point: self.point * k,
            low: self.low * k,
            high: self.high * k,
            ..*self
        }
    }
}

/// Readers (`#[serde(deserialize_with = ...)]`) of intervals that older files stored in part; each also reads the
/// whole object, so files of every age load into the one shape.
pub(crate) mod older {
    use super::{Interval, Method};
    use serde::{Deserialize, Deserializer};

    /// The whole object, or one stored without its `method`.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Stored {
        Whole(Interval),
        WithoutMethod {
            point: f64,
            low: f64,
            high: f64,
            level: f64,
            n: usize,
        },
    }

    /// An Elo interval as match summaries stored it before they named its method: a normal approximation, or
    /// no coverage claim where its level is 0 (no games).
    pub(crate) fn normal_without_method<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Interval, D::Error> {
        Ok(match Stored::deserialize(d)? {
            Stored::Whole(i) => i,
            Stored::WithoutMethod {
                point,
                low,
                high,
                level,
                n,
            } => Interval {
                point,
                low,
                high,
                level,
                n,
                method: if level > 0.0 {
                    Method::Normal
                } else {
                    Method::SingleSample
                },
            },
        })
    }
}

#[cfg(test)]
mod serde_shape {
    use super::{Interval, Method};

    #[test]
    fn one_json_shape_with_the_method_named_as_in_csv() {
        let i = Interval::mean(&[1.0, 2.0, 3.0]);
        let json = serde_json::to_value(i).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(keys.len(), 6, "{keys:?}");
        for k in ["point", "low", "high", "level", "n", "method"] {
            assert!(keys.contains(&k), "{k} missing from {json}");
        }
        assert_eq!(json["method"], Method::StudentT.name());
        for m in Method::ALL {
            assert_eq!(serde_json::to_value(m).unwrap(), m.name());
        }
        assert_eq!(serde_json::from_value::<Interval>(json).unwrap(), i);
    }
}

#[cfg(test)]
mod tests {
    use crate::statistics::{Interval, Method, summarize};

    #[test]
    fn interval_examples() {
        let mean = Interval::mean(&[1.0, 2.0, 3.0]);
        assert_eq!((mean.point, mean.n, mean.level), (2.0, 3, 0.95));
        let median = summarize(&[5.0, 1.0, 4.0, 2.0, 3.0, 9.0, 7.0, 8.0, 6.0, 10.0]).unwrap();
        assert_eq!((median.point, median.low, median.high), (5.5, 2.0, 9.0));
        assert!(median.covers(9.0) && !median.covers(9.5));
        assert!(
            Method::ALL
                .iter()
                .all(|m| Method::from_name(m.name()) == Some(*m))
        );
        assert_eq!(Method::from_name("jackknife"), None);
        let a = summarize(&[10.0, 11.0, 12.0, 10.5, 11.5, 10.8]).unwrap();
        let b = summarize(&[5.0, 5.5, 6.0, 5.2, 5.8, 5.4]).unwrap();
        let q = Interval::quotient(&a, &b);
        assert_eq!((q.low, q.high), (a.low / b.high, a.high / b.low));
        assert!(q.level < 0.95);
        let mean = Interval::mean(&[1.0, 2.0, 3.0, 4.0]);
        let wide = mean.at_level(0.99).unwrap();
        assert!(wide.low < mean.low && wide.high > mean.high && wide.level == 0.99);
        assert_eq!(mean.at_level(0.95).unwrap(), mean);
        let ratio = Interval::new(1.0, 0.5, 2.0, 0.95, 10, Method::StudentT);
        let r = ratio.at_level(0.99).unwrap();
        assert!(
            (r.low * r.high - 1.0).abs() < 1e-12,
            "symmetric in logarithms: {r:?}"
        );
        let median = summarize(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap(); // covers 96.9%
        assert_eq!(median.at_level(0.95), Some(median));
        assert_eq!(median.at_level(0.99), None);
    }
}
