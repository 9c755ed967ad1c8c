//! The search operation: family roots x depth x pruning x table x cache, parity first (every arm the same root
//! values, each best path worth its root's value), then counts per arm, as typed rows.

use crate::evaluators::EvaluatorKind;
use engine::chance::{ChanceDepth, Traversal, expand_chance};
use engine::memo::{EvaluationCache, Plain};
use engine::search::{
    RootResult, RootValue, SearchConfig, SearchControl, SearchCounters, SearchDepth,
    TranspositionTable, search,
};
use engine::{GameState, score_path};

/// Entries of each arm's table (cleared before every root): 2^16, 1.5 MiB.
pub const TABLE_ENTRIES: usize = 1 << 16;

pub use crate::arm::SearchArm;

/// One arm's pass over a family's roots.
#[derive(Clone, PartialEq, Debug)]
pub struct SearchRow {
    /// The family.
    pub family: String,
    /// The depth searched.
    pub depth: SearchDepth,
    /// The arm.
    pub arm: SearchArm,
    /// Root results, in root order.
    pub results: Vec<RootResult>,
    /// Counters summed over the roots.
    pub counters: SearchCounters,
}

/// Searches every root with `arm` (fresh memo per root, the table cleared per root), unbounded.
pub fn search_roots(
    roots: &[GameState],
    depth: SearchDepth,
    arm: SearchArm,
    eval: EvaluatorKind,
    table: &TranspositionTable,
) -> (Vec<RootResult>, SearchCounters) {
    let mut config = SearchConfig::new(arm.pruning, eval.bounds());
    if let Some(turn) = eval.turn_bounds() {
        config = config.with_turn_bounds(turn);
    }
    if arm.table {
        config = config.with_table(table);
    }
    let mut counters = SearchCounters::default();
    let mut results = Vec::with_capacity(roots.len());
    for root in roots {
        table.clear();
        let memo = arm.cache.build(Plain(eval.function()));
        let report = match search(root, depth, &config, &*memo, &SearchControl::unbounded()) {
            Ok(r) => r,
            Err(never) => match never {},
        };
        counters += report.counters;
        if let Some(r) = report.outcome.value() {
            results.push(r.clone());
        }
    }
    (results, counters)
}

/// A parity failure: which family, depth, arm and root disagreed, and how.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("search parity: {family} depth {depth} {} root {root}: {message}", arm.label())]
pub struct SearchParityError {
    /// The family.
    pub family: String,
    /// The depth.
    pub depth: SearchDepth,
    /// The arm.
    pub arm: SearchArm,
    /// The root's DFEN.
    pub root: String,
    /// What disagreed.
    pub message: String,
}

/// The value of playing `path` at `root` to `depth` by the nested expansion (`score_path` at depth 1): an
/// independent check that the reported best path is worth the root value.
fn path_value(
    root: &GameState,
    path: &[engine::Move],
    depth: SearchDepth,
    eval: EvaluatorKind,
) -> RootValue {
    let f = eval.function();
    let Some(layers) = ChanceDepth::from_layers(depth.turns() - 1) else {
        return RootValue::Numerator(i64::from(score_path(root, path, f)));
    };
    let mut s = *root;
    for &m in path {
        s.make_move(m);
    }
    s.end_turn();
    let memo = EvaluationCache::new(f);
    match expand_chance(&s, layers, &memo, Traversal::Cached) {
        Ok(v) => RootValue::Numerator(v.numerator),
        Err(never) => match never {},
    }
}

/// Runs every arm over every family's roots at `depth`, checks parity, and returns one row per family x arm.
///
/// Parity: every arm's root values equal the first arm's (plain, no table, no cache), and every best path is
/// worth its root's value by the nested expansion (an independent computation). Nothing is returned on a
/// mismatch.
pub fn search_section(
    families: &[(String, Vec<GameState>)],
    depth: SearchDepth,
    arms: &[SearchArm],
    eval: EvaluatorKind,
) -> Result<Vec<SearchRow>, SearchParityError> {
    let table = TranspositionTable::new(TABLE_ENTRIES).expect("a power of two");
    let mut rows = Vec::new();
    for (family, roots) in families {
        let mut reference: Option<Vec<RootValue>> = None;
        // Each root's best paths already checked, with their values: the arms mostly agree on the path, and the
        // check (a nested expansion below the path) costs about as much as a search, so each path is expanded once.
        let mut checked: Vec<Vec<(Vec<engine::Move>, RootValue)>> = vec![Vec::new(); roots.len()];
        for &arm in arms {
            let (results, counters) = search_roots(roots, depth, arm, eval, &table);
            let fail = |root: &GameState, message: String| SearchParityError {
                family: family.clone(),
                depth,
                arm,
                root: root.to_dfen(),
                message,
            };
            let values: Vec<RootValue> = results.iter().map(|r| r.value).collect();
            for ((root, r), k) in roots.iter().zip(&results).zip(0..) {
                if let Some(expected) = reference.as_ref().map(|v| v[k])
                    && expected != r.value
                {
                    return Err(fail(
                        root,
                        format!("value {:?}, first arm {expected:?}", r.value),
                    ));
                }
                if r.value != RootValue::Win && !r.best.is_empty() {
                    let known = checked[k].iter().find(|(p, _)| *p == r.best);
                    let own = match known {
                        Some(&(_, v)) => v,
                        None => {
                            let v = path_value(root, &r.best, depth, eval);
                            checked[k].push((r.best.clone(), v));
                            v
                        }
                    };
                    if own != r.value {
                        return Err(fail(
                            root,
                            format!("best path worth {own:?}, root {:?}", r.value),
                        ));
                    }
                }
            }
            reference.get_or_insert(values);
            rows.push(SearchRow {
                family: family.clone(),
                depth,
                arm,
                results,
                counters,
            });
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::memo::CacheKind;
    use engine::search::Pruning;

    #[test]
    fn every_arm_agrees_and_pruning_and_the_table_save_work() {
        let roots: Vec<GameState> = [
            "4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PPK",
            "4k3/4r3/8/8/8/8/3P4/4K3 w - - 0 1 PKN",
        ]
        .iter()
        .map(|d| GameState::from_dfen(d).unwrap())
        .collect();
        let arms = SearchArm::all();
        let rows = search_section(
            &[("small".to_string(), roots)],
            SearchDepth::Two,
            &arms,
            EvaluatorKind::Material,
        )
        .unwrap();
        assert_eq!(rows.len(), arms.len());
        let leaves = |pruning, table, cache| {
            rows.iter()
                .find(|r| {
                    r.arm
                        == SearchArm {
                            pruning,
                            table,
                            cache,
                        }
                })
                .unwrap()
                .counters
                .leaves
        };
        let plain = leaves(Pruning::None, false, CacheKind::None);
        assert!(leaves(Pruning::Star2, true, CacheKind::Optimized) < plain);
        assert_eq!(leaves(Pruning::None, false, CacheKind::Optimized), plain);
        let hits = rows
            .iter()
            .find(|r| {
                r.arm.cache == CacheKind::Optimized
                    && r.arm.pruning == Pruning::None
                    && !r.arm.table
            })
            .unwrap()
            .counters
            .cache_hits;
        assert!(hits > 0);
    }
}
