//! Iterative deepening: depth 1, 2, ... up to a target, keeping the deepest completed iteration.

use crate::memo::EvaluationMemo;
use crate::search::fixed_depth::search_ordered;
use crate::search::{
    RootResult, RootValue, SearchConfig, SearchControl, SearchCounters, SearchDepth, SearchOutcome,
};
use crate::state::GameState;

/// The result of iterative deepening.
#[derive(Clone, PartialEq, Debug)]
pub struct Deepening {
    /// The deepest completed iteration's result (none if even depth 1 was interrupted).
    pub completed: Option<RootResult>,
    /// The last iteration attempted: `Exact` when the target depth completed, else `Incomplete` for the
    /// interrupted one (whose partial work is discarded, never stored).
    pub last: SearchOutcome<RootResult>,
    /// Counters summed over every iteration, the interrupted one included.
    pub counters: SearchCounters,
}

impl Deepening {
    /// The depth of the deepest completed iteration (0 if none).
    pub fn depth_completed(&self) -> u8 {
        self.completed.as_ref().map_or(0, |r| r.depth.turns())
    }

    /// Whether the target depth was reached.
    pub fn is_complete(&self) -> bool {
        self.last.is_exact()
    }
}

/// Searches `root` at depth 1, 2, ... up to `target` with one `control` (and table) for all iterations, each
/// iteration trying the previous one's choice first. Stops at the first interrupted iteration. A root king
/// capture is a win at every depth, so it completes the target at once.
///
/// ```
/// use engine::eval::MATERIAL_BOUNDS;
/// use engine::memo::EvaluationCache;
/// use engine::search::{Pruning, SearchConfig, SearchControl, SearchDepth, search_iteratively};
/// use engine::{GameState, evaluate_material};
/// let root = GameState::from_dfen("k7/8/8/8/8/8/8/r2QK3 w - - 0 1 QPP").unwrap();
/// let memo = EvaluationCache::new(evaluate_material);
/// let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
/// // Depth 1 needs a handful of evaluator calls, depth 2 thousands.
/// let control = SearchControl::with_work_budget(20);
/// let d = search_iteratively(&root, SearchDepth::Two, &config, &memo, &control).unwrap();
/// assert_eq!(d.depth_completed(), 1);
/// assert!(!d.is_complete());
/// ```
pub fn search_iteratively<M: EvaluationMemo + ?Sized>(
    root: &GameState,
    target: SearchDepth,
    config: &SearchConfig<'_>,
    memo: &M,
    control: &SearchControl,
) -> Result<Deepening, M::Error> {
    let mut completed: Option<RootResult> = None;
    let mut counters = SearchCounters::default();
    for depth in SearchDepth::ALL.into_iter().filter(|&d| d <= target) {
        let first = completed.as_ref().map(|r| r.best.as_slice());
        let report = search_ordered(root, depth, config, memo, control, first)?;
        counters += report.counters;
        match report.outcome {
            SearchOutcome::Exact { value, .. } => {
                let win = value.value == RootValue::Win;
                completed = Some(value);
                if win {
                    // A win this turn is a win at every depth.
                    if let Some(r) = completed.as_mut() {
                        r.depth = target;
                    }
                    break;
                }
            }
            SearchOutcome::Incomplete { work } => {
                return Ok(Deepening {
                    completed,
                    last: SearchOutcome::Incomplete { work },
                    counters,
                });
            }
        }
    }
    let work = control.work_used();
    let last = match completed.clone() {
        Some(value) => SearchOutcome::Exact { value, work },
        None => SearchOutcome::Incomplete { work },
    };
    Ok(Deepening {
        completed,
        last,
        counters,
    })
}
