//! Legal turns (rules §4a, D1): a depth-first search over micro-move sequences. Result = every king-capture path
//! (any length), then every normal leaf that spends the maximum number of dice over normal leaves, both in DFS
//! order, which follows the generator's reference order (§6).

use crate::dice::DicePool;
use crate::movegen::{self, captures_king};
use crate::mv::Move;
use crate::piece::PieceType;
use crate::state::GameState;
use crate::telemetry::{NoTelemetry, Telemetry};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// A normal leaf kept while the search runs: its path and the position after it (before `end_turn`).
#[derive(Clone, Copy)]
struct Leaf {
    moves: [Move; 3],
    len: u8,
    state: GameState,
}

/// Reusable turn-path generator: keeps its scratch buffer between calls, so repeated generation (as in nested
/// chance expansion) does not allocate once the buffer has grown.
///
/// The callback receives each legal path together with the position after playing it, so callers need not
/// replay the path:
/// - for a king-capture path, the position right after the capture (the game is over; no `end_turn`);
/// - for a normal path, the position after its last micro-move, *before* `end_turn` (call
///   [`GameState::end_turn`] on a copy to get the opponent's position).
///
/// ```
/// use engine::{GameState, TurnGenerator};
/// let s = GameState::from_dfen("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1 PP").unwrap();
/// let mut generator = TurnGenerator::new();
/// let mut n = 0;
/// generator.for_each(&s, &mut engine::telemetry::NoTelemetry, |path, after| {
///     assert_eq!(path.len(), 2);
///     assert!(after.dice().is_empty());
///     n += 1;
/// });
/// assert_eq!(n, engine::legal_turn_paths(&s).len());
/// ```
#[derive(Default)]
pub struct TurnGenerator {
    leaves: Vec<Leaf>,
    best: usize,
}

impl TurnGenerator {
    /// A generator with an empty scratch buffer.
    pub fn new() -> TurnGenerator {
        TurnGenerator::default()
    }

    /// Calls `emit(path, position_after)` for every legal turn path of `state`, in the reference order, and
    /// returns how many there were (0 = forced pass).
    pub fn for_each<T: Telemetry, F: FnMut(&[Move], &GameState)>(
        &mut self,
        state: &GameState,
        t: &mut T,
        emit: F,
    ) -> usize {
        self.leaves.clear();
        self.best = 0;
        let mut ends = Buffered {
            leaves: &mut self.leaves,
            best: &mut self.best,
            emit,
            captures: 0,
        };
        walk(
            state,
            state.dice().len(),
            &mut [Move::from_bits(0); 3],
            0,
            t,
            &mut ends,
        );
        let Buffered {
            mut emit, captures, ..
        } = ends;
        for leaf in &self.leaves {
            t.emission();
            emit(&leaf.moves[..leaf.len as usize], &leaf.state);
        }
        captures + self.leaves.len()
    }
}

/// What a walk over the micro-move tree does where a path ends.
trait PathEnds {
    /// A king-capture path; `after` is the position right after the capture.
    fn capture(&mut self, path: &[Move], after: &GameState);
    /// A normal leaf: `state` is the position after the path, which spent `spent` dice.
    fn leaf(&mut self, path: &[Move], state: &GameState, spent: usize);
    /// Whether the walk should stop early (a consumer that wants no more).
    #[inline]
    fn stopped(&self) -> bool {
        false
    }
}

/// [`TurnGenerator`]'s ends: king captures go out at once; normal leaves wait in the buffer, which keeps only
/// those spending the most dice seen so far.
struct Buffered<'a, F> {
    leaves: &'a mut Vec<Leaf>,
    best: &'a mut usize,
    emit: F,
    captures: usize,
}

impl<F: FnMut(&[Move], &GameState)> PathEnds for Buffered<'_, F> {
    #[inline]
    fn capture(&mut self, path: &[Move], after: &GameState) {
        (self.emit)(path, after);
        self.captures += 1;
    }

    #[inline]
    fn leaf(&mut self, path: &[Move], state: &GameState, spent: usize) {
        if spent > *self.best {
            *self.best = spent;
            self.leaves.clear();
        }
        if spent == *self.best {
            let mut moves = [Move::from_bits(0); 3];
            moves[..path.len()].copy_from_slice(path);
            self.leaves.push(Leaf {
                moves,
                len: path.len() as u8,
                state: *state,
            });
        }
    }
}

