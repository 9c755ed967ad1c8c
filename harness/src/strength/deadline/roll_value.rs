//! Turn values roll by roll: every legal turn of a rolled position valued in the two reported units, each
//! opponent roll's outcome converted before the expectation over the rolls.
//!
//! The reference search values a roll on which the opponent captures our king at −10^9, so a turn exposing the
//! king on 1 of 216 rolls would average to a lost game however the mean is clamped afterwards. Here each roll is
//! valued in the unit first:
//!
//! - in **win probability**, a king capture against the mover is 0, one by the mover 1, any other outcome p(v)
//!   with the run's logistic scale ([`win_probability`]);
//! - in **capped centipawns**, a king capture is ∓[`WIN_CP`] and any other outcome is capped to ±[`WIN_CP`].
//!
//! A turn's value is then the probability-weighted mean over the 56 roll classes (integer weights over 216).
//! The tree below the root is an expectiminimax in the unit itself: the opponent's reply to a roll minimizes the
//! unit, our turn at a deeper roll maximizes it (at reference depth 2 both units pick the reply the search picks,
//! as the conversion is monotone; at depth 3 each unit is its own consistent tree). Leaves are the evaluator's
//! values from the mover's side, as the reference search computes them.
//!
//! A turn's **king exposure** is the weight W of the opponent rolls (of 216) on which some reply captures the
//! mover's king.

use crate::evaluators::EvaluatorKind;
use crate::strength::match_runner::luck::{WIN_CP, win_probability};
use engine::search::SearchDepth;
use engine::{Color, DicePool, GameState, Move, PieceType, ROLL_CLASSES, for_each_legal_turn};
use std::collections::{HashMap, HashSet};

/// The weight of all roll classes: 216 ordered outcomes.
const ROLLS: f64 = 216.0;

/// A value in both units at once: win probability and capped centipawns, from the mover's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct UnitValue {
    /// Expected win probability.
    pub win_probability: f64,
    /// Expected value with every roll capped to ±`WIN_CP`.
    pub capped_cp: f64,
}

impl UnitValue {
    const WIN: UnitValue = UnitValue {
        win_probability: 1.0,
        capped_cp: WIN_CP as f64,
    };
    const LOSS: UnitValue = UnitValue {
        win_probability: 0.0,
        capped_cp: -(WIN_CP as f64),
    };

    fn of_cp(cp: i32, scale: f64) -> UnitValue {
        let win = WIN_CP as f64;
        let v = f64::from(cp);
        if v <= -win {
            return UnitValue::LOSS;
        }
        UnitValue {
            win_probability: win_probability(v, scale),
            capped_cp: v.min(win),
        }
    }

    /// Each unit combined with `o`'s by `f`: with `f64::min` or `f64::max`, each unit's own choice (a side
    /// choosing by that unit).
    fn zip(self, o: UnitValue, f: fn(f64, f64) -> f64) -> UnitValue {
        UnitValue {
            win_probability: f(self.win_probability, o.win_probability),
            capped_cp: f(self.capped_cp, o.capped_cp),
        }
    }
}

/// The probability-weighted mean of `value` over the 56 roll classes, a roll where it is `None` (a king capture
/// against us) valued as a loss; and the weight of those rolls (of 216).
fn expectation(mut value: impl FnMut(DicePool) -> Option<UnitValue>) -> (UnitValue, u32) {
    let (mut sum, mut king_rolls) = ([0.0; 2], 0);
    for &(pool, weight) in ROLL_CLASSES.iter() {
        let v = value(pool).unwrap_or_else(|| {
            king_rolls += weight;
            UnitValue::LOSS
        });
        sum[0] += f64::from(weight) * v.win_probability;
        sum[1] += f64::from(weight) * v.capped_cp;
    }
    let mean = UnitValue {
        win_probability: sum[0] / ROLLS,
        capped_cp: sum[1] / ROLLS,
    };
    (mean, king_rolls)
}

/// One root turn, valued roll by roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TurnValue {
    pub value: UnitValue,
    /// Opponent rolls (of 216) on which some reply captures the mover's king.
    pub king_rolls: u32,
}

