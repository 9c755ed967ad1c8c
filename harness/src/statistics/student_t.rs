//! Quantiles of Student's t distribution, exact for every degree of freedom (statrs' inverse CDF), so an interval
//! over 31–120 seeds no longer rounds its multiplier to a coarse table step.

use statrs::distribution::{ContinuousCDF, StudentsT};

/// The `p` quantile of Student's t with `df` degrees of freedom (`NaN` for `df` = 0 or `p` outside (0, 1)).
pub(crate) fn t_quantile(p: f64, df: usize) -> f64 {
    if df == 0 || !(p > 0.0 && p < 1.0) {
        return f64::NAN;
    }
    match StudentsT::new(0.0, 1.0, df as f64) {
        Ok(t) => t.inverse_cdf(p),
        Err(_) => f64::NAN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_published_two_sided_95_percent_values() {
        // Standard tables (three decimals) at df 1..=30 and the steps the old table rounded.
        let table = [
            (1, 12.706),
            (2, 4.303),
            (5, 2.571),
            (10, 2.228),
            (20, 2.086),
            (30, 2.042),
            (40, 2.021),
            (60, 2.000),
            (120, 1.980),
        ];
        for (df, want) in table {
            let got = t_quantile(0.975, df);
            assert!((got - want).abs() < 5e-4, "df {df}: {got} vs {want}");
        }
        // Between table rows the value moves smoothly (df 31 < 2.042, > 2.021).
        let t31 = t_quantile(0.975, 31);
        assert!(t31 < 2.042 && t31 > 2.021, "{t31}");
        assert!((t_quantile(0.975, 100_000) - 1.95997).abs() < 1e-4);
        assert!(t_quantile(0.975, 0).is_nan());
        assert!((t_quantile(0.5, 7)).abs() < 1e-12);
        // Four decimals; the old table said 2.000 at df 45.
        for (df, want) in [(1, 12.7062), (9, 2.2622), (45, 2.0141)] {
            assert!((t_quantile(0.975, df) - want).abs() < 1e-4, "df {df}");
        }
    }
}
