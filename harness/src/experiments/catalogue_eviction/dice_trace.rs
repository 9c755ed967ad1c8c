//! Dice-chess evaluation-lookup traces: every evaluation lookup that a scenario family's game search makes, as a
//! libCacheSim CSV (`time,obj_id,family,source,root,successor,depth`), so the eviction rules can be replayed over
//! game-search lookups as well as over the catalogue's. Four sources per family ([`TraceSource`]): the nested chance
//! expansion of its outer successors with the traversal cache off and on, and the Star2 chance search of its roots
//! with and without a transposition table.
//!
//! Object ids are dense per distinct `(GameState, perspective)` key in first-seen order, the same convention as
//! the catalogue stream, so `obj_id < N` are the first N keys of the trace.

use crate::evaluators::EvaluatorKind;
use crate::operation::search::TABLE_ENTRIES;
use crate::scenario::{Family, LoadedScenario, load_dir};
use anyhow::{Context, Result};
use engine::chance::{Traversal, expand_chance};
use engine::memo::{EvaluationMemo, MemoCounters, Uncached};
use engine::search::{
    Pruning, SearchConfig, SearchControl, SearchDepth, TranspositionTable, search,
};
use engine::{Color, GameState, evaluate_material};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where in the scenario family a lookup happened, written as the context columns of the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LookupContext {
    /// Index of the root in the scenario file.
    pub root: usize,
    /// Index of the outer successor within its root; `None` in a search trace, which starts at the root.
    pub successor: Option<usize>,
}

/// Which of a family's lookup streams a trace records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TraceSource {
    /// The nested chance expansion of every outer successor, traversal cache off or on.
    Expansion(Traversal),
    /// The Star2 chance search of every root (one turn deeper than the family's expansion, as the main job's
    /// search stage searches it), with or without a transposition table of [`TABLE_ENTRIES`] entries cleared per
    /// root.
    Search {
        /// Whether the transposition table is on.
        table: bool,
    },
}

impl TraceSource {
    /// Every source, expansion first.
    pub(crate) const ALL: [TraceSource; 4] = [
        TraceSource::Expansion(Traversal::Plain),
        TraceSource::Expansion(Traversal::Cached),
        TraceSource::Search { table: true },
        TraceSource::Search { table: false },
    ];

    /// The name in file names and the CSV's `source` column.
    pub(crate) fn name(self) -> &'static str {
        match self {
            TraceSource::Expansion(Traversal::Plain) => "expansion-traversal-off",
            TraceSource::Expansion(Traversal::Cached) => "expansion-traversal-on",
            TraceSource::Search { table: true } => "search-star2-tt",
            TraceSource::Search { table: false } => "search-star2",
        }
    }

    /// A short label for people: `expansion, traversal off`, `search + TT`.
    pub(crate) fn label(self) -> &'static str {
        match self {
            TraceSource::Expansion(Traversal::Plain) => "expansion, traversal off",
            TraceSource::Expansion(Traversal::Cached) => "expansion, traversal on",
            TraceSource::Search { table: true } => "search + TT",
            TraceSource::Search { table: false } => "search, no TT",
        }
    }
}

/// An [`EvaluationMemo`] that passes every lookup to `inner` and records its key's dense id and context.
pub(crate) struct RecordingMemo<M> {
    inner: M,
    // A fixed fast hasher (recording hashes a 136-byte state per lookup): ids are handed out in first-seen order,
    // so the hasher changes no id, only the time.
    ids: RefCell<HashMap<(GameState, Color), u32, foldhash::fast::FixedState>>,
    lookups: RefCell<Vec<(u32, LookupContext)>>,
    context: Cell<LookupContext>,
}

impl<M: EvaluationMemo> RecordingMemo<M> {
    /// Records the lookups made through `inner`.
    pub(crate) fn new(inner: M) -> Self {
        RecordingMemo {
            inner,
            ids: RefCell::new(HashMap::with_hasher(foldhash::fast::FixedState::default())),
            lookups: RefCell::new(Vec::new()),
            context: Cell::new(LookupContext {
                root: 0,
                successor: None,
            }),
        }
    }

