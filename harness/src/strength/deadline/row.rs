//! The rows of `deadline.csv`: one row per bot and suite position, the bot's choice under its time control
//! valued by an exact reference search.

use crate::record::RecordError;
use crate::record::schema::SchemaError;
use crate::record::schema::{CsvRecord, read_unique, write_records};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One bot's choice at one position, as written to and read from `deadline.csv`.
///
/// Values are in the bot's evaluator's units (centipawns for the shipped evaluators), from the side to move's
/// perspective: the reference search's exact numerator over 216^(reference depth − 1), divided once. An empty
/// `reference_best_cp` or `chosen_cp` is a king capture this turn (a win, worth more than any number).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct DeadlineRecord {
    /// The bot's canonical spec.
    pub bot: String,
    /// The suite: a scenario family, `openings`, or the suite file's path.
    pub suite: String,
    /// 0-based index of the position in the suite.
    pub position: u64,
    /// The position searched, dice included (a seeded roll where the suite's position had none).
    pub dfen: String,
    /// The chosen turn path, UCI, space-separated (empty: a pass).
    pub moves: String,
    /// The depth the bot's chosen move comes from, in full turns.
    pub depth_completed: u8,
    /// The reference search's depth, in full turns.
    pub reference_depth: u8,
    /// The reference value of the reference's best move.
    pub reference_best_cp: Option<f64>,
    /// The reference value of the bot's move.
    pub chosen_cp: Option<f64>,
    /// `reference_best_cp − chosen_cp` (0 when both are wins); 0 exactly when the bot agrees with the reference.
    pub loss_cp: f64,
    /// The loss valued roll by roll in capped centipawns: every opponent roll's outcome capped to ±10,001 (the
    /// luck code's value of a king capture) before the mean over the rolls; the best turn's value minus the
    /// chosen one's, the best by the same measure.
    pub loss_cp_capped: f64,
    /// The loss valued roll by roll in win probability (a king capture against the mover 0, by the mover 1, any
    /// other roll p(v) at the run's scale, `summary.json`'s `win_scale_cp`): the most expected win probability of
    /// any legal turn minus the chosen turn's.
    pub loss_win_probability: f64,
    /// Opponent rolls (of 216) on which some reply after the bot's move captures the mover's king.
    pub chosen_king_rolls: u32,
    /// The same for the best turn by win probability (of equal ones, the least exposed).
    pub best_king_rolls: u32,
    /// `host (cpu, N cores)`.
    pub machine: String,
    /// `rustc -V`.
    pub rustc: String,
    /// Commit, `-dirty` when modified.
    pub git_revision: String,
    /// The run's seed (the rolls of positions without dice).
    pub seed: u64,
}

impl CsvRecord for DeadlineRecord {
    fn check(&self) -> Result<(), (&'static str, String)> {
        for (column, d) in [
            ("depth_completed", self.depth_completed),
            ("reference_depth", self.reference_depth),
        ] {
            if !(1..=3).contains(&d) {
                return Err((column, format!("{d} is not 1, 2 or 3")));
            }
        }
        if !self.loss_cp.is_finite() || self.loss_cp < 0.0 {
            return Err((
                "loss_cp",
                format!("{} is not a finite loss of 0 or more", self.loss_cp),
            ));
        }
        if !(0.0..=20_002.0).contains(&self.loss_cp_capped) {
            return Err((
                "loss_cp_capped",
                format!("{} is not a loss between 0 and 20,002", self.loss_cp_capped),
            ));
        }
        for (column, w) in [
            ("chosen_king_rolls", self.chosen_king_rolls),
            ("best_king_rolls", self.best_king_rolls),
        ] {
            if w > 216 {
                return Err((column, format!("{w} is more than the 216 rolls")));
            }
        }
        if !(0.0..=1.0).contains(&self.loss_win_probability) {
            return Err((
                "loss_win_probability",
                format!("{} is not between 0 and 1", self.loss_win_probability),
            ));
        }
        let expected = match (self.reference_best_cp, self.chosen_cp) {
            (None, None) => 0.0,
            (Some(best), Some(chosen)) => best - chosen,
            (None, Some(_)) => {
                return Err((
                    "chosen_cp",
                    "the reference wins this turn, so the bot's search must too".into(),
                ));
            }
            (Some(_), None) => {
                return Err((
                    "reference_best_cp",
                    "the bot's move wins this turn, so the reference's best must too".into(),
                ));
            }
        };
        // Both values are one division of exact numerators; their difference is exact to a few ulps.
        if (expected - self.loss_cp).abs() > 1e-6 * expected.abs().max(1.0) {
            return Err((
                "loss_cp",
                format!(
                    "{} is not reference_best_cp − chosen_cp = {expected}",
                    self.loss_cp
                ),
            ));
        }
        Ok(())
    }
}

