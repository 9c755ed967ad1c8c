//! Numbers a person reads. Two rules cover every figure:
//!
//! - **Exact counters** (successors, evaluator calls, hits, entries) keep every digit, with a comma between groups
//!   of three: [`count`] (`1,234,567`) and, for figures with a fraction, [`decimal`] (`1,234.57`). Two variants
//!   that must count alike are compared digit by digit, so nothing is rounded away.
//! - **Measured magnitudes** (times, instruction counts, bytes, ratios) get three significant digits, trailing zeros
//!   kept so that a column shows its precision: [`time_ns`] (`12.2 ms`, `845 µs`, `25.3 ns`, `2 min 5 s`),
//!   [`instructions`] (`92.5 M`), [`bytes`] (`1.10 GB`), [`ratio`] (`1.23x`). Rounding happens before the unit is
//!   chosen, so 999.95 ns reads `1.00 µs`, never `1000 ns`. Instruction counts and bytes use decimal SI prefixes
//!   (k = 1,000, M = 10⁶, G = 10⁹, T = 10¹²; bytes in kB, MB, GB, TB, not KiB), one prefix rule for both.
//!
//! Intervals follow their figure: [`time_ns_interval`] (`12.2 ms [12.1, 12.4]`, ends in the median's unit),
//! [`ratio_interval`] (`1.23x [1.10, 1.37]`), [`points_interval`] (`+0.2 pt [-0.1, +0.5]`).
//!
//! Percentages take a fraction (`0.941` → `94.1%`) and percentage points a difference of fractions (`0.002` →
//! `+0.2 pt`), both with one decimal. A figure that is NaN or infinite renders as [`MISSING`] (`—`), the same mark
//! the tables use for an absent value; no function here panics.
//!
//! Ratios have one direction everywhere: a speedup is time(baseline) / time(variant), so > 1 means the variant is
//! faster; an instruction ratio is instructions(baseline) / instructions(variant), > 1 means fewer instructions.
//! CSVs keep raw numbers with the unit in the column name; these functions are only for text people read.
//!
//! Means over seeds read `point ± half-width` ([`Estimate::show`]); an absent figure reads [`MISSING`]
//! ([`or_missing`]).

/// What a missing or non-finite figure renders as.
pub(crate) const MISSING: &str = "—";

/// Significant digits of every measured magnitude.
const SIGNIFICANT: i32 = 3;

/// A primitive integer type that [`count`] can format.
pub(crate) trait Integer: Copy + std::fmt::Display {}

macro_rules! integers {
    ($($t:ty),*) => { $(impl Integer for $t {})* };
}
integers!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

/// An exact counter with thousands separators.
pub(crate) fn count<N: Integer>(n: N) -> String {
    let digits = n.to_string();
    match digits.strip_prefix('-') {
        Some(abs) => format!("-{}", group(abs)),
        None => group(&digits),
    }
}

/// `x` with `decimals` digits after the point and thousands separators in the integer part (for counters read back
/// from a CSV as floating point, and per-operation means of counters); [`MISSING`] when not finite.
pub(crate) fn decimal(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return MISSING.into();
    }
    let text = format!("{:.decimals$}", x.abs());
    let (int, frac) = text
        .split_once('.')
        .map_or((text.as_str(), None), |(i, f)| (i, Some(f)));
    let sign = if x < 0.0 && text.bytes().any(|b| b.is_ascii_digit() && b != b'0') {
        "-"
    } else {
        ""
    };
    match frac {
        Some(f) => format!("{sign}{}.{f}", group(int)),
        None => format!("{sign}{}", group(int)),
    }
}

/// Commas between groups of three in a string of ASCII digits.
fn group(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `x` rounded to three significant digits, trailing zeros kept (`1.20`, `12.0`, `845`); a carry into the next power
/// of ten drops a decimal (9.996 → `10.0`), so the result never shows a fourth digit.
fn significant(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    let magnitude = x.abs().log10().floor() as i32;
    if magnitude >= SIGNIFICANT {
        // Beyond the largest unit: digits past the third are zeros, not noise.
        let step = 10f64.powi(magnitude + 1 - SIGNIFICANT);
        return format!("{:.0}", (x / step).round() * step);
    }
    let decimals = (SIGNIFICANT - 1 - magnitude).max(0);
    let text = format!("{:.*}", decimals as usize, x);
    let carried =
        text.trim_start_matches('-').parse::<f64>().unwrap_or(0.0) >= 10f64.powi(magnitude + 1);
    if carried && decimals > 0 {
        format!("{:.*}", decimals as usize - 1, x)
    } else {
        text
    }
}

/// Units of [`time_ns`] below one minute, ascending.
const TIME_UNITS: [(f64, &str); 4] = [(1.0, "ns"), (1e3, "µs"), (1e6, "ms"), (1e9, "s")];

/// The largest step of `units` (factor, suffix; ascending) that keeps `x`'s rounded mantissa at least 1, or the
/// first when `x` is smaller.
fn unit_of<'a>(x: f64, units: &[(f64, &'a str)]) -> (f64, &'a str) {
    let fits = |(factor, _): &&(f64, &str)| rounded_abs(x / factor) >= 1.0;
    *units.iter().rev().find(fits).unwrap_or(&units[0])
}

