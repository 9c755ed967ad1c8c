//! Per-bot findings of a deadline run, computed from its `deadline.csv` rows: the share of positions where the
//! bot agrees with the reference (loss exactly 0: its move is worth the reference's best, whichever of several
//! equal moves either picked), the mean losses with their 95% Student-t intervals over positions, the king
//! blunders, the distribution of the depth its moves came from; and each bot against the first bot judged at the
//! same reference depth, position by position, with bootstrap intervals.

use crate::statistics::Interval;
use crate::statistics::bootstrap::{bootstrap, mean_of};
use crate::statistics::median;
use crate::strength::deadline::DeadlineRecord;
use serde::Serialize;

/// One bot's findings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct BotFindings {
    /// The canonical spec.
    pub bot: String,
    /// The reference depth its rows were judged at.
    pub reference_depth: u8,
    /// Positions qualified.
    pub positions: usize,
    /// Positions with loss 0.
    pub agree: usize,
    /// `agree / positions`.
    pub agree_share: f64,
    /// Mean loss in centipawns with its interval (the search's values: a king exposed dominates it).
    pub mean_loss_cp: Interval,
    /// Mean loss in centipawns valued roll by roll, each roll capped at the win value, with its interval.
    pub mean_loss_cp_capped: Interval,
    /// Median capped loss in centipawns.
    pub median_loss_cp_capped: f64,
    /// Mean loss in win probability (valued roll by roll) with its interval.
    pub mean_loss_win_probability: Interval,
    /// Positions where some opponent roll after the chosen move captures the mover's king.
    pub king_exposed: usize,
    /// Positions where the chosen move exposes the king on more rolls than the best one: the blunders.
    pub king_blunders: usize,
    /// How many moves came from depth 1, 2 and 3.
    pub depth_completed: [usize; 3],
    /// The mean depth completed.
    pub mean_depth: f64,
}

impl BotFindings {
    /// The findings of `rows` (one bot's, at least one row).
    pub(crate) fn of(rows: &[&DeadlineRecord]) -> BotFindings {
        let count = |f: fn(&DeadlineRecord) -> bool| rows.iter().filter(|r| f(r)).count();
        let column = |f: fn(&DeadlineRecord) -> f64| rows.iter().map(|r| f(r)).collect::<Vec<_>>();
        let (losses, capped) = (column(|r| r.loss_cp), column(|r| r.loss_cp_capped));
        let probability = column(|r| r.loss_win_probability);
        let agree = count(|r| r.loss_cp == 0.0);
        let mut depth_completed = [0; 3];
        for r in rows {
            depth_completed[usize::from(r.depth_completed) - 1] += 1;
        }
        let n = rows.len();
        BotFindings {
            bot: rows[0].bot.clone(),
            reference_depth: rows[0].reference_depth,
            positions: n,
            agree,
            agree_share: agree as f64 / n as f64,
            mean_loss_cp: Interval::mean(&losses),
            mean_loss_cp_capped: Interval::mean(&capped),
            median_loss_cp_capped: median::summarize(&capped).expect("a row").point,
            mean_loss_win_probability: Interval::mean(&probability),
            king_exposed: count(|r| r.chosen_king_rolls > 0),
            king_blunders: count(|r| r.chosen_king_rolls > r.best_king_rolls),
            depth_completed,
            mean_depth: column(|r| f64::from(r.depth_completed)).iter().sum::<f64>() / n as f64,
        }
    }

    /// The findings of every bot in `rows`, in order of first appearance.
    pub(crate) fn all(rows: &[DeadlineRecord]) -> Vec<BotFindings> {
        by_bot(rows)
            .iter()
            .map(|mine| BotFindings::of(mine))
            .collect()
    }

    /// The stdout line: `bot=… positions=… agree=… mean_loss_cp=… loss_low=… loss_high=… mean_depth=…
    /// king_exposed=… king_blunders=… mean_loss_cp_capped=… median_loss_cp_capped=… mean_loss_wp=… wp_low=…
    /// wp_high=…` (`agree` is the share, `king_*` counts of positions; the intervals are 95% Student-t,
    /// collapsed for one position).
    pub(crate) fn line(&self) -> String {
        let i = &self.mean_loss_cp;
        let c = &self.mean_loss_cp_capped;
        let p = &self.mean_loss_win_probability;
        format!(
            "bot={} positions={} agree={:.4} mean_loss_cp={:.3} loss_low={:.3} loss_high={:.3} mean_depth={:.3} \
             king_exposed={} king_blunders={} mean_loss_cp_capped={:.3} median_loss_cp_capped={:.3} \
             mean_loss_wp={:.5} wp_low={:.5} wp_high={:.5}",
            self.bot,
            self.positions,
            self.agree_share,
            i.point,
            i.low,
            i.high,
            self.mean_depth,
            self.king_exposed,
            self.king_blunders,
            c.point,
            self.median_loss_cp_capped,
            p.point,
            p.low,
            p.high
        )
    }
}

/// Every bot's rows, bots in order of first appearance.
fn by_bot(rows: &[DeadlineRecord]) -> Vec<Vec<&DeadlineRecord>> {
    let mut bots: Vec<Vec<&DeadlineRecord>> = Vec::new();
    for r in rows {
        match bots.iter_mut().find(|b| b[0].bot == r.bot) {
            Some(b) => b.push(r),
            None => bots.push(vec![r]),
        }
    }
    bots
}

