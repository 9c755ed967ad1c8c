//! The sequential probability ratio test of a match between two players, A and B, in normalized Elo: the
//! generalized SPRT (GSPRT) of fishtest and fastchess, for game results (trinomial) or, as those frameworks play
//! them, results of game pairs with colours swapped (pentanomial).
//!
//! The method, step by step:
//!
//! 1. **Empirical distribution.** The k counts (k = 3 for L, D, W; k = 5 for pair scores 0, ¼, ½, ¾, 1) become
//!    probabilities `p_i = n_i / N` over the scores `a_i = i / (k − 1)`, where every empty bin is first given
//!    1e-3 of a count and `N` is the sum of the counts so regularized (fishtest's `regularize`). Every `p_i` is then
//!    positive, so all wins or all losses still give finite figures.
//! 2. **Normalized t-value.** `t = (μ − ½) / σ` with μ, σ² the mean and variance of that distribution; per game for
//!    the trinomial, per pair for the pentanomial. Normalized Elo is `nElo = t / √2 × 800 / ln 10` per pair
//!    (`σ_pg = √2 σ`, the per-game deviation a pair implies) and `t × 800 / ln 10` per game.
//! 3. **Constrained maximum likelihood.** For each bound nElo₀, nElo₁ the distribution `q` over the same scores that
//!    maximizes `Σ p_i ln q_i` subject to `Σ q_i = 1` and `(E_q[a] − ½) / √Var_q[a] = t_bound`. Its Lagrange
//!    conditions give `q_i = p_i / (1 + x b_i)` with `b_i = a_i − ½ − t σ_q (1 + ((μ_q − a_i) / σ_q)²) / 2`, where μ_q
//!    and σ_q are those of `q` itself and `x` is the root of the secular equation `Σ p_i b_i / (1 + x b_i) = 0` on the
//!    interval where every `1 + x b_i` is positive (there the left side falls strictly from +∞ to −∞, so the root is
//!    unique; it is found by bisection to the last representable digit). The `b_i` are recomputed from the new `q`
//!    until `q` stops changing (a fixed point, started from the uniform distribution as fishtest starts it). When an
//!    iteration has no admissible root or the iteration does not settle, `t` is instead walked from the observed
//!    value to the bound in small steps, each solved from the previous step's `q`.
//! 4. **Log-likelihood ratio.** `LLR = N Σ p_i ln(q1_i / q0_i)`, with `N` the (regularized) number of games for the
//!    trinomial and of pairs for the pentanomial, as fishtest's `LLR_normalized` computes it.
//! 5. **Verdict.** Against Wald's thresholds `lower = ln(β / (1 − α))`, `upper = ln((1 − β) / α)`: H1 is accepted
//!    at `LLR ≥ upper`, H0 at `LLR ≤ lower`.
//!
//! Estimates reported beside the LLR, from the same regularized distribution:
//! - **nElo interval:** the point ± z₀.₉₇₅ × the standard error of t by the delta method,
//!   `√(max(0, 1 − t γ₁ + t² (γ₂ + 2) / 4) / N)` with γ₁, γ₂ the skewness and excess kurtosis of the distribution
//!   (what fishtest's results page shows), converted to nElo like the point.
//! - **Logistic Elo:** `Elo(s) = −400 log10(1 / s − 1)` of the mean score `s` per game, its interval the transformed
//!   ends of `s ± z₀.₉₇₅ σ / √N` (σ per game for the trinomial, per pair for the pentanomial, as the pairs are the
//!   independent units). Scores are clamped to [0.001, 0.999] before the transform (fishtest's rule), so an
//!   interval end beyond a score of 0 or 1 reads ∓1199.8 Elo rather than infinity.
//!
//! With zero games nothing is known: the LLR is 0, the verdict `continue`, the score ½ and every Elo figure 0 with
//! a collapsed interval (`games=0` says why).

use super::{Interval, Method};
use std::f64::consts::{LN_10, SQRT_2};
use std::fmt;

