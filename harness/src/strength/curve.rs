//! Elo per doubling as a curve of the node budget (`harness match work-odds --budgets`, kept in
//! `scenarios/strength/elo-per-doubling.json`), and the predicted Elo of a speedup s at budget N read off it:
//! Elo(N·s) − Elo(N).
//!
//! The model: the point measured at budget Nᵢ (the bot at `nodes:2Nᵢ` against itself at `nodes:Nᵢ`) is Elo
//! gained per doubling, taken to hold evenly in log2 budget from Nᵢ up to the next measured budget (the last one
//! up to 2·N_k). Cumulative Elo is the integral of that over log2 budget, so it is piecewise linear in log budget,
//! and Elo(N·s) − Elo(N) = Σᵢ wᵢ·Eᵢ with wᵢ the signed length (in doublings) of [log2 N, log2 N·s] inside point
//! i's stretch. With budgets a doubling apart, as the shipped curve has them, the stretches are exactly the
//! measured doublings and the sum over whole doublings is exact. Outside [N₁, 2·N_k] there is no prediction (no
//! extrapolation).
//!
//! The interval: the points are independent matches, so the sum's standard error is √(Σ wᵢ²·seᵢ²), seᵢ read off
//! point i's normal interval (half its width over z); the curve's interval is the sum ± z·se. With the speedup's
//! own interval, the prediction's interval is the least low end and the greatest high end over the speedup's
//! range; both are reached at the range's ends or at the budgets between (within one stretch the low end is
//! concave and the high end convex in log2 s), so those are the only places evaluated. It covers whenever both the
//! speedup's interval and the curve's do, so the curve's level is raised to make the total at least 95% by
//! Bonferroni's inequality where the speedup's interval allows it (a 96% speedup interval takes the curve at 99%).

use super::Provenance;
use crate::statistics::{Interval, Method};
use crate::verdict::MIN_LEVEL;
use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal};

/// The file's layout version (1 was one wall-clock match; 2 is the curve).
pub(crate) const CURVE_VERSION: u32 = 2;

/// `elo-per-doubling.json`: work-odds matches at several node budgets of one bot.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EloCurve {
    pub format_version: u32,
    /// The bot's canonical spec without its time control: each point plays it at `nodes:budget` against itself
    /// at `nodes:2·budget`.
    pub bot: String,
    pub seed: u64,
    /// The games each budget's match was given (`--games`).
    pub games: u64,
    /// By increasing budget.
    pub points: Vec<CurvePoint>,
}

/// One budget's work-odds match.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CurvePoint {
    /// N: the bot plays at `nodes:N` against itself at `nodes:2N`.
    pub budget: u64,
    /// Games played.
    pub games: u64,
    /// Pairs scoring 0, ¼, ½, ¾, 1 for the doubled bot: LL, LD, DD, DW, WW.
    pub penta: [u64; 5],
    /// The doubled bot's wins, draws and losses.
    pub w: u64,
    pub d: u64,
    pub l: u64,
    /// Logistic Elo of the doubled bot over the bot (a normal interval of the mean pair score).
    pub elo: Interval,
    pub provenance: Provenance,
}

/// z of a two-sided normal interval at `level`.
fn z_of(level: f64) -> f64 {
    Normal::standard().inverse_cdf(0.5 + level / 2.0)
}

impl CurvePoint {
    /// The standard error behind the point's interval.
    fn standard_error(&self) -> f64 {
        (self.elo.high - self.elo.low) / (2.0 * z_of(self.elo.level))
    }
}

/// Where a prediction stands against the curve.
#[derive(Debug, PartialEq)]
pub(crate) struct OutOfRange(pub String);

