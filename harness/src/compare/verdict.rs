//! Ratios A / B with an interval (> 1 = B better: faster, or fewer instructions); the verdict is the spine's
//! [`crate::verdict::Verdict`].

use crate::statistics::student_t::t_quantile;
use crate::statistics::{Interval, Method, paired_ratio, summarize};

/// B's speedup over A from alternating runs' times: `a[i] / b[i]` for each pair of runs (a pair shares its machine
/// state, so drift cancels), median with a distribution-free 95% interval. Fewer than 6 pairs give `[min, max]`
/// with coverage below 95%, which never yields a verdict.
///
/// ```
/// use harness::compare::verdict::time_ratio;
/// use harness::verdict::Verdict;
/// let a = [100.0, 104.0, 98.0, 101.0, 99.0, 103.0];
/// let b = [90.0, 95.0, 88.0, 92.0, 90.0, 91.0];
/// let r = time_ratio(&a, &b).unwrap();
/// assert!(r.low > 1.0);
/// assert_eq!(Verdict::of_ratio(&r), Verdict::Better);
/// assert_eq!(Verdict::of_ratio(&time_ratio(&a[..3], &b[..3]).unwrap()), Verdict::NoVerdict); // 3 pairs: 75% coverage
/// ```
pub fn time_ratio(a: &[f64], b: &[f64]) -> Option<Interval> {
    paired_ratio(a, b)
}

/// B's speedup over A from interleaved rounds spread over sessions (`session[i]` is round `i`'s session, a fresh
/// pair of processes). Rounds of one session share two processes whose memory layouts differ by chance, and that
/// difference moves every round of the session alike, so rounds are not independent samples of the binaries: an
/// interval over all rounds would be too narrow (two identical binaries were seen "faster" by 3-4%). Each session
/// therefore gives one estimate, the median of its per-round ratios A / B, and the interval is the two-sided 95%
/// Student-t interval of the sessions' log estimates (the point is their geometric mean); `n` counts sessions.
/// Fewer than two sessions carry no spread between processes and give no coverage claim.
///
/// ```
/// use harness::compare::verdict::session_ratio;
/// use harness::verdict::Verdict;
/// // Three sessions, each with a layout offset of its own around a true speedup of 1.
/// let a = [100.0, 101.0, 100.0, 102.0, 103.0, 102.0, 98.0, 99.0, 98.0];
/// let b = [100.0; 9];
/// let r = session_ratio(&a, &b, &[0, 0, 0, 1, 1, 1, 2, 2, 2]).unwrap();
/// assert_eq!(r.n, 3);
/// assert!(r.low < 1.0 && r.high > 1.0);
/// assert_eq!(Verdict::of_ratio(&r), Verdict::NoVerdict);
/// ```
pub fn session_ratio(a: &[f64], b: &[f64], session: &[usize]) -> Option<Interval> {
    let mut by_session: std::collections::BTreeMap<usize, (Vec<f64>, Vec<f64>)> =
        std::collections::BTreeMap::new();
    for ((&x, &y), &s) in a.iter().zip(b).zip(session) {
        let e = by_session.entry(s).or_default();
        e.0.push(x);
        e.1.push(y);
    }
    let logs: Vec<f64> = by_session
        .values()
        .filter_map(|(x, y)| paired_ratio(x, y))
        .map(|i| i.point)
        .filter(|p| p.is_finite() && *p > 0.0)
        .map(f64::ln)
        .collect();
    let n = logs.len();
    if n == 0 {
        return None;
    }
    let mean = logs.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return Some(Interval {
            method: Method::SingleSample,
            ..Interval::collapsed(mean.exp(), n)
        });
    }
    let var = logs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let half = t_quantile(0.975, n - 1) * (var / n as f64).sqrt();
    Some(Interval {
        point: mean.exp(),
        low: (mean - half).exp(),
        high: (mean + half).exp(),
        level: 0.95,
        n,
        method: Method::StudentT,
    })
}

