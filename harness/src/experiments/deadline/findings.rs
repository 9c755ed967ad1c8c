//! Per-bot findings of a deadline run, computed from its `deadline.csv` rows: the share of positions where the
//! bot agrees with the reference (loss exactly 0: its move is worth the reference's best, whichever of several
//! equal moves either picked), the mean loss with its 95% Student-t interval over positions, and the
//! distribution of the depth its moves came from.

use crate::record::schema::DeadlineRecord;
use crate::statistics::Interval;
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
    /// Mean loss in centipawns with its interval (unclamped: a king exposed dominates it).
    #[serde(serialize_with = "interval")]
    pub mean_loss_cp: Interval,
    /// Mean loss in centipawns, values clamped to the luck code's win value, with its interval.
    #[serde(serialize_with = "interval")]
    pub mean_loss_cp_clamped: Interval,
    /// Median clamped loss in centipawns.
    pub median_loss_cp_clamped: f64,
    /// Mean loss in win probability with its interval.
    #[serde(serialize_with = "interval")]
    pub mean_loss_win_probability: Interval,
    /// Positions where some opponent roll after the chosen move captures the mover's king.
    pub king_exposed: usize,
    /// `king_exposed / positions`.
    pub king_exposed_share: f64,
    /// How many moves came from depth 1, 2 and 3.
    pub depth_completed: [usize; 3],
    /// The mean depth completed.
    pub mean_depth: f64,
}

fn interval<S: serde::Serializer>(i: &Interval, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    let mut st = s.serialize_struct("Interval", 6)?;
    st.serialize_field("point", &i.point)?;
    st.serialize_field("low", &i.low)?;
    st.serialize_field("high", &i.high)?;
    st.serialize_field("level", &i.level)?;
    st.serialize_field("n", &i.n)?;
    st.serialize_field("method", i.method.name())?;
    st.end()
}

impl BotFindings {
    /// The findings of `rows` (one bot's, at least one row).
    pub(crate) fn of(rows: &[&DeadlineRecord]) -> BotFindings {
        let losses: Vec<f64> = rows.iter().map(|r| r.loss_cp).collect();
        let agree = rows.iter().filter(|r| r.loss_cp == 0.0).count();
        let mut depth_completed = [0; 3];
        for r in rows {
            depth_completed[usize::from(r.depth_completed) - 1] += 1;
        }
        let n = rows.len();
        let clamped: Vec<f64> = rows.iter().map(|r| r.loss_cp_clamped).collect();
        let probability: Vec<f64> = rows.iter().map(|r| r.loss_win_probability).collect();
        let king_exposed = rows.iter().filter(|r| r.chosen_exposes_king).count();
        BotFindings {
            bot: rows[0].bot.clone(),
            reference_depth: rows[0].reference_depth,
            positions: n,
            agree,
            agree_share: agree as f64 / n as f64,
            mean_loss_cp: Interval::mean(&losses),
            mean_loss_cp_clamped: Interval::mean(&clamped),
            median_loss_cp_clamped: median(&clamped),
            mean_loss_win_probability: Interval::mean(&probability),
            king_exposed,
            king_exposed_share: king_exposed as f64 / n as f64,
            depth_completed,
            mean_depth: rows
                .iter()
                .map(|r| f64::from(r.depth_completed))
                .sum::<f64>()
                / n as f64,
        }
    }

    /// The findings of every bot in `rows`, in order of first appearance.
    pub(crate) fn all(rows: &[DeadlineRecord]) -> Vec<BotFindings> {
        let mut bots: Vec<&str> = Vec::new();
        for r in rows {
            if !bots.contains(&r.bot.as_str()) {
                bots.push(&r.bot);
            }
        }
        bots.iter()
            .map(|b| {
                let mine: Vec<&DeadlineRecord> = rows.iter().filter(|r| r.bot == *b).collect();
                BotFindings::of(&mine)
            })
            .collect()
    }

    /// The stdout line: `bot=… positions=… agree=… mean_loss_cp=… loss_low=… loss_high=… mean_depth=…
    /// king_exposed=… mean_loss_cp_clamped=… median_loss_cp_clamped=… mean_loss_wp=… wp_low=… wp_high=…`
    /// (`agree` is the share, `king_exposed` a count; the intervals are 95% Student-t, collapsed for one
    /// position).
    pub(crate) fn line(&self) -> String {
        let i = &self.mean_loss_cp;
        let c = &self.mean_loss_cp_clamped;
        let p = &self.mean_loss_win_probability;
        format!(
            "bot={} positions={} agree={:.4} mean_loss_cp={:.3} loss_low={:.3} loss_high={:.3} mean_depth={:.3} \
             king_exposed={} mean_loss_cp_clamped={:.3} median_loss_cp_clamped={:.3} mean_loss_wp={:.5} \
             wp_low={:.5} wp_high={:.5}",
            self.bot,
            self.positions,
            self.agree_share,
            i.point,
            i.low,
            i.high,
            self.mean_depth,
            self.king_exposed,
            c.point,
            self.median_loss_cp_clamped,
            p.point,
            p.low,
            p.high
        )
    }
}

/// The median of `xs` (at least one value): the middle value, or the mean of the two middle ones.
fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(bot: &str, depth: u8, loss: f64) -> DeadlineRecord {
        DeadlineRecord {
            bot: bot.into(),
            suite: "s".into(),
            position: 0,
            dfen: String::new(),
            moves: String::new(),
            depth_completed: depth,
            reference_depth: 2,
            reference_best_cp: Some(loss),
            chosen_cp: Some(0.0),
            loss_cp: loss,
            loss_cp_clamped: loss.min(20_002.0),
            loss_win_probability: loss / 20_002.0,
            chosen_exposes_king: loss > 5.0,
            machine: String::new(),
            rustc: String::new(),
            git_revision: String::new(),
            seed: 1,
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
        assert_eq!(a.median_loss_cp_clamped, 0.0);
        assert_eq!((a.king_exposed, f[1].king_exposed), (1, 0));
        assert_eq!(
            a.mean_loss_win_probability,
            Interval::mean(&[0.0, 10.0 / 20_002.0, 0.0])
        );
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert!(
            a.line()
                .starts_with("bot=a positions=3 agree=0.6667 mean_loss_cp=3.333 loss_low=")
        );
        assert_eq!(f[1].mean_loss_cp.level, 0.0);
    }
}
