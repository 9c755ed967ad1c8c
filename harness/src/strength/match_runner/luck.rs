//! Luck-adjusted results (`harness match --luck`): the luck of a roll is the value of the best turn for the roll
//! thrown minus the probability-weighted mean of that value over the 56 roll classes (a one-ply search with the
//! `material` evaluator, exact integers); a logistic fit of game results against value turns values into win
//! probabilities; each game's result from A's side minus A's summed luck plus B's summed luck is the adjusted result.
//!
//! Why it stays unbiased: given everything before a turn, the roll is drawn from the fixed dice distribution, so the
//! luck of that turn has conditional mean zero whatever the value function is (it is the value minus its own
//! expectation over the roll). The summed luck of a game is then a sum of martingale differences, bounded, stopped
//! at the game's end, with expectation zero; subtracting it changes no expectation, only the variance, which falls
//! by as much as the value function explains of the result. A value function fitted on the very games it adjusts
//! depends on their outcomes through one scalar (the logistic scale); `--luck-scale` fixes that scalar in advance
//! and makes the argument exact.

use super::record::GameLine;
use crate::exit::Failure;
use crate::statistics::Interval;
use crate::statistics::bootstrap::bootstrap;
use crate::statistics::mean::variance;
use crate::statistics::sprt::{NELO_PER_T, SprtBounds, SprtVerdict};
use engine::{Color, DicePool, GameState, ROLL_CLASSES, evaluate_material, find_move, score_path};
use rayon::prelude::*;

/// The value of a king capture in the integer luck: above any material balance the game can reach with both
/// kings on the board (as the reference's win value inside the tree).
pub(crate) const WIN_CP: i64 = 10_001;

/// The total weight of the roll classes (216 ordered outcomes).
const OUTCOMES: i64 = 216;

/// The best one-ply value of every roll class for the side to move of `state` (dice ignored), in centipawns from
/// its side, a king capture [`WIN_CP`], a pass the position's own evaluation.
pub(crate) fn roll_values(state: &GameState) -> [i64; 56] {
    std::array::from_fn(|k| best_value(&state.with_dice(ROLL_CLASSES[k].0)))
}

/// The best `score_path` over the legal turns of `rolled` (its own evaluation when it has none).
fn best_value(rolled: &GameState) -> i64 {
    let mover = rolled.side_to_move();
    let mut best: Option<i64> = None;
    engine::for_each_legal_turn(rolled, |path, _| {
        let v = i64::from(score_path(rolled, path, evaluate_material)).min(WIN_CP);
        best = Some(best.map_or(v, |b| b.max(v)));
    });
    best.unwrap_or_else(|| i64::from(evaluate_material(rolled, mover)))
}

/// Σ w_r v(r) over the roll classes: 216 × the pre-roll mean value, exact.
fn weighted_sum(values: &[i64; 56]) -> i64 {
    ROLL_CLASSES
        .iter()
        .zip(values)
        .map(|(&(_, w), &v)| i64::from(w) * v)
        .sum()
}

/// 216 × the luck in centipawns of rolling class `thrown`: 216 · v(thrown) − Σ w_r v(r), exact.
pub(crate) fn luck_numerator(values: &[i64; 56], thrown: usize) -> i64 {
    OUTCOMES * values[thrown] - weighted_sum(values)
}

/// The logistic win probability of a value `v` (centipawns from the mover's side) at scale `scale`.
pub(crate) fn win_probability(v: f64, scale: f64) -> f64 {
    if v >= WIN_CP as f64 {
        return 1.0;
    }
    1.0 / (1.0 + (-v / scale).exp())
}

/// The luck in win probability of rolling class `thrown`: wp(v(thrown)) − Σ w_r wp(v(r)) / 216.
pub(crate) fn luck_probability(values: &[i64; 56], thrown: usize, scale: f64) -> f64 {
    let wp = |v: i64| win_probability(v as f64, scale);
    let mean: f64 = ROLL_CLASSES
        .iter()
        .zip(values)
        .map(|(&(_, w), &v)| f64::from(w) * wp(v))
        .sum::<f64>()
        / OUTCOMES as f64;
    wp(values[thrown]) - mean
}

/// One turn as luck sees it: who moved, the roll class thrown and every class's value.
#[derive(Clone, Debug)]
pub(crate) struct LuckTurn {
    pub mover: Color,
    pub thrown: usize,
    pub values: [i64; 56],
}

