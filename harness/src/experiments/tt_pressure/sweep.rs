//! Every arm searches the fixed game's positions in order, its table kept across moves.

use super::game::{FixedGame, search_config};
use super::{Config, TableArm};
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
    /// Wall time of the searches alone (the table's allocation excluded), the arm running by itself.
    pub elapsed: Duration,
    /// Moves whose root value and path equal the unbounded table's.
    pub decisions_equal: usize,
    /// Moves whose root value equals the unbounded table's (anything less is a wrong search).
    pub values_equal: usize,
    /// Moves searched.
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

/// Every arm of `config`, one after another (each timed alone); `tick` after each.
pub fn sweep(
    config: &Config,
    game: &FixedGame,
    mut tick: impl FnMut(&ArmResult),
) -> Result<Vec<ArmResult>, TableSizeError> {
    let mut out = Vec::new();
    for arm in config.arms() {
        let r = run_arm(arm, game, config)?;
        tick(&r);
        out.push(r);
    }
    Ok(out)
}
