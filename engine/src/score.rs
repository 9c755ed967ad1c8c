//! `score_path` (docs/rules.md §16, D8): the value of playing a turn path, for the mover.

use crate::color::Color;
use crate::movegen::captures_king;
use crate::mv::Move;
use crate::state::GameState;
use std::convert::Infallible;

/// The score of a path whose last move captures the enemy king.
pub const TERMINAL_WIN_SCORE: i32 = i32::MAX;

/// Scores `path` from the mover's perspective with a fallible evaluator: an empty path evaluates `state` itself;
/// a path whose last move captures the enemy king scores [`TERMINAL_WIN_SCORE`] without calling `eval`;
/// otherwise the path is replayed, the turn ended, and the final position evaluated for the original mover.
/// The evaluator is taken by value, so both `&mut f` and closures over a shared cache work.
///
/// ```
/// use engine::{GameState, try_score_path};
/// let s = GameState::from_dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 1 R").unwrap();
/// let path = [engine::find_move(&s, "a1a8").unwrap()];
/// let r: Result<i32, String> = try_score_path(&s, &path, |_, _| Err("not called".into()));
/// assert_eq!(r, Ok(engine::TERMINAL_WIN_SCORE));
/// ```
pub fn try_score_path<E, F: FnMut(&GameState, Color) -> Result<i32, E>>(
    state: &GameState,
    path: &[Move],
    mut eval: F,
) -> Result<i32, E> {
    let mover = state.side_to_move();
    let Some((&last, init)) = path.split_last() else {
        return eval(state, mover);
    };
    let mut s = *state;
    for &m in init {
        s.make_move(m);
    }
    if captures_king(&s, last) {
        return Ok(TERMINAL_WIN_SCORE);
    }
    s.make_move(last);
    s.end_turn();
    eval(&s, mover)
}

/// [`try_score_path`] with an infallible evaluator.
///
/// ```
/// use engine::{GameState, score_path, evaluate_material};
/// let s = GameState::from_dfen("4k3/8/8/8/8/4r3/3P4/4K3 w - - 0 1 P").unwrap();
/// let path = [engine::find_move(&s, "d2e3").unwrap()];
/// assert_eq!(score_path(&s, &path, evaluate_material), 100);
/// assert_eq!(score_path(&s, &[], evaluate_material), -400);
/// ```
pub fn score_path<F: FnMut(&GameState, Color) -> i32>(
    state: &GameState,
    path: &[Move],
    mut eval: F,
) -> i32 {
    match try_score_path(state, path, |s, c| Ok::<i32, Infallible>(eval(s, c))) {
        Ok(v) => v,
        Err(never) => match never {},
    }
}