/// Expands `s` at `depth`, reporting every path end to `ends`; returns how many paths (king captures and normal
/// leaves, before the maximum filter) were recorded below it.
fn walk<T: Telemetry, E: PathEnds>(
    s: &GameState,
    initial_dice: usize,
    path: &mut [Move; 3],
    depth: usize,
    t: &mut T,
    ends: &mut E,
) -> usize {
    let pool = s.dice();
    let can_castle = pool.contains(PieceType::King) && pool.contains(PieceType::Rook);
    let mut recorded = 0;
    for die in pool.distinct() {
        t.geometry();
        movegen::generate(s, die, &mut |m: Move| {
            if depth >= 3 || ends.stopped() {
                return;
            }
            path[depth] = m;
            if captures_king(s, m) {
                let mut after = *s;
                after.make_move(m);
                t.transition();
                t.emission();
                ends.capture(&path[..=depth], &after);
                recorded += 1;
                return;
            }
            if m.is_castle() && !can_castle {
                return;
            }
            let mut child = *s;
            child.make_move(m);
            t.transition();
            recorded += walk(&child, initial_dice, path, depth + 1, t, ends);
        });
    }
    if recorded == 0 && depth > 0 {
        // A normal leaf: no usable die left, or every child was a castle without a Rook die.
        ends.leaf(&path[..depth], s, initial_dice - pool.len());
        recorded = 1;
    }
    recorded
}

/// [`stream_legal_turns`]' ends. The first walk (`second_walk` false) emits the king captures and only raises
/// the maximum of dice spent at normal leaves; the second emits the normal leaves that spend that maximum.
struct Streamed<F> {
    emit: F,
    second_walk: bool,
    best: usize,
    emitted: usize,
    stop: bool,
}

impl<F: FnMut(&[Move], &GameState) -> ControlFlow<()>> Streamed<F> {
    fn send(&mut self, path: &[Move], position: &GameState) {
        if !self.stop {
            self.emitted += 1;
            self.stop = (self.emit)(path, position).is_break();
        }
    }
}

impl<F: FnMut(&[Move], &GameState) -> ControlFlow<()>> PathEnds for Streamed<F> {
    fn capture(&mut self, path: &[Move], after: &GameState) {
        if !self.second_walk {
            self.send(path, after);
        }
    }

    fn leaf(&mut self, path: &[Move], state: &GameState, spent: usize) {
        if !self.second_walk {
            self.best = self.best.max(spent);
        } else if spent == self.best {
            self.send(path, state);
        }
    }

    fn stopped(&self) -> bool {
        self.stop
    }
}

/// Calls `emit(path, position_after)` for every legal turn path, in the same order and with the same positions
/// as [`for_each_legal_turn`], but holds no paths: memory stays a few hundred bytes however many paths there are
/// (millions for a board of queens), at about twice the time. A first walk emits the king captures and finds the
/// most dice a normal leaf spends; a second emits the normal leaves that spend that many. `emit` returns
/// [`ControlFlow::Break`] to stop; the result is `Break` then, else `Continue` with the number of paths.
///
/// ```
/// use std::ops::ControlFlow;
/// let s = engine::GameState::from_dfen("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1 PP").unwrap();
/// let mut streamed = Vec::new();
/// let n = engine::stream_legal_turns(&s, |path, _| {
///     streamed.push(path.to_vec());
///     ControlFlow::Continue(())
/// });
/// assert_eq!(n, ControlFlow::Continue(streamed.len()));
/// assert_eq!(streamed, engine::legal_turn_paths(&s));
/// let mut first = None;
/// let stopped = engine::stream_legal_turns(&s, |path, _| {
///     first = Some(path.to_vec());
///     ControlFlow::Break(())
/// });
/// assert!(stopped.is_break() && first.is_some());
/// ```
pub fn stream_legal_turns<F: FnMut(&[Move], &GameState) -> ControlFlow<()>>(
    state: &GameState,
    emit: F,
) -> ControlFlow<(), usize> {
    let mut ends = Streamed {
        emit,
        second_walk: false,
        best: 0,
        emitted: 0,
        stop: false,
    };
    for second_walk in [false, true] {
        ends.second_walk = second_walk;
        let mut path = [Move::from_bits(0); 3];
        walk(
            state,
            state.dice().len(),
            &mut path,
            0,
            &mut NoTelemetry,
            &mut ends,
        );
        if ends.stop {
            return ControlFlow::Break(());
        }
    }
    ControlFlow::Continue(ends.emitted)
}

