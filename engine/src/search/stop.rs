//! Why a search stopped before finishing.

/// The search was cancelled by its [`SearchControl`](crate::search::SearchControl), or the evaluation callback
/// failed; either way no value exists for the node being searched.
#[derive(Debug)]
pub(crate) enum Stop<E> {
    /// Deadline reached or work budget spent.
    Cancelled,
    /// The memo's callback failed; the error propagates unchanged.
    Failed(E),
}