/// Every legal turn of a rolled position valued roll by roll, keyed by the position the turn reaches (several
/// paths reaching one position have one value).
#[derive(Clone, Debug)]
pub(crate) struct RootValues {
    turns: HashMap<GameState, TurnValue>,
}

/// The fixed inputs of one valuation.
struct Tree {
    eval: fn(&GameState, Color) -> i32,
    scale: f64,
    /// The side to move at the root.
    us: Color,
}

impl RootValues {
    /// Values every legal turn of `root` (a pass when it has none) at reference `depth` with `eval`'s leaves and
    /// the logistic `scale` in centipawns.
    pub(crate) fn of(
        root: &GameState,
        depth: SearchDepth,
        eval: EvaluatorKind,
        scale: f64,
    ) -> RootValues {
        let tree = Tree {
            eval: eval.function(),
            scale,
            us: root.side_to_move(),
        };
        let mut afters = HashSet::new();
        for_each_legal_turn(root, |_, s| {
            afters.insert(*s);
        });
        let pass = afters.is_empty();
        if pass {
            afters.insert(*root);
        }
        let turns = afters
            .into_iter()
            .map(|after| {
                let v = tree.turn(root, &after, pass, depth.turns() - 1);
                (after, v)
            })
            .collect();
        RootValues { turns }
    }

    /// The value of playing `path` at `root` (`None` if it is not a legal turn path of `root`).
    pub(crate) fn of_path(&self, root: &GameState, path: &[Move]) -> Option<TurnValue> {
        let mut after = *root;
        for &m in path {
            after.make_move(m);
        }
        self.turns.get(&after).copied()
    }

    /// The best value in each unit (its own maximum: the best taken by the same measure) and the king rolls of
    /// the best turn by win probability: of the turns within [`TIE`] of the maximum, the fewest (sums over the
    /// rolls in a fixed order can differ in the last bit where the values are equal).
    pub(crate) fn best(&self) -> Best {
        let max =
            |f: fn(&TurnValue) -> f64| self.turns.values().map(f).fold(f64::NEG_INFINITY, f64::max);
        let win_probability = max(|t| t.value.win_probability);
        Best {
            value: UnitValue {
                win_probability,
                capped_cp: max(|t| t.value.capped_cp),
            },
            king_rolls: self
                .turns
                .values()
                .filter(|t| t.value.win_probability >= win_probability - TIE)
                .map(|t| t.king_rolls)
                .min()
                .expect("a root has a turn or a pass"),
        }
    }
}

/// Win probabilities this close are one value.
const TIE: f64 = 1e-12;

/// The best of a root's turns: each unit's maximum and the king rolls of the best turn by win probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Best {
    pub value: UnitValue,
    pub king_rolls: u32,
}

impl Tree {
    fn leaf(&self, s: &GameState) -> UnitValue {
        UnitValue::of_cp((self.eval)(s, self.us), self.scale)
    }

    /// A root turn reaching `after` (before `end_turn`), `layers` chance layers below it (reference depth − 1).
    fn turn(&self, root: &GameState, after: &GameState, pass: bool, layers: u8) -> TurnValue {
        let them = !self.us;
        if after.pieces(them, PieceType::King).is_empty() {
            return TurnValue {
                value: UnitValue::WIN,
                king_rolls: 0,
            };
        }
        let mut outer = *after;
        outer.end_turn();
        let (value, king_rolls) = if layers == 0 {
            // As the depth-1 search values it: the evaluation after the turn; a pass, the rolled root itself.
            (self.leaf(if pass { root } else { &outer }), 0)
        } else {
            expectation(|pool| self.opponent_roll(&outer.with_dice(pool), layers))
        };
        TurnValue { value, king_rolls }
    }

    /// The opponent's best reply to one roll (`None`: a reply captures our king), `layers` ≥ 1 counting this one.
    fn opponent_roll(&self, rolled: &GameState, layers: u8) -> Option<UnitValue> {
        let mut leaves = HashSet::new();
        let mut captures = false;
        for_each_legal_turn(rolled, |_, s| {
            if s.pieces(self.us, PieceType::King).is_empty() {
                captures = true;
            } else if !captures {
                let mut leaf = *s;
                leaf.end_turn();
                leaves.insert(leaf);
            }
        });
        if captures {
            return None;
        }
        if leaves.is_empty() {
            let mut pass = *rolled;
            pass.end_turn();
            leaves.insert(pass);
        }
        leaves
            .iter()
            .map(|leaf| self.our_node(leaf, layers - 1))
            .reduce(|a, b| a.zip(b, f64::min))
    }