/// Ratio A / B of deterministic counts (instructions) measured one or more times per side (> 1 = B fewer).
///
/// The counts of one binary repeat exactly, but two builds differ in memory layout (binary size moves the heap
/// start, so `memcpy` alignment and `malloc` paths change) and that alone moves a count by a few tenths of a
/// percent. `tolerance` (a fraction, e.g. 0.005) widens the interval by that much on each side, so only a change
/// larger than layout noise gets a verdict; 0 judges the raw counts. When a side varied ([`repeats_exactly`] is
/// false), the interval spans every pairing (`min a / max b` to `max a / min b`) before widening. The interval's
/// level is 1: it is a bound, not a sample estimate.
///
/// ```
/// use harness::compare::verdict::count_ratio;
/// use harness::verdict::Verdict;
/// let r = count_ratio(&[990.0, 990.0], &[900.0, 900.0], 0.005).unwrap();
/// assert!(r.point == 1.1 && r.level == 1.0);
/// assert_eq!(Verdict::of(&r, 1.0, 0.0), Verdict::Better); // 10% more work per B instruction saved: beyond the tolerance
/// assert_eq!(Verdict::of(&count_ratio(&[1000.0], &[1003.0], 0.005).unwrap(), 1.0, 0.0), Verdict::NoVerdict);
/// assert_eq!(Verdict::of(&count_ratio(&[1000.0], &[1003.0], 0.0).unwrap(), 1.0, 0.0), Verdict::Worse);
/// let r = count_ratio(&[1000.0, 1020.0], &[1010.0, 1010.0], 0.0).unwrap();
/// assert_eq!(Verdict::of(&r, 1.0, 0.0), Verdict::NoVerdict); // 1000/1010 < 1 < 1020/1010
/// ```
pub fn count_ratio(a: &[f64], b: &[f64], tolerance: f64) -> Option<Interval> {
    let (a_lo, a_hi) = min_max(a)?;
    let (b_lo, b_hi) = min_max(b)?;
    if b_lo <= 0.0 {
        return None;
    }
    Some(Interval {
        point: summarize(a)?.point / summarize(b)?.point,
        low: a_lo / b_hi * (1.0 - tolerance),
        high: a_hi / b_lo * (1.0 + tolerance),
        level: 1.0,
        n: a.len().min(b.len()),
        method: crate::statistics::Method::Exact,
    })
}

/// Whether both sides' counts repeated exactly, so their ratio is one exact number (widened only by the
/// tolerance).
///
/// ```
/// use harness::compare::verdict::repeats_exactly;
/// assert!(repeats_exactly(&[990.0, 990.0], &[900.0]));
/// assert!(!repeats_exactly(&[1000.0, 1020.0], &[1010.0, 1010.0]));
/// ```
pub fn repeats_exactly(a: &[f64], b: &[f64]) -> bool {
    let same = |v: &[f64]| min_max(v).is_some_and(|(lo, hi)| lo == hi);
    same(a) && same(b)
}

