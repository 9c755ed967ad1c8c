//! Median and a distribution-free confidence interval for it (order statistics of a Binomial(n, 1/2)), and the
//! paired ratio between two interleaved variants, summarised the same way.

use super::Interval;

/// The median of `samples` with its distribution-free interval (NaNs are not allowed; an empty slice gives `None`).
///
/// The interval is `[x_(k), x_(n+1-k)]` for the largest `k` with `P(B < k) <= 0.025`, `B ~ Binomial(n, 1/2)`,
/// so it holds the population median with probability at least 95% whatever the distribution.
pub(crate) fn summarize(samples: &[f64]) -> Option<Interval> {
    if samples.is_empty() {
        return None;
    }
    let mut v = samples.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    let (k, coverage) = median_ci_rank(n, 0.95);
    Some(Interval {
        point: median,
        low: v[k - 1],
        high: v[n - k],
        level: coverage,
        n,
        method: super::Method::OrderStatistic,
    })
}

/// The 1-based rank `k` of the interval's lower end and its exact coverage; `k = 1` when nothing better exists.
pub(crate) fn median_ci_rank(n: usize, level: f64) -> (usize, f64) {
    let tail = (1.0 - level) / 2.0;
    // cdf[i] = P(B <= i), computed in log space so large n cannot underflow the first terms into garbage.
    let ln2 = std::f64::consts::LN_2;
    let mut ln_choose = 0.0f64; // ln C(n, 0)
    let mut cdf = 0.0f64;
    let mut best = (1usize, 1.0 - 2.0 * (-(n as f64) * ln2).exp());
    for i in 0..n / 2 {
        cdf += (ln_choose - n as f64 * ln2).exp();
        // Interval [x_(i+1), x_(n-i)] misses the median with probability 2 * P(B <= i).
        if cdf <= tail {
            best = (i + 1, 1.0 - 2.0 * cdf);
        } else {
            break;
        }
        ln_choose += ((n - i) as f64).ln() - ((i + 1) as f64).ln();
    }
    if best.0 > n.div_ceil(2) {
        best.0 = n.div_ceil(2);
    }
    best
}

/// Median and interval of the per-round ratios `a[i] / b[i]` (rounds where `b[i]` is 0 are skipped).
pub(crate) fn paired_ratio(a: &[f64], b: &[f64]) -> Option<Interval> {
    let ratios: Vec<f64> = a
        .iter()
        .zip(b)
        .filter(|(_, y)| **y != 0.0)
        .map(|(x, y)| x / y)
        .collect();
    summarize(&ratios).map(|i| Interval {
        method: super::Method::PairedRatio,
        ..i
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_match_binomial_tables_and_large_n_does_not_underflow() {
        // Known values: n = 6 -> k = 1 (coverage 0.96875); n = 9 -> k = 2 (0.9609); n = 20 -> k = 6 (0.9586).
        assert_eq!(median_ci_rank(6, 0.95).0, 1);
        assert!((median_ci_rank(6, 0.95).1 - 0.96875).abs() < 1e-12);
        assert_eq!(median_ci_rank(9, 0.95).0, 2);
        assert_eq!(median_ci_rank(20, 0.95).0, 6);
        assert!((median_ci_rank(20, 0.95).1 - 0.958610).abs() < 1e-5);
        // n = 100 -> k = 40 (the textbook interval x_(40)..x_(61)).
        assert_eq!(median_ci_rank(100, 0.95).0, 40);
        // Few samples: [min, max] with honest coverage below 95%.
        let (k, cov) = median_ci_rank(5, 0.95);
        assert_eq!(k, 1);
        assert!((cov - 0.9375).abs() < 1e-12);
        assert_eq!(median_ci_rank(1, 0.95), (1, 0.0));
        let (k, cov) = median_ci_rank(5000, 0.95);
        assert!((0.95..0.96).contains(&cov), "{cov}");
        // About n/2 - 0.98 sqrt(n).
        assert!((2428..=2432).contains(&k), "{k}");
    }

    #[test]
    fn summaries_of_odd_and_even_samples() {
        let s = summarize(&[3.0, 1.0, 2.0]).unwrap();
        assert_eq!((s.point, s.low, s.high), (2.0, 1.0, 3.0));
        assert!(summarize(&[]).is_none());
        let s = summarize(&[5.0, 1.0, 4.0, 2.0, 3.0, 9.0, 7.0, 8.0, 6.0, 10.0]).unwrap();
        assert_eq!(s.point, 5.5);
        assert_eq!((s.low, s.high), (2.0, 9.0)); // k = 2 for n = 10: coverage 1 - 2 * 11/1024
        assert!((s.level - 0.978515625).abs() < 1e-12);
        let r = paired_ratio(&[2.0, 4.0, 6.0], &[1.0, 2.0, 3.0]).unwrap();
        assert_eq!(r.point, 2.0);
    }
}
