//! The frozen scenario file format (JSON, pretty-printed so that diffs are line by line).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format version this build reads and writes.
pub(crate) const FORMAT_VERSION: u32 = 1;

/// One family's frozen scenarios.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Must equal [`FORMAT_VERSION`].
    pub format_version: u32,
    /// How the file was made.
    pub header: Header,
    /// Family name (`sparse`, `middlegame`, `transposition-rich`, `promotion-en-passant`).
    pub family: String,
    /// Chance depth of every expansion in the file (1 or 2).
    pub depth: u8,
    /// Denominator of the expected values: 216 at depth 1, 46656 at depth 2.
    pub denominator: i64,
    /// Root positions (with dice), no position or name twice, and their canonical outer successors.
    pub roots: Vec<Root>,
}

/// Provenance of a scenario file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Program and version that wrote the file.
    pub generator: String,
    /// Seed of the position generator for this family.
    pub seed: u64,
    /// Command that regenerates the file.
    pub command: String,
    /// What the positions are and how they were chosen.
    pub description: String,
}

/// A root position (our turn, dice in the pool) and every distinct state after one of its legal turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Root {
    /// Stable name, e.g. `sparse-03`.
    pub name: String,
    /// The root in DFEN, with its dice.
    pub dfen: String,
    /// Canonical outer successors, each once, in the order first reached by the reference turn order (the
    /// engine's legal turn paths, rules §6); `scenarios verify` and the main job reject another order.
    pub successors: Vec<Successor>,
}

/// One outer successor: the opponent to roll, empty pool; "we" are the side that just moved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Successor {
    /// The successor in DFEN.
    pub dfen: String,
    /// Exact value numerators over `denominator`, per evaluator name (`material`, `constant`); no name twice.
    #[serde(deserialize_with = "super::unique_map::deserialize")]
    pub expected: BTreeMap<String, i64>,
}

impl ScenarioFile {
    /// Pretty JSON with a trailing newline: one field per line, stable key order.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("scenario files always serialise");
        s.push('\n');
        s
    }

    /// Number of outer successors over all roots.
    pub(crate) fn successor_count(&self) -> usize {
        self.roots.iter().map(|r| r.successors.len()).sum()
    }
}
