//! The rows of `tt_pressure.csv`: one row per transposition-table arm (a replacement scheme at a size, or the
//! unbounded table) over one fixed self-play game, its counters summed over the game's moves.

use crate::arm::{TableArm, UNBOUNDED};
use crate::record::schema::SchemaError;
use crate::record::schema::{CsvRecord, Located, read_records};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One arm of the sweep, as written to and read from `tt_pressure.csv`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct TtPressureRecord {
    /// `always`, `depth`, `two_deep`, `two_big`, `aged` or `unbounded`.
    pub scheme: String,
    /// log2 of the requested entry count; empty for the unbounded table.
    pub size_log2: Option<u8>,
    /// Entries the table holds at most (aged: whole three-entry buckets); empty for the unbounded table.
    pub capacity_entries: Option<u64>,
    /// Entries held at the end of the game.
    pub occupied_entries: u64,
    /// Entries the unbounded table held at the end of the same game (the size at which nothing is evicted).
    pub unbounded_entries: u64,
    /// The game's start position (DFEN).
    pub start_dfen: String,
    /// Depth both sides searched, in full turns.
    pub depth_turns: u8,
    pub moves: u64,
    pub nodes: u64,
    /// Leaf evaluations requested.
    pub leaves: u64,
    /// Evaluator callback calls (a fresh evaluation cache per move).
    pub evaluator_calls: u64,
    pub tt_probes: u64,
    /// Probes that found an entry of the same key and depth.
    pub tt_hits: u64,
    /// Hits that answered the node.
    pub tt_cutoffs: u64,
    pub tt_stores: u64,
    /// Stores that replaced another key's entry.
    pub tt_overwrites: u64,
    /// Wall time of the arm's searches, run alone.
    pub time_ns: u64,
    /// Moves whose root value and path equal the unbounded table's.
    pub decisions_equal: u64,
    /// nodes / the unbounded table's nodes.
    pub nodes_vs_unbounded: f64,
    /// evaluator calls / the unbounded table's.
    pub evaluator_calls_vs_unbounded: f64,
    /// `host (cpu, N cores)`.
    pub machine: String,
    /// `rustc -V`.
    pub rustc: String,
    /// Commit, `-dirty` when modified.
    pub git_revision: String,
    /// The game's seed (its dice).
    pub seed: u64,
}

impl CsvRecord for TtPressureRecord {
    fn check(&self) -> Result<(), (&'static str, String)> {
        TableArm::check_rule_name(&self.scheme).map_err(|e| ("scheme", e))?;
        let unbounded = self.is_unbounded();
        if unbounded != self.size_log2.is_none() || unbounded != self.capacity_entries.is_none() {
            return Err((
                "size_log2",
                "size and capacity are empty exactly for the unbounded table".into(),
            ));
        }
        if let (Some(log2), Some(cap)) = (self.size_log2, self.capacity_entries)
            && (log2 > 32 || cap > 1 << log2 || cap == 0)
        {
            return Err((
                "capacity_entries",
                format!("{cap} does not fit 2^{log2} entries"),
            ));
        }
        if !(1..=3).contains(&self.depth_turns) {
            return Err((
                "depth_turns",
                format!("{} is not 1, 2 or 3", self.depth_turns),
            ));
        }
        if self.decisions_equal > self.moves {
            return Err((
                "decisions_equal",
                format!("{} exceeds the {} moves", self.decisions_equal, self.moves),
            ));
        }
        if self.tt_cutoffs > self.tt_hits || self.tt_hits > self.tt_probes {
            return Err(("tt_hits", "cutoffs ≤ hits ≤ probes does not hold".into()));
        }
        for (column, v) in [
            ("nodes_vs_unbounded", self.nodes_vs_unbounded),
            (
                "evaluator_calls_vs_unbounded",
                self.evaluator_calls_vs_unbounded,
            ),
        ] {
            if !v.is_finite() || v <= 0.0 {
                return Err((column, format!("{v} is not a finite positive ratio")));
            }
        }
        Ok(())
    }
}

impl TtPressureRecord {
    /// Whether this is the unbounded table's row, which every ratio is relative to.
    pub(crate) fn is_unbounded(&self) -> bool {
        self.scheme == UNBOUNDED
    }
}

crate::record::schema::provenance_columns!(TtPressureRecord, without seed);

/// Reads `tt_pressure.csv`, rejecting a repeated (scheme, size) and a file without its unbounded row.
pub(crate) fn read_tt_pressure(path: &Path) -> Result<Vec<TtPressureRecord>, SchemaError> {
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    let mut last_line = 1;
    for Located { line, record: r } in read_records::<TtPressureRecord>(path)? {
        if !seen.insert((r.scheme.clone(), r.size_log2)) {
            return Err(SchemaError::Row {
                path: path.to_path_buf(),
                line,
                message: format!("duplicate row for {} size {:?}", r.scheme, r.size_log2),
            });
        }
        last_line = line;
        out.push(r);
    }
    if !out.iter().any(TtPressureRecord::is_unbounded) {
        return Err(SchemaError::Row {
            path: path.to_path_buf(),
            line: last_line,
            message: "no row for the unbounded table (scheme 'unbounded'), which every ratio is relative to".into(),
        });
    }
    Ok(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::present::assert_contains;
    use crate::record::schema::write_records;

    /// A row of `scheme` at `size_log2` (unbounded when `None`).
    pub(crate) fn record(scheme: &str, size_log2: Option<u8>) -> TtPressureRecord {
        TtPressureRecord {
            scheme: scheme.into(),
            size_log2,
            capacity_entries: size_log2.map(|n| 1 << n),
            occupied_entries: 12,
            unbounded_entries: 5_000,
            start_dfen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            depth_turns: 3,
            moves: 10,
            nodes: 1_234,
            leaves: 900,
            evaluator_calls: 700,
            tt_probes: 50,
            tt_hits: 10,
            tt_cutoffs: 8,
            tt_stores: 40,
            tt_overwrites: 1,
            time_ns: 1_500_000,
            decisions_equal: 10,
            nodes_vs_unbounded: 1.25,
            evaluator_calls_vs_unbounded: 1.5,
            machine: "host (cpu, 2 cores)".into(),
            rustc: "rustc 1.95.0".into(),
            git_revision: "abc".into(),
            seed: 1,
        }
    }

    #[test]
    fn rows_round_trip_and_bad_rows_name_line_and_field() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tt_pressure.csv");
        let rows = vec![
            record("depth", Some(4)),
            record("aged", Some(4)),
            record("unbounded", None),
        ];
        std::fs::write(&path, write_records(rows.clone(), &path).unwrap()).unwrap();
        assert_eq!(read_tt_pressure(&path).unwrap(), rows);

        let text = String::from_utf8(write_records(rows.clone(), &path).unwrap()).unwrap();
        std::fs::write(&path, text.replacen(",10,1.25,", ",11,1.25,", 1)).unwrap();
        let err = read_tt_pressure(&path).unwrap_err().to_string();
        assert_contains(&err, &["line 2", "decisions_equal"]);

        let dup = [
            record("depth", Some(4)),
            record("depth", Some(4)),
            record("unbounded", None),
        ];
        std::fs::write(&path, write_records(dup, &path).unwrap()).unwrap();
        assert_contains(
            &read_tt_pressure(&path).unwrap_err().to_string(),
            &["duplicate row"],
        );

        std::fs::write(&path, write_records(rows[..1].to_vec(), &path).unwrap()).unwrap();
        assert_contains(
            &read_tt_pressure(&path).unwrap_err().to_string(),
            &["unbounded"],
        );
    }
}
