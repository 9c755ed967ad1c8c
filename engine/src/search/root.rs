//! The root of the chance search: our turn with the dice rolled, at a fixed depth.

use crate::eval::evaluate_material;
use crate::memo::EvaluationMemo;
use crate::mv::Move;
use crate::piece::PieceType;
use crate::search::searcher::Searcher;
use crate::search::stop::Stop;
use crate::search::window::{Scored, Window};
use crate::search::{RootValue, SearchDepth};
use crate::state::GameState;
use crate::telemetry::NoTelemetry;
use crate::turns::TurnGenerator;

/// A completed search of one root.
///
/// ```
/// use engine::search::{RootResult, RootValue, SearchDepth};
/// let r = RootResult { depth: SearchDepth::One, value: RootValue::Numerator(500), best: vec![], loss_tainted: false };
/// assert!(r.best.is_empty()); // a pass
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RootResult {
    /// The depth searched.
    pub depth: SearchDepth,
    /// The exact root value.
    pub value: RootValue,
    /// The chosen turn path (empty: a pass), whose own value is `value`.
    pub best: Vec<Move>,
    /// Whether some opponent roll after the chosen path captures our king (the chosen path's subtree was
    /// searched exactly, so every roll class below it was seen).
    pub loss_tainted: bool,
}

/// A root turn: its path and the position after it and `end_turn`.
struct Candidate {
    path: Vec<Move>,
    after: GameState,
}

impl<M: EvaluationMemo + ?Sized> Searcher<'_, M> {
    /// Searches `root` (we are to move, dice rolled) to `depth`; `first`, if it is one of the root's paths, is
    /// searched first (the previous iteration's choice).
    ///
    /// A root path that captures the enemy king wins at once, before any probe or evaluation (the shortest
    /// such path, first in generation order). With no legal path, the pass is searched. Otherwise every
    /// distinct position after a root path is valued; with pruning the candidates are pre-ranked by material
    /// and each one after the first is searched with the best value so far as alpha, so a candidate that
    /// cannot beat it returns a bound only.
    pub(super) fn search_root(
        &mut self,
        root: &GameState,
        depth: SearchDepth,
        first: Option<&[Move]>,
    ) -> Result<RootResult, Stop<M::Error>> {
        self.counters.nodes += 1;
        self.memo.charge_node();
        let plies = depth.turns() - 1;
        let mover = root.side_to_move();
        let kings = root.pieces(!mover, PieceType::King).count();
        let mut capture: Option<Vec<Move>> = None;
        let mut candidates = Vec::new();
        TurnGenerator::new().for_each(root, &mut NoTelemetry, |path, after| {
            if after.pieces(!mover, PieceType::King).count() < kings {
                if capture.as_ref().is_none_or(|c| path.len() < c.len()) {
                    capture = Some(path.to_vec());
                }
                return;
            }
            let mut after = *after;
            after.end_turn();
            candidates.push(Candidate {
                path: path.to_vec(),
                after,
            });
        });
        if let Some(path) = capture {
            return Ok(RootResult {
                depth,
                value: RootValue::Win,
                best: path,
                loss_tainted: false,
            });
        }
        if candidates.is_empty() {
            let s = if plies == 0 {
                // score_path of the empty path: the rolled position itself.
                Scored::exact(self.memo.evaluate(root, self.us)?)
            } else {
                let mut pass = *root;
                pass.end_turn();
                self.after_turn(&pass, plies, Window::FULL)?
            };
            return Ok(RootResult {
                depth,
                value: RootValue::Numerator(s.value),
                best: Vec::new(),
                loss_tainted: s.tainted,
            });
        }
        let mut seen = hashbrown::HashSet::<GameState, foldhash::fast::FixedState>::default();
        candidates.retain(|c| seen.insert(c.after));
        if self.pruning.prunes() {
            let us = self.us;
            candidates.sort_by_cached_key(|c| -evaluate_material(&c.after, us));
            if let Some(k) = first.and_then(|f| candidates.iter().position(|c| c.path == f)) {
                let chosen = candidates.remove(k);
                candidates.insert(0, chosen);
            }
        }
        let mut best: Option<(Scored, usize)> = None;
        for (k, c) in candidates.iter().enumerate() {
            let w = match best {
                Some((b, _)) if self.pruning.prunes() => Window {
                    alpha: b.value,
                    beta: Window::FULL.beta,
                },
                _ => Window::FULL,
            };
            let s = self.after_turn(&c.after, plies, w)?;
            if s.bound == crate::search::Bound::Exact && best.is_none_or(|(b, _)| s.value > b.value)
            {
                best = Some((s, k));
            }
        }
        let (s, k) =
            best.expect("the first candidate is searched with the full window, so it is exact");
        Ok(RootResult {
            depth,
            value: RootValue::Numerator(s.value),
            best: candidates.swap_remove(k).path,
            loss_tainted: s.tainted,
        })
    }
}
