//! The frozen openings of `harness match`: positions made by a documented seeded procedure, written by
//! `harness match openings --freeze` and checked on every load.
//!
//! Procedure (every random choice from one `rand_pcg::Pcg64Mcg` seeded with [`OpeningParams::seed`]): for each
//! candidate draw a turn count K uniformly from `min_turns..=max_turns`; from the initial position play K turns,
//! each a roll (`engine::game::roll`) and a uniformly drawn legal path (a pass when none); drop the candidate when a
//! king was captured, when either side could capture a king on a roll from the position (a positive
//! king-capture weight for the side to move, or for the other side after a pass), or when the mean over the 56 weighted roll classes of the depth-1 material search value is
//! `threshold_cp` or more in absolute value; drop a DFEN already kept. Stop at `count` openings. The openings
//! are stored with an empty dice pool: the game loop rolls.

use anyhow::Context;
use engine::eval::MATERIAL_BOUNDS;
use engine::game::{RollGenerator, roll};
use engine::memo::EvaluationCache;
use engine::search::{Pruning, RootValue, SearchConfig, SearchControl, SearchDepth, search};
use engine::{
    DicePool, GameState, ROLL_CLASSES, evaluate_material, king_capture_weight, legal_turn_paths,
};
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The default location of the openings file.
pub(crate) const DEFAULT_PATH: &str = "scenarios/openings.json";

/// The fewest openings a file may hold.
pub(crate) const MIN_OPENINGS: usize = 100;

const FORMAT_VERSION: u32 = 1;

/// The parameters of the procedure; the file records them, and they reproduce it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OpeningParams {
    pub seed: u64,
    /// How many openings to keep.
    pub count: usize,
    /// The fewest random turns played from the initial position.
    pub min_turns: u32,
    /// The most random turns played from the initial position.
    pub max_turns: u32,
    /// A kept opening's mean depth-1 material value lies strictly inside ±threshold_cp.
    pub threshold_cp: i64,
}

impl OpeningParams {
    /// The shipped file's parameters.
    pub(crate) const DEFAULT: OpeningParams = OpeningParams {
        seed: 20_261_201,
        count: 128,
        min_turns: 4,
        max_turns: 14,
        threshold_cp: 200,
    };

