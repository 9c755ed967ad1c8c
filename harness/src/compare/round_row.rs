//! The rows of `compare_rounds.csv`: every interleaved timing round of `harness compare`, one row per round and
//! configuration, with both sides' nanoseconds per operation, so the session interval of `compare.csv` can be
//! recomputed (or judged by another method) from the raw pairs.

use crate::record::schema::{CsvRecord, named};
use serde::{Deserialize, Serialize};

/// One round of one configuration, as written to `compare_rounds.csv`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct CompareRoundRecord {
    /// The session (a fresh pair of timing processes), from 0.
    pub session: u64,
    /// The round, from 0, counted over all sessions.
    pub round: u64,
    /// The side that ran first in this round's first pair of samples (`A` or `B`; each pair has a seeded coin).
    pub first: String,
    pub scenario: String,
    pub variant: String,
    pub evaluator: String,
    pub traversal: String,
    /// Side A's nanoseconds per operation in this round.
    pub a_ns_per_op: f64,
    /// Side B's nanoseconds per operation in this round.
    pub b_ns_per_op: f64,
    /// `host (cpu, N cores)`.
    pub machine: String,
    /// The comparison's base seed.
    pub seed: u64,
    /// `rustc -V` of the harness that compared.
    pub rustc: String,
    /// Commit of the harness that compared, with `-dirty` when tracked files were modified.
    pub git_revision: String,
}

impl CsvRecord for CompareRoundRecord {
    fn check(&self) -> Result<(), (&'static str, String)> {
        named("scenario", &self.scenario)?;
        if self.first != "A" && self.first != "B" {
            return Err(("first", format!("`{}` is neither A nor B", self.first)));
        }
        for (column, x) in [
            ("a_ns_per_op", self.a_ns_per_op),
            ("b_ns_per_op", self.b_ns_per_op),
        ] {
            if !(x.is_finite() && x >= 0.0) {
                return Err((column, format!("{x} is not a time")));
            }
        }
        Ok(())
    }
}

crate::record::schema::provenance_columns!(CompareRoundRecord);
