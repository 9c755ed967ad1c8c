//! A memory estimate for `expand`, made before expanding, so a position too large for the machine is refused
//! with a clear message instead of exhausting memory (a board of queens has millions of paths per roll).
//!
//! The expansion holds, at once, the paths and leaves of one roll per chance layer, the evaluation cache's
//! entries (one per distinct leaf evaluated) and, with the traversal cache on, every memoised path list of
//! our rolls. The estimate counts each side's moves per die at the outer position and takes a roll's paths
//! as the product of its dice's move counts: the order of magnitude, not an exact count (pieces block and
//! unblock one another during a turn), which is what a refusal needs.

use engine::chance::{ChanceDepth, Traversal};
use engine::memo::CacheKind;
use engine::{DicePool, GameState, PieceType, ROLL_CLASSES, count_die_moves};
use std::mem::size_of;

/// Bytes one path of the roll being expanded costs: the generator's buffered leaf, the leaf list and the path.
const PATH_BYTES: u64 = 2 * size_of::<GameState>() as u64 + 32;
/// Bytes one evaluation-cache entry costs, with the slack of a hash table that doubles when it grows.
const ENTRY_BYTES: u64 = 2 * (size_of::<GameState>() as u64 + 16);

/// What expanding a position is expected to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Estimate {
    /// Leaf evaluations over the whole expansion (an upper bound on cache entries).
    pub evaluations: u64,
    /// Paths of the largest roll of a layer, summed over the layers held at once.
    pub peak_paths: u64,
    /// Bytes the expansion is expected to need at its peak.
    pub bytes: u64,
}

/// The estimate for expanding `outer` (opponent to roll) `depth` layers deep with `cache` and `traversal`.
pub(crate) fn estimate(
    outer: &GameState,
    depth: ChanceDepth,
    cache: CacheKind,
    traversal: Traversal,
) -> Estimate {
    let (opp_total, opp_peak) = roll_paths(outer);
    let (evaluations, peak_paths, path_memo) = match depth {
        ChanceDepth::One => (opp_total, opp_peak, 0),
        ChanceDepth::Two => {
            let mut ours = *outer;
            ours.end_turn();
            let (our_total, our_peak) = roll_paths(&ours);
            let evaluations = opp_total.saturating_mul(our_total);
            // The traversal cache keeps each of our rolled positions (one per opponent leaf and roll class)
            // with its path list.
            let memo = match traversal {
                Traversal::Plain => 0,
                Traversal::Cached => opp_total
                    .saturating_mul(ROLL_CLASSES.len() as u64)
                    .saturating_mul(ENTRY_BYTES)
                    .saturating_add(evaluations.saturating_mul(16)),
            };
            (evaluations, opp_peak.saturating_add(our_peak), memo)
        }
    };
    let entries = match cache {
        CacheKind::None => 0,
        _ => evaluations,
    };
    let bytes = peak_paths
        .saturating_mul(PATH_BYTES)
        .saturating_add(entries.saturating_mul(ENTRY_BYTES))
        .saturating_add(path_memo);
    Estimate {
        evaluations,
        peak_paths,
        bytes,
    }
}

/// Estimated paths summed over the 56 roll classes and the largest, for the side to move at `s`.
fn roll_paths(s: &GameState) -> (u64, u64) {
    let per_die: Vec<u64> = PieceType::ALL
        .iter()
        .map(|&die| count_die_moves(s, die))
        .collect();
    let mut total = 0u64;
    let mut peak = 0u64;
    for &(roll, _) in ROLL_CLASSES.iter() {
        let paths = class_paths(&per_die, roll);
        total = total.saturating_add(paths);
        peak = peak.max(paths);
    }
    (total, peak)
}

/// A roll's paths: the product of its dice's move counts, a die with no move not counting (the turn spends
/// the other dice); 1 (the forced pass) when no die has a move.
fn class_paths(per_die: &[u64], roll: DicePool) -> u64 {
    roll.iter()
        .map(|die| per_die[PieceType::ALL.iter().position(|&d| d == die).unwrap_or(0)])
        .filter(|&n| n > 0)
        .fold(1u64, u64::saturating_mul)
}

#[cfg(test)]
mod tests {
    #[test]
    fn estimate_examples() {
        use crate::commands::expand::estimate::estimate;
        use engine::{
            GameState,
            chance::{ChanceDepth, Traversal},
            memo::CacheKind,
        };
        let small = GameState::from_dfen("k7/8/8/8/8/8/8/R6K b - - 0 1").unwrap();
        let e = estimate(
            &small,
            ChanceDepth::One,
            CacheKind::Optimized,
            Traversal::Cached,
        );
        assert!(e.bytes < 1 << 20);
        let queens = GameState::from_dfen("QQQQQQk1/QQQQQQ2/8/8/8/8/8/7K b - - 0 1").unwrap();
        let e = estimate(
            &queens,
            ChanceDepth::Two,
            CacheKind::Optimized,
            Traversal::Cached,
        );
        assert!(e.bytes > 512 << 20); // far above the default --max-memory
    }
}
