//! The TT-pressure experiment: every transposition-table replacement scheme at small sizes over one seeded
//! self-play game, against an unbounded table; `tt_pressure.csv`. `harness tt-pressure` runs the full sweep.

mod row;
pub(crate) use row::{TtPressureRecord, read_tt_pressure};

mod run;
pub(crate) mod section;

pub use run::main_job_slice;
pub(crate) use run::{TtPressureOutcome, run_tt_pressure};

use super::{Experiment, MainRun};
use crate::answer::Claim;
use crate::section::{Section, SectionContext};

mod arm;
mod claims;
mod findings;
mod game;
mod headline;
mod rows;
mod sweep;

pub use arm::TableArm;
pub(crate) use findings::{SizeSpread, TtPressureFindings};
pub(crate) use game::FixedGame;
pub use game::fix_game;
pub(crate) use rows::records;
pub(crate) use sweep::ArmResult;
pub use sweep::run_arm;

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
pub(crate) const DEFAULT_START: &str = "k7/1p6/8/8/6p1/8/1P2P3/7K w - - 0 1";

impl Config {
    /// Every arm of the sweep: each scheme at each size, then the unbounded table.
    pub(crate) fn arms(&self) -> Vec<TableArm> {
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

/// The TT-pressure experiment (see the module docs).
pub(crate) struct TtPressure;

impl Experiment for TtPressure {
    fn questions(&self) -> &'static [crate::answer::Question] {
        &[claims::TT_SCHEME]
    }
    fn name(&self) -> &'static str {
        "tt_pressure"
    }
    fn measures_time(&self) -> bool {
        false
    }
    fn about(&self) -> &'static str {
        "TT replacement schemes at 2^6, 2^10, 2^14 entries (2^10, 2^14 with --quick) over an 8-move game (tt_pressure.csv)"
    }
    fn legacy_skip_flag(&self) -> Option<&'static str> {
        Some("--skip-tt-pressure")
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let slice = if run.job.quick {
            run::quick_slice(run.job.seed)
        } else {
            main_job_slice(run.job.seed)
        };
        let outcome = run_tt_pressure(&slice, run.folder.path(), run.meta)?;
        run.headline("tt_pressure", &headline::TtPressureHeadline::of(&outcome))
    }
    fn section(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Option<Section>> {
        section::section(ctx).map(Some)
    }
    fn claims(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
        claims::claims(ctx)
    }
}
