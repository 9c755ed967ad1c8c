//! Mean and 95% confidence interval over seeds (Student's t, two-sided): [`Interval::mean`], and [`Estimate`], the
//! same figures under the names the eviction experiment's findings read (`mean`, `lo`, `hi`).

use super::Interval;
use super::student_t::t_quantile;
use std::fmt;

impl Interval {
    /// Mean and two-sided 95% Student-t interval of `xs` (exact quantile for every degree of freedom); collapsed to
    /// the mean with level 0 for one sample, all NaN for none.
    ///
    /// ```
    /// use harness::statistics::Interval;
    /// let e = Interval::mean(&[1.0, 2.0, 3.0]);
    /// assert!((e.high - 2.0 - 4.302653 / 3f64.sqrt()).abs() < 1e-6);
    /// assert_eq!(Interval::mean(&[4.0]), Interval::collapsed(4.0, 1));
    /// ```
    pub fn mean(xs: &[f64]) -> Interval {
        let n = xs.len();
        if n == 0 {
            return Interval::collapsed(f64::NAN, 0);
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        if n < 2 {
            return Interval::collapsed(mean, n);
        }
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        let half = t_quantile(0.975, n - 1) * (var / n as f64).sqrt();
        Interval {
            point: mean,
            low: mean - half,
            high: mean + half,
            level: 0.95,
            n,
        }
    }
}

impl From<Interval> for Estimate {
    fn from(i: Interval) -> Estimate {
        Estimate {
            mean: i.point,
            lo: i.low,
            hi: i.high,
            n: i.n,
        }
    }
}

impl From<Estimate> for Interval {
    fn from(e: Estimate) -> Interval {
        Interval {
            point: e.mean,
            low: e.lo,
            high: e.hi,
            level: if e.n >= 2 { 0.95 } else { 0.0 },
            n: e.n,
        }
    }
}

/// A mean over `n` seeds with its 95% interval `[lo, hi]` (collapsed to the mean when `n < 2`): an
/// [`Interval::mean`] under the field names the eviction findings use.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// Sample mean.
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub lo: f64,
    /// Upper end of the 95% interval.
    pub hi: f64,
    /// Number of samples.
    pub n: usize,
}

impl Estimate {
    /// Mean and t-interval of `xs`.
    ///
    /// ```
    /// use harness::statistics::Estimate;
    /// let e = Estimate::of(&[1.0, 2.0, 3.0]);
    /// assert_eq!(e.mean, 2.0);
    /// assert!((e.hi - 2.0 - 4.302653 / 3f64.sqrt()).abs() < 1e-6);
    /// ```
    pub fn of(xs: &[f64]) -> Estimate {
        Interval::mean(xs).into()
    }

    /// Half the interval's width.
    pub fn half_width(&self) -> f64 {
        Interval::from(*self).half_width()
    }

    /// This estimate scaled by `k` (e.g. 100 for per cent).
    pub fn scaled(&self, k: f64) -> Estimate {
        Interval::from(*self).scaled(k).into()
    }

    /// `mean ± half-width` with `digits` decimals (just the mean for a single sample).
    pub fn show(&self, digits: usize) -> String {
        if self.n < 2 {
            format!("{:.*}", digits, self.mean)
        } else {
            format!(
                "{:.*} ± {:.*}",
                digits,
                self.mean,
                digits,
                self.half_width()
            )
        }
    }

    /// Whether the whole interval is above zero.
    pub fn surely_positive(&self) -> bool {
        self.n >= 2 && self.lo > 0.0
    }

    /// Whether the whole interval is below zero.
    pub fn surely_negative(&self) -> bool {
        self.n >= 2 && self.hi < 0.0
    }
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.show(2))
    }
}
