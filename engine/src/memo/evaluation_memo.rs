//! The interface shared by the optimized cache and its baselines.

use crate::color::Color;
use crate::memo::counters::MemoCounters;
use crate::state::GameState;
use std::convert::Infallible;

/// A memo over one bound evaluation callback; the variants compete on speed, never on results.
///
/// Contract for every implementation: a lookup returns the callback's value for `(state, perspective)`, calling
/// the callback only when no earlier successful result for an equal key is retained; a failure or panic propagates
/// unchanged and inserts nothing; the callback may re-enter the same memo.
pub trait EvaluationMemo {
    /// Error of the bound callback ([`Infallible`] for plain scores).
    type Error;

    /// The score of `state` from `perspective`, evaluating on a miss; errors propagate and are not cached.
    fn try_apply(&self, state: &GameState, perspective: Color) -> Result<i32, Self::Error>;

    /// Current counters.
    fn counters(&self) -> MemoCounters;

    /// The score of `state` from `perspective` for an infallible callback.
    #[inline]
    fn apply(&self, state: &GameState, perspective: Color) -> i32
    where
        Self::Error: Into<Infallible>,
    {
        let result: Result<i32, Infallible> =
            self.try_apply(state, perspective).map_err(Into::into);
        match result {
            Ok(v) => v,
            Err(never) => match never {},
        }
    }
}
