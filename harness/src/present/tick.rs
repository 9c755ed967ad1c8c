//! Axis tick labels. A chart's ticks are its own numbers for people, so they follow this module's rules too, with two
//! axis-specific ones: a tick that floating-point steps left a hair off zero (`5.55e-17` on an axis from -0.4 to 0.6)
//! reads `0`, and a label carries as many digits as the axis's resolution needs (ticks 1.001, 1.002 on a narrow
//! axis), otherwise three significant digits, trailing zeros dropped (`0.5`, `2`, `1.5k`).

use super::number::MISSING;

/// Most significant digits a tick label carries, however narrow its axis.
const MAX_DIGITS: i32 = 6;

/// The label of tick `v` on an axis from `lo` to `hi` (either order): `0` for a value within 10⁻⁹ of the axis's span
/// of zero on an axis that holds zero; otherwise at least three significant digits and enough to tell ticks a tenth
/// of the span apart, with a decimal SI suffix from a thousand on (`1.5k`, `20M`, `3G`) and an exponent below 10⁻³
/// (`2e-5`). [`MISSING`] when `v` is not finite.
pub(crate) fn tick(v: f64, lo: f64, hi: f64) -> String {
    if !v.is_finite() {
        return MISSING.into();
    }
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    let span = hi - lo;
    let holds_zero = lo <= 0.0 && hi >= 0.0;
    if v == 0.0 || (holds_zero && span.is_finite() && v.abs() < 1e-9 * span) {
        return "0".into();
    }
    let a = v.abs();
    let digits = |x: f64| {
        let resolution = span / 10.0;
        let needed = if resolution.is_finite() && resolution > 0.0 {
            magnitude(x) - magnitude(resolution) + 1
        } else {
            0
        };
        needed.clamp(3, MAX_DIGITS)
    };
    for (scale, suffix) in [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")] {
        if a >= scale * (1.0 - 1e-9) && a < 1e15 {
            return format!("{}{suffix}", trimmed(v / scale, digits(v)));
        }
    }
    if a < 1e-3 {
        let exp = magnitude(v);
        return format!("{}e{exp}", trimmed(v / 10f64.powi(exp), digits(v)));
    }
    trimmed(v, digits(v))
}

/// The power of ten of `x`'s leading digit.
fn magnitude(x: f64) -> i32 {
    x.abs().log10().floor() as i32
}

/// `x` with `digits` significant digits, trailing zeros (and a bare point) dropped.
fn trimmed(x: f64, digits: i32) -> String {
    let decimals = (digits - 1 - magnitude(x)).max(0) as usize;
    let text = format!("{x:.decimals$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    };
    if text == "-0" { "0".into() } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_short_with_three_digits_on_an_ordinary_axis() {
        let cases = [
            (0.5, "0.5"),
            (1.0, "1"),
            (250.0, "250"),
            (1500.0, "1.5k"),
            (2e5, "200k"),
            (1e6, "1M"),
            (3e9, "3G"),
            (0.3 + 1e-15, "0.3"),
            (1.234_567, "1.23"),
            (2e-5, "2e-5"),
            (-0.25, "-0.25"),
            (0.0, "0"),
        ];
        for (v, want) in cases {
            // A log-like axis far from zero: no snapping, no extra digits.
            assert_eq!(tick(v, 1e-6, 1e10), want, "{v}");
        }
        assert_eq!(tick(f64::NAN, 0.0, 1.0), MISSING);
    }

    #[test]
    fn a_hair_off_zero_reads_zero_only_on_an_axis_that_holds_zero() {
        for noise in [5.551115123125783e-17, -2.7755575615628914e-17, 1e-12] {
            assert_eq!(tick(noise, -0.4, 0.6), "0", "{noise}");
            assert_eq!(tick(noise, 0.6, -0.4), "0", "{noise}");
        }
        // A tick a real step away from zero is no noise.
        assert_eq!(tick(0.05, -0.4, 0.6), "0.05");
        assert_eq!(tick(0.2, -0.4, 0.6), "0.2");
        assert_eq!(tick(2_000_000.0, 0.0, 1e7), "2M");
        assert_eq!(tick(2e-5, 1e-6, 1e-3), "2e-5");
        // A positive axis (a log axis) never snaps: its small values are real.
        assert_eq!(tick(1e-12, 1e-13, 1e-11), "1e-12");
        assert_eq!(tick(-0.0, -1.0, 1.0), "0");
    }

    #[test]
    fn a_narrow_axis_gets_the_digits_that_tell_its_ticks_apart_and_no_label_is_long() {
        let labels: Vec<String> = [1.001, 1.002, 1.003]
            .iter()
            .map(|&v| tick(v, 1.0, 1.004))
            .collect();
        assert_eq!(labels, ["1.001", "1.002", "1.003"]);
        assert_eq!(tick(1_000_500.0, 1_000_000.0, 1_001_000.0), "1.0005M");
        assert_eq!(tick(1.002, 1.0, 1.01), "1.002");
        // Never more than six digits, whatever the axis.
        assert!(tick(1.000_000_1, 1.0, 1.000_000_2).len() <= 8);
        // Steps of plotters' own linear key points (k times a decimal step) on axes through zero.
        for (lo, hi) in [
            (-0.4, 0.6),
            (-1e-3, 2e-3),
            (-3.0, 9.0),
            (0.0, 0.35),
            (-250.0, 1e4),
        ] {
            let step = (hi - lo) / 7.0;
            for k in 0..=7 {
                let label = tick(lo + k as f64 * step, lo, hi);
                assert!(
                    label.len() <= 8 && !label.contains("e-1"),
                    "{label} on [{lo}, {hi}]"
                );
            }
        }
    }
}
