//! Transposition-table replacement under memory pressure: one seeded self-play game fixes a sequence of
//! positions, then every replacement scheme at every table size (and an unbounded table, the ceiling) searches
//! the same positions in order, the table kept across moves. Per arm: work, table traffic, time, and whether
//! every root decision equals the unbounded table's. See `docs/tt-pressure.md`.

mod arm;
mod findings;
mod game;
mod rows;
mod sweep;

pub use arm::TableArm;
pub use findings::{MATTERS_ABOVE, SizeSpread, TtPressureFindings};
pub use game::{FixedGame, fix_game};
pub use rows::records;
pub use sweep::{ArmResult, run_arm, sweep};

use engine::GameState;
use engine::search::{ReplacementScheme, SearchDepth};

/// What one sweep covers.
#[derive(Clone, Debug)]
pub struct Config {
    /// The schemes, in report order.
    pub schemes: Vec<ReplacementScheme>,
    /// Table sizes as log2 of the entry count, ascending.
    pub sizes_log2: Vec<u8>,
    /// Most moves of the game (it also ends at a king capture).
    pub moves: usize,
    /// Depth both sides search, in full turns.
    pub depth: SearchDepth,
    /// Seed of the game's dice.
    pub seed: u64,
    /// The position before the first roll.
    pub start: GameState,
}

/// The default start: kings and three pawns a side, small enough for a depth-3 game of a dozen moves to cost
/// about half a second per arm, large enough that the game's table outgrows 2^11 entries (the initial position
/// costs minutes per depth-3 search).
pub const DEFAULT_START: &str = "k7/1p6/8/8/6p1/8/1P2P3/7K w - - 0 1";

impl Config {
    /// Every arm of the sweep: each scheme at each size, then the unbounded table.
    pub fn arms(&self) -> Vec<TableArm> {
        let mut arms: Vec<TableArm> = self
            .schemes
            .iter()
            .flat_map(|&scheme| {
                self.sizes_log2
                    .iter()
                    .map(move |&log2| TableArm::sized(scheme, log2))
            })
            .collect();
        arms.push(TableArm::Unbounded);
        arms
    }
}
