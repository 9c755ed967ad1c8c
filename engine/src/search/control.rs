//! Cancellation by deadline or work budget.

use std::cell::Cell;
use std::time::{Duration, Instant};

/// Decides when a search must stop: never ([`SearchControl::unbounded`], the contract's `Unbounded`), at a
/// deadline read from an injectable clock, or when a work budget is spent.
///
/// Work is counted in one [`WorkUnit`]: evaluator calls by default (the memo's misses), or search nodes
/// ([`SearchControl::counting`]). Both are deterministic for a given memo and table state; they differ in what a
/// warm cache buys: a cache hit costs no evaluator call but still visits its nodes.
///
/// Callers check [`SearchControl::is_cancelled`] **before** every cache or table access, warm hits included, so an
/// expired invocation makes no further progress.
///
/// ```
/// use engine::search::SearchControl;
/// let expired = SearchControl::until_deadline(0, || 1);
/// assert!(expired.is_cancelled());
/// assert!(!SearchControl::unbounded().is_cancelled());
/// let budget = SearchControl::with_work_budget(3);
/// budget.add_work(2);
/// assert!(!budget.is_cancelled());
/// budget.add_work(1);
/// assert!(budget.is_cancelled());
/// assert_eq!(budget.work_used(), 3);
/// ```
pub struct SearchControl {
    deadline: Option<Deadline>,
    work_budget: Option<u64>,
    unit: WorkUnit,
    work_used: Cell<u64>,
}

/// What one unit of a [`SearchControl`]'s work is.
///
/// ```
/// use engine::search::{SearchControl, WorkUnit};
/// let nodes = SearchControl::with_work_budget(2).counting(WorkUnit::Nodes);
/// nodes.add_evaluator_calls(5); // not this control's unit
/// assert_eq!(nodes.work_used(), 0);
/// nodes.add_nodes(2);
/// assert!(nodes.is_cancelled());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum WorkUnit {
    /// Evaluator callback calls (cache misses); cache hits are free.
    #[default]
    EvaluatorCalls,
    /// Search nodes as [`SearchCounters::nodes`](crate::search::SearchCounters::nodes) counts them: the root,
    /// chance nodes and roll-class nodes, table hits included.
    Nodes,
}

/// A deadline on a caller-chosen clock (nanoseconds).
struct Deadline {
    nanos: u64,
    clock: Box<dyn Fn() -> u64>,
}

impl SearchControl {
    /// Never cancelled (work is still counted).
    pub fn unbounded() -> Self {
        SearchControl {
            deadline: None,
            work_budget: None,
            unit: WorkUnit::EvaluatorCalls,
            work_used: Cell::new(0),
        }
    }

    /// Cancelled once `clock()` reaches `deadline_nanos`.
    pub fn until_deadline(deadline_nanos: u64, clock: impl Fn() -> u64 + 'static) -> Self {
        SearchControl {
            deadline: Some(Deadline {
                nanos: deadline_nanos,
                clock: Box::new(clock),
            }),
            ..Self::unbounded()
        }
    }

    /// Cancelled once `budget` elapses on the monotonic clock, counted from now.
    pub fn after(budget: Duration) -> Self {
        let start = Instant::now();
        let nanos = u64::try_from(budget.as_nanos()).unwrap_or(u64::MAX);
        Self::until_deadline(nanos, move || {
            u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
        })
    }

    /// Cancelled once `budget` work units are used.
    pub fn with_work_budget(budget: u64) -> Self {
        SearchControl {
            work_budget: Some(budget),
            ..Self::unbounded()
        }
    }

    /// This control with a work budget added.
    pub fn and_work_budget(mut self, budget: u64) -> Self {
        self.work_budget = Some(budget);
        self
    }

    /// This control counting `unit` (the default is [`WorkUnit::EvaluatorCalls`]).
    pub fn counting(mut self, unit: WorkUnit) -> Self {
        self.unit = unit;
        self
    }

    /// The unit this control counts.
    pub fn unit(&self) -> WorkUnit {
        self.unit
    }

    /// Records `units` of work (saturating), whatever the unit.
    pub fn add_work(&self, units: u64) {
        self.work_used
            .set(self.work_used.get().saturating_add(units));
    }

    /// Records `calls` evaluator calls: work when this control counts [`WorkUnit::EvaluatorCalls`].
    #[inline]
    pub fn add_evaluator_calls(&self, calls: u64) {
        if self.unit == WorkUnit::EvaluatorCalls {
            self.add_work(calls);
        }
    }

    /// Records `nodes` search nodes: work when this control counts [`WorkUnit::Nodes`].
    #[inline]
    pub fn add_nodes(&self, nodes: u64) {
        if self.unit == WorkUnit::Nodes {
            self.add_work(nodes);
        }
    }

    /// Work units recorded so far.
    pub fn work_used(&self) -> u64 {
        self.work_used.get()
    }

    /// Whether the budget is spent or the deadline reached.
    pub fn is_cancelled(&self) -> bool {
        if self.work_budget.is_some_and(|b| self.work_used.get() >= b) {
            return true;
        }
        self.deadline
            .as_ref()
            .is_some_and(|d| (d.clock)() >= d.nanos)
    }
}

impl std::fmt::Debug for SearchControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchControl")
            .field("deadline_nanos", &self.deadline.as_ref().map(|d| d.nanos))
            .field("work_budget", &self.work_budget)
            .field("unit", &self.unit)
            .field("work_used", &self.work_used.get())
            .finish()
    }
}