    /// Sets the context written beside the following lookups.
    pub(crate) fn set_context(&self, context: LookupContext) {
        self.context.set(context);
    }

    /// Distinct keys seen so far.
    pub(crate) fn distinct(&self) -> usize {
        self.ids.borrow().len()
    }

    /// The recorded lookups (dense ids in order) and their contexts.
    pub(crate) fn into_lookups(self) -> (Vec<u32>, Vec<LookupContext>) {
        self.lookups.into_inner().into_iter().unzip()
    }
}

impl<M: EvaluationMemo> EvaluationMemo for RecordingMemo<M> {
    type Error = M::Error;

    fn try_apply(&self, state: &GameState, perspective: Color) -> Result<i32, M::Error> {
        // The id is taken before the inner lookup so a callback that re-enters the memo records its own lookups
        // after this one, in the order the lookups were asked.
        let id = {
            let mut ids = self.ids.borrow_mut();
            let next = ids.len() as u32;
            *ids.entry((*state, perspective)).or_insert(next)
        };
        self.lookups.borrow_mut().push((id, self.context.get()));
        self.inner.try_apply(state, perspective)
    }

    fn counters(&self) -> MemoCounters {
        self.inner.counters()
    }
}

/// A borrowed memo as a memo, so a recorder can wrap a memo it does not own (such as a boxed `dyn` one).
pub(crate) struct MemoRef<'a, M: ?Sized>(pub &'a M);

impl<M: EvaluationMemo + ?Sized> EvaluationMemo for MemoRef<'_, M> {
    type Error = M::Error;

    fn try_apply(&self, state: &GameState, perspective: Color) -> Result<i32, M::Error> {
        self.0.try_apply(state, perspective)
    }

    fn counters(&self) -> MemoCounters {
        self.0.counters()
    }
}

/// A lookup stream as libCacheSim CSV: `time,obj_id,family,source,root,successor,depth`, time from 1, `successor`
/// empty where the lookups start at a root (read it with `-t "time-col=1,obj-id-col=2,delimiter=,,has-header=true"`).
pub(crate) fn trace_csv(
    family: &str,
    source: &str,
    depth: u8,
    keys: &[u32],
    contexts: &[LookupContext],
) -> String {
    let mut text = String::with_capacity(keys.len() * 48 + 56);
    text.push_str("time,obj_id,family,source,root,successor,depth\n");
    for (t, (k, c)) in keys.iter().zip(contexts).enumerate() {
        let successor = c.successor.map_or(String::new(), |s| s.to_string());
        let _ = writeln!(
            text,
            "{},{k},{family},{source},{},{successor},{depth}",
            t + 1,
            c.root
        );
    }
    text
}

/// One family's recorded lookup stream.
#[derive(Clone, Debug)]
pub(crate) struct DiceTrace {
    pub family: Family,
    /// Which of its streams.
    pub source: TraceSource,
    /// Chance layers of every expansion (1 or 2), or full turns of every search (2 or 3).
    pub depth: u8,
    /// Dense id of every lookup, in order.
    pub keys: Vec<u32>,
    /// Where each lookup happened.
    pub contexts: Vec<LookupContext>,
    /// Distinct `(state, perspective)` keys.
    pub universe: usize,
}

/// The search depth of a family's search trace: one turn deeper than its expansion, the depth the main job's
/// search stage uses, so the nested expansion is that search's oracle.
fn search_depth(scenario: &LoadedScenario) -> SearchDepth {
    match scenario.depth.layers() {
        1 => SearchDepth::Two,
        _ => SearchDepth::Three,
    }
}

