//! The chance search as a player: a depth plan, a per-move budget, one memo and optional table kept across the
//! game's turns.

use std::time::{Duration, Instant};

use crate::game::{Player, TurnChoice};
use crate::memo::EvaluationMemo;
use crate::search::{
    SearchConfig, SearchControl, SearchDepth, SearchOutcome, WorkUnit, search, search_iteratively,
};
use crate::state::GameState;

/// Which depths a [`SearchPlayer`] searches each turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DepthPlan {
    /// One search at this depth. When the budget cuts it, the move comes from an unbudgeted depth-1 search
    /// (cheap: one evaluation per distinct root successor), so a cut never leaves the mover without a move.
    Fixed(SearchDepth),
    /// Iterative deepening up to this depth under the budget, playing the deepest completed iteration (an
    /// unbudgeted depth-1 search only when even depth 1 was cut).
    Iterative(SearchDepth),
}

/// How much each move may spend.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveBudget {
    /// No limit.
    Unbounded,
    /// `units` of `unit` per move: deterministic, so two runs play the same game.
    Work {
        /// Nodes or evaluator calls.
        unit: WorkUnit,
        /// Units per move.
        units: u64,
    },
    /// Wall time per move: each move may use `per_move` plus the mover's bank; the bank gains `increment`
    /// before each of the mover's moves and loses whatever a move used beyond `per_move` (never below zero), so
    /// unused increments carry over. Not deterministic.
    Time {
        /// The fixed allotment of every move.
        per_move: Duration,
        /// Added to the bank before every move.
        increment: Duration,
    },
}

impl MoveBudget {
    /// The unit work is reported in: the budget's own, or evaluator calls for the time-based ones.
    pub const fn unit(self) -> WorkUnit {
        match self {
            MoveBudget::Work { unit, .. } => unit,
            MoveBudget::Unbounded | MoveBudget::Time { .. } => WorkUnit::EvaluatorCalls,
        }
    }
}

/// The search playing one side of one game: `memo` and `config`'s table persist across its turns (the table gets
/// a new generation each turn), so a game's choices depend on its own history only.
pub struct SearchPlayer<'a, M: ?Sized> {
    memo: &'a M,
    config: SearchConfig<'a>,
    plan: DepthPlan,
    budget: MoveBudget,
    bank: Duration,
}

impl<'a, M: EvaluationMemo + ?Sized> SearchPlayer<'a, M> {
    /// A player searching through `memo` with `config` by `plan` under `budget`, with an empty time bank.
    pub fn new(memo: &'a M, config: SearchConfig<'a>, plan: DepthPlan, budget: MoveBudget) -> Self {
        SearchPlayer {
            memo,
            config,
            plan,
            budget,
            bank: Duration::ZERO,
        }
    }

    fn control(&mut self) -> SearchControl {
        match self.budget {
            MoveBudget::Unbounded => SearchControl::unbounded(),
            MoveBudget::Work { unit, units } => {
                SearchControl::with_work_budget(units).counting(unit)
            }
            MoveBudget::Time {
                per_move,
                increment,
            } => {
                self.bank += increment;
                SearchControl::after(per_move + self.bank)
            }
        }
    }
}

impl<M: EvaluationMemo + ?Sized> Player for SearchPlayer<'_, M> {
    type Error = M::Error;

    /// Searches `position` by the plan under a fresh control from the budget.
    ///
    /// ```
    /// use engine::eval::MATERIAL_BOUNDS;
    /// use engine::game::{DepthPlan, MoveBudget, Player, SearchPlayer};
    /// use engine::memo::EvaluationCache;
    /// use engine::search::{Pruning, SearchConfig, SearchDepth, WorkUnit};
    /// use engine::{GameState, evaluate_material};
    /// let root = GameState::from_dfen("k7/8/8/8/8/8/8/r2QK3 w - - 0 1 QPP").unwrap();
    /// let memo = EvaluationCache::new(evaluate_material);
    /// let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
    /// let budget = MoveBudget::Work { unit: WorkUnit::Nodes, units: 5 };
    /// let mut player = SearchPlayer::new(&memo, config, DepthPlan::Fixed(SearchDepth::Two), budget);
    /// let choice = player.choose(&root).unwrap();
    /// assert!(choice.cut); // five nodes cannot finish depth 2: the depth-1 fallback chose
    /// assert_eq!(choice.result.depth, SearchDepth::One);
    /// assert_eq!(choice.result.best[0].to_string(), "d1a1");
    /// ```
    fn choose(&mut self, position: &GameState) -> Result<TurnChoice, M::Error> {
        if let Some(table) = self.config.table {
            table.new_search();
        }
        let control = self.control();
        let started = Instant::now();
        let (completed, mut counters, cut) = match self.plan {
            DepthPlan::Fixed(depth) => {
                let report = search(position, depth, &self.config, self.memo, &control)?;
                match report.outcome {
                    SearchOutcome::Exact { value, .. } => (Some(value), report.counters, false),
                    SearchOutcome::Incomplete { .. } => (None, report.counters, true),
                }
            }
            DepthPlan::Iterative(depth) => {
                let d = search_iteratively(position, depth, &self.config, self.memo, &control)?;
                let cut = !d.is_complete();
                (d.completed, d.counters, cut)
            }
        };
        let mut work = control.work_used();
        let result = match completed {
            Some(result) => result,
            None => {
                let fallback = SearchControl::unbounded().counting(self.budget.unit());
                let report = search(
                    position,
                    SearchDepth::One,
                    &self.config,
                    self.memo,
                    &fallback,
                )?;
                counters += report.counters;
                work += fallback.work_used();
                match report.outcome {
                    SearchOutcome::Exact { value, .. } => value,
                    SearchOutcome::Incomplete { .. } => {
                        unreachable!("an unbounded search always completes")
                    }
                }
            }
        };
        if let MoveBudget::Time { per_move, .. } = self.budget {
            let over = started.elapsed().saturating_sub(per_move);
            self.bank = self.bank.saturating_sub(over);
        }
        Ok(TurnChoice {
            result,
            counters,
            work,
            cut,
        })
    }
}
