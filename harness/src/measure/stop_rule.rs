//! When a setting's interleaved timing may stop before its cap: the stop rule of the adaptive timing plan.
//!
//! A setting (one family x evaluator x traversal group, its cache variants interleaved) is timed round by round.
//! From [`FIRST_LOOK`] rounds on, after every round, each variant's paired speedup over the uncached arm is
//! summarised as the median of the per-round ratios with a distribution-free interval at [`LOOK_LEVEL`] (99%,
//! stricter than the 95% the report shows). The setting stops when every variant is settled at that level: its
//! 99% interval lies within `1 ± NOISE_THRESHOLD` (within noise), or wholly above or below 1 (a decided
//! verdict); otherwise it goes on until the cap (the plan's `max_rounds`, or fewer when the time budget allows
//! fewer rounds). A setting without an uncached arm never stops early.
//!
//! Why 99% at each look: looking after every round and stopping at the first decided look raises the chance of a
//! wrong verdict above the level of one look. Deciding each look at 99% while reporting the 95% interval of the
//! rounds taken keeps that chance at or below the fixed-size design's (a test here simulates identical arms and
//! counts wrong verdicts); the 95% interval of a stopped setting lies inside its 99% one, so the reported verdict
//! never contradicts the one that stopped it. The rounds each setting took are the `rounds` metric of
//! `timings.csv`, its cap `rounds_cap`.

use crate::statistics::{Interval, Method, median_ci_rank};
use crate::verdict::{NOISE_THRESHOLD, Verdict};

/// The fewest rounds at which a look can settle: `[min, max]` of 8 ratios covers 1 − 2/256 > 99%.
pub const FIRST_LOOK: usize = 8;

/// The coverage each look's interval must reach before it may stop a setting.
pub const LOOK_LEVEL: f64 = 0.99;

/// The median of `ratios` with its order-statistic interval at [`LOOK_LEVEL`] (`None` for no ratios).
pub(crate) fn look_interval(ratios: &[f64]) -> Option<Interval> {
    if ratios.is_empty() {
        return None;
    }
    let mut v = ratios.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    let point = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    let (k, level) = median_ci_rank(n, LOOK_LEVEL);
    Some(Interval {
        point,
        low: v[k - 1],
        high: v[n - k],
        level: if level >= LOOK_LEVEL { level } else { 0.0 },
        n,
        method: Method::PairedRatio,
    })
}

/// Whether one variant's per-round speedups over its baseline are settled at [`LOOK_LEVEL`].
pub(crate) fn settled(ratios: &[f64]) -> bool {
    ratios.len() >= FIRST_LOOK
        && look_interval(ratios)
            .is_some_and(|i| Verdict::of(&i, 1.0, NOISE_THRESHOLD) != Verdict::NoVerdict)
}

/// Whether a setting may stop: every variant but the baseline settled. `ns[i]` holds variant `i`'s per-round
/// times (paired by index); `baseline` is the uncached arm's index, `None` when the setting has none.
pub(crate) fn setting_settled(ns: &[&[f64]], baseline: Option<usize>) -> bool {
    let Some(b) = baseline else {
        return false;
    };
    ns.iter()
        .enumerate()
        .filter(|(i, _)| *i != b)
        .all(|(_, t)| {
            let ratios: Vec<f64> = ns[b]
                .iter()
                .zip(t.iter())
                .filter(|(_, y)| **y > 0.0)
                .map(|(x, y)| x / y)
                .collect();
            settled(&ratios)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::paired_ratio;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn looks_start_at_eight_rounds_and_need_every_variant() {
        let fast = [1.0; 8];
        let slow = [2.0; 8];
        assert!(!settled(&[2.0; 7]), "seven rounds cannot reach 99%");
        assert!(settled(&[2.0; 8]));
        assert!(settled(&[1.001, 0.999, 1.0, 1.002, 0.998, 1.0, 1.0, 1.001]));
        // Spread across 1 and past the threshold: not settled.
        assert!(!settled(&[0.9, 1.1, 0.95, 1.05, 1.0, 0.97, 1.03, 1.0]));
        assert!(setting_settled(&[&slow, &fast], Some(0)));
        // A third variant whose times give the undecided ratios above holds the setting back.
        let undecided: Vec<f64> = [0.9, 1.1, 0.95, 1.05, 1.0, 0.97, 1.03, 1.0]
            .iter()
            .map(|r| 2.0 / r)
            .collect();
        assert!(!setting_settled(&[&slow, &fast, &undecided], Some(0)));
        assert!(!setting_settled(&[&slow, &fast], None));
    }

    /// Identical arms (true speedup 1, noise far above the threshold): stopping at the first settled look must not
    /// give a decided verdict ("faster" or "slower") more often than 5% of settings, the fixed-size design's level.
    #[test]
    fn repeated_looks_keep_wrong_verdicts_below_five_percent() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(20);
        let (settings, cap) = (4000, 15);
        let mut wrong = 0;
        for _ in 0..settings {
            let mut a = Vec::new();
            let mut b = Vec::new();
            for _ in 0..cap {
                // 5% noise per sample, shared drift cancelled by the pairing.
                let drift: f64 = rng.random_range(0.8..1.2);
                a.push(drift * rng.random_range(0.95..1.05));
                b.push(drift * rng.random_range(0.95..1.05));
                if setting_settled(&[&a, &b], Some(0)) {
                    break;
                }
            }
            let r = paired_ratio(&a, &b).expect("rounds");
            if matches!(Verdict::of_ratio(&r), Verdict::Better | Verdict::Worse) {
                wrong += 1;
            }
        }
        let rate = f64::from(wrong) / f64::from(settings);
        assert!(
            rate <= 0.05,
            "wrong verdicts in {:.1}% of settings",
            100.0 * rate
        );
    }
}