/// `x` in its [`unit_of`] with three significant digits.
fn scaled(x: f64, units: &[(f64, &str)]) -> String {
    if !x.is_finite() {
        return MISSING.into();
    }
    let (factor, suffix) = unit_of(x, units);
    format!("{} {suffix}", significant(x / factor))
        .trim_end()
        .to_owned()
}

/// |x| after rounding to three significant digits.
fn rounded_abs(x: f64) -> f64 {
    significant(x)
        .trim_start_matches('-')
        .parse()
        .unwrap_or(0.0)
}

/// A time given in nanoseconds: three significant digits in ns, µs, ms or s; from one minute on, whole minutes and
/// seconds (`2 min 5 s`), from one hour on, hours and minutes (`1 h 2 min`). [`MISSING`] when not finite.
pub(crate) fn time_ns(ns: f64) -> String {
    if !ns.is_finite() {
        return MISSING.into();
    }
    if rounded_abs(ns / 1e9) < 60.0 {
        return scaled(ns, &TIME_UNITS);
    }
    let sign = if ns < 0.0 { "-" } else { "" };
    let seconds = (ns.abs() / 1e9).round();
    if seconds < 3600.0 {
        return format!(
            "{sign}{} min {} s",
            (seconds / 60.0).floor(),
            seconds % 60.0
        );
    }
    let minutes = (seconds / 60.0).round();
    format!(
        "{sign}{} h {} min",
        decimal((minutes / 60.0).floor(), 0),
        minutes % 60.0
    )
}

/// A time with its interval, all in nanoseconds, the ends in the median's unit and digits: `12.2 ms [12.1, 12.4]`.
/// From one minute on, each part is written out as [`time_ns`] writes it; a non-finite end reads [`MISSING`].
pub(crate) fn time_ns_interval(median: f64, lo: f64, hi: f64) -> String {
    if !median.is_finite() {
        return MISSING.into();
    }
    if rounded_abs(median / 1e9) >= 60.0 {
        return format!("{} [{}, {}]", time_ns(median), time_ns(lo), time_ns(hi));
    }
    let (factor, suffix) = unit_of(median, &TIME_UNITS);
    let end = |v: f64| finite(v, |v| significant(v / factor));
    format!(
        "{} {suffix} [{}, {}]",
        significant(median / factor),
        end(lo),
        end(hi)
    )
}

/// An instruction count (or any measured count where only three digits mean something) with a decimal SI prefix:
/// `845`, `12.5 k`, `92.5 M`, `1.20 G`. [`MISSING`] when not finite.
pub(crate) fn instructions(n: f64) -> String {
    scaled(
        n,
        &[(1.0, ""), (1e3, "k"), (1e6, "M"), (1e9, "G"), (1e12, "T")],
    )
}

/// A byte count with a decimal SI prefix: `845 B`, `512 kB`, `1.10 GB`. [`MISSING`] when not finite.
pub(crate) fn bytes(n: f64) -> String {
    scaled(
        n,
        &[
            (1.0, "B"),
            (1e3, "kB"),
            (1e6, "MB"),
            (1e9, "GB"),
            (1e12, "TB"),
        ],
    )
}

/// "a" or "a to b" with `digits` decimals (no separators) and a unit suffix: a range over scenarios that may be one
/// value.
pub(crate) fn span(a: f64, b: f64, digits: usize, unit: &str) -> String {
    let (x, y) = (format!("{a:.digits$}"), format!("{b:.digits$}"));
    if x == y {
        format!("{x}{unit}")
    } else {
        format!("{x}{unit} to {y}{unit}")
    }
}

/// `show(x)` when `x` is finite, else [`MISSING`].
fn finite(x: f64, show: impl FnOnce(f64) -> String) -> String {
    if x.is_finite() {
        show(x)
    } else {
        MISSING.into()
    }
}

/// A fraction as a percentage with one decimal: `0.941` → `94.1%`. [`MISSING`] when not finite.
pub(crate) fn percent(fraction: f64) -> String {
    finite(fraction, |f| format!("{}%", decimal(100.0 * f, 1)))
}