fn min_max(v: &[f64]) -> Option<(f64, f64)> {
    let lo = v.iter().copied().reduce(f64::min)?;
    let hi = v.iter().copied().reduce(f64::max)?;
    Some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Verdict;

    #[test]
    fn identical_sides_give_ratio_one_within_noise() {
        let a = [5.0, 6.0, 5.5, 5.2, 6.1, 5.9, 5.4];
        let r = time_ratio(&a, &a).unwrap();
        assert_eq!((r.point, r.low, r.high), (1.0, 1.0, 1.0));
        assert_eq!(Verdict::of_ratio(&r), Verdict::WithinNoise);
        let r = count_ratio(&[7.0], &[7.0], 0.0).unwrap();
        assert!(repeats_exactly(&[7.0], &[7.0]));
        assert_eq!(Verdict::of(&r, 1.0, 0.0), Verdict::WithinNoise);
    }

    #[test]
    fn time_ratio_pairs_runs_in_order() {
        // Drift: both sides slow down together; B's speedup stays 2 although the medians overlap.
        let a = [10.0, 20.0, 30.0, 40.0, 50.0, 60.0];
        let b = [5.0, 10.0, 15.0, 20.0, 25.0, 30.0];
        let r = time_ratio(&a, &b).unwrap();
        assert_eq!((r.low, r.point, r.high), (2.0, 2.0, 2.0));
        assert_eq!(Verdict::of(&r, 1.0, 0.0), Verdict::Better);
        assert!(r.level >= 0.95);
    }

    #[test]
    fn time_interval_touching_one_gives_no_verdict() {
        let a = [1.0; 8];
        let b = [0.9, 0.92, 0.95, 0.97, 1.0, 1.0, 1.02, 1.05];
        let r = time_ratio(&a, &b).unwrap();
        assert!(r.low <= 1.0 && r.high > 1.0);
        assert_eq!(Verdict::of(&r, 1.0, 0.0), Verdict::NoVerdict);
        let worse: Vec<f64> = b.iter().map(|x| x + 0.2).collect();
        assert_eq!(
            Verdict::of(&time_ratio(&a, &worse).unwrap(), 1.0, 0.0),
            Verdict::Worse
        );
    }

    #[test]
    fn too_few_pairs_never_judge() {
        let r = time_ratio(&[1.0; 5], &[2.0; 5]).unwrap();
        assert!(r.level < 0.95);
        assert_eq!(Verdict::of(&r, 1.0, 0.0), Verdict::NoVerdict);
        assert!(time_ratio(&[], &[]).is_none());
    }

    /// Identical binaries whose processes differ by a layout offset per session (±3%) and by round noise: the
    /// session interval gives a wrong verdict near its nominal 5% (6.7% with these uniform offsets at six
    /// sessions: Student t is slightly liberal for them), where pooling every round as if independent gives one in
    /// most comparisons.
    #[test]
    fn session_offsets_do_not_make_identical_binaries_differ() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let (trials, sessions, rounds) = (2000, 6, 20);
        let (mut wrong_sessions, mut wrong_pooled) = (0, 0);
        for _ in 0..trials {
            let (mut a, mut b, mut s) = (Vec::new(), Vec::new(), Vec::new());
            for k in 0..sessions {
                let offset: f64 = rng.random_range(0.97..1.03);
                for _ in 0..rounds {
                    let drift: f64 = rng.random_range(0.9..1.1);
                    a.push(drift * offset * rng.random_range(0.98..1.02));
                    b.push(drift * rng.random_range(0.98..1.02));
                    s.push(k);
                }
            }
            let decided =
                |r: &Interval| matches!(Verdict::of_ratio(r), Verdict::Better | Verdict::Worse);
            wrong_sessions += usize::from(decided(&session_ratio(&a, &b, &s).unwrap()));
            wrong_pooled += usize::from(decided(&time_ratio(&a, &b).unwrap()));
        }
        let rate = |w: usize| w as f64 / trials as f64;
        assert!(
            rate(wrong_sessions) <= 0.08,
            "session interval: {:.1}% wrong",
            100.0 * rate(wrong_sessions)
        );
        assert!(
            rate(wrong_pooled) > 0.3,
            "pooled rounds: {:.1}% wrong",
            100.0 * rate(wrong_pooled)
        );
    }

    #[test]
    fn a_real_difference_is_seen_across_sessions() {
        let mut a = Vec::new();
        let mut s = Vec::new();
        for k in 0..6 {
            for j in 0..10 {
                a.push(103.0 + f64::from(k % 2) * 0.5 + f64::from(j % 3) * 0.2);
                s.push(k as usize);
            }
        }
        let b = vec![100.0; a.len()];
        let r = session_ratio(&a, &b, &s).unwrap();
        assert_eq!(r.n, 6);
        assert_eq!(Verdict::of_ratio(&r), Verdict::Better);
        assert!(session_ratio(&a[..10], &b[..10], &s[..10]).unwrap().level == 0.0);
        assert!(session_ratio(&[], &[], &[]).is_none());
    }

    #[test]
    fn exact_count_difference_is_a_verdict_either_way() {
        assert_eq!(
            Verdict::of(&count_ratio(&[100.0], &[101.0], 0.0).unwrap(), 1.0, 0.0),
            Verdict::Worse
        );
        assert_eq!(
            Verdict::of(
                &count_ratio(&[100.0, 100.0], &[99.0, 99.0], 0.005).unwrap(),
                1.0,
                0.0
            ),
            Verdict::Better
        );
    }

    #[test]
    fn varying_counts_widen_the_interval() {
        let r = count_ratio(&[120.0, 130.0], &[100.0, 110.0], 0.0).unwrap();
        assert!(!repeats_exactly(&[120.0, 130.0], &[100.0, 110.0]));
        assert_eq!((r.low, r.high), (120.0 / 110.0, 1.3));
        assert_eq!(Verdict::of(&r, 1.0, 0.0), Verdict::Better);
        assert!(count_ratio(&[1.0], &[0.0], 0.0).is_none());
        assert!(count_ratio(&[], &[1.0], 0.0).is_none());
        let r = count_ratio(&[102.0], &[100.0], 0.01).unwrap();
        assert!((r.low - 1.02 * 0.99).abs() < 1e-12 && (r.high - 1.02 * 1.01).abs() < 1e-12);
        assert_eq!(Verdict::of(&r, 1.0, 0.0), Verdict::Better);
        let r = count_ratio(&[100.0], &[102.0], 0.0).unwrap();
        assert_eq!(Verdict::of(&r, 1.0, 0.0), Verdict::Worse);
    }
}