/// Normalized Elo per unit of normalized t-value: 800 / ln 10 ≈ 347.4356.
pub(crate) const NELO_PER_T: f64 = 800.0 / LN_10;

/// The count an empty bin is given before the distribution is formed (fishtest's regularization).
pub(crate) const EMPTY_BIN_COUNT: f64 = 1e-3;

/// The standard normal quantile of 0.975: a two-sided 95% interval spans ± this many standard errors.
const Z_975: f64 = 1.959_963_984_540_054;

/// Logistic Elo's score clamp: scores outside [this, 1 − this] are moved to the nearer end (fishtest's rule).
const SCORE_CLAMP: f64 = 1e-3;

/// One game's result from A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GameScore {
    /// A lost.
    Loss,
    /// A drew.
    Draw,
    /// A won.
    Win,
}

impl GameScore {
    /// Half-points: 0 for a loss, 1 for a draw, 2 for a win.
    pub(crate) fn half_points(self) -> usize {
        match self {
            GameScore::Loss => 0,
            GameScore::Draw => 1,
            GameScore::Win => 2,
        }
    }
}

/// Game results from A's side, one per game: L, D, W.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Trinomial {
    /// Losses, draws, wins.
    pub counts: [u64; 3],
}

impl Trinomial {
    /// Games counted.
    pub(crate) fn games(&self) -> u64 {
        self.counts.iter().fold(0, |s, &c| s.saturating_add(c))
    }
}

/// Pair results from A's side: LL, LD (LD+DL), DD (DD+WL+LW), DW (DW+WD), WW; pair scores 0, 1/4, 1/2, 3/4, 1.
///
/// There is no conversion to a [`Trinomial`]: the middle bin holds both DD and WL pairs, so the numbers of wins,
/// draws and losses cannot be recovered from it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pentanomial {
    /// Pairs scoring 0, ¼, ½, ¾ and 1.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Counts one pair of games (the same opening with colours swapped), in either order.
    pub(crate) fn add_pair(&mut self, first: GameScore, second: GameScore) {
        let bin = &mut self.counts[first.half_points() + second.half_points()];
        *bin = bin.saturating_add(1);
    }

    /// Games counted: twice the pairs.
    pub(crate) fn games(&self) -> u64 {
        self.pairs().saturating_mul(2)
    }

    /// Pairs counted.
    pub(crate) fn pairs(&self) -> u64 {
        self.counts.iter().fold(0, |s, &c| s.saturating_add(c))
    }
}

/// The hypotheses in normalized Elo and the error rates: H0 `nElo = elo0` against H1 `nElo = elo1`, a false
/// acceptance of H1 with probability at most `alpha`, of H0 at most `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SprtBounds {
    /// nElo under H0.
    pub elo0: f64,
    /// nElo under H1.
    pub elo1: f64,
    /// Type I error: accepting H1 when H0 holds.
    pub alpha: f64,
    /// Type II error: accepting H0 when H1 holds.
    pub beta: f64,
}

