//! Independent exhaustive values: every one of the 216 ordered rolls, a plain recursive turn generator of its own
//! over the engine's per-die move primitive, no roll classes, no caches, no deduplication.
//!
//! It shares with `engine::chance` only the per-move primitives (`die_moves`, `make_move`, `end_turn`) and the
//! evaluators, so a defect in the turn generator, the roll classes, the leaf deduplication or a cache shows up
//! as a disagreement.

use engine::chance::{ChanceDepth, LOSS_VALUE, ROLLS};
use engine::{
    Color, DicePool, GameState, Move, Piece, PieceType, TERMINAL_WIN_SCORE, for_each_die_move,
};
use std::cell::RefCell;

/// An evaluator as the oracle calls it.
pub(crate) type EvalFn = fn(&GameState, Color) -> i32;

/// One legal turn, as the oracle's own generator finds it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OracleTurn {
    /// The micro-moves (the first `len`): the path, which the tests that hold the oracle to the rules model read.
    #[cfg_attr(not(test), allow(dead_code))]
    pub moves: [Move; 3],
    /// Number of micro-moves.
    #[cfg_attr(not(test), allow(dead_code))]
    pub len: usize,
    /// The position after the last micro-move (before `end_turn`).
    pub after: GameState,
    /// Whether the last micro-move captured the enemy king.
    pub captures_king: bool,
}

/// Every legal turn of `state` (rules §4a, D1): king-capture paths of any length, then the normal leaves that
/// spend the most dice (the maximum over normal leaves only).
pub(crate) fn legal_turns(state: &GameState) -> Vec<OracleTurn> {
    let mut out = Vec::new();
    legal_turns_into(state, &mut out, &mut Vec::new());
    out
}

/// [`legal_turns`] into `out` (cleared first), with `scratch` for the normal leaves; reusing both buffers keeps
/// the exhaustive verification from spending its time in the allocator.
pub(crate) fn legal_turns_into(
    state: &GameState,
    out: &mut Vec<OracleTurn>,
    scratch: &mut Vec<(OracleTurn, usize)>,
) {
    out.clear();
    scratch.clear();
    let mut path = Path {
        moves: [Move::from_bits(0); 3],
        len: 0,
    };
    expand(state, state.dice().len(), &mut path, out, scratch);
    let best = scratch.iter().map(|(_, spent)| *spent).max().unwrap_or(0);
    out.extend(
        scratch
            .iter()
            .filter(|(_, spent)| *spent == best)
            .map(|(t, _)| *t),
    );
}

/// The path being extended.
struct Path {
    moves: [Move; 3],
    len: usize,
}

impl OracleTurn {
    #[cfg(test)]
    /// The micro-moves.
    pub fn path(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// Depth-first search below `s`; returns how many paths were recorded at or below it.
fn expand(
    s: &GameState,
    initial: usize,
    path: &mut Path,
    captures: &mut Vec<OracleTurn>,
    normal: &mut Vec<(OracleTurn, usize)>,
) -> usize {
    let pool = s.dice();
    let mover = s.side_to_move();
    let enemy_king = Some(Piece::new(mover.opponent(), PieceType::King));
    let mut recorded = 0;
    let mut previous = None;
    for die in pool.iter() {
        if previous == Some(die) {
            continue;
        }
        previous = Some(die);
        for_each_die_move(s, die, |m| {
            if path.len == 3 {
                return;
            }
            path.moves[path.len] = m;
            path.len += 1;
            let mut child = *s;
            if s.piece_at(m.to()) == enemy_king {
                child.make_move(m);
                captures.push(OracleTurn {
                    moves: path.moves,
                    len: path.len,
                    after: child,
                    captures_king: true,
                });
                recorded += 1;
            } else if m.is_castle() {
                if pool.contains(PieceType::King) && pool.contains(PieceType::Rook) {
                    child.make_move(m);
                    let rest = pool.without(PieceType::King).without(PieceType::Rook);
                    recorded += expand(&child.with_dice(rest), initial, path, captures, normal);
                }
            } else {
                let kind = s.piece_at(m.from()).map(|p| p.kind).unwrap_or(die);
                child.make_move(m);
                recorded += expand(
                    &child.with_dice(pool.without(kind)),
                    initial,
                    path,
                    captures,
                    normal,
                );
            }
            path.len -= 1;
        });
    }
    if recorded == 0 && path.len > 0 {
        normal.push((
            OracleTurn {
                moves: path.moves,
                len: path.len,
                after: *s,
                captures_king: false,
            },
            initial - pool.len(),
        ));
        recorded = 1;
    }
    recorded
}

/// The 216 ordered outcomes of three dice, as pools.
pub(crate) fn ordered_rolls() -> Vec<DicePool> {
    let mut out = Vec::with_capacity(216);
    for a in PieceType::ALL {
        for b in PieceType::ALL {
            for c in PieceType::ALL {
                out.push(DicePool::from_dice(&[a, b, c]).expect("three dice"));
            }
        }
    }
    out
}

/// Exact value numerators of `outer` (opponent to roll, empty pool) for each evaluator, over 216^depth.
pub(crate) fn exhaustive_values<const N: usize>(
    outer: &GameState,
    depth: ChanceDepth,
    evals: &[EvalFn; N],
) -> [i64; N] {
    let o = Oracle {
        us: outer.side_to_move().opponent(),
        evals,
        rolls: ordered_rolls(),
        buffers: RefCell::new(Vec::new()),
    };
    o.opponent_node(&outer.with_dice(DicePool::EMPTY), depth)
}

struct Oracle<'a, const N: usize> {
    us: Color,
    evals: &'a [EvalFn; N],
    rolls: Vec<DicePool>,
    /// Spare turn buffers (output, scratch), reused across nodes.
    buffers: RefCell<Vec<TurnBuffers>>,
}

type TurnBuffers = (Vec<OracleTurn>, Vec<(OracleTurn, usize)>);

impl<const N: usize> Oracle<'_, N> {
    /// The legal turns of `s` in a buffer taken from the pool; give it back with [`Oracle::give_back`].
    fn turns(&self, s: &GameState) -> TurnBuffers {
        let mut b = self.buffers.borrow_mut().pop().unwrap_or_default();
        legal_turns_into(s, &mut b.0, &mut b.1);
        b
    }

