//! The evaluation callback a memo is bound to: a plain score or a fallible one.

use crate::color::Color;
use crate::state::GameState;
use std::convert::Infallible;

/// A pure, deterministic `(GameState, Color)` evaluation that a memo calls on a miss.
///
/// `Error` is [`Infallible`] for plain scores; a fallible callback's error propagates unchanged through the memo.
pub trait EvalCallback {
    /// What a failed evaluation returns.
    type Error;
    /// Evaluates `state` from `perspective`.
    fn evaluate(&self, state: &GameState, perspective: Color) -> Result<i32, Self::Error>;
}

/// A callback that always produces a score: `Fn(&GameState, Color) -> i32`.
#[derive(Clone, Copy, Debug)]
pub struct Plain<F>(pub F);

/// A callback that may fail: `Fn(&GameState, Color) -> Result<i32, E>`.
#[derive(Clone, Copy, Debug)]
pub struct Fallible<F>(pub F);

impl<F: Fn(&GameState, Color) -> i32> EvalCallback for Plain<F> {
    type Error = Infallible;
    #[inline]
    fn evaluate(&self, state: &GameState, perspective: Color) -> Result<i32, Infallible> {
        Ok((self.0)(state, perspective))
    }
}

impl<E, F: Fn(&GameState, Color) -> Result<i32, E>> EvalCallback for Fallible<F> {
    type Error = E;
    #[inline]
    fn evaluate(&self, state: &GameState, perspective: Color) -> Result<i32, E> {
        (self.0)(state, perspective)
    }
}
