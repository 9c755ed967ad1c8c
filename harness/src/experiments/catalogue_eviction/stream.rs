//! The lookup stream: the original experiment's games played with the full catalogue as the estimate, every region lookup
//! recorded as a dense object id. Generated once per configuration and seed, then replayed to every policy.

use anyhow::{Context, Result, ensure};
use engine::domineering::{Board, Catalogue, Dyadic, Player, ShapeKey};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt;
use std::ops::RangeInclusive;
use std::path::Path;
use std::str::FromStr;

/// Games on one board size (`rows` x `cols`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardBatch {
    pub rows: usize,
    pub cols: usize,
    /// Number of games played on it.
    pub games: usize,
}

impl BoardBatch {
    /// The board size as written in results, `RxC` (rows first).
    pub(crate) fn board(&self) -> String {
        format!("{}x{}", self.rows, self.cols)
    }
}

/// The games of a run, in order: batches of games per board size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardPlan(pub Vec<BoardBatch>);

impl BoardPlan {
    /// The original experiment's run: 200 games on 4x5 (4 rows, 5 columns), 200 on 5x5, 150 on 6x6, 100 on 7x7.
    pub(crate) fn essay() -> Self {
        "4x5:200,5x5:200,6x6:150,7x7:100"
            .parse()
            .expect("valid plan")
    }

    /// All `games` on one board size (the original experiment's missing control).
    pub(crate) fn single(rows: usize, cols: usize, games: usize) -> Self {
        BoardPlan(vec![BoardBatch { rows, cols, games }])
    }

    pub fn games(&self) -> usize {
        self.0.iter().map(|b| b.games).sum()
    }
}

impl fmt::Display for BoardPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|b| format!("{}:{}", b.board(), b.games))
            .collect();
        f.write_str(&parts.join(","))
    }
}

impl FromStr for BoardPlan {
    type Err = anyhow::Error;

    /// Parses `RxC:GAMES,...`, e.g. `4x5:200,5x5:200`.
    fn from_str(s: &str) -> Result<Self> {
        let mut out = Vec::new();
        for (i, item) in s.split(',').enumerate() {
            let item = item.trim();
            let bad = || {
                format!(
                    "board plan item {} `{item}`: expected ROWSxCOLS:GAMES, e.g. 4x5:200",
                    i + 1
                )
            };
            let (dims, games) = item.split_once(':').with_context(bad)?;
            let (r, c) = dims.split_once(['x', 'X']).with_context(bad)?;
            let rows: usize = r.trim().parse().with_context(bad)?;
            let cols: usize = c.trim().parse().with_context(bad)?;
            let games: usize = games.trim().parse().with_context(bad)?;
            ensure!(
                (1..=8).contains(&rows) && (1..=8).contains(&cols),
                "board plan item {} `{item}`: the engine plays boards of at most 8 rows and 8 columns",
                i + 1
            );
            ensure!(
                games >= 1,
                "board plan item {} `{item}`: at least one game",
                i + 1
            );
            out.push(BoardBatch { rows, cols, games });
        }
        ensure!(!out.is_empty(), "empty board plan");
        Ok(BoardPlan(out))
    }
}

engine::closed_names! {
    /// How the player to move values a region it would leave behind.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum EstimateRule: "estimate rule" {
        /// The mean of the stops, (LS + RS) / 2 (this project's default).
        "mean_of_stops" | "mean" => MeanOfStops,
        /// The stop of the player who moves next in the region: Left's move is scored by RS, Right's by LS.
        "opponent_stop" => OpponentStop,
    }
}

/// Everything that determines a stream apart from the seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamConfig {
    /// The games, in order.
    pub plan: BoardPlan,
    pub estimate: EstimateRule,
    /// Smallest region size (cells) that is looked up.
    pub min_lookup_cells: u32,
    /// Largest region size (cells) that is looked up; at most the catalogue's 8.
    pub max_lookup_cells: u32,
    /// Who moves first in every game.
    pub first: Player,
}

impl Default for StreamConfig {
    /// This project's defaults for the original experiment's run (docs/catalogue-experiment.md §2–§3).
    fn default() -> Self {
        StreamConfig {
            plan: BoardPlan::essay(),
            estimate: EstimateRule::MeanOfStops,
            min_lookup_cells: 2,
            max_lookup_cells: 8,
            first: Player::Left,
        }
    }
}

