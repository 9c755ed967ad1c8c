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
/// ```
/// use harness::statistics::Interval;
/// let mean = Interval::mean(&[1.0, 2.0, 3.0]);
/// assert_eq!((mean.point, mean.n, mean.level), (2.0, 3, 0.95));
/// let median = harness::statistics::summarize(&[5.0, 1.0, 4.0, 2.0, 3.0, 9.0, 7.0, 8.0, 6.0, 10.0]).unwrap();
/// assert_eq!((median.point, median.low, median.high), (5.5, 2.0, 9.0));
/// assert!(median.covers(9.0) && !median.covers(9.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
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
}

impl Interval {
    /// An interval of no width and no coverage claim: one sample, or a figure without spread.
    pub fn collapsed(point: f64, n: usize) -> Interval {
        Interval {
            point,
            low: point,
            high: point,
            level: 0.0,
            n,
        }
    }

    /// Whether `v` lies inside `[low, high]`.
    pub fn covers(&self, v: f64) -> bool {
        self.low <= v && v <= self.high
    }

    /// Half the interval's width.
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// This interval with its point and ends multiplied by `k` (> 0; e.g. 100 for per cent).
    pub fn scaled(&self, k: f64) -> Interval {
        Interval {
            point: self.point * k,
            low: self.low * k,
            high: self.high * k,
            ..*self
        }
    }
}