/// Calls `emit(path, position_after)` for every legal turn path (see [`TurnGenerator`] for what the position
/// is); returns the number of paths. Reuses a per-thread buffer; `emit` may itself generate turns.
///
/// ```
/// let s = engine::GameState::from_dfen("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1 PP").unwrap();
/// let mut nested = 0;
/// engine::for_each_legal_turn(&s, |_, after| {
///     let mut reply = *after;
///     reply.end_turn();
///     nested += engine::legal_turn_paths(&reply.with_dice(engine::ROLL_CLASSES[55].0)).len();
/// });
/// assert!(nested > 0);
/// ```
pub fn for_each_legal_turn<F: FnMut(&[Move], &GameState)>(state: &GameState, emit: F) -> usize {
    with_generator(|g| g.for_each(state, &mut NoTelemetry, emit))
}

thread_local! {
    static SCRATCH: RefCell<TurnGenerator> = RefCell::new(TurnGenerator::new());
}

/// Runs `f` with this thread's cached generator (so its buffer is reused across calls), or with a fresh one
/// when the cached one is busy (a callback that generates turns again, as nested chance expansion does).
fn with_generator<R>(f: impl FnOnce(&mut TurnGenerator) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut cached) => f(&mut cached),
        Err(_) => f(&mut TurnGenerator::new()),
    })
}

/// Every legal turn path in the reference order (rules §4a, D1); empty for a forced pass.
///
/// ```
/// let s = engine::GameState::from_dfen("7k/8/8/b7/8/8/5P2/4K3 w - - 0 1 NBK").unwrap();
/// let paths = engine::legal_turn_paths(&s);
/// let uci: Vec<String> = paths.iter().map(|p| p[0].to_string()).collect();
/// assert_eq!(uci, ["e1d1", "e1f1", "e1d2", "e1e2"]); // ascending target squares
/// ```
pub fn legal_turn_paths(state: &GameState) -> Vec<Vec<Move>> {
    legal_turn_paths_with(state, &mut NoTelemetry)
}

/// [`legal_turn_paths`] reporting to `t`.
pub fn legal_turn_paths_with<T: Telemetry>(state: &GameState, t: &mut T) -> Vec<Vec<Move>> {
    let mut out = Vec::new();
    with_generator(|g| g.for_each(state, t, |path, _| out.push(path.to_vec())));
    out
}

/// The distinct first moves of the legal turn paths, in order of first appearance (D1).
///
/// ```
/// let s = engine::GameState::from_dfen("3k4/5P2/2P5/8/5K2/8/8/8 w - - 0 1 PN").unwrap();
/// let first: Vec<String> = engine::legal_first_moves(&s).iter().map(|m| m.to_string()).collect();
/// assert_eq!(first, ["f7f8n"]);
/// ```
pub fn legal_first_moves(state: &GameState) -> Vec<Move> {
    legal_first_moves_with(state, &mut NoTelemetry)
}

/// [`legal_first_moves`] reporting to `t`.
pub fn legal_first_moves_with<T: Telemetry>(state: &GameState, t: &mut T) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    with_generator(|g| {
        g.for_each(state, t, |path, _| {
            if !out.contains(&path[0]) {
                out.push(path[0]);
            }
        })
    });
    out
}

/// The pool a single die makes (its canonical encoding is the face in the first slot).
#[inline]
pub(crate) const fn single(die: PieceType) -> DicePool {
    DicePool::from_bits(die.face() as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions with king captures, castles, promotions, en passant and forced passes.
    const POSITIONS: [&str; 7] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPP",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PN",
        "8/6kP/8/8/4K1p1/3P4/7b/8 w - - 0 1 PBB",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 KRQ",
        "3k4/5P2/2P5/8/5K2/8/8/8 w - - 0 1 PN",
        "7k/8/8/b7/8/8/5P2/4K3 w - - 0 1 NBK",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PPP",
    ];

    #[test]
    fn streaming_gives_the_generators_paths_and_positions_in_order() {
        for dfen in POSITIONS {
            let s = GameState::from_dfen(dfen).unwrap();
            let mut generated = Vec::new();
            let n = for_each_legal_turn(&s, |p, after| generated.push((p.to_vec(), *after)));
            let mut streamed = Vec::new();
            let flow = stream_legal_turns(&s, |p, after| {
                streamed.push((p.to_vec(), *after));
                ControlFlow::Continue(())
            });
            assert_eq!(flow, ControlFlow::Continue(n), "{dfen}");
            assert!(streamed == generated, "{dfen}");
        }
    }

    #[test]
    fn streaming_stops_at_the_first_break() {
        let s = GameState::from_dfen(POSITIONS[0]).unwrap();
        let mut seen = 0;
        let flow = stream_legal_turns(&s, |_, _| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((flow, seen), (ControlFlow::Break(()), 3));
    }
}
