//! `scenarios verify`: recompute every frozen value with the independent exhaustive oracle and compare exactly.

use super::oracle::{EvalFn, exhaustive_values, legal_turns};
use super::{FROZEN_EVALUATORS, LoadedScenario, LoadedSuccessor, ScenarioError};
use crate::evaluators::EvaluatorKind;
use engine::GameState;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a successful verification checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct VerifyReport {
    /// Roots whose successor lists were recomputed.
    pub roots: usize,
    /// Successors whose values were recomputed.
    pub successors: usize,
    /// Individual values compared.
    pub values: usize,
}

/// Verifies one loaded file: each root's successor list (the same set, in the order of first appearance) and
/// every expected value, calling
/// `progress` after each successor (from worker threads). Reports the first difference in file order.
pub(crate) fn verify(
    scn: &LoadedScenario,
    progress: impl Fn() + Sync,
) -> Result<VerifyReport, ScenarioError> {
    for ri in 0..scn.file.roots.len() {
        check_successor_list(scn, ri)?;
    }
    let recomputed = recompute_values(scn, progress);
    let mut values = 0;
    for (s, got) in scn.successors.iter().zip(recomputed) {
        for (kind, recomputed) in got {
            let frozen = s.expected[&kind];
            values += 1;
            if frozen != recomputed {
                return Err(ScenarioError::Stale {
                    path: scn.path.clone(),
                    entry: scn.entry_name(s.root, Some(s.index)),
                    evaluator: kind.to_string(),
                    dfen: s.state.to_dfen(),
                    frozen,
                    recomputed,
                });
            }
        }
    }
    Ok(VerifyReport {
        roots: scn.file.roots.len(),
        successors: scn.successors.len(),
        values,
    })
}

/// Root `ri`'s frozen successors against the oracle's: the same set, in the order of first appearance.
fn check_successor_list(scn: &LoadedScenario, ri: usize) -> Result<(), ScenarioError> {
    let root = &scn.file.roots[ri];
    let root_state = GameState::from_dfen(&root.dfen).map_err(|e| ScenarioError::Dfen {
        path: scn.path.clone(),
        entry: scn.entry_name(ri, None),
        field: "dfen".into(),
        dfen: root.dfen.clone(),
        message: e.to_string(),
    })?;
    let recomputed = oracle_successors(&root_state);
    let frozen: Vec<GameState> = scn
        .successors
        .iter()
        .filter(|s| s.root == ri)
        .map(|s| s.state)
        .collect();
    let stale = |message: String| ScenarioError::StaleSuccessors {
        path: scn.path.clone(),
        entry: scn.entry_name(ri, None),
        message,
    };
    if let Some(extra) = frozen.iter().find(|s| !recomputed.contains(s)) {
        return Err(stale(format!(
            "frozen successor {} is not reachable by a legal turn",
            extra.to_dfen()
        )));
    }
    if let Some(missing) = recomputed.iter().find(|s| !frozen.contains(s)) {
        return Err(stale(format!(
            "legal successor {} is missing from the file",
            missing.to_dfen()
        )));
    }
    if frozen.len() != recomputed.len() {
        return Err(stale(format!(
            "{} frozen successors (with duplicates) for {} distinct legal ones",
            frozen.len(),
            recomputed.len()
        )));
    }
    if let Some(si) = (0..frozen.len()).find(|&i| frozen[i] != recomputed[i]) {
        let listed = frozen
            .iter()
            .position(|s| *s == recomputed[si])
            .unwrap_or(si);
        return Err(ScenarioError::Invalid {
            path: scn.path.clone(),
            entry: scn.entry_name(ri, Some(si)),
            field: "dfen".into(),
            message: format!(
                "successors out of order: the reference turn order reaches successor {listed} here; \
                 successors are listed in order of first appearance"
            ),
        });
    }
    Ok(())
}

/// Every successor's values recomputed by the oracle (the frozen two in one traversal, any other evaluator the
/// file carries in its own), spread over the cores, in file order.
fn recompute_values(
    scn: &LoadedScenario,
    progress: impl Fn() + Sync,
) -> Vec<Vec<(EvaluatorKind, i64)>> {
    let evals: [EvalFn; 2] = FROZEN_EVALUATORS.map(|e| e.function());
    // The frozen two in one traversal; any other evaluator the file carries (`freeze --from --eval`) in its own.
    let values_of = |s: &LoadedSuccessor| -> Vec<(EvaluatorKind, i64)> {
        let mut out: Vec<(EvaluatorKind, i64)> = FROZEN_EVALUATORS
            .into_iter()
            .zip(exhaustive_values(&s.state, scn.depth, &evals))
            .collect();
        for &kind in s.expected.keys().filter(|k| !FROZEN_EVALUATORS.contains(k)) {
            let [v] = exhaustive_values(&s.state, scn.depth, &[kind.function()]);
            out.push((kind, v));
        }
        out
    };
    // Successors are independent: spread them over the cores, then report the first difference in file order.
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(scn.successors.len().max(1));
    let next = AtomicUsize::new(0);
    let mut recomputed: Vec<Option<Vec<(EvaluatorKind, i64)>>> = vec![None; scn.successors.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(s) = scn.successors.get(i) else {
                            break;
                        };
                        done.push((i, values_of(s)));
                        progress();
                    }
                    done
                })
            })
            .collect();
        for w in workers {
            for (i, v) in w.join().expect("oracle threads do not panic") {
                recomputed[i] = Some(v);
            }
        }
    });
    recomputed
        .into_iter()
        .map(|v| v.expect("every successor was recomputed"))
        .collect()
}

/// Distinct states after a legal turn and `end_turn`, from the oracle's own turn generator.
fn oracle_successors(root: &GameState) -> Vec<GameState> {
    let mut out: Vec<GameState> = Vec::new();
    for t in legal_turns(root) {
        let mut s = t.after;
        s.end_turn();
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}
