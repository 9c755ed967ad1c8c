//! `turns --summary` in bounded memory: the paths are streamed, never held, and the distinct leaves are counted
//! exactly in as many passes as the memory bound needs, each pass holding only the leaves of some hash buckets.
//!
//! A first pass counts the paths, king captures, dice spent and first moves, and how many paths end in each of
//! [`BUCKETS`] buckets (by a hash of the leaf ignoring its clocks, so a leaf and its clock-free form share a
//! bucket); it also collects the leaves as long as the paths so far fit the bound, which settles most
//! positions in one pass. Otherwise the buckets are grouped into passes whose path counts fit the bound (a set
//! never holds more leaves than paths went into it); a pass streams every path again and inserts only its
//! buckets' leaves. Leaves in different buckets differ, so the passes' counts add up to the exact totals.

use crate::present::number::count;
use crate::progress::Progress;
use engine::{Color, GameState, Move, PieceType, stream_legal_turns};
use std::collections::HashSet;
use std::fmt;
use std::ops::ControlFlow;

/// Hash buckets the leaves are spread over; passes take whole buckets.
pub(crate) const BUCKETS: usize = 4096;

/// The default bound on the memory of the leaf sets, in MiB (`--max-memory`).
pub(crate) const DEFAULT_MAX_MEMORY_MIB: u64 = 512;

/// The figures of one position's legal turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Summary {
    /// Legal turn paths.
    pub paths: u64,
    /// Paths that capture the enemy king.
    pub king_captures: u64,
    /// Most dice a path spends.
    pub max_dice: usize,
    /// Distinct states after a path and `end_turn`.
    pub distinct_leaves: u64,
    /// The same, ignoring the half-move clock and full-move number.
    pub distinct_leaves_ignoring_clocks: u64,
    /// Distinct first moves.
    pub first_moves: usize,
    /// Passes the distinct-leaf count took under the memory bound (not printed: it depends on the bound).
    pub passes: usize,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "paths={} king_captures={} max_dice={} distinct_leaves={} distinct_leaves_ignoring_clocks={} \
             first_moves={}",
            self.paths,
            self.king_captures,
            self.max_dice,
            self.distinct_leaves,
            self.distinct_leaves_ignoring_clocks,
            self.first_moves
        )
    }
}

/// The position is too large to summarise within the bound: one bucket alone holds more paths than fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} paths: a single hash bucket of {} leaves needs about {} MiB, above the --max-memory bound of {} MiB; \
     raise it or summarise a smaller position",
    count(*paths), count(*bucket_paths), count(*needed_mib), count(*limit_mib)
)]
pub(crate) struct TooLarge {
    /// Paths of the position.
    pub paths: u64,
    /// Paths in the fullest bucket.
    pub bucket_paths: u64,
    /// Memory that bucket's sets need.
    pub needed_mib: u64,
    /// The bound.
    pub limit_mib: u64,
}

/// Summarises `state`'s legal turns, holding at most `max_memory` bytes of leaf sets.
pub(crate) fn summarize(state: &GameState, max_memory: u64) -> Result<Summary, TooLarge> {
    let mover = state.side_to_move();
    let had_enemy_king = !state.pieces(mover.opponent(), PieceType::King).is_empty();
    let start_dice = state.dice().len();
    let mut s = Summary::default();
    let cap = capacity_within(max_memory);
    let mut first = HashSet::new();
    let mut per_bucket = vec![0u64; BUCKETS];
    // The first pass also collects the leaves while they are sure to fit: most positions need no other pass.
    let mut speculative = Some((HashSet::new(), HashSet::new()));
    let progress = Progress::counting("turns --summary: counting", "paths");
    for_each_leaf(state, |path, after, leaf, plain| {
        s.paths += 1;
        first.insert(path[0]);
        if had_enemy_king && captured(after, mover) {
            s.king_captures += 1;
        }
        s.max_dice = s.max_dice.max(start_dice - after.dice().len());
        per_bucket[bucket(plain)] += 1;
        if s.paths > cap {
            speculative = None;
        } else if let Some((leaves, plain_leaves)) = &mut speculative {
            leaves.insert(*leaf);
            plain_leaves.insert(*plain);
        }
        // Looking at the clock costs more than counting: report every 4,096 paths.
        if s.paths.is_multiple_of(4096) {
            progress.inc(4096);
        }
    });
    progress.clear();
    s.first_moves = first.len();
    if let Some((leaves, plain_leaves)) = speculative {
        s.distinct_leaves = leaves.len() as u64;
        s.distinct_leaves_ignoring_clocks = plain_leaves.len() as u64;
        s.passes = 1;
        return Ok(s);
    }

    let fullest = per_bucket.iter().copied().max().unwrap_or(0);
    if fullest > cap {
        return Err(TooLarge {
            paths: s.paths,
            bucket_paths: fullest,
            needed_mib: sets_bytes(fullest).div_ceil(1 << 20),
            limit_mib: max_memory >> 20,
        });
    }
    let (pass_of, pass_paths) = group_buckets(&per_bucket, cap);
    s.passes = 1 + pass_paths.len();
    // One progress over every later pass (each streams all the paths again), so the time left covers them all
    // and a status line comes every 10 s however short one pass is.
    let passes = pass_paths.len() as u64;
    crate::status!(
        "turns --summary: {} paths do not fit --max-memory in one pass: {} more passes over them",
        count(s.paths),
        count(passes)
    );
    let progress = Progress::new(
        "turns --summary: distinct leaves",
        s.paths.saturating_mul(passes),
    );
    for pass in 0..pass_paths.len() {
        let mut leaves = HashSet::new();
        let mut plain_leaves = HashSet::new();
        progress.set_message(format!("paths (pass {} of {})", pass + 2, s.passes));
        let mut seen = 0u64;
        for_each_leaf(state, |_, _, leaf, plain| {
            if pass_of[bucket(plain)] == pass {
                leaves.insert(*leaf);
                plain_leaves.insert(*plain);
            }
            seen += 1;
            if seen.is_multiple_of(4096) {
                progress.inc(4096);
            }
        });
        progress.inc(seen % 4096);
        s.distinct_leaves += leaves.len() as u64;
        s.distinct_leaves_ignoring_clocks += plain_leaves.len() as u64;
    }
    progress.clear();
    Ok(s)
}

