//! The search stage's timed operations: one root searched by one arm (a fresh memo, the table cleared), warmed up
//! and sized like the expansion's successors, as the timing kernel's sampler. A root plays the part a successor
//! plays in the expansion stage. The `timing-rounds` child serves it to the main job (`--search-arm`); the main
//! job samples in its own process with it where its executable has no such child (a test binary).

use crate::evaluators::EvaluatorKind;
use crate::operation::sampled::{Planting, Successors};
use crate::operation::search::{SearchArm, TABLE_ENTRIES, search_roots};
use crate::scenario::LoadedScenario;
use anyhow::{Context, Result, bail};
use engine::GameState;
use engine::search::{SearchDepth, TranspositionTable};
use std::time::Duration;

/// The roots the stage searches for one family and the depth: one turn deeper than the family's expansion (so the
/// nested expansion is the oracle), the first `take` roots (all when `None`).
pub(crate) fn family_roots(
    s: &LoadedScenario,
    take: Option<usize>,
) -> Result<(SearchDepth, Vec<GameState>)> {
    let depth = match s.depth.layers() {
        1 => SearchDepth::Two,
        _ => SearchDepth::Three,
    };
    let take = take.unwrap_or(usize::MAX).min(s.file.roots.len());
    let roots = s.file.roots[..take]
        .iter()
        .map(|r| {
            GameState::from_dfen(&r.dfen)
                .with_context(|| format!("{}: root {}: field `dfen`", s.path.display(), r.name))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((depth, roots))
}

/// A fresh table of the stage's size, for [`search_sampler`] to clear before every root.
pub(crate) fn stage_table() -> TranspositionTable {
    TranspositionTable::new(TABLE_ENTRIES).expect("a power of two")
}

/// Every root of every arm as a timed operation (`ops[arm][root]`), each warmed up once: one root's search, the
/// table cleared and the memo fresh, as in the stage's counting pass.
pub(crate) fn search_sampler<'a>(
    roots: &'a [GameState],
    depth: SearchDepth,
    arms: &[SearchArm],
    eval: EvaluatorKind,
    table: &'a TranspositionTable,
    target: Duration,
    planting: &Planting,
) -> Successors<'a> {
    let op = |a: usize, k: usize| -> Box<dyn FnMut() + 'a> {
        let arm = arms[a];
        Box::new(move || {
            std::hint::black_box(search_roots(&roots[k..=k], depth, arm, eval, table));
        })
    };
    Successors::of(&vec![roots.len(); arms.len()], &op, target, planting)
}

/// An arm as the `timing-rounds` child takes it: `PRUNING/TT/VARIANT` (`star2/on/optimized`).
pub(crate) fn arm_words(arm: SearchArm) -> String {
    format!("{}/{}/{}", arm.pruning, arm.table_name(), arm.cache.name())
}

/// [`arm_words`] read back; an error names the text.
pub(crate) fn parse_arm_words(text: &str) -> Result<SearchArm> {
    let words: Vec<&str> = text.split('/').collect();
    match words.as_slice() {
        [pruning, tt, variant] => SearchArm::from_names(pruning, tt, variant),
        _ => None,
    }
    .map_or_else(
        || bail!("`{text}` is not a search arm (PRUNING/TT/VARIANT, e.g. star2/on/optimized)"),
        Ok,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_arm_reads_back_from_its_words() {
        for arm in SearchArm::all() {
            assert_eq!(parse_arm_words(&arm_words(arm)).unwrap(), arm);
        }
        let e = parse_arm_words("star3/on/optimized")
            .unwrap_err()
            .to_string();
        assert!(e.contains("star3/on/optimized"), "{e}");
        assert!(parse_arm_words("star2/on").is_err());
    }
}
