//! What a match is: the two bots, the seed, the openings, the shard, the bounds; and `match.json`, the run
//! folder's copy that resume and merge compare against.

use super::bot::BotSpec;
use super::openings::Openings;
use crate::exit::Failure;
use crate::statistics::sprt::SprtBounds;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// The turn cap of every game: a draw of its own reason, so that no game runs forever.
pub(crate) const MAX_TURNS: usize = 1000;

/// The settings file's name inside a run folder.
pub(crate) const SETTINGS_FILE: &str = "match.json";

/// The most games one match may have (`--games`): five million pairs. A match's memory does not grow with its
/// game count (pairs are streamed), but a count past this is a typo, not a plan.
pub(crate) const MAX_GAMES: u64 = 10_000_000;

/// Which runs of one match are compared: a resume (its shard must agree, its game count may grow) or the shards
/// of a merge (one game count, one shard count, any shard index).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Agree {
    Resume,
    Merge,
}

/// `--shard K/N`: this run plays the pairs whose index is ≡ K − 1 (mod N).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Shard {
    /// K, from 1.
    pub index: u64,
    /// N.
    pub count: u64,
}

impl Shard {
    /// The whole match.
    pub(crate) const ALL: Shard = Shard { index: 1, count: 1 };

    /// How many of pairs `0..pairs` are this shard's.
    pub(crate) fn count_in(self, pairs: u64) -> u64 {
        (pairs + self.count - self.index) / self.count
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("invalid shard '{s}' (expected K/N with 1 <= K <= N)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.parse::<u64>().map_err(|_| bad())?,
            n.parse::<u64>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A match as configured.
#[derive(Clone, Debug)]
pub(crate) struct MatchSettings {
    pub a: BotSpec,
    pub b: BotSpec,
    pub seed: u64,
    /// The most games (twice the most pairs).
    pub games: u64,
    pub shard: Shard,
    pub openings: Openings,
    pub bounds: SprtBounds,
    /// `--luck-sprt CP`: stop on the SPRT of luck-adjusted pair scores at this fixed logistic scale.
    pub luck_sprt: Option<f64>,
    /// Whether the SPRT may stop the match early (a work-odds match measures an Elo figure over a fixed number
    /// of games, so it plays them all: a stopped match's estimate is biased towards the bound it crossed).
    pub sprt_stops: bool,
}

impl MatchSettings {
    /// The most pairs.
    pub(crate) fn pairs(&self) -> u64 {
        self.games / 2
    }

    /// This shard's pair indices, in order.
    pub(crate) fn assigned(&self) -> impl Iterator<Item = u64> + '_ {
        (self.shard.index - 1..self.pairs()).step_by(self.shard.count as usize)
    }

    /// The SPRT stops a run early only when it sees every pair: a shard's own early stop would differ from the
    /// unsharded run's, so shards play all their pairs and the merge applies the test.
    pub(crate) fn stops_early(&self) -> bool {
        self.sprt_stops && self.shard.count == 1
    }

    /// The record for `match.json`.
    pub(crate) fn record(&self) -> SettingsRecord {
        SettingsRecord {
            format_version: 1,
            a: self.a.to_string(),
            b: self.b.to_string(),
            seed: self.seed,
            games: self.games,
            shard: self.shard.to_string(),
            openings: self.openings.path.display().to_string(),
            openings_count: self.openings.dfens.len(),
            openings_digest: self.openings.digest(),
            max_turns: MAX_TURNS,
            elo0: self.bounds.elo0,
            elo1: self.bounds.elo1,
            alpha: self.bounds.alpha,
            beta: self.bounds.beta,
            luck_sprt_scale: self.luck_sprt,
        }
    }
}

/// `match.json`.
#[derive(Clone, Default, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SettingsRecord {
    pub format_version: u32,
    pub a: String,
    pub b: String,
    pub seed: u64,
    pub games: u64,
    pub shard: String,
    /// Where the openings were read (informative: the digest is what must agree).
    pub openings: String,
    pub openings_count: usize,
    pub openings_digest: String,
    pub max_turns: usize,
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// The logistic scale of `--luck-sprt`, when the match stops on luck-adjusted scores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck_sprt_scale: Option<f64>,
}

impl SettingsRecord {
    /// Reads `dir/match.json`; a missing or unreadable one is bad input naming the folder.
    pub(crate) fn read(dir: &Path) -> anyhow::Result<SettingsRecord> {
        let path = dir.join(SETTINGS_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            Failure::BadInput.because(format!(
                "{}: not a match run folder (cannot read {SETTINGS_FILE}: {e})",
                dir.display()
            ))
        })?;
        serde_json::from_str(&text).map_err(|e| {
            Failure::BadInput.because(format!("{}: invalid settings: {e}", path.display()))
        })
    }

    /// The SPRT's hypotheses and error rates.
    pub(crate) fn bounds(&self) -> SprtBounds {
        SprtBounds {
            elo0: self.elo0,
            elo1: self.elo1,
            alpha: self.alpha,
            beta: self.beta,
        }
    }

    /// Writes `dir/match.json` atomically.
    pub(crate) fn write(&self, dir: &Path) -> anyhow::Result<()> {
        crate::strength::write_json(self, &dir.join(SETTINGS_FILE))
    }

    /// The fields that differ from `other` among those two runs of one match must share (everything but the
    /// openings' path; for a resume everything but the game count; for a merge everything but the shard's index),
    /// as `name: ours vs theirs`.
    pub(crate) fn mismatches(&self, other: &SettingsRecord, agree: Agree) -> Vec<String> {
        type Field = (&'static str, fn(&SettingsRecord) -> String);
        let mut fields: Vec<Field> = vec![
            ("a", |r| r.a.clone()),
            ("b", |r| r.b.clone()),
            ("seed", |r| r.seed.to_string()),
            ("openings", |r| {
                format!(
                    "{} openings, digest {}",
                    r.openings_count, r.openings_digest
                )
            }),
            ("max_turns", |r| r.max_turns.to_string()),
            ("sprt bounds", |r| {
                format!("{} {} {} {}", r.elo0, r.elo1, r.alpha, r.beta)
            }),
            ("luck_sprt_scale", |r| format!("{:?}", r.luck_sprt_scale)),
            ("format_version", |r| r.format_version.to_string()),
        ];
        match agree {
            Agree::Resume => fields.push(("shard", |r| r.shard.clone())),
            Agree::Merge => {
                fields.push(("games", |r| r.games.to_string()));
                fields.push(("shard count", |r| {
                    r.shard
                        .split_once('/')
                        .map_or(&*r.shard, |(_, n)| n)
                        .to_owned()
                }));
            }
        }
        fields
            .into_iter()
            .map(|(name, field)| (name, field(self), field(other)))
            .filter(|(_, x, y)| x != y)
            .map(|(name, x, y)| format!("{name}: '{x}' vs '{y}'"))
            .collect()
    }
}