/// Records the material evaluator's lookups of `source` over `scenario`: every outer successor expanded in file
/// order, or every root searched in file order.
pub(crate) fn record_family(scenario: &LoadedScenario, source: TraceSource) -> Result<DiceTrace> {
    let memo = RecordingMemo::new(Uncached::new(evaluate_material));
    let depth = match source {
        TraceSource::Expansion(traversal) => {
            for s in &scenario.successors {
                memo.set_context(LookupContext {
                    root: s.root,
                    successor: Some(s.index),
                });
                let Ok(_) = expand_chance(&s.state, scenario.depth, &memo, traversal);
            }
            scenario.depth.layers()
        }
        TraceSource::Search { table } => {
            let depth = search_depth(scenario);
            let tt = TranspositionTable::new(TABLE_ENTRIES)?;
            let mut config = SearchConfig::new(Pruning::Star2, EvaluatorKind::Material.bounds());
            if table {
                config = config.with_table(&tt);
            }
            // The search stage's arms use the evaluator's turn bounds, so its lookups do too.
            if let Some(turn) = EvaluatorKind::Material.turn_bounds() {
                config = config.with_turn_bounds(turn);
            }
            for (i, root) in scenario.file.roots.iter().enumerate() {
                let state = GameState::from_dfen(&root.dfen).with_context(|| {
                    format!(
                        "{}: root {}: field `dfen`",
                        scenario.path.display(),
                        root.name
                    )
                })?;
                tt.clear();
                memo.set_context(LookupContext {
                    root: i,
                    successor: None,
                });
                let Ok(_) = search(&state, depth, &config, &memo, &SearchControl::unbounded());
            }
            depth.turns()
        }
    };
    let universe = memo.distinct();
    let (keys, contexts) = memo.into_lookups();
    Ok(DiceTrace {
        family: scenario.family,
        source,
        depth,
        keys,
        contexts,
        universe,
    })
}

impl DiceTrace {
    /// The trace as libCacheSim CSV ([`trace_csv`]; `successor` empty in a search trace).
    pub(crate) fn csv(&self) -> String {
        trace_csv(
            self.family.name(),
            self.source.name(),
            self.depth,
            &self.keys,
            &self.contexts,
        )
    }

    /// The file name under an output folder: `dice-<family>-<source>.csv`.
    pub(crate) fn file_name(&self) -> String {
        format!("dice-{}-{}.csv", self.family, self.source.name())
    }
}