    fn check(&self) -> Result<(), String> {
        if self.count < MIN_OPENINGS {
            return Err(format!(
                "count {} is below the minimum of {MIN_OPENINGS}",
                self.count
            ));
        }
        if self.min_turns > self.max_turns {
            return Err(format!(
                "min_turns {} exceeds max_turns {}",
                self.min_turns, self.max_turns
            ));
        }
        if self.threshold_cp <= 0 {
            return Err("threshold_cp must be positive".to_owned());
        }
        Ok(())
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OpeningsFile {
    format_version: u32,
    /// How the openings were made (for a reader; the parameters are what reproduce them).
    procedure: String,
    params: OpeningParams,
    /// Canonical DFENs, empty dice pool.
    openings: Vec<String>,
}

/// Loaded, checked openings.
#[derive(Clone, Debug)]
pub(crate) struct Openings {
    /// Where they were read from.
    pub path: PathBuf,
    /// The procedure's parameters recorded in the file.
    pub params: OpeningParams,
    /// Canonical DFENs, in file order.
    pub dfens: Vec<String>,
    /// The parsed positions, in file order.
    pub states: Vec<GameState>,
}

impl Openings {
    /// The opening of pair `pair`: the openings in file order, cycling when there are more pairs.
    pub(crate) fn for_pair(&self, pair: u64) -> (&str, &GameState) {
        let k = (pair % self.states.len() as u64) as usize;
        (&self.dfens[k], &self.states[k])
    }

    /// A fingerprint of the openings in order (FNV-1a over the DFENs, each ended by a newline), which a run folder
    /// records so that resume and merge can tell whether two runs used the same openings.
    pub(crate) fn digest(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for d in &self.dfens {
            for b in d.bytes().chain(std::iter::once(b'\n')) {
                h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        format!("{h:016x}")
    }
}

const PROCEDURE: &str = "From the initial position, K random turns (K uniform in min_turns..=max_turns; each a \
roll and a uniformly drawn legal path, a pass when none), one Pcg64Mcg seeded with seed for every choice; kept when \
no king was captured, both sides have king-capture weight 0 (the other side's after a pass), and the mean over the 56 roll classes of the \
depth-1 material search value is strictly inside +-threshold_cp; duplicates (canonical DFEN) dropped; stops at count.";

/// The mean depth-1 material value over the 56 weighted roll classes, in centipawns (rounded towards zero), or
/// `None` when some roll captures a king.
fn mean_depth_one_value(state: &GameState) -> Option<i64> {
    let memo = EvaluationCache::new(evaluate_material);
    let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS);
    let mut sum = 0i64;
    for (dice, weight) in ROLL_CLASSES {
        let report = search(
            &state.with_dice(dice),
            SearchDepth::One,
            &config,
            &memo,
            &SearchControl::unbounded(),
        )
        .unwrap_or_else(|never| match never {});
        match report.outcome.value()?.value {
            RootValue::Win => return None,
            RootValue::Numerator(n) => sum += n * i64::from(weight),
        }
    }
    Some(sum / 216)
}

/// Runs the procedure (see the module documentation).
pub(crate) fn generate(params: &OpeningParams) -> Result<Vec<String>, String> {
    params.check()?;
    let mut rng = RollGenerator::seed_from_u64(params.seed);
    let mut kept = Vec::with_capacity(params.count);
    let mut seen = HashSet::new();
    let attempts = params.count * 200;
    for _ in 0..attempts {
        if kept.len() == params.count {
            break;
        }
        let turns = rng.random_range(params.min_turns..=params.max_turns);
        let mut state = GameState::initial();
        let mut captured = false;
        for _ in 0..turns {
            let rolled = state.with_dice(roll(&mut rng));
            let paths = legal_turn_paths(&rolled);
            let mover = rolled.side_to_move();
            state = rolled;
            if !paths.is_empty() {
                let k = rng.random_range(0..paths.len());
                for &m in &paths[k] {
                    state.make_move(m);
                }
            }
            state.end_turn();
            if state.pieces(!mover, engine::PieceType::King).is_empty() {
                captured = true;
                break;
            }
        }
        let mut other_side = state;
        other_side.end_turn();
        if captured || king_capture_weight(&state) > 0 || king_capture_weight(&other_side) > 0 {
            continue;
        }
        match mean_depth_one_value(&state) {
            Some(v) if v.abs() < params.threshold_cp => {}
            _ => continue,
        }
        let dfen = state.with_dice(DicePool::EMPTY).to_dfen();
        if seen.insert(dfen.clone()) {
            kept.push(dfen);
        }
    }
    if kept.len() < params.count {
        return Err(format!(
            "the procedure kept only {} of {} openings in {attempts} attempts (loosen threshold_cp or the turn range)",
            kept.len(),
            params.count
        ));
    }
    Ok(kept)
}

/// The file text of `openings` made with `params`.
fn file_text(params: &OpeningParams, openings: Vec<String>) -> String {
    crate::strength::json_text(&OpeningsFile {
        format_version: FORMAT_VERSION,
        procedure: PROCEDURE.to_owned(),
        params: *params,
        openings,
    })
}

/// Generates with `params` and writes the file atomically at `path`; returns how many openings it holds.
pub(crate) fn freeze(path: &Path, params: &OpeningParams) -> anyhow::Result<usize> {
    let openings = generate(params).map_err(|e| crate::exit::Failure::BadInput.because(e))?;
    let n = openings.len();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    crate::record::write_atomic(path, file_text(params, openings).as_bytes())?;
    Ok(n)
}

/// Reads and checks the file: format, every DFEN canonical with an empty pool, no duplicates, at least
/// [`MIN_OPENINGS`], as many as the recorded count. Every failure is bad input naming the file (and the entry).
pub(crate) fn load(path: &Path) -> anyhow::Result<Openings> {
    let bad =
        |msg: String| crate::exit::Failure::BadInput.because(format!("{}: {msg}", path.display()));
    let text = std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read: {e}")))?;
    let file: OpeningsFile =
        serde_json::from_str(&text).map_err(|e| bad(format!("not an openings file: {e}")))?;
    if file.format_version != FORMAT_VERSION {
        return Err(bad(format!(
            "format_version {} (expected {FORMAT_VERSION})",
            file.format_version
        )));
    }
    file.params
        .check()
        .map_err(|e| bad(format!("params: {e}")))?;
    if file.openings.len() < MIN_OPENINGS || file.openings.len() != file.params.count {
        return Err(bad(format!(
            "{} openings (the params say {}; at least {MIN_OPENINGS} are needed)",
            file.openings.len(),
            file.params.count
        )));
    }
    let mut seen = HashSet::new();
    let mut states = Vec::with_capacity(file.openings.len());
    for (i, d) in file.openings.iter().enumerate() {
        let entry = |msg: String| bad(format!("opening {} '{d}': {msg}", i + 1));
        let s = GameState::from_dfen(d).map_err(|e| entry(e.to_string()))?;
        if !s.dice().is_empty() {
            return Err(entry(
                "the dice pool must be empty (the game rolls)".to_owned(),
            ));
        }
        if s.to_dfen() != *d {
            return Err(entry(format!(
                "not canonical (canonical: '{}')",
                s.to_dfen()
            )));
        }
        if !seen.insert(d.as_str()) {
            return Err(entry("repeats an earlier opening".to_owned()));
        }
        states.push(s);
    }
    Ok(Openings {
        path: path.to_path_buf(),
        params: file.params,
        dfens: file.openings,
        states,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn shipped() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(DEFAULT_PATH)
    }

    /// The shipped openings file, loaded.
    pub(crate) fn shipped_openings() -> Openings {
        load(&shipped()).unwrap()
    }

    #[test]
    fn the_shipped_file_loads_and_its_params_reproduce_it() {
        let o = load(&shipped()).unwrap();
        assert!(o.dfens.len() >= MIN_OPENINGS);
        assert_eq!(generate(&o.params).unwrap(), o.dfens);
        assert_eq!(o.params, OpeningParams::DEFAULT);
    }

    #[test]
    fn a_bad_file_is_refused_naming_the_entry() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("o.json");
        let good = load(&shipped()).unwrap();
        let edited = |f: fn(&mut Vec<String>)| {
            let mut dfens = good.dfens.clone();
            f(&mut dfens);
            dfens
        };
        for (dfens, needles) in [
            (
                edited(|d| d[3] = d[2].clone()),
                &["opening 4", "repeats"][..],
            ),
            (edited(|d| d[0] = "8/8 w".to_owned()), &["opening 1"]),
            (edited(|d| d.truncate(50)), &["50 openings"]),
        ] {
            std::fs::write(&path, file_text(&good.params, dfens)).unwrap();
            let err = crate::exit::message(&load(&path).unwrap_err());
            assert!(needles.iter().all(|n| err.contains(n)), "{err}");
        }
    }
}