impl Default for SprtBounds {
    /// `[0, 5]` nElo with α = β = 0.05 (OpenBench's usual gain test).
    fn default() -> SprtBounds {
        SprtBounds {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

/// The largest |nElo| a bound may have: far beyond any real test (a 1000 nElo difference decides a match within a
/// few games). Bounds far from the observed nElo, with nearly empty bins, make the constrained likelihood badly
/// conditioned; the figures stay finite, but only bounds of realistic size are checked against a second solver.
pub(crate) const MAX_BOUND_NELO: f64 = 1000.0;

impl SprtBounds {
    /// Wald's lower threshold, `ln(β / (1 − α))`.
    pub(crate) fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// Wald's upper threshold, `ln((1 − β) / α)`.
    pub(crate) fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// Whether the bounds make a test: both Elo values finite and within ±[`MAX_BOUND_NELO`], `elo0 < elo1`, and
    /// `0 < alpha, beta < 0.5` (an error rate of one half or more decides nothing). The message names the option.
    pub(crate) fn check(&self) -> Result<(), String> {
        check_elo("--elo0", self.elo0)?;
        check_elo("--elo1", self.elo1)?;
        check_rate("--alpha", self.alpha)?;
        check_rate("--beta", self.beta)?;
        if self.elo0 < self.elo1 {
            Ok(())
        } else {
            Err(format!(
                "--elo0 {} must be below --elo1 {}",
                self.elo0, self.elo1
            ))
        }
    }
}

/// An Elo bound's own check: finite and within ±[`MAX_BOUND_NELO`]; `option` names it in the message.
pub(crate) fn check_elo(option: &str, elo: f64) -> Result<(), String> {
    if elo.is_finite() && elo.abs() <= MAX_BOUND_NELO {
        Ok(())
    } else {
        Err(format!(
            "{option} {elo} must be a number from -{MAX_BOUND_NELO} to {MAX_BOUND_NELO}"
        ))
    }
}

/// An error rate's own check: strictly between 0 and 0.5; `option` names it in the message.
pub(crate) fn check_rate(option: &str, rate: f64) -> Result<(), String> {
    if rate > 0.0 && rate < 0.5 {
        Ok(())
    } else {
        Err(format!("{option} {rate} must be above 0 and below 0.5"))
    }
}

/// What the test concludes so far: a sequential decision, not a verdict on an interval
/// ([`crate::verdict::Verdict`]). Stored under its [`SprtVerdict::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SprtVerdict {
    /// The LLR reached the upper threshold: A is better by about `elo1`.
    AcceptH1,
    /// The LLR reached the lower threshold: A is not better than `elo0`.
    AcceptH0,
    /// Neither threshold is reached: play on.
    Continue,
}

impl SprtVerdict {
    /// The name in [`SprtStatus::line`]: `accept_h1`, `accept_h0` or `continue`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            SprtVerdict::AcceptH1 => "accept_h1",
            SprtVerdict::AcceptH0 => "accept_h0",
            SprtVerdict::Continue => "continue",
        }
    }