/// Streams every path with the position after it, its leaf (after `end_turn`) and the leaf without clocks.
fn for_each_leaf(
    state: &GameState,
    mut f: impl FnMut(&[Move], &GameState, &GameState, &GameState),
) {
    let _ = stream_legal_turns(state, |path, after| {
        let mut leaf = *after;
        leaf.end_turn();
        let plain = leaf.with_half_move_clock(0).with_full_move_number(1);
        f(path, after, &leaf, &plain);
        ControlFlow::Continue(())
    });
}

/// Whether the path that led to `after` captured the king of `mover`'s opponent (it is gone from the board).
fn captured(after: &GameState, mover: Color) -> bool {
    after.pieces(mover.opponent(), PieceType::King).is_empty()
}

/// The bucket of a clock-free leaf: a fixed mix of every field equality compares (the mailbox follows from the
/// bitboards), so equal leaves share a bucket in every pass.
fn bucket(plain: &GameState) -> usize {
    let words = plain.bitboards().map(|b| b.0).into_iter().chain([
        plain.en_passant().0,
        u64::from(plain.flags().0),
        u64::from(plain.full_move_number()),
    ]);
    let mut h = 0x9e37_79b9_7f4a_7c15u64;
    for w in words {
        h = (h ^ w).wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 32;
    }
    (h % BUCKETS as u64) as usize
}

/// Bytes the two leaf sets of a pass may reach when it inserts `paths` leaves: hashbrown keeps a power of two
/// of buckets at most 7/8 full, one control byte per bucket, and while it grows the old table (half the size)
/// is still allocated.
fn sets_bytes(paths: u64) -> u64 {
    let buckets = if paths < 8 {
        8
    } else {
        (paths * 8).div_ceil(7).next_power_of_two()
    };
    2 * (buckets + buckets / 2) * (std::mem::size_of::<GameState>() as u64 + 1)
}

/// The most paths one pass may take within `max_memory` bytes.
fn capacity_within(max_memory: u64) -> u64 {
    let mut cap = 0u64;
    let mut step = 1u64 << 40;
    while step > 0 {
        if sets_bytes(cap + step) <= max_memory {
            cap += step;
        }
        step >>= 1;
    }
    cap
}

/// Assigns buckets to passes in order, starting a new pass when the next bucket would exceed `cap` paths;
/// returns each bucket's pass and each pass's path count.
fn group_buckets(per_bucket: &[u64], cap: u64) -> (Vec<usize>, Vec<u64>) {
    let mut pass_of = Vec::with_capacity(per_bucket.len());
    let mut pass_paths = vec![0u64];
    for &n in per_bucket {
        let last = pass_paths.last_mut().expect("one pass at least");
        if *last + n > cap && *last > 0 {
            pass_paths.push(n);
        } else {
            *last += n;
        }
        pass_of.push(pass_paths.len() - 1);
    }
    (pass_of, pass_paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_never_exceed_the_bound() {
        let cap = capacity_within(1 << 20);
        assert!(sets_bytes(cap) <= 1 << 20);
        assert!(sets_bytes(cap + 1) > 1 << 20);
        let (pass_of, pass_paths) = group_buckets(&[3, 4, 0, 5, 3], 7);
        assert_eq!(pass_of, [0, 0, 0, 1, 2]);
        assert_eq!(pass_paths, [7, 5, 3]);
        let s = engine::GameState::from_dfen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PN",
        )
        .unwrap();
        let one_pass = summarize(&s, 512 << 20).unwrap();
        assert_eq!(
            (
                one_pass.paths,
                one_pass.distinct_leaves_ignoring_clocks,
                one_pass.passes
            ),
            (120, 64, 1)
        );
        let small = summarize(&s, 40 << 10).unwrap();
        assert!(small.passes > 1);
        assert_eq!(small.to_string(), one_pass.to_string());
    }
}
