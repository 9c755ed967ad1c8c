//! The positions a deadline run qualifies bots on: a scenario family's roots, the match openings, or a file of
//! DFENs.
//!
//! A position whose dice pool is empty (every opening; a suite file may hold some) is searched with one seeded
//! roll: position `i` gets the first roll ([`engine::game::roll`]) of a `Pcg64Mcg` seeded with
//! [`engine::game::pair_seed`]`(seed, i)`, so a position's roll depends on the run seed and its index only. The
//! rolled DFEN is what `deadline.csv` records. One roll per position rather than all 56 roll classes keeps a
//! depth-3 reference affordable; the suite's many positions average over rolls instead.

use crate::exit::Failure;
use crate::scenario::{Family, load_family};
use crate::strength::match_runner::openings;
use engine::GameState;
use engine::game::{RollGenerator, pair_seed, roll};
use rand::SeedableRng;
use std::path::{Path, PathBuf};

/// The name `--suite` takes for the match openings.
pub(crate) const OPENINGS: &str = "openings";

/// Where the positions come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SuiteSource {
    /// The roots of a scenario family's file.
    Family(Family),
    /// `openings.json`.
    Openings,
    /// A file with one DFEN per line (blank lines and `#` comments skipped).
    File(PathBuf),
}

impl SuiteSource {
    /// A family name or `openings` names a built-in suite (names win over a file of the same name); anything
    /// else is a file path.
    pub(crate) fn parse(s: &str) -> SuiteSource {
        if s == OPENINGS {
            SuiteSource::Openings
        } else if let Some(f) = Family::from_name(s) {
            SuiteSource::Family(f)
        } else {
            SuiteSource::File(PathBuf::from(s))
        }
    }

    /// The suite's name as rows and the summary give it.
    pub(crate) fn name(&self) -> String {
        match self {
            SuiteSource::Family(f) => f.name().to_owned(),
            SuiteSource::Openings => OPENINGS.to_owned(),
            SuiteSource::File(p) => p.display().to_string(),
        }
    }
}

/// A loaded suite: every position ready to search (dice rolled).
#[derive(Clone, Debug)]
pub(crate) struct Suite {
    /// The suite's name ([`SuiteSource::name`]).
    pub name: String,
    /// The positions, in suite order, each with dice.
    pub positions: Vec<GameState>,
    /// How many positions got a seeded roll.
    pub rolled: usize,
}

/// The DFENs of a suite file; a line that is not a DFEN is bad input naming the file and the line.
pub(crate) fn parse_suite_file(path: &Path, text: &str) -> anyhow::Result<Vec<GameState>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let state = GameState::from_dfen(line).map_err(|e| {
            Failure::BadInput.because(format!(
                "--suite {}: line {}: '{line}' is not a DFEN: {e}",
                path.display(),
                i + 1
            ))
        })?;
        out.push(state);
    }
    Ok(out)
}

impl Suite {
    /// Loads `source` (family files and the openings under `scenarios_dir`) and rolls the positions without
    /// dice from `seed`. An unreadable or empty suite is bad input.
    pub(crate) fn load(
        source: &SuiteSource,
        scenarios_dir: &Path,
        seed: u64,
    ) -> anyhow::Result<Suite> {
        let states = match source {
            SuiteSource::Family(f) => load_family(scenarios_dir, *f)
                .map_err(|e| Failure::BadInput.tag(e).context("--suite"))?
                .file
                .roots
                .iter()
                .map(|r| GameState::from_dfen(&r.dfen))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| Failure::BadInput.because(format!("--suite {}: {e}", f.name())))?,
            SuiteSource::Openings => {
                openings::load(&scenarios_dir.join("openings.json"))
                    .map_err(|e| e.context("--suite openings"))?
                    .states
            }
            SuiteSource::File(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| {
                    Failure::BadInput
                        .because(format!("--suite {}: cannot read: {e}", path.display()))
                })?;
                parse_suite_file(path, &text)?
            }
        };
        if states.is_empty() {
            return Err(
                Failure::BadInput.because(format!("--suite {}: no positions", source.name()))
            );
        }
        let mut rolled = 0;
        let positions = states
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                if s.dice().is_empty() {
                    rolled += 1;
                    let mut rng = RollGenerator::seed_from_u64(pair_seed(seed, i as u64));
                    s.with_dice(roll(&mut rng))
                } else {
                    s
                }
            })
            .collect();
        Ok(Suite {
            name: source.name(),
            positions,
            rolled,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_win_over_paths_and_anything_else_is_a_file() {
        assert_eq!(SuiteSource::parse("openings"), SuiteSource::Openings);
        assert_eq!(
            SuiteSource::parse("sparse"),
            SuiteSource::Family(Family::Sparse)
        );
        assert_eq!(
            SuiteSource::parse("my/suite.txt"),
            SuiteSource::File(PathBuf::from("my/suite.txt"))
        );
    }

    #[test]
    fn a_bad_line_names_the_file_and_the_line() {
        let text = "# two positions\n\nk7/8/8/8/8/8/8/R6K w - - 0 1 RPP\n  \nnot a dfen\n";
        let err = parse_suite_file(Path::new("s.txt"), text).unwrap_err();
        let msg = crate::exit::message(&err);
        assert!(msg.contains("s.txt") && msg.contains("line 5"), "{msg}");
        assert_eq!(crate::exit::Failure::of(&err).code(), 2);
        let good =
            parse_suite_file(Path::new("s.txt"), &text.replace("not a dfen", "# gone")).unwrap();
        assert_eq!(good.len(), 1);
    }

    #[test]
    fn positions_without_dice_get_the_same_roll_for_the_same_seed_and_index() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let a = Suite::load(&SuiteSource::Openings, &dir, 7).unwrap();
        let b = Suite::load(&SuiteSource::Openings, &dir, 7).unwrap();
        let c = Suite::load(&SuiteSource::Openings, &dir, 8).unwrap();
        assert_eq!(a.rolled, a.positions.len());
        assert!(a.positions.iter().all(|s| !s.dice().is_empty()));
        assert_eq!(a.positions, b.positions);
        assert_ne!(a.positions, c.positions);
    }
}