    /// The verdict of `llr` against the thresholds.
    pub(crate) fn of(llr: f64, lower: f64, upper: f64) -> SprtVerdict {
        if llr >= upper {
            SprtVerdict::AcceptH1
        } else if llr <= lower {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

impl fmt::Display for SprtVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An Elo figure with its two-sided 95% interval: the harness's one interval type, method
/// [`Method::Normal`] (a normal approximation), `n` the games.
pub(crate) type EloEstimate = Interval;

/// The estimate of no games: 0 with no coverage claim.
const ZERO: Interval = Interval::new(0.0, 0.0, 0.0, 0.0, 0, Method::SingleSample);

/// The state of a test: the LLR against its thresholds, the verdict and the Elo estimates (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SprtStatus {
    /// The generalized log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// Wald's lower threshold.
    pub lower: f64,
    /// Wald's upper threshold.
    pub upper: f64,
    /// The verdict of `llr` against the thresholds.
    pub verdict: SprtVerdict,
    /// Normalized Elo with its 95% interval.
    pub nelo: EloEstimate,
    /// Logistic Elo with its 95% interval.
    pub logistic_elo: EloEstimate,
    /// A's mean score per game (of the regularized distribution; ½ with no games).
    pub score: f64,
    /// Games played.
    pub games: u64,
}

impl SprtStatus {
    /// `llr=… lower=… upper=… verdict=… nelo=… nelo_low=… nelo_high=… games=…`, numbers in full precision
    /// (the shortest text that reads back as the same `f64`), so that a reader of the line loses nothing.
    pub(crate) fn line(&self) -> String {
        format!("{} games={}", self.fields(), self.games)
    }

    /// [`Self::line`] without `games=…`: the SPRT fields of a match's final line.
    pub(crate) fn fields(&self) -> String {
        format!(
            "llr={} lower={} upper={} verdict={} nelo={} nelo_low={} nelo_high={}",
            self.llr,
            self.lower,
            self.upper,
            self.verdict,
            self.nelo.point,
            self.nelo.low,
            self.nelo.high
        )
    }
}

/// The test on pair results (the LLR counts pairs; see the module docs).
pub(crate) fn sprt_pentanomial(p: &Pentanomial, b: &SprtBounds) -> SprtStatus {
    status(&p.counts, true, p.games(), b)
}

/// The test on game results, each game taken as independent (see the module docs).
pub(crate) fn sprt_trinomial(t: &Trinomial, b: &SprtBounds) -> SprtStatus {
    status(&t.counts, false, t.games(), b)
}

/// A distribution over the scores `a_i = i / (K − 1)`.
pub(crate) type Dist<const K: usize> = [f64; K];

/// The scores `i / (K − 1)`.
pub(crate) fn scores<const K: usize>() -> Dist<K> {
    std::array::from_fn(|i| i as f64 / (K - 1) as f64)
}

/// Mean and variance of `q` over `a`.
pub(crate) fn mean_var<const K: usize>(a: &Dist<K>, q: &Dist<K>) -> (f64, f64) {
    let mean: f64 = a.iter().zip(q).map(|(a, q)| a * q).sum();
    let var: f64 = a.iter().zip(q).map(|(a, q)| q * (a - mean).powi(2)).sum();
    (mean, var)
}

/// The regularized empirical distribution and its weight `N` (the sum of the regularized counts).
pub(crate) fn regularized<const K: usize>(counts: &[u64; K]) -> (f64, [f64; K]) {
    let n: [f64; K] = std::array::from_fn(|i| match counts[i] {
        0 => EMPTY_BIN_COUNT,
        c => c as f64,
    });
    let total: f64 = n.iter().sum();
    (total, n.map(|c| c / total))
}

fn status<const K: usize>(
    counts: &[u64; K],
    pairs: bool,
    games: u64,
    b: &SprtBounds,
) -> SprtStatus {
    let (lower, upper) = (b.lower(), b.upper());
    if counts.iter().all(|&c| c == 0) {
        return SprtStatus {
            llr: 0.0,
            lower,
            upper,
            verdict: SprtVerdict::of(0.0, lower, upper),
            nelo: ZERO,
            logistic_elo: ZERO,
            score: 0.5,
            games: 0,
        };
    }
    // Normalized t-values are per game for the trinomial and per pair for the pentanomial.
    let per_pair = if pairs { SQRT_2 } else { 1.0 };
    let (n, p) = regularized(counts);
    let a = scores::<K>();
    let llr = n * llr_per_unit(
        &a,
        &p,
        b.elo0 / NELO_PER_T * per_pair,
        b.elo1 / NELO_PER_T * per_pair,
    );
    let llr = if llr.is_finite() { llr } else { 0.0 };

    let (mean, var) = mean_var(&a, &p);
    let sd = var.sqrt();
    let t = (mean - 0.5) / sd;
    let skew: f64 = a
        .iter()
        .zip(&p)
        .map(|(a, p)| p * ((a - mean) / sd).powi(3))
        .sum();
    let kurt: f64 = a
        .iter()
        .zip(&p)
        .map(|(a, p)| p * ((a - mean) / sd).powi(4))
        .sum::<f64>()
        - 3.0;
    let t_se = ((1.0 - t * skew + 0.25 * t * t * (kurt + 2.0)).max(0.0) / n).sqrt();
    let to_nelo = |t: f64| t / per_pair * NELO_PER_T;
    let normal = |point: f64, low: f64, high: f64| {
        Interval::new(point, low, high, 0.95, games as usize, Method::Normal)
    };
    let nelo = normal(
        to_nelo(t),
        to_nelo(t - Z_975 * t_se),
        to_nelo(t + Z_975 * t_se),
    );
    let score_se = sd / n.sqrt();
    let logistic_elo = normal(
        logistic_elo(mean),
        logistic_elo(mean - Z_975 * score_se),
        logistic_elo(mean + Z_975 * score_se),
    );
    SprtStatus {
        llr,
        lower,
        upper,
        verdict: SprtVerdict::of(llr, lower, upper),
        nelo,
        logistic_elo,
        score: mean,
        games,
    }
}

/// Logistic Elo of a mean score, the score clamped to [0.001, 0.999].
pub(crate) fn logistic_elo(score: f64) -> f64 {
    let s = score.clamp(SCORE_CLAMP, 1.0 - SCORE_CLAMP);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// `Σ p_i ln(q1_i / q0_i)` with `q0`, `q1` the maximum-likelihood distributions of normalized t-values `t0`, `t1`.
fn llr_per_unit<const K: usize>(a: &Dist<K>, p: &Dist<K>, t0: f64, t1: f64) -> f64 {
    let q0 = mle_t_value(a, p, t0);
    let q1 = mle_t_value(a, p, t1);
    (0..K).map(|i| p[i] * (q1[i] / q0[i]).ln()).sum()
}

/// Fixed-point iterations allowed before the walk in `t` takes over (and per step of the walk).
const FIXED_POINT_ROUNDS: usize = 500;

/// The fixed point is reached when no probability moves by more than this. Rounding keeps the iterates of a
/// distribution with nearly empty bins jittering at about 1e-12, so a tighter test would never pass; the LLR's
/// terms weigh each bin by its `p_i`, which keeps the effect on the LLR far smaller.
const FIXED_POINT_TOLERANCE: f64 = 1e-12;

/// How far a settled iterate's t-value may be from its target (relative to the target, or absolute below 1).
const CONSTRAINT_TOLERANCE: f64 = 1e-10;

/// The maximum-likelihood distribution over `a` with `(μ − ½) / σ = t`, given the empirical `p` (all positive).
pub(crate) fn mle_t_value<const K: usize>(a: &Dist<K>, p: &Dist<K>, t: f64) -> Dist<K> {
    let uniform = [1.0 / K as f64; K];
    match fixed_point(a, p, t, uniform) {
        Ok(q) => q,
        Err(_) => walk(a, p, t),
    }
}

/// Walks t from the observed value, where `q = p` solves the problem, to `t` in equal steps, each step's fixed
/// point started from the previous step's iterate (settled or not, so the walk tracks the solution as it moves);
/// ever finer steps until the last one settles. Should even the finest walk not settle, its last iterate at `t`
/// stands (finite, if not exact).
fn walk<const K: usize>(a: &Dist<K>, p: &Dist<K>, t: f64) -> Dist<K> {
    let (mean, var) = mean_var(a, p);
    let t_hat = (mean - 0.5) / var.sqrt();
    let mut last = *p;
    for steps in [16u32, 256, 4096] {
        let mut q = *p;
        let mut settled = false;
        for s in 1..=steps {
            let ts = t_hat + (t - t_hat) * f64::from(s) / f64::from(steps);
            (q, settled) = match fixed_point(a, p, ts, q) {
                Ok(next) => (next, true),
                Err(unsettled) => (unsettled, false),
            };
        }
        if settled {
            return q;
        }
        last = q;
    }
    last
}

/// Iterates [`step`] from `start` until `q` settles; `Err` with the last iterate (the start if none) when a step
/// has no admissible root or the iteration does not settle.
fn fixed_point<const K: usize>(
    a: &Dist<K>,
    p: &Dist<K>,
    t: f64,
    start: Dist<K>,
) -> Result<Dist<K>, Dist<K>> {
    let mut q = start;
    for _ in 0..FIXED_POINT_ROUNDS {
        let Some(next) = step(a, p, t, &q) else {
            return Err(q);
        };
        let moved = (0..K).map(|i| (next[i] - q[i]).abs()).fold(0.0, f64::max);
        q = next;
        // A slowly drifting iterate also moves little: only one that meets its constraint has settled.
        let (mu, var) = mean_var(a, &q);
        let off = ((mu - 0.5) / var.sqrt() - t).abs();
        if moved <= FIXED_POINT_TOLERANCE && off <= CONSTRAINT_TOLERANCE * t.abs().max(1.0) {
            return Ok(q);
        }
    }
    Err(q)
}

/// One fixed-point step: the `b_i` from `q`'s mean and deviation, the secular root `x`, and `p_i / (1 + x b_i)`.
fn step<const K: usize>(a: &Dist<K>, p: &Dist<K>, t: f64, q: &Dist<K>) -> Option<Dist<K>> {
    let (mu, var) = mean_var(a, q);
    let sigma = var.sqrt();
    if sigma.is_nan() || sigma <= 0.0 {
        return None;
    }
    let b: Dist<K> = std::array::from_fn(|i| {
        a[i] - 0.5 - t * sigma * (1.0 + ((mu - a[i]) / sigma).powi(2)) / 2.0
    });
    let x = secular_root(p, &b)?;
    let next: Dist<K> = std::array::from_fn(|i| p[i] / (1.0 + x * b[i]));
    next.iter()
        .all(|v| v.is_finite() && *v > 0.0)
        .then_some(next)
}

/// The root of `Σ p_i b_i / (1 + x b_i) = 0` on the interval where every `1 + x b_i > 0`, by bisection: the sum
/// falls strictly there, from +∞ at `−1 / max b` to −∞ at `−1 / min b`, so the root is unique. `None` unless
/// some `b_i` is negative and some positive (otherwise there is no root).
fn secular_root<const K: usize>(p: &Dist<K>, b: &Dist<K>) -> Option<f64> {
    let (lo_b, hi_b) = b
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
            (l.min(v), h.max(v))
        });
    if !(lo_b < 0.0 && hi_b > 0.0) {
        return None;
    }
    let f = |x: f64| -> f64 { (0..K).map(|i| p[i] * b[i] / (1.0 + x * b[i])).sum() };
    let (mut lo, mut hi) = (-1.0 / hi_b, -1.0 / lo_b);
    // The ends themselves are poles: bisect strictly inside, where f is finite.
    for _ in 0..2100 {
        let mid = lo + (hi - lo) / 2.0;
        if mid <= lo || mid >= hi {
            break;
        }
        let v = f(mid);
        if v > 0.0 {
            lo = mid;
        } else if v < 0.0 {
            hi = mid;
        } else {
            return Some(mid);
        }
    }
    let mid = lo + (hi - lo) / 2.0;
    mid.is_finite().then_some(mid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(a: f64, b: f64) -> f64 {
        (a - b).abs() / a.abs().max(b.abs()).max(1e-300)
    }

    #[test]
    fn thresholds_are_walds_and_verdicts_follow_them() {
        let b = SprtBounds::default();
        assert!(rel(b.lower(), (0.05f64 / 0.95).ln()) < 1e-15);
        assert!(rel(b.upper(), 19f64.ln()) < 1e-15);
        assert!(rel(b.upper(), 2.944_438_979_166_44) < 1e-12);
        assert_eq!(SprtVerdict::of(3.0, -2.9, 2.9), SprtVerdict::AcceptH1);
        assert_eq!(SprtVerdict::of(2.9, -2.9, 2.9), SprtVerdict::AcceptH1);
        assert_eq!(SprtVerdict::of(-2.9, -2.9, 2.9), SprtVerdict::AcceptH0);
        assert_eq!(SprtVerdict::of(0.0, -2.9, 2.9), SprtVerdict::Continue);
    }

    #[test]
    fn mle_meets_its_constraint_and_sums_to_one() {
        let a = scores::<5>();
        let (_, p) = regularized(&[12, 230, 580, 260, 20]);
        for t in [-0.3, -0.05, 0.0, 0.02, 0.1, 0.5] {
            let q = mle_t_value(&a, &p, t);
            let (mu, var) = mean_var(&a, &q);
            assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{t}");
            assert!(((mu - 0.5) / var.sqrt() - t).abs() < 1e-10, "{t}: {q:?}");
        }
    }

    #[test]
    fn mle_at_the_observed_t_is_the_observed_distribution() {
        let a = scores::<3>();
        let (_, p) = regularized(&[300, 500, 350]);
        let (mu, var) = mean_var(&a, &p);
        let q = mle_t_value(&a, &p, (mu - 0.5) / var.sqrt());
        for i in 0..3 {
            assert!(rel(q[i], p[i]) < 1e-10);
        }
    }

    #[test]
    fn the_walk_in_t_finds_the_direct_solution() {
        let a = scores::<5>();
        // Targets a realistic test uses (|nElo| up to about 50 per pair) from three kinds of data.
        for (counts, targets) in [
            ([12, 230, 580, 260, 20], &[-0.2, 0.0, 0.03, 0.3][..]),
            ([0, 0, 30, 10, 40], &[0.0, 0.03, 0.2][..]),
            ([40, 10, 0, 0, 0], &[-0.2, 0.0, 0.03][..]),
        ] {
            let (_, p) = regularized(&counts);
            for &t in targets {
                let direct = fixed_point(&a, &p, t, [0.2; 5]);
                let walked = walk(&a, &p, t);
                let (mu, var) = mean_var(&a, &walked);
                assert!(((mu - 0.5) / var.sqrt() - t).abs() < 1e-9, "{counts:?} {t}");
                if let Ok(q) = direct {
                    assert!(
                        (0..5).all(|i| rel(q[i], walked[i]) < 1e-8),
                        "{q:?} {walked:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn extreme_results_stay_finite() {
        for counts in [
            [0, 0, 0, 0, 40],
            [40, 0, 0, 0, 0],
            [0, 0, 1, 0, 0],
            [0, 0, 0, 0, 1],
        ] {
            let s = sprt_pentanomial(&Pentanomial { counts }, &SprtBounds::default());
            assert!(
                s.llr.is_finite() && s.nelo.low.is_finite() && s.logistic_elo.high.is_finite(),
                "{s:?}"
            );
        }
        let wide = SprtBounds {
            elo0: -MAX_BOUND_NELO,
            elo1: MAX_BOUND_NELO,
            ..SprtBounds::default()
        };
        for counts in [
            [0, 0, 0, 0, 40],
            [40, 0, 0, 0, 0],
            [5, 30, 100, 30, 5],
            [0, 1, 0, 0, 0],
        ] {
            let s = sprt_pentanomial(&Pentanomial { counts }, &wide);
            assert!(s.llr.is_finite(), "{counts:?} {s:?}");
        }
        for counts in [[0, 0, 7], [7, 0, 0], [0, 7, 0], [1, 0, 0]] {
            let s = sprt_trinomial(&Trinomial { counts }, &wide);
            assert!(s.llr.is_finite(), "{counts:?} {s:?}");
        }
        // All wins or all losses: the regularized empty bins keep every figure finite, and the test decides.
        for counts in [[0, 0, 0, 0, 500], [500, 0, 0, 0, 0]] {
            let s = sprt_pentanomial(&Pentanomial { counts }, &SprtBounds::default());
            assert!(
                s.llr.is_finite() && s.nelo.point.is_finite() && s.logistic_elo.low.is_finite()
            );
            assert_ne!(s.verdict, SprtVerdict::Continue, "{s:?}");
        }
    }

    #[test]
    fn zero_games_decide_nothing() {
        let s = sprt_trinomial(&Trinomial::default(), &SprtBounds::default());
        assert_eq!(
            (s.llr, s.verdict, s.games, s.score),
            (0.0, SprtVerdict::Continue, 0, 0.5)
        );
        assert_eq!(s.nelo, ZERO);
        assert!(s.line().starts_with("llr=0 lower=-2.944"), "{}", s.line());
        assert!(
            s.line()
                .ends_with(" verdict=continue nelo=0 nelo_low=0 nelo_high=0 games=0")
        );
    }

    #[test]
    fn module_add_pair_and_check_examples() {
        use GameScore::*;
        let p = Pentanomial {
            counts: [100, 1000, 2500, 1100, 150],
        };
        let s = sprt_pentanomial(&p, &SprtBounds::default());
        assert_eq!(s.games, 9700);
        assert!(s.nelo.point > 0.0 && s.nelo.low < s.nelo.point && s.nelo.point < s.nelo.high);
        assert!(
            s.llr.is_finite()
                && (s.verdict == SprtVerdict::Continue) == (s.lower < s.llr && s.llr < s.upper)
        );
        let mut p = Pentanomial::default();
        p.add_pair(Win, Loss);
        p.add_pair(Draw, Draw);
        p.add_pair(Draw, Win);
        assert_eq!(p.counts, [0, 0, 2, 1, 0]);
        assert_eq!(p.games(), 6);
        assert!(SprtBounds::default().check().is_ok());
        let b = SprtBounds {
            elo0: 5.0,
            elo1: 0.0,
            ..SprtBounds::default()
        };
        assert_eq!(b.check().unwrap_err(), "--elo0 5 must be below --elo1 0");
        let b = SprtBounds {
            alpha: 0.5,
            ..SprtBounds::default()
        };
        assert!(b.check().unwrap_err().starts_with("--alpha 0.5"));
    }

    /// 800 / ln 10, written out so the figures below do not lean on the module's own constant.
    const REFERENCE_NELO_PER_T: f64 = 347.435_585_522_601_46;

    #[test]
    fn hand_computed_figures() {
        // L, D, W = 10, 20, 30: p = 1/6, 1/3, 1/2; μ = 2/3; σ² = 7/12 − 4/9 = 5/36; t = (1/6) / (√5 / 6) = 1/√5;
        // nElo = 347.4356 / √5 = 155.3779; logistic Elo of 2/3 = −400 log10(1/2) = 120.412.
        let s = sprt_trinomial(
            &Trinomial {
                counts: [10, 20, 30],
            },
            &SprtBounds::default(),
        );
        assert!(rel(s.nelo.point, REFERENCE_NELO_PER_T / 5f64.sqrt()) < 1e-12);
        assert!(rel(s.nelo.point, 155.377_9) < 1e-6);
        assert!(rel(s.score, 2.0 / 3.0) < 1e-12);
        assert!(rel(s.logistic_elo.point, 400.0 * 2f64.log10()) < 1e-12);
        // The score's 95% interval is 2/3 ± 1.96 √(5/36 / 60): the Elo interval is its transformed ends.
        let se = (5.0f64 / 36.0 / 60.0).sqrt() * 1.959_963_984_540_054;
        let elo = |s: f64| -400.0 * (1.0 / s - 1.0).log10();
        assert!(rel(s.logistic_elo.low, elo(2.0 / 3.0 - se)) < 1e-12);
        assert!(rel(s.logistic_elo.high, elo(2.0 / 3.0 + se)) < 1e-12);
        // Wald's thresholds for α = β = 0.05: ±ln 19 = ±2.944439.
        assert!(rel(s.upper, 19f64.ln()) < 1e-15 && rel(s.lower, -(19f64.ln())) < 1e-15);
        // Pairs 0, 1, 2, 1, 0: p = 1/4, 1/2, 1/4 on scores 1/4, 1/2, 3/4 (the empty ends regularized alike), so μ = 1/2,
        // t = 0, and nElo and logistic Elo are 0.
        let s = sprt_pentanomial(
            &Pentanomial {
                counts: [0, 1, 2, 1, 0],
            },
            &SprtBounds::default(),
        );
        assert!(s.nelo.point.abs() < 1e-12 && s.logistic_elo.point.abs() < 1e-9);
        // Pentanomial per-pair deviation: equal pairs at ½ and ¾ have μ = 5/8, σ = 1/8, t = 1 per pair, so
        // nElo = 347.4356 / √2 = 245.6700 (the regularized empty bins move it by about 1e-5 of itself).
        let s = sprt_pentanomial(
            &Pentanomial {
                counts: [0, 0, 1000, 1000, 0],
            },
            &SprtBounds::default(),
        );
        assert!(
            rel(s.nelo.point, REFERENCE_NELO_PER_T / 2f64.sqrt()) < 1e-4,
            "{s:?}"
        );
    }
}