/// The index of `pool` among the roll classes.
fn class_of(pool: DicePool) -> Option<usize> {
    ROLL_CLASSES.iter().position(|&(p, _)| p == pool)
}

/// Replays `game` with the engine and measures each turn; a record that does not replay is bad input naming
/// its pair, game and turn.
pub(crate) fn game_turns(game: &GameLine) -> anyhow::Result<Vec<LuckTurn>> {
    let at = |k: usize, what: String| {
        Failure::BadInput.because(format!(
            "games.jsonl pair {} game {} turn {k}: {what}",
            game.pair, game.game
        ))
    };
    let mut state =
        GameState::from_dfen(&game.opening).map_err(|e| at(0, format!("opening: {e}")))?;
    let mut out = Vec::with_capacity(game.turns.len());
    for (k, t) in game.turns.iter().enumerate() {
        let rolled = GameState::from_dfen(&format!("{} {}", state.to_dfen(), t.roll))
            .map_err(|e| at(k, format!("roll {}: {e}", t.roll)))?;
        let thrown = class_of(rolled.dice())
            .ok_or_else(|| at(k, format!("roll {} is not three dice", t.roll)))?;
        out.push(LuckTurn {
            mover: state.side_to_move(),
            thrown,
            values: roll_values(&state),
        });
        state = rolled;
        for uci in &t.moves {
            let m =
                find_move(&state, uci).ok_or_else(|| at(k, format!("{uci} is not a move here")))?;
            state.make_move(m);
        }
        state.end_turn();
    }
    Ok(out)
}

/// A game's measured turns and A's result in it.
#[derive(Clone, Debug)]
pub(crate) struct LuckGame {
    /// A's colour.
    pub a: Color,
    /// A's score: 0, ½ or 1.
    pub score: f64,
    pub turns: Vec<LuckTurn>,
}

/// Measures every game of `pairs` (in parallel; the result does not depend on the thread count).
pub(crate) fn measure(pairs: &[[GameLine; 2]]) -> anyhow::Result<Vec<[LuckGame; 2]>> {
    pairs
        .par_iter()
        .map(|pair| {
            let one = |g: &GameLine| -> anyhow::Result<LuckGame> {
                let score = g
                    .score_of_a()
                    .ok_or_else(|| Failure::BadInput.because("games.jsonl: an unknown result"))?;
                Ok(LuckGame {
                    a: [Color::White, Color::Black][usize::from(g.game != 0)],
                    score: score.half_points() as f64 / 2.0,
                    turns: game_turns(g)?,
                })
            };
            Ok([one(&pair[0])?, one(&pair[1])?])
        })
        .collect()
}