/// Records every source's trace of every family of `scenarios_dir` (material evaluator) and writes each atomically
/// into `out_dir`; returns the files written, families in `families` order (empty: every family file of `scenarios_dir`), sources in [`TraceSource::ALL`] order.
pub(crate) fn export_dice_traces(
    scenarios_dir: &Path,
    families: &[Family],
    out_dir: &Path,
) -> Result<Vec<PathBuf>> {
    let scenarios = load_dir(scenarios_dir, families)?;
    std::fs::create_dir_all(out_dir)
        .with_context(|| format!("cannot create {}", out_dir.display()))?;
    let mut written = Vec::new();
    for s in &scenarios {
        for source in TraceSource::ALL {
            let trace = record_family(s, source)?;
            let path = out_dir.join(trace.file_name());
            crate::record::write_atomic(&path, trace.csv().as_bytes())?;
            written.push(path);
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::catalogue_eviction::trace::Trace;
    use engine::memo::EvaluationCache;

    fn sparse() -> LoadedScenario {
        let dir = crate::test_support::shipped_scenarios();
        crate::scenario::load_family(&dir, Family::Sparse).expect("the sparse scenarios load")
    }

    #[test]
    fn expansion_lookups_equal_the_counted_lookups_of_a_cache_on_the_same_expansion() {
        let scenario = sparse();
        for traversal in [Traversal::Plain, Traversal::Cached] {
            let trace = record_family(&scenario, TraceSource::Expansion(traversal)).unwrap();
            let cache = EvaluationCache::new(evaluate_material);
            for s in &scenario.successors {
                let Ok(_) = expand_chance(&s.state, scenario.depth, &cache, traversal);
            }
            let c = cache.counters();
            assert!(!trace.keys.is_empty());
            assert_eq!(trace.keys.len() as u64, c.evaluator_calls + c.cache_hits);
            assert_eq!(trace.universe, c.entry_count);
        }
    }

    #[test]
    fn the_traversal_cache_shortens_the_expansion_trace_but_keeps_its_keys() {
        let scenario = sparse();
        let off = record_family(&scenario, TraceSource::Expansion(Traversal::Plain)).unwrap();
        let on = record_family(&scenario, TraceSource::Expansion(Traversal::Cached)).unwrap();
        assert!(
            on.keys.len() < off.keys.len(),
            "{} vs {}",
            on.keys.len(),
            off.keys.len()
        );
        assert_eq!(on.universe, off.universe);
    }

    #[test]
    fn search_lookups_equal_the_leaves_the_search_stage_counts() {
        // The same roots, depth and arms as the search stage: its leaf count is the lookups an evaluation cache
        // would be asked, so the trace must have exactly that many.
        let scenario = sparse();
        let roots: Vec<GameState> = scenario
            .file
            .roots
            .iter()
            .map(|r| GameState::from_dfen(&r.dfen).unwrap())
            .collect();
        let table = TranspositionTable::new(TABLE_ENTRIES).unwrap();
        for with_table in [true, false] {
            let trace =
                record_family(&scenario, TraceSource::Search { table: with_table }).unwrap();
            let arm = crate::operation::search::SearchArm {
                pruning: Pruning::Star2,
                table: with_table,
                cache: engine::memo::CacheKind::None,
            };
            let (_, counters) = crate::operation::search::search_roots(
                &roots,
                search_depth(&scenario),
                arm,
                EvaluatorKind::Material,
                &table,
            );
            assert_eq!(trace.keys.len() as u64, counters.leaves);
            assert_eq!(trace.depth, search_depth(&scenario).turns());
            assert!(trace.contexts.iter().all(|c| c.successor.is_none()));
        }
        let with = record_family(&scenario, TraceSource::Search { table: true }).unwrap();
        let without = record_family(&scenario, TraceSource::Search { table: false }).unwrap();
        assert!(with.keys.len() < without.keys.len());
    }

    #[test]
    fn ids_are_dense_and_in_first_seen_order_and_the_csv_reads_back_as_the_same_trace() {
        let dir = tempfile::tempdir().unwrap();
        for source in TraceSource::ALL {
            let trace = record_family(&sparse(), source).unwrap();
            let mut next = 0u32;
            for &k in &trace.keys {
                assert!(k <= next, "{source:?}: id {k} appears before id {next}");
                if k == next {
                    next += 1;
                }
            }
            assert_eq!(next as usize, trace.universe);
            assert!(trace.universe < trace.keys.len(), "the trace repeats keys");
            let path = dir.path().join(trace.file_name());
            std::fs::write(&path, trace.csv()).unwrap();
            let back = Trace::read(&path).unwrap();
            assert_eq!((back.keys, back.universe), (trace.keys, trace.universe));
        }
    }

    #[test]
    fn recording_does_not_change_values() {
        let scenario = sparse();
        let s = &scenario.successors[0];
        let memo = RecordingMemo::new(Uncached::new(evaluate_material));
        let Ok(v) = expand_chance(&s.state, scenario.depth, &memo, Traversal::Plain);
        assert_eq!(Some(&v.numerator), s.expected.get(&EvaluatorKind::Material));
    }

    #[test]
    fn name_examples() {
        let names: Vec<&str> = TraceSource::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(
            names,
            [
                "expansion-traversal-off",
                "expansion-traversal-on",
                "search-star2-tt",
                "search-star2"
            ]
        );
    }

    #[test]
    fn recording_memo_examples() {
        use engine::chance::ChanceDepth;
        let s = engine::GameState::from_dfen("k7/8/8/8/4P1p1/8/8/7K b - - 0 1").unwrap();
        let memo = RecordingMemo::new(Uncached::new(engine::evaluate_material));
        let _ = expand_chance(&s, ChanceDepth::One, &memo, Traversal::Plain);
        let calls = memo.counters().evaluator_calls;
        let (ids, _) = memo.into_lookups();
        assert_eq!(ids.len() as u64, calls);
    }

    #[test]
    fn trace_csv_examples() {
        let c = LookupContext {
            root: 0,
            successor: None,
        };
        let text = trace_csv("-", "search-star2", 2, &[0, 1, 0], &[c, c, c]);
        assert_eq!(text.lines().nth(3), Some("3,0,-,search-star2,0,,2"));
    }
}
