//! The percentile bootstrap (Efron, "Bootstrap methods: another look at the jackknife", Ann. Statist. 1979;
//! Efron & Tibshirani, "An Introduction to the Bootstrap", 1993, ch. 13): a statistic of `n` independent units
//! recomputed on resamples drawn with replacement, its interval the 2.5% and 97.5% quantiles of the resampled
//! values. For figures without a closed-form interval (a ratio of variances) and for paired means whose
//! distribution is far from normal (losses that are mostly 0). Resamples come from a `Pcg64Mcg` seeded by the
//! caller, who records the seed: the same seed gives the same interval.

use super::{Interval, Method};
use rand::{RngExt, SeedableRng};

/// Resamples per interval: the quantiles' Monte Carlo error is then well under the interval's width.
pub(crate) const RESAMPLES: usize = 10_000;

/// The statistic of all `n` units with its 95% percentile-bootstrap interval; `statistic` receives the indices
/// of a resample (repeats allowed). Collapsed with fewer than two units.
pub(crate) fn bootstrap(n: usize, seed: u64, statistic: impl Fn(&[usize]) -> f64) -> Interval {
    let all: Vec<usize> = (0..n).collect();
    let point = statistic(&all);
    if n < 2 {
        return Interval::collapsed(point, n);
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut idx = vec![0; n];
    let mut values: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            for i in &mut idx {
                *i = rng.random_range(0..n);
            }
            statistic(&idx)
        })
        .collect();
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((q * RESAMPLES as f64) as usize).min(RESAMPLES - 1)];
    Interval::new(point, at(0.025), at(0.975), 0.95, n, Method::Bootstrap)
}

/// The mean of `xs` over the resample `idx`.
pub(crate) fn mean_of(xs: &[f64], idx: &[usize]) -> f64 {
    idx.iter().map(|&i| xs[i]).sum::<f64>() / idx.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_of_normal_like_data_gets_about_the_student_t_interval_and_the_seed_decides() {
        let xs: Vec<f64> = (0..200).map(|i| ((i * 37) % 101) as f64).collect();
        let b = bootstrap(xs.len(), 1, |idx| mean_of(&xs, idx));
        let t = Interval::mean(&xs);
        assert_eq!((b.point, b.n, b.method), (t.point, 200, Method::Bootstrap));
        assert!(
            (b.half_width() / t.half_width() - 1.0).abs() < 0.1,
            "{b:?} {t:?}"
        );
        assert_eq!(b, bootstrap(xs.len(), 1, |idx| mean_of(&xs, idx)));
        assert_ne!(b, bootstrap(xs.len(), 2, |idx| mean_of(&xs, idx)));
        assert_eq!(bootstrap(1, 1, |idx| mean_of(&xs, idx)).level, 0.0);
    }
}
