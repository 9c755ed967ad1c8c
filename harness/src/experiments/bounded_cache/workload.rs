//! The two workloads a bounded evaluation cache is measured in: the nested chance expansion of every outer
//! successor (as the main job's timing arms run it) and the search of every root (as the search stage runs it,
//! Star2 with the transposition table on), one fresh cache per successor or root.

use crate::evaluators::EvaluatorKind;
use crate::operation::search::TABLE_ENTRIES;
use crate::scenario::LoadedScenario;
use anyhow::Result;
use engine::chance::{ChanceDepth, Traversal, expand_chance};
use engine::memo::EvaluationMemo;
use engine::search::{
    Pruning, RootValue, SearchConfig, SearchControl, SearchDepth, TranspositionTable, search,
};
use engine::{Color, GameState};
use std::convert::Infallible;

/// The evaluator of both workloads (the frozen values and the search stage use it too).
pub(crate) const EVALUATOR: EvaluatorKind = EvaluatorKind::Material;
/// The search workload's pruning: the search stage's strongest arm, where the cache sees the fewest repeats.
pub(crate) const SEARCH_PRUNING: Pruning = Pruning::Star2;

pub(crate) use crate::arm::Workload;

/// How deep each invocation goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Depth {
    /// Chance layers below an outer successor.
    Expansion(ChanceDepth),
    /// Full turns below a root.
    Search(SearchDepth),
}

impl Depth {
    /// Chance layers (expansion) or full turns (search), as `bounded_cache.csv` records it.
    pub(crate) fn number(self) -> u8 {
        match self {
            Depth::Expansion(d) => d.layers(),
            Depth::Search(d) => d.turns(),
        }
    }
}

/// One family's invocations of one workload: each state gets its own fresh cache.
#[derive(Clone, Debug)]
pub(crate) struct Invocations {
    pub family: String,
    pub workload: Workload,
    /// Depth of every invocation.
    pub depth: Depth,
    /// The outer successors (expansion) or roots (search), in file order.
    pub states: Vec<GameState>,
}

impl Invocations {
    /// The invocations of `workload` on a family: the successors or roots of its first `first` roots (all when
    /// `None`; the main job's short slice takes the first root's).
    pub(crate) fn of(
        s: &LoadedScenario,
        workload: Workload,
        first: Option<usize>,
    ) -> Result<Invocations> {
        let roots = first.unwrap_or(usize::MAX).min(s.file.roots.len());
        let (depth, states) = match workload {
            Workload::Expansion => (
                Depth::Expansion(s.depth),
                s.successors
                    .iter()
                    .filter(|x| x.root < roots)
                    .map(|x| x.state)
                    .collect(),
            ),
            Workload::Search => {
                let (depth, roots) = crate::experiments::search::sampler::family_roots(s, first)?;
                (Depth::Search(depth), roots)
            }
        };
        Ok(Invocations {
            family: s.family.name().to_string(),
            workload,
            depth,
            states,
        })
    }

    /// Its `k`th invocation alone: one sample of the timing kernel.
    pub(crate) fn only(&self, k: usize) -> Invocations {
        Invocations {
            family: self.family.clone(),
            states: vec![self.states[k]],
            ..*self
        }
    }
}

/// What a memo reports beyond the contract's counters, so both kinds of cache fill the same row.
pub(crate) trait Footprint: EvaluationMemo<Error = Infallible> {
    /// Entries a new result replaced (0 for a cache that never evicts).
    fn evictions(&self) -> u64;
    /// Heap bytes of this cache now (exact, or a lower bound where the layout is not observable).
    fn heap_bytes(&self) -> u64;
}

/// Counters of one pass over a family's invocations, summed (peaks and bytes are maxima over the invocations).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct PassCounts {
    pub evaluator_calls: u64,
    /// Lookups answered from the cache.
    pub cache_hits: u64,
    /// Entries replaced.
    pub evictions: u64,
    /// The most entries one invocation's cache retained at its end.
    pub peak_entries: u64,
    /// The largest heap footprint of one invocation's cache.
    pub cache_bytes: u64,
}

/// Runs every invocation with a fresh memo from `make`; `values` collects each one's value when given.
pub(crate) fn pass<M: Footprint>(
    inv: &Invocations,
    make: impl Fn() -> M,
    table: &TranspositionTable,
    mut values: Option<&mut Vec<RootValue>>,
) -> PassCounts {
    let eval = EVALUATOR;
    let config = SearchConfig::new(SEARCH_PRUNING, eval.bounds()).with_table(table);
    let mut total = PassCounts::default();
    for s in &inv.states {
        let memo = make();
        let value = match inv.depth {
            Depth::Expansion(d) => {
                let Ok(v) = expand_chance(s, d, &memo, Traversal::Cached);
                RootValue::Numerator(v.numerator)
            }
            Depth::Search(d) => {
                table.clear();
                let Ok(report) = search(s, d, &config, &memo, &SearchControl::unbounded());
                report
                    .outcome
                    .value()
                    .map_or(RootValue::Numerator(i64::MIN), |r| r.value)
            }
        };
        if let Some(out) = values.as_deref_mut() {
            out.push(value);
        } else {
            std::hint::black_box(value);
        }
        let c = memo.counters();
        total.evaluator_calls += c.evaluator_calls;
        total.cache_hits += c.cache_hits;
        total.evictions += memo.evictions();
        total.peak_entries = total.peak_entries.max(c.entry_count as u64);
        total.cache_bytes = total.cache_bytes.max(memo.heap_bytes());
    }
    total
}

/// The transposition table the search workload uses (the search stage's size, cleared per root).
pub(crate) fn search_table() -> TranspositionTable {
    TranspositionTable::new(TABLE_ENTRIES).expect("a power of two")
}

/// The evaluator callback both workloads bind.
pub(crate) type EvalFn = fn(&GameState, Color) -> i32;
