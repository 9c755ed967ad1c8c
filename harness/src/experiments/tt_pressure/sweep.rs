//! Every arm searches the fixed game's positions in order, its table kept across moves.

use super::game::{FixedGame, search_config};
use super::{Config, TableArm};
use crate::parallel::parallel_map;
use crate::progress::Progress;
use engine::eval::evaluate_material;
use engine::memo::EvaluationCache;
use engine::search::{SearchControl, SearchCounters, TableSizeError, search};
use std::time::{Duration, Instant};

/// What one arm did over the whole game.
#[derive(Clone, Debug)]
pub struct ArmResult {
    /// The table.
    pub arm: TableArm,
    /// Entries the table can hold (`None`: unbounded).
    pub capacity: Option<usize>,
    /// Entries held at the end of the game.
    pub occupied: usize,
    /// Counters summed over every move.
    pub counters: SearchCounters,
    /// Wall time of the searches alone (the table's allocation excluded); in a [`sweep_on`], beside another arm on
    /// the other core.
    pub elapsed: Duration,
    /// Moves whose root value and path equal the unbounded table's.
    pub decisions_equal: usize,
    /// Moves whose root value equals the unbounded table's (anything less is a wrong search).
    pub values_equal: usize,
    pub moves: usize,
}

impl ArmResult {}

/// Searches every position of `game` with a fresh table of `arm`, a generation per move; a fresh evaluation
/// cache per move, so evaluator calls count each search's own leaves.
pub fn run_arm(
    arm: TableArm,
    game: &FixedGame,
    config: &Config,
) -> Result<ArmResult, TableSizeError> {
    let table = arm.build()?;
    let search_with = search_config(&table);
    let mut counters = SearchCounters::default();
    let mut decisions_equal = 0;
    let mut values_equal = 0;
    let start = Instant::now();
    for (position, reference) in game.positions.iter().zip(&game.reference) {
        table.new_search();
        let memo = EvaluationCache::new(evaluate_material);
        let report = match search(
            position,
            config.depth,
            &search_with,
            &memo,
            &SearchControl::unbounded(),
        ) {
            Ok(r) => r,
            Err(never) => match never {},
        };
        counters += report.counters;
        let result = report
            .outcome
            .value()
            .expect("an unbounded search completes");
        let same_value = result.value == reference.value;
        values_equal += usize::from(same_value);
        decisions_equal += usize::from(same_value && result.best == reference.best);
    }
    let elapsed = start.elapsed();
    Ok(ArmResult {
        arm,
        capacity: (arm != TableArm::Unbounded).then(|| table.capacity()),
        occupied: table.occupied(),
        counters,
        elapsed,
        decisions_equal,
        values_equal,
        moves: game.positions.len(),
    })
}

/// Every arm of `config`, on every core at once: an arm's counts, entries and decisions depend on nothing but the
/// game and its own table, so they equal a one-at-a-time sweep's, in arm order. `tick` runs once per arm, in arm
/// order, after all have finished. Each arm's `elapsed` is then its searches' wall time beside another arm on the
/// other core: a rough cost, which no verdict reads. `threads` workers; `progress` ticks as each arm finishes.
pub(crate) fn sweep_on(
    config: &Config,
    game: &FixedGame,
    threads: usize,
    progress: &Progress,
    mut tick: impl FnMut(&ArmResult),
) -> Result<Vec<ArmResult>, TableSizeError> {
    // The dearest arms (the smallest tables search the most nodes) start first, so that the last arm to finish is a
    // cheap one and both cores stay busy to the end; the results go back to arm order.
    let arms = config.arms();
    let mut order: Vec<usize> = (0..arms.len()).collect();
    order.sort_by_key(|&i| arms[i].size().unwrap_or(usize::MAX));
    let one = |&i: &usize| run_arm(arms[i], game, config);
    // The closure never fails (an arm's error comes back inside), so an error is the worker pool's own: then the
    // arms run on this thread.
    let ran = parallel_map(&order, threads, progress, |i| Ok(one(i)))
        .unwrap_or_else(|_| order.iter().map(one).collect());
    let mut out: Vec<Option<ArmResult>> = vec![None; arms.len()];
    for (&i, r) in order.iter().zip(ran) {
        out[i] = Some(r?);
    }
    let out: Vec<ArmResult> = out.into_iter().map(|r| r.expect("every arm ran")).collect();
    for r in &out {
        tick(r);
    }
    Ok(out)
}