    fn give_back(&self, b: TurnBuffers) {
        self.buffers.borrow_mut().push(b);
    }

    fn eval(&self, s: &GameState) -> [i64; N] {
        std::array::from_fn(|i| (self.evals[i])(s, self.us) as i64)
    }

    fn opponent_node(&self, outer: &GameState, depth: ChanceDepth) -> [i64; N] {
        let mut sum = [0i64; N];
        for &roll in &self.rolls {
            let v = self.opponent_roll(&outer.with_dice(roll), depth);
            for i in 0..N {
                sum[i] += v[i];
            }
        }
        sum
    }

    fn opponent_roll(&self, rolled: &GameState, depth: ChanceDepth) -> [i64; N] {
        let buffers = self.turns(rolled);
        let v = self.opponent_turns(rolled, depth, &buffers.0);
        self.give_back(buffers);
        v
    }

    fn opponent_turns(
        &self,
        rolled: &GameState,
        depth: ChanceDepth,
        turns: &[OracleTurn],
    ) -> [i64; N] {
        let leaf_value = |leaf: &GameState| match depth {
            ChanceDepth::One => self.eval(leaf),
            ChanceDepth::Two => self.our_node(leaf),
        };
        if turns.is_empty() {
            let mut pass = *rolled;
            pass.end_turn();
            return leaf_value(&pass);
        }
        if turns.iter().any(|t| t.captures_king) {
            let scale = if depth == ChanceDepth::Two { ROLLS } else { 1 };
            return [LOSS_VALUE * scale; N];
        }
        let mut best = [i64::MAX; N];
        for t in turns {
            let mut leaf = t.after;
            leaf.end_turn();
            let v = leaf_value(&leaf);
            for i in 0..N {
                best[i] = best[i].min(v[i]);
            }
        }
        best
    }

    fn our_node(&self, leaf: &GameState) -> [i64; N] {
        let mut sum = [0i64; N];
        for &roll in &self.rolls {
            let v = self.our_roll(&leaf.with_dice(roll));
            for i in 0..N {
                sum[i] += v[i];
            }
        }
        sum
    }

    fn our_roll(&self, rolled: &GameState) -> [i64; N] {
        let buffers = self.turns(rolled);
        let v = self.our_turns(rolled, &buffers.0);
        self.give_back(buffers);
        v
    }

    fn our_turns(&self, rolled: &GameState, turns: &[OracleTurn]) -> [i64; N] {
        if turns.is_empty() {
            return self.eval(rolled);
        }
        if turns.iter().any(|t| t.captures_king) {
            return [TERMINAL_WIN_SCORE as i64; N];
        }
        let mut best = [i64::MIN; N];
        for t in turns {
            let mut leaf = t.after;
            leaf.end_turn();
            let v = self.eval(&leaf);
            for i in 0..N {
                best[i] = best[i].max(v[i]);
            }
        }
        best
    }
}

#[cfg(test)]
mod rules_model_tests;