    /// Our node at `leaf` (we are to move, no dice): the evaluation when no layer is left, else our chance node.
    fn our_node(&self, leaf: &GameState, layers: u8) -> UnitValue {
        if layers == 0 {
            return self.leaf(leaf);
        }
        expectation(|pool| Some(self.our_roll(&leaf.with_dice(pool)))).0
    }

    /// Our best turn for one roll (the deepest layer the engine searches): a king capture wins, else the best
    /// evaluation after a turn, or the rolled position's own when we have none.
    fn our_roll(&self, rolled: &GameState) -> UnitValue {
        let them = !self.us;
        let mut best: Option<UnitValue> = None;
        let mut wins = false;
        for_each_legal_turn(rolled, |_, s| {
            if wins {
                return;
            }
            if s.pieces(them, PieceType::King).is_empty() {
                wins = true;
                return;
            }
            let mut leaf = *s;
            leaf.end_turn();
            let v = self.leaf(&leaf);
            best = Some(best.map_or(v, |b| b.zip(v, f64::max)));
        });
        if wins {
            return UnitValue::WIN;
        }
        best.unwrap_or_else(|| self.leaf(rolled))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strength::deadline::reference::{centipawns, path_value};
    use engine::legal_turn_paths;

    /// Where no roll captures a king and no value reaches the cap, capped centipawns are the reference's own
    /// path values, and the win probability of a depth-1 turn is p of its value.
    #[test]
    fn without_kings_at_risk_capped_values_are_the_references() {
        for (dfen, depth) in [
            ("n3k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1 RPK", SearchDepth::One),
            ("n3k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1 RPK", SearchDepth::Two),
            ("k7/8/8/3p4/8/8/P7/7K w - - 0 1 PPK", SearchDepth::Three),
        ] {
            let root = GameState::from_dfen(dfen).unwrap();
            let values = RootValues::of(&root, depth, EvaluatorKind::Material, 400.0);
            let mut compared = 0;
            let paths = legal_turn_paths(&root);
            for path in &paths {
                let t = values.of_path(&root, path).unwrap();
                let reference = centipawns(
                    path_value(&root, path, depth, EvaluatorKind::Material),
                    depth,
                )
                .unwrap();
                if t.king_rolls > 0 || reference.abs() >= WIN_CP as f64 {
                    continue;
                }
                compared += 1;
                assert!(
                    (t.value.capped_cp - reference).abs() < 1e-9,
                    "{dfen} {depth} {path:?}: {} vs {reference}",
                    t.value.capped_cp
                );
                if depth == SearchDepth::One {
                    let p = win_probability(reference, 400.0);
                    assert!((t.value.win_probability - p).abs() < 1e-12);
                }
            }
            assert!(
                compared * 2 > paths.len(),
                "{dfen} {depth}: {compared} of {}",
                paths.len()
            );
        }
    }

    /// A white king next to a black rook: a pass leaves it capturable on every roll with a rook die (91 of 216),
    /// each such roll worth 0 in win probability, not the whole turn.
    #[test]
    fn an_exposed_king_costs_its_rolls_only() {
        let root = GameState::from_dfen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1 PPP").unwrap();
        let values = RootValues::of(&root, SearchDepth::Two, EvaluatorKind::Material, 3882.0);
        let pass = values.of_path(&root, &[]).unwrap();
        assert_eq!(pass.king_rolls, 91);
        // The other 125 rolls leave material −500 (the rook stays or moves; it cannot be taken by a pass).
        assert!(pass.value.win_probability > 0.0);
        assert!(pass.value.win_probability < win_probability(-500.0, 3882.0));
        let best = values.best();
        assert_eq!((best.value, best.king_rolls), (pass.value, pass.king_rolls));
        assert!(best.value.capped_cp > -(WIN_CP as f64) && best.value.capped_cp < 0.0);
    }
}