impl StreamConfig {
    /// Checks the options against each other and the catalogue.
    pub(crate) fn validate(&self) -> Result<()> {
        ensure!(
            self.min_lookup_cells >= 1 && self.min_lookup_cells <= self.max_lookup_cells,
            "looked-up region sizes {}..={} are empty or start below 1 cell",
            self.min_lookup_cells,
            self.max_lookup_cells
        );
        ensure!(
            self.max_lookup_cells <= Catalogue::MAX_CELLS,
            "regions of {} cells cannot be looked up: the catalogue holds shapes of at most {} cells",
            self.max_lookup_cells,
            Catalogue::MAX_CELLS
        );
        ensure!(self.plan.games() >= 1, "the board plan has no games");
        Ok(())
    }
}

/// The lookups of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSpan {
    /// Index of the game's batch in the plan.
    pub batch: usize,
    /// First lookup of the game.
    pub start: usize,
    /// One past the game's last lookup.
    pub end: usize,
    pub moves: u32,
    /// Whether Left made the last move (and so won).
    pub left_won: bool,
}

/// One seed's lookup stream.
#[derive(Debug, Clone)]
pub struct LookupStream {
    /// The seed of the game-playing generator.
    pub seed: u64,
    /// Object id of every lookup, in order.
    pub keys: Vec<u32>,
    /// The shape of each object id (ids are dense, in first-arrival order).
    pub shapes: Vec<ShapeKey>,
    /// The games, in order.
    pub games: Vec<GameSpan>,
    /// Placements scored over the run (each costs one decomposition).
    pub placements_scored: u64,
}

const NO_ID: u32 = u32::MAX;

/// Per-shape values for the estimate and the stream id once the shape has been looked up.
struct ShapeSlot {
    left_moved: Dyadic,
    right_moved: Dyadic,
    id: u32,
}

/// What playing a stream's games carries from move to move besides the stream itself: the configuration, the
/// catalogue, the move-choice generator and every shape met so far.
struct Games<'a> {
    config: &'a StreamConfig,
    catalogue: &'a Catalogue,
    /// Region sizes (cells) that are looked up.
    looked_up: RangeInclusive<u32>,
    rng: Pcg64Mcg,
    slots: HashMap<ShapeKey, ShapeSlot>,
    /// Indices of the best-valued placements of the move being chosen (kept to reuse its allocation).
    best: Vec<usize>,
}

impl Games<'_> {
    /// Plays one game of batch `batch` on a `b` board to its end, every lookup recorded in `out`; its span.
    fn play(&mut self, out: &mut LookupStream, batch: usize, b: &BoardBatch) -> Result<GameSpan> {
        let zero = Dyadic::new(0, 0);
        let start = out.keys.len();
        let mut board =
            Board::empty(b.rows, b.cols).with_context(|| format!("board {}", b.board()))?;
        let mut mover = self.config.first;
        let mut moves = 0u32;
        loop {
            let options = board.placements(mover);
            if options.is_empty() {
                break;
            }
            self.best.clear();
            let mut best_value = zero;
            for (i, &p) in options.iter().enumerate() {
                out.placements_scored += 1;
                let value = self.placement_value(out, board.play(p), mover)?;
                let better = self.best.is_empty()
                    || match mover {
                        Player::Left => value > best_value,
                        Player::Right => value < best_value,
                    };
                if better {
                    self.best.clear();
                    best_value = value;
                }
                if better || value == best_value {
                    self.best.push(i);
                }
            }
            let pick = self.best[self.rng.random_range(0..self.best.len())];
            board = board.play(options[pick]);
            mover = mover.opponent();
            moves += 1;
        }
        Ok(GameSpan {
            batch,
            start,
            end: out.keys.len(),
            moves,
            // The player to move could not move and lost.
            left_won: mover == Player::Right,
        })
    }

    /// The estimate's value to `mover` of the regions `after` leaves (regions beyond the catalogue count zero),
    /// each region of a looked-up size recorded in `out` as its object id.
    fn placement_value(
        &mut self,
        out: &mut LookupStream,
        after: Board,
        mover: Player,
    ) -> Result<Dyadic> {
        let mut value = Dyadic::new(0, 0);
        for region in after.regions() {
            let cells = region.cells();
            if cells > Catalogue::MAX_CELLS {
                continue;
            }
            let key = ShapeKey::of(&region);
            let looked_up = self.looked_up.contains(&cells);
            let slot = self.slot(key, cells)?;
            if looked_up {
                if slot.id == NO_ID {
                    slot.id = out.shapes.len() as u32;
                    out.shapes.push(key);
                }
                out.keys.push(slot.id);
            }
            value = value
                + match mover {
                    Player::Left => slot.left_moved,
                    Player::Right => slot.right_moved,
                };
        }
        Ok(value)
    }

    /// The slot of shape `key` (of `cells` cells), made from its catalogue entry the first time it is met.
    fn slot(&mut self, key: ShapeKey, cells: u32) -> Result<&mut ShapeSlot> {
        match self.slots.entry(key) {
            Entry::Occupied(slot) => Ok(slot.into_mut()),
            Entry::Vacant(vacant) => {
                let entry = self.catalogue.get(&key).with_context(|| {
                    format!("shape {key} ({cells} cells) is missing from the catalogue")
                })?;
                let (left_moved, right_moved) = match self.config.estimate {
                    EstimateRule::MeanOfStops => (entry.mean_stop(), entry.mean_stop()),
                    EstimateRule::OpponentStop => (entry.rs, entry.ls),
                };
                Ok(vacant.insert(ShapeSlot {
                    left_moved,
                    right_moved,
                    id: NO_ID,
                }))
            }
        }
    }
}

