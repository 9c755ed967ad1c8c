//! Mean and two-sided 95% Student-t interval over seeds: [`Interval::mean`].

use super::Interval;
use super::student_t::t_quantile;

impl Interval {
    /// Mean and two-sided 95% Student-t interval of `xs` (exact quantile for every degree of freedom); collapsed to
    /// the mean with level 0 for one sample, all NaN for none.
    pub(crate) fn mean(xs: &[f64]) -> Interval {
        let n = xs.len();
        if n == 0 {
            return Interval::collapsed(f64::NAN, 0);
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        if n < 2 {
            return Interval::collapsed(mean, n);
        }
        let half = t_quantile(0.975, n - 1) * (variance(xs) / n as f64).sqrt();
        Interval {
            point: mean,
            low: mean - half,
            high: mean + half,
            level: 0.95,
            n,
            method: super::Method::StudentT,
        }
    }
}

/// The sample variance of `xs` (over n − 1); 0 for fewer than two values.
pub(crate) fn variance(xs: &[f64]) -> f64 {
    let n = xs.len();
    if n < 2 {
        return 0.0;
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
}

#[cfg(test)]
mod tests {
    #[test]
    fn mean_examples() {
        use crate::statistics::Interval;
        let e = Interval::mean(&[1.0, 2.0, 3.0]);
        assert!((e.high - 2.0 - 4.302653 / 3f64.sqrt()).abs() < 1e-6);
        assert_eq!(Interval::mean(&[4.0]), Interval::collapsed(4.0, 1));
    }
}