/// A bot against a baseline on the same positions at the same reference depth: the per-position difference of
/// the losses (bot − baseline; positive: the bot loses more), its mean with a percentile-bootstrap interval over
/// positions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Paired {
    pub bot: String,
    pub baseline: String,
    /// Mean of the bot's loss minus the baseline's, in win probability.
    pub loss_win_probability_difference: Interval,
    /// The same in capped centipawns.
    pub loss_cp_capped_difference: Interval,
    /// Positions where the bot's move exposes the king on more rolls than the baseline's, and on fewer.
    pub more_king_rolls: usize,
    pub fewer_king_rolls: usize,
}

impl Paired {
    /// Every bot after the first against the first bot judged at its reference depth, paired by position;
    /// bootstrap resamples seeded with `seed`.
    pub(crate) fn all(rows: &[DeadlineRecord], seed: u64) -> Vec<Paired> {
        let bots = by_bot(rows);
        let mut out = Vec::new();
        for (k, mine) in bots.iter().enumerate() {
            let Some(base) = bots[..k]
                .iter()
                .find(|b| b[0].reference_depth == mine[0].reference_depth)
            else {
                continue;
            };
            let pairs: Vec<(&DeadlineRecord, &DeadlineRecord)> = mine
                .iter()
                .filter_map(|r| {
                    base.iter()
                        .find(|b| b.position == r.position)
                        .map(|b| (*r, *b))
                })
                .collect();
            let diff = |f: fn(&DeadlineRecord) -> f64| -> Interval {
                let d: Vec<f64> = pairs.iter().map(|(r, b)| f(r) - f(b)).collect();
                bootstrap(d.len(), seed, |idx| mean_of(&d, idx))
            };
            let count = |f: fn(&u32, &u32) -> bool| {
                let rolls = pairs
                    .iter()
                    .map(|(r, b)| (r.chosen_king_rolls, b.chosen_king_rolls));
                rolls.filter(|(r, b)| f(r, b)).count()
            };
            out.push(Paired {
                bot: mine[0].bot.clone(),
                baseline: base[0].bot.clone(),
                loss_win_probability_difference: diff(|r| r.loss_win_probability),
                loss_cp_capped_difference: diff(|r| r.loss_cp_capped),
                more_king_rolls: count(u32::gt),
                fewer_king_rolls: count(u32::lt),
            });
        }
        out
    }

    /// The stdout line: `paired bot=… baseline=… positions=… wp_difference=… wp_difference_low=…
    /// wp_difference_high=… cp_capped_difference=… more_king_rolls=… fewer_king_rolls=…`.
    pub(crate) fn line(&self) -> String {
        let p = &self.loss_win_probability_difference;
        format!(
            "paired bot={} baseline={} positions={} wp_difference={:.5} wp_difference_low={:.5} \
             wp_difference_high={:.5} cp_capped_difference={:.3} more_king_rolls={} fewer_king_rolls={}",
            self.bot,
            self.baseline,
            p.n,
            p.point,
            p.low,
            p.high,
            self.loss_cp_capped_difference.point,
            self.more_king_rolls,
            self.fewer_king_rolls
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(bot: &str, depth: u8, loss: f64) -> DeadlineRecord {
        DeadlineRecord {
            depth_completed: depth,
            reference_depth: 2,
            loss_win_probability: loss / 20_002.0,
            chosen_king_rolls: if loss > 5.0 { 7 } else { 0 },
            best_king_rolls: if loss > 5.0 { 4 } else { 0 },
            ..crate::strength::deadline::row::tests::record(bot, 0, Some(loss), Some(0.0))
        }
    }

    #[test]
    fn agreement_is_zero_loss_and_the_mean_carries_its_interval() {
        let rows = [
            row("a", 1, 0.0),
            row("b", 2, 3.0),
            row("a", 2, 10.0),
            row("a", 1, 0.0),
        ];
        let f = BotFindings::all(&rows);
        assert_eq!(f.len(), 2);
        let a = &f[0];
        assert_eq!((a.bot.as_str(), a.positions, a.agree), ("a", 3, 2));
        assert_eq!(a.depth_completed, [2, 1, 0]);
        assert!((a.mean_depth - 4.0 / 3.0).abs() < 1e-12);
        assert_eq!(a.mean_loss_cp, Interval::mean(&[0.0, 10.0, 0.0]));
        assert_eq!(a.median_loss_cp_capped, 0.0);
        assert_eq!(
            (a.king_exposed, a.king_blunders, f[1].king_exposed),
            (1, 1, 0)
        );
        assert_eq!(
            a.mean_loss_win_probability,
            Interval::mean(&[0.0, 10.0 / 20_002.0, 0.0])
        );
        assert_eq!(median::summarize(&[4.0, 1.0, 3.0, 2.0]).unwrap().point, 2.5);
        assert!(
            a.line()
                .starts_with("bot=a positions=3 agree=0.6667 mean_loss_cp=3.333 loss_low=")
        );
        assert_eq!(f[1].mean_loss_cp.level, 0.0);
    }
}
