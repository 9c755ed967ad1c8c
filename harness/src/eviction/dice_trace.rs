//! Dice-chess evaluation-lookup traces: every evaluation lookup that the nested chance expansion makes over a
//! scenario family's outer successors, as a libCacheSim CSV (`time,obj_id,family,root,successor,depth`), so the
//! eviction rules can be replayed over game-search lookups as well as over the catalogue's.
//!
//! Object ids are dense per distinct `(GameState, perspective)` key in first-seen order, the same convention as
//! the catalogue stream, so `obj_id < N` are the first N keys of the trace.

use crate::scenario::{Family, LoadedScenario, load_dir};
use anyhow::{Context, Result};
use engine::chance::{Traversal, expand_chance};
use engine::memo::{EvaluationMemo, MemoCounters};
use engine::{Color, GameState, evaluate_material};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where in the scenario family a lookup happened, written as the context columns of the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LookupContext {
    /// Index of the root in the scenario file.
    pub root: usize,
    /// Index of the outer successor within its root.
    pub successor: usize,
}

/// An [`EvaluationMemo`] that passes every lookup to `inner` and records its key's dense id and context.
///
/// ```
/// use engine::chance::{ChanceDepth, Traversal, expand_chance};
/// use engine::memo::{EvaluationMemo, Uncached};
/// use harness::eviction::dice_trace::RecordingMemo;
/// let s = engine::GameState::from_dfen("k7/8/8/8/4P1p1/8/8/7K b - - 0 1").unwrap();
/// let memo = RecordingMemo::new(Uncached::new(engine::evaluate_material));
/// let _ = expand_chance(&s, ChanceDepth::One, &memo, Traversal::Plain);
/// let calls = memo.counters().evaluator_calls;
/// let (ids, _) = memo.into_lookups();
/// assert_eq!(ids.len() as u64, calls);
/// ```
pub struct RecordingMemo<M> {
    inner: M,
    ids: RefCell<HashMap<(GameState, Color), u32>>,
    lookups: RefCell<Vec<(u32, LookupContext)>>,
    context: Cell<LookupContext>,
}

impl<M: EvaluationMemo> RecordingMemo<M> {
    /// Records the lookups made through `inner`.
    pub fn new(inner: M) -> Self {
        RecordingMemo {
            inner,
            ids: RefCell::new(HashMap::new()),
            lookups: RefCell::new(Vec::new()),
            context: Cell::new(LookupContext {
                root: 0,
                successor: 0,
            }),
        }
    }

    /// Sets the context written beside the following lookups.
    pub fn set_context(&self, context: LookupContext) {
        self.context.set(context);
    }

    /// Distinct keys seen so far.
    pub fn distinct(&self) -> usize {
        self.ids.borrow().len()
    }

    /// The recorded lookups (dense ids in order) and their contexts.
    pub fn into_lookups(self) -> (Vec<u32>, Vec<LookupContext>) {
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

/// One family's recorded lookup stream.
#[derive(Clone, Debug)]
pub struct DiceTrace {
    /// The family expanded.
    pub family: Family,
    /// Chance depth of every expansion (1 or 2 layers).
    pub depth: u8,
    /// Dense id of every lookup, in order.
    pub keys: Vec<u32>,
    /// Where each lookup happened.
    pub contexts: Vec<LookupContext>,
    /// Distinct `(state, perspective)` keys.
    pub universe: usize,
}

/// Records the material evaluator's lookups while expanding every outer successor of `scenario` in file order.
pub fn record_family(scenario: &LoadedScenario, traversal: Traversal) -> DiceTrace {
    let memo = RecordingMemo::new(engine::memo::Uncached::new(evaluate_material));
    for s in &scenario.successors {
        memo.set_context(LookupContext {
            root: s.root,
            successor: s.index,
        });
        let Ok(_) = expand_chance(&s.state, scenario.depth, &memo, traversal);
    }
    let universe = memo.distinct();
    let (keys, contexts) = memo.into_lookups();
    DiceTrace {
        family: scenario.family,
        depth: scenario.depth.layers(),
        keys,
        contexts,
        universe,
    }
}

impl DiceTrace {
    /// The trace as libCacheSim CSV: `time,obj_id,family,root,successor,depth`, time from 1 (read it with
    /// `-t "time-col=1,obj-id-col=2,delimiter=,,has-header=true"`).
    pub fn csv(&self) -> String {
        let mut text = String::with_capacity(self.keys.len() * 32 + 48);
        text.push_str("time,obj_id,family,root,successor,depth\n");
        let family = self.family.name();
        for (t, (k, c)) in self.keys.iter().zip(&self.contexts).enumerate() {
            let _ = writeln!(
                text,
                "{},{k},{family},{},{},{}",
                t + 1,
                c.root,
                c.successor,
                self.depth
            );
        }
        text
    }

    /// The file name under an output folder: `dice-<family>-traversal-<off|on>.csv`.
    pub fn file_name(&self, traversal: Traversal) -> String {
        format!("dice-{}-traversal-{}.csv", self.family, traversal.name())
    }
}

/// Records one trace per family of `scenarios_dir` (material evaluator, the given traversal cache setting) and
/// writes each atomically into `out_dir`; returns the files written, in `families` order.
pub fn export_dice_traces(
    scenarios_dir: &Path,
    families: &[Family],
    traversal: Traversal,
    out_dir: &Path,
) -> Result<Vec<PathBuf>> {
    let scenarios = load_dir(scenarios_dir, families)?;
    std::fs::create_dir_all(out_dir)
        .with_context(|| format!("cannot create {}", out_dir.display()))?;
    scenarios
        .iter()
        .map(|s| {
            let trace = record_family(s, traversal);
            let path = out_dir.join(trace.file_name(traversal));
            crate::plot::write_file_atomically(&path, trace.csv().as_bytes())?;
            Ok(path)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eviction::trace::Trace;
    use engine::chance::ChanceDepth;
    use engine::memo::EvaluationCache;

    fn sparse() -> LoadedScenario {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        crate::scenario::load_family(&dir, Family::Sparse).expect("the sparse scenarios load")
    }

    #[test]
    fn lookups_equal_the_counted_lookups_of_a_cache_on_the_same_expansion() {
        let scenario = sparse();
        for traversal in [Traversal::Plain, Traversal::Cached] {
            let trace = record_family(&scenario, traversal);
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
    fn ids_are_dense_and_in_first_seen_order() {
        let trace = record_family(&sparse(), Traversal::Plain);
        let mut next = 0u32;
        for &k in &trace.keys {
            assert!(k <= next, "id {k} appears before id {next}");
            if k == next {
                next += 1;
            }
        }
        assert_eq!(next as usize, trace.universe);
        assert!(trace.universe < trace.keys.len(), "the trace repeats keys");
    }

    #[test]
    fn recording_does_not_change_values() {
        let scenario = sparse();
        let s = &scenario.successors[0];
        let memo = RecordingMemo::new(engine::memo::Uncached::new(evaluate_material));
        let Ok(v) = expand_chance(&s.state, scenario.depth, &memo, Traversal::Plain);
        assert_eq!(Some(&v.numerator), s.expected.get("material"));
        assert_eq!(scenario.depth, ChanceDepth::Two);
    }

    #[test]
    fn the_csv_reads_back_as_the_same_trace() {
        let trace = record_family(&sparse(), Traversal::Cached);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(trace.file_name(Traversal::Cached));
        std::fs::write(&path, trace.csv()).unwrap();
        let back = Trace::read(&path).unwrap();
        assert_eq!((back.keys, back.universe), (trace.keys, trace.universe));
    }
}
