//! One search of a root at a fixed depth.

use crate::memo::EvaluationMemo;
use crate::mv::Move;
use crate::search::searcher::Searcher;
use crate::search::stop::Stop;
use crate::search::value_range::ValueRanges;
use crate::search::{
    RootResult, SearchConfig, SearchControl, SearchCounters, SearchDepth, SearchOutcome,
};
use crate::state::GameState;

/// What a search returned: its outcome and what it did.
#[derive(Clone, PartialEq, Debug)]
pub struct SearchReport {
    /// `Exact` with the root result, or `Incomplete` when the control cancelled it.
    pub outcome: SearchOutcome<RootResult>,
    /// Work counters.
    pub counters: SearchCounters,
}

/// Searches `root` (the side to move has rolled) to `depth` through `memo`, under `control`.
///
/// The value equals the maximum over the root's paths of the nested chance expansion
/// ([`crate::chance::expand_chance`]) at `depth − 1` layers (depth 1: the best `score_path`), for every pruning
/// and with or without a table; the returned path's own value is the root value. `control` is checked before
/// every table probe and every memo access; its work is counted in the control's unit. A memo failure ends the
/// search with that error.
///
/// ```
/// use engine::eval::MATERIAL_BOUNDS;
/// use engine::memo::EvaluationCache;
/// use engine::search::{Pruning, RootValue, SearchConfig, SearchControl, SearchDepth, search};
/// use engine::{GameState, evaluate_material};
/// // White can take the rook with the queen (die Q) or leave it.
/// let root = GameState::from_dfen("k7/8/8/8/8/8/8/r2QK3 w - - 0 1 QPP").unwrap();
/// let memo = EvaluationCache::new(evaluate_material);
/// let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
/// let report = search(&root, SearchDepth::One, &config, &memo, &SearchControl::unbounded()).unwrap();
/// let result = report.outcome.value().unwrap();
/// assert_eq!(result.value, RootValue::Numerator(900));
/// assert_eq!(result.best[0].to_string(), "d1a1");
/// ```
pub fn search<M: EvaluationMemo + ?Sized>(
    root: &GameState,
    depth: SearchDepth,
    config: &SearchConfig<'_>,
    memo: &M,
    control: &SearchControl,
) -> Result<SearchReport, M::Error> {
    search_ordered(root, depth, config, memo, control, None)
}

/// [`search`] trying the root path `first` before the others (iterative deepening passes the previous
/// iteration's choice).
pub(crate) fn search_ordered<M: EvaluationMemo + ?Sized>(
    root: &GameState,
    depth: SearchDepth,
    config: &SearchConfig<'_>,
    memo: &M,
    control: &SearchControl,
    first: Option<&[Move]>,
) -> Result<SearchReport, M::Error> {
    let before = memo.counters();
    let mut searcher = Searcher::new(
        memo,
        control,
        config.table,
        config.pruning,
        ValueRanges::new(config.bounds).with_turn_bounds(config.turn_bounds),
        root.side_to_move(),
    );
    let result = searcher.search_root(root, depth, first);
    let after = memo.counters();
    let mut counters = searcher.counters;
    counters.leaves = searcher.memo.leaves;
    counters.evaluator_calls = after.evaluator_calls - before.evaluator_calls;
    counters.cache_hits = after.cache_hits - before.cache_hits;
    let work = control.work_used();
    let outcome = match result {
        Ok(value) => SearchOutcome::Exact { value, work },
        Err(Stop::Cancelled) => SearchOutcome::Incomplete { work },
        Err(Stop::Failed(e)) => return Err(e),
    };
    Ok(SearchReport { outcome, counters })
}
