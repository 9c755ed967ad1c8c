//! One line of `games.jsonl`: a finished game with every turn, as written and read back.
//!
//! Field order is fixed by the struct (serde writes fields in declaration order), and every field is a
//! deterministic function of the match settings under `nodes:`/`calls:` controls; `ms` is written only for a
//! turn whose mover plays under an `ms:` control, so those records alone carry wall time.

use crate::statistics::sprt::GameScore;
use engine::Color;
use engine::game::{EndReason, GameRecord};
use engine::search::RootValue;
use serde::{Deserialize, Serialize};

/// A turn's searched value: centipawns from the mover's side, or `"win"` for a king capture this turn.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub(crate) enum TurnValue {
    Centipawns(f64),
    Word(String),
}

/// One turn as recorded.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TurnLine {
    /// The roll as DFEN dice letters (sorted; upper case for White to move).
    pub roll: String,
    /// The UCI micro-moves played; empty for a pass.
    pub moves: Vec<String>,
    /// The value of the played path at `depth`.
    pub value: TurnValue,
    /// The depth the value is exact at (the deepest completed search).
    pub depth: u8,
    /// Work used: nodes or evaluator calls, the mover's time-control unit (evaluator calls under `ms:`).
    pub work: u64,
    /// Wall time of the choice in milliseconds, only under an `ms:` control.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<f64>,
}

/// One game as recorded.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameLine {
    /// The pair's index (from 0).
    pub pair: u64,
    /// 0: A plays White; 1: A plays Black.
    pub game: u8,
    /// The opening's DFEN (empty pool).
    pub opening: String,
    /// The pair's roll seed (see `engine::game::pair_seed`).
    pub seed: u64,
    /// White's canonical spec.
    pub white: String,
    /// Black's canonical spec.
    pub black: String,
    pub turns: Vec<TurnLine>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// `king_capture`, `half_move_clock` or `turn_cap`.
    pub reason: String,
}

/// The dice letters of a rolled position (its DFEN's last field).
fn roll_letters(position: &engine::GameState) -> String {
    position
        .to_dfen()
        .rsplit(' ')
        .next()
        .unwrap_or_default()
        .to_owned()
}

impl GameLine {
    /// The record of `game`; `timed[c]` says whether colour `c` plays under an `ms:` control.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn of(
        pair: u64,
        index: u8,
        opening: &str,
        seed: u64,
        white: &str,
        black: &str,
        timed: [bool; 2],
        game: &GameRecord,
    ) -> GameLine {
        let turns = game
            .turns
            .iter()
            .map(|t| {
                let r = &t.choice.result;
                TurnLine {
                    roll: roll_letters(&t.position),
                    moves: r.best.iter().map(|m| m.to_string()).collect(),
                    value: match r.value {
                        RootValue::Win => TurnValue::Word("win".to_owned()),
                        RootValue::Numerator(_) => TurnValue::Centipawns(r.value.to_f64(r.depth)),
                    },
                    depth: r.depth.turns(),
                    work: t.choice.work,
                    ms: timed[t.position.side_to_move().index()]
                        .then_some(t.elapsed.as_secs_f64() * 1e3),
                }
            })
            .collect();
        let result = match game.result.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        debug_assert!(
            game.result.winner.is_some() == (game.result.reason == EndReason::KingCapture)
        );
        GameLine {
            pair,
            game: index,
            opening: opening.to_owned(),
            seed,
            white: white.to_owned(),
            black: black.to_owned(),
            turns,
            result: result.to_owned(),
            reason: game.result.reason.name().to_owned(),
        }
    }

    /// A's score in this game (A is White in game 0, Black in game 1), or `None` for an unknown result.
    pub(crate) fn score_of_a(&self) -> Option<GameScore> {
        let white = match self.result.as_str() {
            "1-0" => GameScore::Win,
            "0-1" => GameScore::Loss,
            "1/2-1/2" => GameScore::Draw,
            _ => return None,
        };
        Some(match (self.game, white) {
            (0, s) => s,
            (_, GameScore::Win) => GameScore::Loss,
            (_, GameScore::Loss) => GameScore::Win,
            (_, GameScore::Draw) => GameScore::Draw,
        })
    }

    /// The JSON line, newline included.
    pub(crate) fn to_line(&self) -> String {
        let mut s = serde_json::to_string(self).expect("a game line serializes");
        s.push('\n');
        s
    }
}