crate::record::schema::provenance_columns!(DeadlineRecord);

/// `deadline.csv` text of `rows`.
pub(crate) fn write_deadline(rows: &[DeadlineRecord], path: &Path) -> Result<Vec<u8>, RecordError> {
    write_records(rows.iter().cloned(), path)
}

/// Reads `deadline.csv`, rejecting a repeated (bot, position).
pub(crate) fn read_deadline(path: &Path) -> Result<Vec<DeadlineRecord>, SchemaError> {
    read_unique(
        path,
        |r: &DeadlineRecord| (r.bot.clone(), r.position),
        |r| format!("bot {} position {}", r.bot, r.position),
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A consistent row: its losses are `best − chosen` (0 when both are wins), no king exposed.
    pub(crate) fn record(
        bot: &str,
        position: u64,
        best: Option<f64>,
        chosen: Option<f64>,
    ) -> DeadlineRecord {
        let loss = match (best, chosen) {
            (Some(b), Some(c)) => b - c,
            _ => 0.0,
        };
        DeadlineRecord {
            bot: bot.into(),
            suite: "openings".into(),
            position,
            dfen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB".into(),
            moves: "b1c3 g1f3".into(),
            depth_completed: 2,
            reference_depth: 3,
            reference_best_cp: best,
            chosen_cp: chosen,
            loss_cp: loss,
            loss_cp_capped: loss,
            machine: "host (cpu, 2 cores)".into(),
            rustc: "rustc 1.95.0".into(),
            git_revision: "abc".into(),
            seed: 1,
            ..DeadlineRecord::default()
        }
    }

    #[test]
    fn rows_round_trip_and_bad_rows_name_line_and_field() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deadline.csv");
        let rows = vec![
            record("depth=1", 0, Some(12.5), Some(-3.25)),
            record("depth=1", 1, None, None),
            record("depth=2", 0, Some(12.5), Some(12.5)),
        ];
        std::fs::write(&path, write_deadline(&rows, &path).unwrap()).unwrap();
        assert_eq!(read_deadline(&path).unwrap(), rows);

        let text = String::from_utf8(write_deadline(&rows, &path).unwrap()).unwrap();
        std::fs::write(
            &path,
            text.replacen(",12.5,-3.25,15.75,", ",12.5,-3.25,15,", 1),
        )
        .unwrap();
        let err = read_deadline(&path).unwrap_err().to_string();
        assert!(err.contains("line 2") && err.contains("loss_cp"), "{err}");

        std::fs::write(&path, text.replacen(",2,3,,,0.0,", ",2,3,,4,0.0,", 1)).unwrap();
        let err = read_deadline(&path).unwrap_err().to_string();
        assert!(err.contains("line 3") && err.contains("chosen_cp"), "{err}");

        let dup = [rows[0].clone(), rows[0].clone()];
        std::fs::write(&path, write_deadline(&dup, &path).unwrap()).unwrap();
        let err = read_deadline(&path).unwrap_err().to_string();
        assert!(err.contains("duplicate row"), "{err}");
    }
}
