//! One roll class of a chance node: its weight, the positions its mover can reach, and what is known of its
//! value so far.

use crate::color::Color;
use crate::dice::{DicePool, ROLL_CLASSES};
use crate::eval::evaluate_material;
use crate::piece::PieceType;
use crate::search::value_range::{Range, Role};
use crate::search::window::Scored;
use crate::state::GameState;
use crate::telemetry::NoTelemetry;
use crate::turns::TurnGenerator;

/// The 56 roll classes by descending weight (stable: ascending order within a weight), the order Star1 and
/// Star2 walk them in so the heaviest classes settle a cutoff first.
pub(crate) const ROLLS_BY_WEIGHT: [(DicePool, u32); 56] = by_weight();

const fn by_weight() -> [(DicePool, u32); 56] {
    let mut out = [(DicePool::EMPTY, 0); 56];
    let weights = [6, 3, 1];
    let mut n = 0;
    let mut k = 0;
    while k < weights.len() {
        let mut i = 0;
        while i < ROLL_CLASSES.len() {
            if ROLL_CLASSES[i].1 == weights[k] {
                out[n] = ROLL_CLASSES[i];
                n += 1;
            }
            i += 1;
        }
        k += 1;
    }
    out
}

/// A roll class being searched.
pub(crate) struct RollClass {
    /// Weight among the 216 ordered outcomes.
    pub weight: i64,
    /// Whether `children` and `terminal` have been filled in (Star1 generates lazily).
    pub generated: bool,
    /// The mover captures the other king with some path: the class is worth the terminal value.
    pub terminal: bool,
    /// Distinct positions after the mover's paths (`end_turn` applied), in pre-rank order when pruning; the
    /// pass position when there is no legal path. Empty when `terminal`.
    pub children: Vec<GameState>,
    /// What is known of the class's value: exact once `lo == hi`.
    pub range: Range,
    /// The values its children can take (no terminal value): its range once generated without a king capture.
    pub reachable: Range,
    /// The Star2 probe of the first child, kept so the full pass does not search it again.
    pub probe: Option<Scored>,
}

/// The order a roll class's children are searched in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ChildOrder {
    /// Generation order (plain expectimax, and every search at the last ply).
    Generated,
    /// All by the material pre-rank, best for the mover first (stable).
    Sorted,
}

/// Generates roll-class children, reusing its buffers between calls.
#[derive(Default)]
pub(crate) struct ChildGenerator {
    turns: TurnGenerator,
    seen: hashbrown::HashSet<GameState, foldhash::fast::FixedState>,
    keyed: Vec<(i32, GameState)>,
}

impl ChildGenerator {
    /// Generates the children of `rolled` (the mover to play with dice `rolled.dice()`) into `out`.
    ///
    /// Returns whether some path captures a king of the side not to move. Children are deduplicated (first
    /// occurrence kept) since equal positions have equal values. With [`ChildOrder::Sorted`] they are sorted
    /// best for the mover first by material from `us`'s side, so probing and alpha-beta meet the likely best
    /// reply early.
    ///
    /// A pass (no legal path) has one child: the position after `end_turn`, except for our last roll, where
    /// `score_path` of the empty path evaluates the rolled position itself (`keep_rolled_pass`).
    pub(super) fn generate(
        &mut self,
        rolled: &GameState,
        us: Color,
        order: ChildOrder,
        keep_rolled_pass: bool,
        out: &mut Vec<GameState>,
    ) -> bool {
        out.clear();
        let mover = rolled.side_to_move();
        let kings = rolled.pieces(!mover, PieceType::King).count();
        let mut capture = false;
        let paths = self.turns.for_each(rolled, &mut NoTelemetry, |_, after| {
            // A king can only leave the board by capture, and a capture ends the path.
            if capture || after.pieces(!mover, PieceType::King).count() < kings {
                capture = true;
                return;
            }
            let mut child = *after;
            child.end_turn();
            out.push(child);
        });
        if capture {
            out.clear();
            return true;
        }
        if paths == 0 {
            let mut pass = *rolled;
            if !keep_rolled_pass {
                pass.end_turn();
            }
            out.push(pass);
            return false;
        }
        if out.len() > 1 {
            self.seen.clear();
            out.retain(|s| self.seen.insert(*s));
        }
        let sign = if mover == us { -1 } else { 1 };
        if order == ChildOrder::Sorted && out.len() > 1 {
            self.keyed.clear();
            self.keyed
                .extend(out.iter().map(|c| (sign * evaluate_material(c, us), *c)));
            // Stable, so equal pre-ranks keep generation order.
            self.keyed.sort_by_key(|k| k.0);
            out.clear();
            out.extend(self.keyed.iter().map(|k| k.1));
        }
        false
    }
}

impl Role {
    /// The role of a chance node whose side to roll is `mover`.
    pub(crate) fn of(mover: Color, us: Color) -> Role {
        if mover == us { Role::Us } else { Role::Them }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_weight_is_a_stable_descending_permutation() {
        let weights: Vec<u32> = ROLLS_BY_WEIGHT.iter().map(|r| r.1).collect();
        assert!(weights.windows(2).all(|w| w[0] >= w[1]));
        assert_eq!(weights.iter().sum::<u32>(), 216);
        let mut pools: Vec<u16> = ROLLS_BY_WEIGHT.iter().map(|r| r.0.bits()).collect();
        pools.sort();
        let mut all: Vec<u16> = ROLL_CLASSES.iter().map(|r| r.0.bits()).collect();
        all.sort();
        assert_eq!(pools, all);
    }
}