/// The logistic scale (centipawns) that maximizes the likelihood of every turn's pre-roll value (the probability-
/// weighted mean over the rolls, from the mover's side) against the game's result from the mover's side.
pub(crate) fn fit_scale(games: &[[LuckGame; 2]]) -> f64 {
    let mut xy = Vec::new();
    for g in games.iter().flatten() {
        for t in &g.turns {
            let mean = weighted_sum(&t.values);
            let mover_score = if t.mover == g.a {
                g.score
            } else {
                1.0 - g.score
            };
            xy.push((mean as f64 / OUTCOMES as f64, mover_score));
        }
    }
    let nll = |log_s: f64| -> f64 {
        let s = log_s.exp();
        xy.iter()
            .map(|&(x, y)| {
                let p = win_probability(x, s).clamp(1e-12, 1.0 - 1e-12);
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
            })
            .sum()
    };
    // Golden-section search on ln(scale) over 10 to 100,000 centipawns: the likelihood is unimodal in the scale.
    let (mut lo, mut hi) = (10f64.ln(), 100_000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..100 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if nll(a) < nll(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// A's luck-adjusted score in `game`: the result minus A's summed luck plus B's (each in win probability for
/// its mover).
pub(crate) fn adjusted(game: &LuckGame, scale: f64) -> f64 {
    let luck: f64 = game
        .turns
        .iter()
        .map(|t| {
            let l = luck_probability(&t.values, t.thrown, scale);
            if t.mover == game.a { l } else { -l }
        })
        .sum();
    game.score - luck
}

/// Raw and adjusted figures of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct LuckSummary {
    pub scale: f64,
    /// A's mean raw score per game.
    pub raw_score: f64,
    /// A's mean adjusted score per game.
    pub adj_score: f64,
    /// Variance of raw pair scores over that of adjusted pair scores (pairs are the independent units), with
    /// its 95% bootstrap interval over pairs; `None` (undefined) where adjusted pair scores have no variance, in
    /// the data or in a resample.
    pub variance_reduction: Option<Interval>,
    /// The bootstrap's seed (the match's).
    pub bootstrap_seed: u64,
    /// Pairs measured.
    pub pairs: usize,
    /// The mean absolute luck per turn in centipawns (kings captured count [`WIN_CP`]).
    pub mean_abs_luck_cp: f64,
}

/// Raw and adjusted pair scores (each the mean of the pair's two games) at `scale`.
pub(crate) fn pair_scores(games: &[[LuckGame; 2]], scale: f64) -> (Vec<f64>, Vec<f64>) {
    games
        .iter()
        .map(|[g0, g1]| {
            (
                (g0.score + g1.score) / 2.0,
                (adjusted(g0, scale) + adjusted(g1, scale)) / 2.0,
            )
        })
        .unzip()
}

/// The sequential test on luck-adjusted pair scores (`--luck-sprt`), for the same hypotheses as the pentanomial
/// GSPRT: H_j says A's expected pair score is ½ + t_j σ with t_j = nElo_j √2 / (800 / ln 10) and σ the standard
/// deviation of *raw* pair scores (normalized Elo is defined by it). The adjusted mean estimates the same expected
/// score with the adjusted scores' smaller variance s², so the normal log-likelihood ratio is
/// N / (2 s²) · ((x̄ − μ0)² − (x̄ − μ1)²). Returns the LLR and the verdict; with fewer than two pairs, 0 and
/// `continue`.
pub(crate) fn adjusted_sprt(raw: &[f64], adjusted: &[f64], b: &SprtBounds) -> (f64, SprtVerdict) {
    let n = adjusted.len() as f64;
    let (sigma_raw, s2) = (variance(raw).sqrt(), variance(adjusted));
    if n < 2.0 || s2 <= 0.0 || sigma_raw <= 0.0 {
        return (0.0, SprtVerdict::Continue);
    }
    let mean = adjusted.iter().sum::<f64>() / n;
    let mu = |elo: f64| 0.5 + elo / NELO_PER_T * std::f64::consts::SQRT_2 * sigma_raw;
    let llr = n / (2.0 * s2) * ((mean - mu(b.elo0)).powi(2) - (mean - mu(b.elo1)).powi(2));
    (llr, SprtVerdict::of(llr, b.lower(), b.upper()))
}

/// A's raw and adjusted pair scores of one pair at a fixed `scale` (`--luck-sprt`); `None` without one.
pub(crate) fn pair_score(
    pair: &[GameLine; 2],
    scale: Option<f64>,
) -> anyhow::Result<Option<(f64, f64)>> {
    let Some(scale) = scale else {
        return Ok(None);
    };
    let (raw, adj) = pair_scores(&measure(std::slice::from_ref(pair))?, scale);
    Ok(Some((raw[0], adj[0])))
}

/// Variance of `raw` over variance of `adj` on the resample `idx`, with its bootstrap interval over pairs
/// seeded with `seed`; `None` where a ratio is undefined (no adjusted variance, or fewer than two pairs).
fn variance_reduction(raw: &[f64], adj: &[f64], seed: u64) -> Option<Interval> {
    let pick = |x: &[f64], idx: &[usize]| idx.iter().map(|&i| x[i]).collect::<Vec<f64>>();
    let ratio = |idx: &[usize]| {
        let va = variance(&pick(adj, idx));
        if va > 0.0 {
            variance(&pick(raw, idx)) / va
        } else {
            f64::NAN
        }
    };
    let i = bootstrap(raw.len(), seed, ratio);
    (i.n >= 2 && [i.point, i.low, i.high].iter().all(|v| v.is_finite())).then_some(i)
}

/// The summary at `scale`, the variance reduction's bootstrap seeded with `seed`.
pub(crate) fn summarize(games: &[[LuckGame; 2]], scale: f64, seed: u64) -> LuckSummary {
    let (raw, adj) = pair_scores(games, scale);
    let mean = |x: &[f64]| x.iter().sum::<f64>() / x.len().max(1) as f64;
    LuckSummary {
        scale,
        raw_score: mean(&raw),
        adj_score: mean(&adj),
        variance_reduction: variance_reduction(&raw, &adj, seed),
        bootstrap_seed: seed,
        pairs: raw.len(),
        mean_abs_luck_cp: {
            let turns: Vec<&LuckTurn> = games.iter().flatten().flat_map(|g| &g.turns).collect();
            let sum: i128 = turns
                .iter()
                .map(|t| i128::from(luck_numerator(&t.values, t.thrown).abs()))
                .sum();
            sum as f64 / OUTCOMES as f64 / turns.len().max(1) as f64
        },
    }
}

/// Measures the match in `dir` (its complete pairs), at `scale` or at the fitted one; adds `luck` to its
/// `summary.json` when it has one. Returns the summary.
pub(crate) fn apply(dir: &std::path::Path, scale: Option<f64>) -> anyhow::Result<LuckSummary> {
    let journal = super::journal::Journal::read(dir)?;
    let seed = super::settings::SettingsRecord::read(dir)?.seed;
    let games = measure(&journal.pairs)?;
    let fitted = scale.is_none();
    let s = summarize(&games, scale.unwrap_or_else(|| fit_scale(&games)), seed);
    let path = dir.join(super::summary::SUMMARY_JSON);
    if path.is_file() {
        let text = std::fs::read_to_string(&path)?;
        let mut summary: super::summary::MatchSummary =
            serde_json::from_str(&text).map_err(|e| {
                Failure::BadInput.because(format!("{}: invalid summary: {e}", path.display()))
            })?;
        summary.luck = Some(super::summary::LuckJson {
            scale_cp: s.scale,
            scale_fitted: fitted,
            raw_score: s.raw_score,
            adj_score: s.adj_score,
            variance_reduction: s.variance_reduction.into(),
            bootstrap_seed: seed,
        });
        summary.write(dir)?;
    }
    Ok(s)
}

impl LuckSummary {
    /// The fields the final line gains: `adj_score=… variance_reduction=V variance_reduction_low=L
    /// variance_reduction_high=H` (each `undefined` where the ratio is).
    pub(crate) fn line(&self) -> String {
        let [v, l, h] = self.variance_reduction.map_or_else(
            || std::array::from_fn(|_| "undefined".to_owned()),
            |i| [i.point, i.low, i.high].map(|x| x.to_string()),
        );
        format!(
            "adj_score={} variance_reduction={v} variance_reduction_low={l} variance_reduction_high={h}",
            self.adj_score
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn luck_sums_to_zero_over_the_roll_classes_weighted_by_probability() {
        for dfen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2",
            "8/6kP/8/8/4K1p1/3P4/7b/8 w - - 0 1",
        ] {
            let state = GameState::from_dfen(dfen).unwrap();
            let values = roll_values(&state);
            let total: i64 = ROLL_CLASSES
                .iter()
                .enumerate()
                .map(|(k, &(_, w))| i64::from(w) * luck_numerator(&values, k))
                .sum();
            assert_eq!(total, 0, "{dfen}");
            // Not all rolls are alike, so the zero is not the trivial one.
            assert!(values.iter().any(|&v| v != values[0]), "{dfen}: {values:?}");
            let p: f64 = ROLL_CLASSES
                .iter()
                .enumerate()
                .map(|(k, &(_, w))| f64::from(w) * luck_probability(&values, k, 400.0))
                .sum();
            assert!(p.abs() < 1e-12, "{dfen}: {p}");
        }
        // The third position: PBB lets White capture the king (h7h8b, h8g7), valued as a win.
        let s = GameState::from_dfen("8/6kP/8/8/4K1p1/3P4/7b/8 w - - 0 1").unwrap();
        let pbb = class_of(
            GameState::from_dfen("8/6kP/8/8/4K1p1/3P4/7b/8 w - - 0 1 PBB")
                .unwrap()
                .dice(),
        )
        .unwrap();
        assert_eq!(roll_values(&s)[pbb], WIN_CP);
    }

    /// A race where the truth is known by construction: each turn the mover gains the sum of its dice (plus one
    /// for A, its skill) and the higher total after 30 turns wins. The value of a roll is the win probability of
    /// the lead after it (any function would do: luck has mean zero whatever the value).
    #[test]
    fn adjusted_and_raw_scores_agree_in_expectation_on_a_simulated_match() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(23);
        let faces: Vec<i64> = ROLL_CLASSES
            .iter()
            .map(|(p, _)| {
                let d = GameState::from_dfen("8/8/8/8/8/8/8/8 w - - 0 1")
                    .unwrap()
                    .with_dice(*p)
                    .to_dfen();
                let letters = d.rsplit(' ').next().unwrap().to_owned();
                letters
                    .chars()
                    .map(|c| " PNBRQK".find(c).unwrap() as i64)
                    .sum()
            })
            .collect();
        let roll = |rng: &mut rand_pcg::Pcg64Mcg| -> usize {
            let mut pool = [0u8; 3];
            for d in &mut pool {
                *d = rng.random_range(1..=6u8);
            }
            let sum: i64 = pool.iter().map(|&d| i64::from(d)).sum();
            // Any class with this sum and these faces: find it by the sorted faces.
            pool.sort_unstable();
            let letters: String = pool
                .iter()
                .map(|&d| b" PNBRQK"[d as usize] as char)
                .collect();
            let state =
                GameState::from_dfen(&format!("8/8/8/8/8/8/8/8 w - - 0 1 {letters}")).unwrap();
            let k = class_of(state.dice()).unwrap();
            assert_eq!(faces[k], sum);
            k
        };
        let mut games = Vec::new();
        let colours = [Color::White, Color::Black];
        for g in 0..4000 {
            let a = colours[g % 2];
            let mut lead = 0i64; // White's total minus Black's
            let mut turns = Vec::new();
            for t in 0..30 {
                let mover = colours[t % 2];
                let skill = i64::from(mover == a);
                let sign = if mover == Color::White { 1 } else { -1 };
                let left = 29 - t;
                // The mover's value of each roll: its lead after it, scaled by the turns left, in centipawns.
                let values: [i64; 56] = std::array::from_fn(|k| {
                    let after = sign * (lead + sign * (faces[k] + skill));
                    after * 100 / (left as i64 + 1)
                });
                let k = roll(&mut rng);
                lead += sign * (faces[k] + skill);
                turns.push(LuckTurn {
                    mover,
                    thrown: k,
                    values,
                });
            }
            let white = match lead.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            };
            let score = if a == Color::White {
                white
            } else {
                1.0 - white
            };
            games.push(LuckGame { a, score, turns });
        }
        let pairs: Vec<[LuckGame; 2]> = games
            .chunks(2)
            .map(|c| [c[0].clone(), c[1].clone()])
            .collect();
        let scale = fit_scale(&pairs);
        let s = summarize(&pairs, scale, 1);
        let (raw, adj) = pair_scores(&pairs, scale);
        let diffs: Vec<f64> = raw.iter().zip(&adj).map(|(r, a)| r - a).collect();
        let se = (variance(&diffs) / diffs.len() as f64).sqrt();
        // Unbiased: the mean difference (the summed luck) is within 4 standard errors of zero ...
        assert!(
            (s.raw_score - s.adj_score).abs() < 4.0 * se,
            "{s:?} se {se}"
        );
        // ... and A's edge shows in both (skill +1 a turn over 15 turns against dice sums of mean 10.5).
        assert!(s.raw_score > 0.55 && s.adj_score > 0.55, "{s:?}");
        // Luck explains most of a dice race, so the adjusted scores vary much less, with an interval around it.
        let vr = s.variance_reduction.unwrap();
        assert!(
            vr.low > 2.0 && vr.low < vr.point && vr.point < vr.high,
            "{s:?}"
        );
        assert_eq!(vr.n, 2000);
        // Pairs that all score alike leave the ratio undefined, and the line says so.
        let level: Vec<[LuckGame; 2]> = pairs[..3]
            .iter()
            .map(|[a, b]| {
                let mut g = [a.clone(), b.clone()];
                for x in &mut g {
                    x.score = 0.5;
                    x.turns.clear();
                }
                g
            })
            .collect();
        let flat = summarize(&level, scale, 1);
        assert_eq!(flat.variance_reduction, None);
        assert!(flat.line().ends_with("variance_reduction=undefined variance_reduction_low=undefined variance_reduction_high=undefined"));
    }
}
