//! The result of a (possibly interrupted) search.

/// A search result: `Exact` carries a value, `Incomplete` carries none, so an interrupted search has nothing a
/// caller could store in a transposition table.
///
/// ```
/// use engine::search::SearchOutcome;
/// let done = SearchOutcome::Exact { value: 1.5, work: 10 };
/// let cut = SearchOutcome::<f64>::Incomplete { work: 7 };
/// assert_eq!((done.value(), done.work()), (Some(&1.5), 10));
/// assert_eq!((cut.value(), cut.work()), (None, 7));
/// ```
///
/// [`TranspositionTable::store`](crate::search::TranspositionTable::store) takes a plain value, which an
/// `Incomplete` outcome does not have:
///
/// ```compile_fail
/// use engine::search::{Bound, SearchOutcome, TranspositionTable};
/// let tt = TranspositionTable::new(1 << 4).unwrap();
/// let cut = SearchOutcome::<f64>::Incomplete { work: 7 };
/// tt.store(42, cut, Bound::Exact, 2, false); // does not compile: expected `f64`
/// ```
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum SearchOutcome<T> {
    /// The search finished with `value` after `work` units.
    Exact {
        /// The completed value.
        value: T,
        /// Work units used.
        work: u64,
    },
    /// The search was cancelled after `work` units; no score exists.
    Incomplete {
        /// Work units used before cancellation.
        work: u64,
    },
}

impl<T> SearchOutcome<T> {
    /// The value, if the search completed.
    pub fn value(&self) -> Option<&T> {
        match self {
            SearchOutcome::Exact { value, .. } => Some(value),
            SearchOutcome::Incomplete { .. } => None,
        }
    }

    /// Work units used.
    pub fn work(&self) -> u64 {
        match self {
            SearchOutcome::Exact { work, .. } | SearchOutcome::Incomplete { work } => *work,
        }
    }

    /// Whether the search completed.
    pub fn is_exact(&self) -> bool {
        matches!(self, SearchOutcome::Exact { .. })
    }
}
