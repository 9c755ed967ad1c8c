//! The interval each node's value can lie in, derived from the evaluator's declared bounds and the terminal
//! values that can occur below the node: what Star1 assumes of a roll class it has not searched.

use crate::chance::{LOSS_VALUE, ROLLS};
use crate::eval::{TurnBounds, ValueBounds};
use crate::score::TERMINAL_WIN_SCORE;

/// Who rolls at a chance node, seen from the root's side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Role {
    /// We roll and maximise.
    Us,
    /// The opponent rolls and minimises.
    Them,
}

impl Role {
    /// The side rolling one level down.
    pub(super) const fn other(self) -> Role {
        match self {
            Role::Us => Role::Them,
            Role::Them => Role::Us,
        }
    }
}

/// A closed interval of exact node values `[lo, hi]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Range {
    pub lo: i64,
    pub hi: i64,
}

impl Range {
    fn scaled(self, factor: i64) -> Range {
        Range {
            lo: self.lo * factor,
            hi: self.hi * factor,
        }
    }

    /// The smallest range holding this one and `point`.
    pub(super) fn with(self, point: i64) -> Range {
        Range {
            lo: self.lo.min(point),
            hi: self.hi.max(point),
        }
    }
}

/// Value ranges of one search: the evaluator's declared bounds pushed up through the chance layers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ValueRanges {
    leaf: Range,
    turn: Option<TurnBounds>,
}

/// 216^(plies − 1): the unit of a roll class's value with `plies` turns left.
pub(crate) const fn roll_scale(plies: u8) -> i64 {
    let mut scale = 1;
    let mut i = 1;
    while i < plies {
        scale *= ROLLS;
        i += 1;
    }
    scale
}

/// The value of a roll class in which the mover captures the other king, with `plies` turns left.
pub(crate) const fn terminal_value(role: Role, plies: u8) -> i64 {
    let unit = match role {
        Role::Us => TERMINAL_WIN_SCORE as i64,
        Role::Them => LOSS_VALUE,
    };
    unit * roll_scale(plies)
}

impl ValueRanges {
    /// Ranges for an evaluator whose values lie in `bounds`.
    pub(super) fn new(bounds: ValueBounds) -> ValueRanges {
        ValueRanges {
            leaf: Range {
                lo: i64::from(bounds.lo),
                hi: i64::from(bounds.hi),
            },
            turn: None,
        }
    }

    /// These ranges with the evaluator's declared turn bounds, if any.
    pub(super) fn with_turn_bounds(self, turn: Option<TurnBounds>) -> ValueRanges {
        ValueRanges { turn, ..self }
    }

    /// Whether [`ValueRanges::children_from`] can use the evaluation of a chance node's own position with
    /// `plies` turns left: only at the last ply, where the children are evaluations one turn after it.
    pub(super) fn bounds_from_position(self, plies: u8) -> bool {
        plies == 1 && self.turn.is_some()
    }

    /// [`ValueRanges::children`] at the last ply, narrowed by the turn bounds around `here`, our evaluation of
    /// the chance node's position: the opponent's turn cannot raise it by more than the declared slack, ours
    /// cannot lower it by more (a king capture is a terminal value instead, outside this range on the far side).
    pub(super) fn children_from(self, role: Role, plies: u8, here: i64) -> Range {
        let declared = self.children(role, plies);
        let (Some(turn), true) = (self.turn, plies == 1) else {
            return declared;
        };
        // `here` lies in the declared interval and the slacks are non-negative, so the range stays non-empty.
        match role {
            Role::Them => Range {
                lo: declared.lo,
                hi: declared.hi.min(here + i64::from(turn.other_turn_raise())),
            },
            Role::Us => Range {
                lo: declared.lo.max(here - i64::from(turn.own_turn_drop())),
                hi: declared.hi,
            },
        }
    }

    /// The values a roll class's children (the positions after the mover's turn) can take, with `plies` turns
    /// left at the roll: evaluations at the last ply, else the other side's chance node one level down.
    pub(super) fn children(self, role: Role, plies: u8) -> Range {
        if plies <= 1 {
            self.leaf
        } else {
            self.roll(role.other(), plies - 1).scaled(ROLLS)
        }
    }

    /// The values a roll class not yet generated can take: its children's, or the terminal value when the
    /// mover captures a king. This is where a king capture's `i32::MAX` (ours) or `LOSS_VALUE` (theirs) makes
    /// the declared interval many orders of magnitude wider than any real evaluation.
    pub(super) fn roll(self, role: Role, plies: u8) -> Range {
        self.children(role, plies).with(terminal_value(role, plies))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MATERIAL_BOUNDS;

    #[test]
    fn terminal_values_widen_only_their_own_side() {
        let r = ValueRanges::new(MATERIAL_BOUNDS);
        // Depth 2, the opponent's roll: a loss widens the low end only.
        assert_eq!(
            r.roll(Role::Them, 1),
            Range {
                lo: LOSS_VALUE,
                hi: 640_000
            }
        );
        // Depth 3, our inner roll: a win widens the high end only.
        assert_eq!(
            r.roll(Role::Us, 1),
            Range {
                lo: -640_000,
                hi: i64::from(i32::MAX)
            }
        );
        // Depth 3, the opponent's roll above it: its replies are our chance nodes (×216).
        assert_eq!(
            r.roll(Role::Them, 2),
            Range {
                lo: LOSS_VALUE * 216,
                hi: i64::from(i32::MAX) * 216
            }
        );
    }
}