/// A difference of two fractions in percentage points, signed, one decimal: `0.002` → `+0.2 pt`; a difference that
/// rounds to zero reads `0.0 pt`. [`MISSING`] when not finite.
pub(crate) fn points(difference: f64) -> String {
    finite(difference, |d| format!("{} pt", signed_points(d)))
}

/// A percentage-point difference with its interval: `+0.2 pt [-0.1, +0.5]`.
pub(crate) fn points_interval(difference: f64, lo: f64, hi: f64) -> String {
    format!(
        "{} [{}, {}]",
        points(difference),
        signed_points(lo),
        signed_points(hi)
    )
}

fn signed_points(difference: f64) -> String {
    if !difference.is_finite() {
        return MISSING.into();
    }
    let text = decimal(100.0 * difference, 1);
    if text.starts_with('-') || text == "0.0" {
        text
    } else {
        format!("+{text}")
    }
}

/// A ratio or speedup with three significant digits and an `x`: `1.23x`, `0.987x`, `12.3x`. [`MISSING`] when not
/// finite.
pub(crate) fn ratio(r: f64) -> String {
    finite(r, |r| format!("{}x", significant(r)))
}

/// A ratio with its interval, the ends in the ratio's own digits: `1.23x [1.10, 1.37]`.
pub(crate) fn ratio_interval(r: f64, lo: f64, hi: f64) -> String {
    let end = |v: f64| finite(v, significant);
    format!("{} [{}, {}]", ratio(r), end(lo), end(hi))
}

/// A counter or a mean of counters: whole numbers (and anything from 100 up) keep every digit with thousands
/// separators, others two decimals, or three below 1.
pub(crate) fn counter_mean(v: f64) -> String {
    if v.abs() >= 100.0 || v == v.round() {
        decimal(v, 0)
    } else if v.abs() >= 1.0 {
        decimal(v, 2)
    } else {
        decimal(v, 3)
    }
}

/// `show(v)`, or [`MISSING`] for an absent figure.
pub(crate) fn or_missing<T>(v: Option<T>, show: impl FnOnce(T) -> String) -> String {
    v.map_or_else(|| MISSING.to_owned(), show)
}

/// An estimate with its interval for people.
pub(crate) trait Estimate {
    /// `point ± half-width` with `digits` decimals (just the point when the interval makes no coverage claim).
    fn show(&self, digits: usize) -> String;
}