impl EloCurve {
    /// Checks what serde cannot: the version, budgets increasing, counts that agree, intervals in order; the
    /// error names the field.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.format_version != CURVE_VERSION {
            return Err(format!(
                "field `format_version`: {} (this build reads {CURVE_VERSION}; version 1 was a single wall-clock \
                 match, see docs/strength.md)",
                self.format_version
            ));
        }
        if self.points.is_empty() {
            return Err("field `points`: empty".into());
        }
        let mut last = 0;
        for (k, p) in self.points.iter().enumerate() {
            let at = |m: String| format!("field `points[{k}].{m}`");
            if p.budget <= last {
                return Err(at(format!(
                    "budget`: {} does not increase on the one before",
                    p.budget
                )));
            }
            last = p.budget;
            if p.w + p.d + p.l != p.games || 2 * p.penta.iter().sum::<u64>() != p.games {
                return Err(at(format!(
                    "games`: {} is not w + d + l nor twice the pentanomial pairs",
                    p.games
                )));
            }
            let e = &p.elo;
            let finite = [e.point, e.low, e.high].iter().all(|v| v.is_finite());
            if !(finite && e.low <= e.point && e.point <= e.high) {
                return Err(at(
                    "elo`: low <= point <= high, all finite, does not hold".into()
                ));
            }
            if !(e.level > 0.0 && e.level < 1.0) || e.n as u64 != p.games {
                return Err(at(format!(
                    "elo`: level {} not in (0, 1) or n {} not the games",
                    e.level, e.n
                )));
            }
        }
        Ok(())
    }

    /// The budgets the curve spans: the least measured one to twice the greatest.
    pub(crate) fn range(&self) -> (u64, u64) {
        let last = self.points.last().map_or(0, |p| p.budget);
        (self.points.first().map_or(0, |p| p.budget), 2 * last)
    }

    /// Point i's stretch in log2 budget.
    fn stretch(&self, i: usize) -> (f64, f64) {
        let from = (self.points[i].budget as f64).log2();
        let to = self
            .points
            .get(i + 1)
            .map_or(from + 1.0, |p| (p.budget as f64).log2());
        (from, to)
    }

    /// Each point's signed weight in Elo(2^to) − Elo(2^from), or `None` when either end is outside the curve.
    fn weights(&self, from: f64, to: f64) -> Option<Vec<f64>> {
        let (lo, hi) = self.range();
        let eps = 1e-9;
        let inside = |x: f64| x >= (lo as f64).log2() - eps && x <= (hi as f64).log2() + eps;
        if !(inside(from) && inside(to)) {
            return None;
        }
        let (a, b, sign) = if from <= to {
            (from, to, 1.0)
        } else {
            (to, from, -1.0)
        };
        Some(
            (0..self.points.len())
                .map(|i| {
                    let (s, e) = self.stretch(i);
                    sign * (b.min(e) - a.max(s)).max(0.0)
                })
                .collect(),
        )
    }

    /// Elo(N·s) − Elo(N) and its standard error, for log2 N = `from` and log2 s = `by`.
    fn difference(&self, from: f64, by: f64) -> Option<(f64, f64, Vec<f64>)> {
        let w = self.weights(from, from + by)?;
        let point = w
            .iter()
            .zip(&self.points)
            .map(|(w, p)| w * p.elo.point)
            .sum();
        let var: f64 = w
            .iter()
            .zip(&self.points)
            .map(|(w, p)| (w * p.standard_error()).powi(2))
            .sum();
        Some((point, var.sqrt(), w))
    }

    /// The predicted Elo of `speedup` (> 1 = faster) at `budget` nodes per move: Elo(budget·s) − Elo(budget) with
    /// the interval the module's comment describes, or why there is none (a speedup not positive and finite, or
    /// reaching outside the curve).
    pub(crate) fn predict(&self, budget: u64, speedup: &Interval) -> Result<Interval, OutOfRange> {
        let ok = |v: f64| v.is_finite() && v > 0.0;
        if !(ok(speedup.point) && ok(speedup.low) && ok(speedup.high)) || budget == 0 {
            return Err(OutOfRange(
                "the speedup or the budget is not a positive number".into(),
            ));
        }
        let n = (budget as f64).log2();
        let (slo, shi) = (speedup.low.log2(), speedup.high.log2());
        let outside = || {
            let (lo, hi) = self.range();
            OutOfRange(format!(
                "{:.0} to {:.0} nodes lie outside the curve ({lo} to {hi} nodes; no extrapolation)",
                budget as f64 * speedup.low,
                budget as f64 * speedup.high
            ))
        };
        // The curve's level that makes the total reach 95% when the speedup's interval allows it.
        let speedup_level = speedup.level.clamp(0.0, 1.0);
        let curve_level = (1.0 + MIN_LEVEL - speedup_level).clamp(MIN_LEVEL, 0.999);
        let z = z_of(curve_level);
        let mut places = vec![slo, shi];
        places.extend(
            (0..self.points.len())
                .map(|i| self.stretch(i).0 - n)
                .filter(|&u| u > slo && u < shi),
        );
        let (point, _, _) = self
            .difference(n, speedup.point.log2())
            .ok_or_else(outside)?;
        let (mut low, mut high, mut used) = (
            f64::INFINITY,
            f64::NEG_INFINITY,
            vec![false; self.points.len()],
        );
        for by in places {
            let (p, se, w) = self.difference(n, by).ok_or_else(outside)?;
            low = low.min(p - z * se);
            high = high.max(p + z * se);
            for (u, w) in used.iter_mut().zip(w) {
                *u |= w != 0.0;
            }
        }
        let games = self
            .points
            .iter()
            .zip(&used)
            .filter(|(_, u)| **u)
            .map(|(p, _)| p.games as usize)
            .sum();
        Ok(Interval {
            point,
            low: low.min(point),
            high: high.max(point),
            level: (speedup_level + curve_level - 1.0).max(0.0),
            n: games,
            method: Method::CurveEnvelope,
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A point at `budget` with Elo per doubling `elo` ± `half` (95%) over 400 games.
    pub(crate) fn point(budget: u64, elo: f64, half: f64) -> CurvePoint {
        CurvePoint {
            budget,
            games: 400,
            penta: [20, 0, 150, 0, 30],
            w: 210,
            d: 0,
            l: 190,
            elo: Interval::new(elo, elo - half, elo + half, 0.95, 400, Method::Normal),
            provenance: super::super::tests::provenance(),
        }
    }

    pub(crate) fn curve(points: Vec<CurvePoint>) -> EloCurve {
        EloCurve {
            format_version: CURVE_VERSION,
            bot: "depth=id,pruning=star2,tt=16,scheme=depth,cache=optimized,eval=material".into(),
            seed: 1,
            games: 400,
            points,
        }
    }

    /// The curve 250: 0 ± 24, 500: +20 ± 26, 1000: +24 ± 40 (95%, 400 games each).
    pub(crate) fn three_points() -> EloCurve {
        curve(vec![
            point(250, 0.0, 24.0),
            point(500, 20.0, 26.0),
            point(1000, 24.0, 40.0),
        ])
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn whole_doublings_sum_the_measured_points_and_their_errors_add_in_quadrature() {
        let c = three_points();
        let se = |half: f64| half / z_of(0.95);
        // 250 → 1000 nodes: two measured doublings.
        let p = c.predict(250, &Interval::exact(4.0)).unwrap();
        assert!(close(p.point, 20.0));
        let half = z_of(0.95) * (se(24.0).powi(2) + se(26.0).powi(2)).sqrt();
        assert!(
            close(p.high - p.point, half) && close(p.point - p.low, half),
            "{p:?}"
        );
        assert_eq!((p.n, p.level, p.method), (800, 0.95, Method::CurveEnvelope));
        // Half the speed at 1000 is minus the doubling measured at 500.
        let p = c.predict(1000, &Interval::exact(0.5)).unwrap();
        assert!(
            close(p.point, -20.0) && close(p.high, -20.0 + 26.0),
            "{p:?}"
        );
        // Inside one stretch the Elo is linear in log2 budget: √2 at 500 is half of 500's doubling.
        let p = c.predict(500, &Interval::exact(2f64.sqrt())).unwrap();
        assert!(
            close(p.point, 10.0) && close(p.high - p.point, 13.0),
            "{p:?}"
        );
        // Across a knot: 354 → 707 nodes takes half of 250's doubling and half of 500's.
        let p = c.predict(354, &Interval::exact(2.0)).unwrap();
        let w0 = 500f64.log2() - 354f64.log2();
        assert!(close(p.point, (1.0 - w0) * 20.0), "{p:?}");
    }

    #[test]
    fn outside_the_curve_there_is_no_prediction() {
        let c = curve(vec![point(250, 0.0, 24.0), point(500, 20.0, 26.0)]);
        assert_eq!(c.range(), (250, 1000));
        assert!(c.predict(1000, &Interval::exact(1.0)).is_ok());
        let e = c.predict(600, &Interval::exact(2.0)).unwrap_err();
        assert!(
            e.0.contains("outside the curve (250 to 1000 nodes"),
            "{e:?}"
        );
        assert!(c.predict(300, &Interval::exact(0.5)).is_err());
        assert!(c.predict(300, &Interval::exact(0.0)).is_err());
    }

    #[test]
    fn a_speedup_interval_widens_the_prediction_to_its_ends_and_raises_the_curves_level() {
        let c = three_points();
        let s = Interval::new(1.2, 0.9, 1.6, 0.96, 8, Method::PairedRatio);
        let p = c.predict(500, &s).unwrap();
        let at = |x: f64| c.predict(500, &Interval::exact(x)).unwrap();
        assert!(close(p.point, at(1.2).point));
        assert!((p.level - 0.95).abs() < 1e-12, "{p:?}");
        // The curve is taken at 99%, so the ends lie beyond the exact speedups' 95% ends.
        assert!(p.low < at(0.9).low && p.high > at(1.6).high, "{p:?}");
        let z99 = z_of(0.99);
        let se = 26.0 / z_of(0.95) * 1.6f64.log2();
        assert!(close(p.high, at(1.6).point + z99 * se), "{p:?}");
        // A speedup interval under 95% leaves the total under 95% (no verdict can rest on it).
        let p = c.predict(500, &Interval { level: 0.9375, ..s }).unwrap();
        assert!(p.level < MIN_LEVEL);
    }

    #[test]
    fn a_malformed_curve_names_its_field() {
        let good = curve(vec![point(250, 0.0, 24.0), point(500, 20.0, 26.0)]);
        assert_eq!(good.check(), Ok(()));
        type Edit = fn(&mut EloCurve);
        let cases: [(Edit, &str); 5] = [
            (|c| c.points[1].budget = 250, "points[1].budget"),
            (|c| c.points[0].w += 1, "points[0].games"),
            (|c| c.points[0].elo.low = 5.0, "points[0].elo"),
            (|c| c.format_version = 1, "format_version"),
            (|c| c.points.clear(), "field `points`: empty"),
        ];
        for (edit, field) in cases {
            let mut c = good.clone();
            edit(&mut c);
            let e = c.check().unwrap_err();
            assert!(e.contains(field), "{field}: {e}");
        }
    }
}
