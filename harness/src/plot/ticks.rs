//! Axis tick positions chosen by the charts themselves: plotters' own logarithmic ticks label only whole decades, so a
//! log axis spanning less than a decade shows a single label (or none) and its values cannot be read. The labels
//! come from [`crate::present::tick`].

/// Fewest labels an axis should carry before a finer tick set is tried.
const MIN_TICKS: usize = 4;

/// Tick positions for a logarithmic axis over `[lo, hi]` (both positive): whole decades when they give at least four
/// labels (every n-th decade on a very wide axis), else 1-2-5 steps, else 1…9 steps, else evenly spaced round values
/// for an axis narrower than a factor of about 1.4. Empty when the range is not positive and finite.
pub(crate) fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    if !(lo.is_finite() && hi.is_finite() && lo > 0.0 && hi > lo) {
        return Vec::new();
    }
    let (d0, d1) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    let span = d1 - d0;
    if span > 10 {
        let step = (span + 7) / 8;
        return (d0..=d1)
            .filter(|d| d.rem_euclid(step) == 0)
            .map(|d| 10f64.powi(d))
            .filter(|&v| inside(v, lo, hi))
            .collect();
    }
    let coarse_to_fine: [&[f64]; 3] = [
        &[1.0],
        &[1.0, 2.0, 5.0],
        &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0],
    ];
    let mut last = Vec::new();
    for mantissas in coarse_to_fine {
        last = (d0..=d1)
            .flat_map(|d| mantissas.iter().map(move |m| round_sig(m * 10f64.powi(d))))
            .filter(|&v| inside(v, lo, hi))
            .collect();
        // Three 1-2-5 labels (e.g. 0.5, 1, 2) already read well; 1…9 labels are the last resort.
        if last.len() >= MIN_TICKS || (mantissas.len() == 3 && last.len() == 3) {
            return last;
        }
    }
    if last.len() >= 3 {
        last
    } else {
        linear_ticks(lo, hi)
    }
}

/// Evenly spaced round tick positions (steps of 1, 2 or 5 times a power of ten) inside `[lo, hi]`, about four to
/// nine of them. Empty when the range is not finite and increasing.
pub(crate) fn linear_ticks(lo: f64, hi: f64) -> Vec<f64> {
    if !(lo.is_finite() && hi.is_finite() && hi > lo) {
        return Vec::new();
    }
    let rough = (hi - lo) / 5.0;
    let power = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| (hi - lo) / s <= 8.0)
        .unwrap_or(10.0 * power);
    let first = (lo / step - 1e-9).ceil() as i64;
    let last = (hi / step + 1e-9).floor() as i64;
    (first..=last)
        .map(|k| round_sig(k as f64 * step))
        .map(|v| if v == 0.0 { 0.0 } else { v })
        .collect()
}

/// `v` rounded to 12 significant digits, so that `3 × 0.1` lands on `0.3`.
fn round_sig(v: f64) -> f64 {
    if v == 0.0 {
        return 0.0;
    }
    let scale = 10f64.powi(11 - v.abs().log10().floor() as i32);
    (v * scale).round() / scale
}

fn inside(v: f64, lo: f64, hi: f64) -> bool {
    v >= lo * (1.0 - 1e-9) && v <= hi * (1.0 + 1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact ticks: the range, whether it is logarithmic, and the ticks.
    #[test]
    fn ticks_of_ranges() {
        let cases: [(f64, f64, bool, &[f64]); 8] = [
            // Decades when they give enough labels.
            (3.0, 2e4, true, &[10.0, 100.0, 1000.0, 10000.0]),
            (1.0, 1e4, true, &[1.0, 10.0, 100.0, 1000.0, 10000.0]),
            // 1-2-5 steps inside few decades.
            (5e5, 3e7, true, &[5e5, 1e6, 2e6, 5e6, 1e7, 2e7]),
            // The speedup range that used to show only "1".
            (0.4, 1.1, true, &[0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]),
            (0.4, 2.5, true, &[0.5, 1.0, 2.0]),
            // Linear axes pick round steps.
            (-3.0, 9.0, false, &[-2.0, 0.0, 2.0, 4.0, 6.0, 8.0]),
            (0.0, 100.0, false, &[0.0, 20.0, 40.0, 60.0, 80.0, 100.0]),
            (
                0.0,
                0.35,
                false,
                &[0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35],
            ),
        ];
        for (lo, hi, log, want) in cases {
            let got = if log {
                log_ticks(lo, hi)
            } else {
                linear_ticks(lo, hi)
            };
            assert_eq!(got, want, "{lo}..{hi}");
        }
        assert!(linear_ticks(1.0, 1.0).is_empty());
    }

    #[test]
    fn log_ticks_thin_out_very_wide_axes() {
        let t = log_ticks(1e-3, 1e20);
        assert!(t.len() >= 4 && t.len() <= 12, "{t:?}");
        assert!(t.windows(2).all(|w| w[1] / w[0] >= 100.0 - 1e-6));
    }

    #[test]
    fn log_ticks_of_a_narrow_axis_are_linear_steps() {
        let t = log_ticks(1.01, 1.09);
        assert!(t.len() >= 3, "{t:?}");
        assert!(t.iter().all(|&v| (1.01..=1.09).contains(&v)));
    }

    #[test]
    fn log_ticks_reject_non_positive_ranges() {
        assert!(log_ticks(0.0, 10.0).is_empty());
        assert!(log_ticks(5.0, 1.0).is_empty());
        assert!(log_ticks(1.0, f64::INFINITY).is_empty());
    }
}