impl LookupStream {
    /// Plays the configured games with one `Pcg64Mcg` seeded by `seed` and records every lookup.
    pub fn generate(
        config: &StreamConfig,
        seed: u64,
        catalogue: &Catalogue,
    ) -> Result<LookupStream> {
        config.validate()?;
        let mut games = Games {
            config,
            catalogue,
            looked_up: config.min_lookup_cells..=config.max_lookup_cells,
            rng: Pcg64Mcg::seed_from_u64(seed),
            slots: HashMap::new(),
            best: Vec::new(),
        };
        let mut out = LookupStream {
            seed,
            keys: Vec::new(),
            shapes: Vec::new(),
            games: Vec::with_capacity(config.plan.games()),
            placements_scored: 0,
        };
        for (batch, b) in config.plan.0.iter().enumerate() {
            for _ in 0..b.games {
                let game = games.play(&mut out, batch, b)?;
                out.games.push(game);
            }
        }
        ensure!(
            out.keys.len() < u32::MAX as usize,
            "stream of {} lookups is too long for u32 positions",
            out.keys.len()
        );
        Ok(out)
    }

    /// Number of distinct object ids (ids are `0..universe`).
    pub fn universe(&self) -> usize {
        self.shapes.len()
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the stream has no lookups.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The lookups made in games of batch `batch`, in order.
    pub(crate) fn batch_keys(&self, batch: usize) -> Vec<u32> {
        self.games
            .iter()
            .filter(|g| g.batch == batch)
            .flat_map(|g| self.keys[g.start..g.end].iter().copied())
            .collect()
    }

    /// Writes the stream as CSV `time,obj_id,board,game` (time from 1), readable by libCacheSim's csv reader
    /// (`-t "time-col=1,obj-id-col=2,delimiter=,,has-header=true"`).
    pub fn write_trace_csv(&self, plan: &BoardPlan, path: &Path) -> Result<()> {
        let mut text = String::with_capacity(self.keys.len() * 16 + 32);
        text.push_str("time,obj_id,board,game\n");
        let mut t = 0usize;
        for (g, span) in self.games.iter().enumerate() {
            let board = plan
                .0
                .get(span.batch)
                .with_context(|| format!("game {g} names batch {} not in the plan", span.batch))?
                .board();
            for &k in &self.keys[span.start..span.end] {
                t += 1;
                use std::fmt::Write;
                let _ = writeln!(text, "{t},{k},{board},{g}");
            }
        }
        Ok(crate::record::write_atomic(path, text.as_bytes())?)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn from_str_examples() {
        use crate::experiments::catalogue_eviction::stream::BoardPlan;
        let plan: BoardPlan = "4x5:200,7x7:100".parse().unwrap();
        assert_eq!((plan.0[0].rows, plan.0[0].cols, plan.games()), (4, 5, 300));
        assert!("4x5".parse::<BoardPlan>().is_err());
        assert!("9x9:10".parse::<BoardPlan>().is_err());
    }
}