impl Estimate for crate::statistics::Interval {
    fn show(&self, digits: usize) -> String {
        if self.level > 0.0 {
            format!(
                "{:.*} ± {:.*}",
                digits,
                self.point,
                digits,
                self.half_width()
            )
        } else {
            format!("{:.*}", digits, self.point)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::Interval;

    /// Each case: what a function renders and what it must read, the docs' examples among them.
    #[test]
    fn every_figure_reads_as_documented() {
        let cases: Vec<(String, &str)> = vec![
            // Counts group every integer type.
            (count(0u8), "0"),
            (count(999u16), "999"),
            (count(1000u32), "1,000"),
            (count(-999_999i32), "-999,999"),
            (count(i64::MIN), "-9,223,372,036,854,775,808"),
            (
                count(u128::MAX),
                "340,282,366,920,938,463,463,374,607,431,768,211,455",
            ),
            (count(12_345usize), "12,345"),
            (count(1_234_567u64), "1,234,567"),
            (count(-1_000i64), "-1,000"),
            (count(u64::MAX), "18,446,744,073,709,551,615"),
            // Decimals round, group and never show a negative zero.
            (decimal(999.996, 2), "1,000.00"),
            (decimal(-0.0001, 2), "0.00"),
            (decimal(-0.0, 0), "0"),
            (decimal(0.5, 3), "0.500"),
            (decimal(f64::INFINITY, 0), MISSING),
            (decimal(f64::NEG_INFINITY, 0), MISSING),
            (decimal(1_234_567.0, 0), "1,234,567"),
            (decimal(-1234.567, 2), "-1,234.57"),
            (decimal(f64::NAN, 1), "—"),
            // Times pick the unit after rounding.
            (time_ns(0.0), "0 ns"),
            (time_ns(0.5), "0.500 ns"),
            (time_ns(1.0), "1.00 ns"),
            (time_ns(25.31), "25.3 ns"),
            (time_ns(999.4), "999 ns"),
            (time_ns(999.95), "1.00 µs"),
            (time_ns(9_996.0), "10.0 µs"),
            (time_ns(99_960.0), "100 µs"),
            (time_ns(845_000.0), "845 µs"),
            (time_ns(999_500.0), "1.00 ms"),
            (time_ns(12_216_002.0), "12.2 ms"),
            (time_ns(1.23e9), "1.23 s"),
            (time_ns(59.94e9), "59.9 s"),
            (time_ns(59.96e9), "1 min 0 s"),
            (time_ns(125e9), "2 min 5 s"),
            (time_ns(3599.4e9), "59 min 59 s"),
            (time_ns(3599.6e9), "1 h 0 min"),
            (time_ns(3_725e9), "1 h 2 min"),
            (time_ns(-12_216_002.0), "-12.2 ms"),
            (time_ns(-125e9), "-2 min 5 s"),
            (time_ns(f64::NAN), MISSING),
            (time_ns(f64::INFINITY), MISSING),
            (time_ns(f64::NEG_INFINITY), MISSING),
            // A time interval's ends share the median's unit.
            (
                time_ns_interval(845_000.0, 999.0, 2e6),
                "845 µs [0.999, 2000]",
            ),
            (
                time_ns_interval(999.95, 990.0, 1_010.0),
                "1.00 µs [0.990, 1.01]",
            ),
            (time_ns_interval(1e9, f64::NAN, 2e9), "1.00 s [—, 2.00]"),
            (
                time_ns_interval(125e9, 120e9, 130e9),
                "2 min 5 s [2 min 0 s, 2 min 10 s]",
            ),
            (time_ns_interval(f64::INFINITY, 1.0, 2.0), MISSING),
            (
                time_ns_interval(12_216_002.0, 12_105_731.0, 12_408_321.0),
                "12.2 ms [12.1, 12.4]",
            ),
            (
                time_ns_interval(999.0, 950.0, 1_020.0),
                "999 ns [950, 1020]",
            ),
            // Instruction counts and bytes share one prefix rule.
            (instructions(0.0), "0"),
            (instructions(12.46), "12.5"),
            (instructions(999.5), "1.00 k"),
            (instructions(-92_512_345.0), "-92.5 M"),
            (instructions(u64::MAX as f64), "18400000 T"),
            (instructions(f64::NAN), MISSING),
            (instructions(92_512_345.0), "92.5 M"),
            (instructions(845.0), "845"),
            (instructions(999_999.0), "1.00 M"),
            (bytes(845.0), "845 B"),
            (bytes(999_950.0), "1.00 MB"),
            (bytes(f64::NEG_INFINITY), MISSING),
            (bytes(1.1e9), "1.10 GB"),
            (bytes(512_000.0), "512 kB"),
            (bytes(0.0), "0 B"),
            (span(12.04, 12.01, 1, "%"), "12.0%"),
            (span(3.0, 41.0, 0, ""), "3 to 41"),
            // Percentages and points have one decimal.
            (percent(0.0), "0.0%"),
            (percent(0.99951), "100.0%"),
            (percent(-0.25), "-25.0%"),
            (percent(f64::NAN), MISSING),
            (percent(0.941), "94.1%"),
            (percent(1.0), "100.0%"),
            (points(0.0), "0.0 pt"),
            (points(-0.0001), "0.0 pt"),
            (points(f64::INFINITY), MISSING),
            (points(0.002), "+0.2 pt"),
            (points(-0.0131), "-1.3 pt"),
            (points(0.0001), "0.0 pt"),
            (points_interval(0.01, f64::NAN, 0.02), "+1.0 pt [—, +2.0]"),
            (
                points_interval(0.002, -0.001, 0.005),
                "+0.2 pt [-0.1, +0.5]",
            ),
            // Ratios keep three digits.
            (ratio(1.0), "1.00x"),
            (ratio(0.0), "0x"),
            (ratio(9.996), "10.0x"),
            (ratio(123.4), "123x"),
            (ratio(f64::NAN), MISSING),
            (ratio(1.2345), "1.23x"),
            (ratio(0.98765), "0.988x"),
            (ratio(f64::INFINITY), "—"),
            (
                ratio_interval(1.0, f64::NEG_INFINITY, 2.0),
                "1.00x [—, 2.00]",
            ),
            (ratio_interval(1.2345, 1.1, 1.3667), "1.23x [1.10, 1.37]"),
            (counter_mean(12_345.0), "12,345"),
            (counter_mean(2.5), "2.50"),
            (counter_mean(0.25), "0.250"),
            (or_missing(Some(0.5), percent), "50.0%"),
            (or_missing(None, percent), "—"),
            (Interval::mean(&[1.0, 2.0, 3.0]).show(1), "2.0 ± 2.5"),
            (Interval::mean(&[4.0]).show(2), "4.00"),
        ];
        for (got, want) in cases {
            assert_eq!(got, want);
        }
    }
}
