//! The evaluation memo as the search sees it: cancellation checked before every access, work charged per
//! evaluator call or per node, as the control counts.

use crate::color::Color;
use crate::memo::EvaluationMemo;
use crate::search::SearchControl;
use crate::search::stop::Stop;
use crate::state::GameState;

/// Wraps the caller's memo for one search.
///
/// Work is counted in the control's unit: **evaluator calls** (the memo's misses; a warm hit costs no work) or
/// nodes ([`GuardedMemo::charge_node`]). A warm hit is still refused once the control is cancelled, so an expired
/// search makes no progress on cached values either.
pub(crate) struct GuardedMemo<'a, M: ?Sized> {
    memo: &'a M,
    control: &'a SearchControl,
    /// Leaf evaluations requested (hits and misses).
    pub leaves: u64,
}

impl<'a, M: EvaluationMemo + ?Sized> GuardedMemo<'a, M> {
    /// Guards `memo` with `control`.
    pub(super) fn new(memo: &'a M, control: &'a SearchControl) -> Self {
        GuardedMemo {
            memo,
            control,
            leaves: 0,
        }
    }

    /// `Err(Stop::Cancelled)` once the control says stop; called before every table probe too.
    #[inline]
    pub(super) fn check(&self) -> Result<(), Stop<M::Error>> {
        if self.control.is_cancelled() {
            Err(Stop::Cancelled)
        } else {
            Ok(())
        }
    }

    /// Charges one search node to the control (work only when it counts nodes). Cancellation is still
    /// checked only before probes and evaluations, so a node budget may be overrun by the nodes visited
    /// between two checks; the overrun is deterministic.
    #[inline]
    pub(super) fn charge_node(&self) {
        self.control.add_nodes(1);
    }

    /// The memo's value for `state` from `perspective`, after checking cancellation; charges the evaluator
    /// calls this lookup made (one on a miss, none on a hit) to the control's work budget.
    #[inline]
    pub(super) fn evaluate(
        &mut self,
        state: &GameState,
        perspective: Color,
    ) -> Result<i64, Stop<M::Error>> {
        self.check()?;
        self.leaves += 1;
        let before = self.memo.counters().evaluator_calls;
        let result = self.memo.try_apply(state, perspective);
        self.control
            .add_evaluator_calls(self.memo.counters().evaluator_calls - before);
        result.map(i64::from).map_err(Stop::Failed)
    }
}
