//! Ratios A / B of whole runs and of counts with an interval (interleaved rounds: [`crate::measure::kernel::speedup`]) (> 1 = B better: faster, or fewer instructions); the verdict is the spine's
//! [`crate::verdict::Verdict`].

use crate::statistics::{Interval, paired_ratio, summarize};

/// B's speedup over A from alternating runs' times: `a[i] / b[i]` for each pair of runs (a pair shares its machine
/// state, so drift cancels), median with a distribution-free 95% interval. Fewer than 6 pairs give `[min, max]`
/// with coverage below 95%, which never yields a verdict.
pub(crate) fn time_ratio(a: &[f64], b: &[f64]) -> Option<Interval> {
    paired_ratio(a, b)
}

/// Ratio A / B of deterministic counts (instructions) measured one or more times per side (> 1 = B fewer).
///
/// The counts of one binary repeat exactly, but two builds differ in memory layout (binary size moves the heap
/// start, so `memcpy` alignment and `malloc` paths change) and that alone moves a count by a few tenths of a
/// percent. `tolerance` (a fraction, e.g. 0.005) widens the interval by that much on each side, so only a change
/// larger than layout noise gets a verdict; 0 judges the raw counts. When a side varied ([`repeats_exactly`] is
/// false), the interval spans every pairing (`min a / max b` to `max a / min b`) before widening. The interval's
/// level is 1: it is a bound, not a sample estimate.
pub(crate) fn count_ratio(a: &[f64], b: &[f64], tolerance: f64) -> Option<Interval> {
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
pub(crate) fn repeats_exactly(a: &[f64], b: &[f64]) -> bool {
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
        let a = [100.0, 104.0, 98.0, 101.0, 99.0, 103.0];
        let b = [90.0, 95.0, 88.0, 92.0, 90.0, 91.0];
        let r = time_ratio(&a, &b).unwrap();
        assert!(r.low > 1.0);
        assert_eq!(Verdict::of_ratio(&r), Verdict::Better);
        assert_eq!(
            Verdict::of_ratio(&time_ratio(&a[..3], &b[..3]).unwrap()),
            Verdict::NoVerdict
        ); // 3 pairs: 75% coverage
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

    /// Count ratios' verdicts against 1: A's counts, B's counts, the tolerance and the verdict.
    #[test]
    fn exact_count_difference_is_a_verdict_either_way() {
        let cases: [(&[f64], &[f64], f64, Verdict); 7] = [
            (&[100.0], &[101.0], 0.0, Verdict::Worse),
            (&[100.0, 100.0], &[99.0, 99.0], 0.005, Verdict::Better),
            // 10% more work per B instruction saved: beyond the tolerance.
            (&[990.0, 990.0], &[900.0, 900.0], 0.005, Verdict::Better),
            (&[1000.0], &[1003.0], 0.005, Verdict::NoVerdict),
            (&[1000.0], &[1003.0], 0.0, Verdict::Worse),
            // 1000/1010 < 1 < 1020/1010.
            (
                &[1000.0, 1020.0],
                &[1010.0, 1010.0],
                0.0,
                Verdict::NoVerdict,
            ),
            (&[100.0], &[102.0], 0.0, Verdict::Worse),
        ];
        for (a, b, tolerance, verdict) in cases {
            let r = count_ratio(a, b, tolerance).unwrap();
            assert_eq!(Verdict::of(&r, 1.0, 0.0), verdict, "{a:?} / {b:?}");
        }
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
        assert!(repeats_exactly(&[990.0, 990.0], &[900.0]));
        assert!(!repeats_exactly(&[1000.0, 1020.0], &[1010.0, 1010.0]));
        let r = count_ratio(&[990.0, 990.0], &[900.0, 900.0], 0.005).unwrap();
        assert!(r.point == 1.1 && r.level == 1.0);
    }
}
