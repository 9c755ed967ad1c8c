//! Mean and 95% confidence interval over seeds (Student's t, two-sided).

use std::fmt;

/// A mean over `n` seeds with its 95% interval `[lo, hi]` (collapsed to the mean when `n < 2`).
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

/// The 97.5% quantile of Student's t with `df` degrees of freedom.
fn t975(df: usize) -> f64 {
    const T: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::NAN,
        1..=30 => T[df - 1],
        31..=40 => 2.021,
        41..=60 => 2.000,
        61..=120 => 1.980,
        _ => 1.960,
    }
}

impl Estimate {
    /// Mean and t-interval of `xs`.
    ///
    /// ```
    /// use harness::eviction::stats::Estimate;
    /// let e = Estimate::of(&[1.0, 2.0, 3.0]);
    /// assert_eq!(e.mean, 2.0);
    /// assert!((e.hi - 2.0 - 4.303 / 3f64.sqrt()).abs() < 1e-9);
    /// ```
    pub fn of(xs: &[f64]) -> Estimate {
        let n = xs.len();
        if n == 0 {
            return Estimate {
                mean: f64::NAN,
                lo: f64::NAN,
                hi: f64::NAN,
                n,
            };
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        if n < 2 {
            return Estimate {
                mean,
                lo: mean,
                hi: mean,
                n,
            };
        }
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        let half = t975(n - 1) * (var / n as f64).sqrt();
        Estimate {
            mean,
            lo: mean - half,
            hi: mean + half,
            n,
        }
    }

    /// Half the interval's width.
    pub fn half_width(&self) -> f64 {
        (self.hi - self.lo) / 2.0
    }

    /// This estimate scaled by `k` (e.g. 100 for per cent).
    pub fn scaled(&self, k: f64) -> Estimate {
        Estimate {
            mean: self.mean * k,
            lo: self.lo * k,
            hi: self.hi * k,
            n: self.n,
        }
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
