//! The rows of `search.csv`: one row per family x search arm (pruning, transposition table, evaluation cache),
//! with the arm's counters summed over the family's roots and its time per pass over them.

use crate::arm::{SearchArm, parse_switch};
use crate::record::schema::SchemaError;
use crate::record::schema::{CsvRecord, named, read_unique};
use crate::record::schema::{
    check_interval, check_method, interval_columns, older_order_statistic,
};
use crate::statistics::Method;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One family x search arm, as written to and read from `search.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
pub(crate) struct SearchRecord {
    /// Scenario family whose roots were searched.
    pub scenario: String,
    /// Depth in full turns.
    pub depth_turns: u8,
    /// `none`, `star1` or `star2`.
    pub pruning: String,
    /// Transposition table `on` or `off`.
    pub tt: String,
    pub variant: String,
    pub evaluator: String,
    pub roots: u64,
    pub nodes: u64,
    /// Leaf evaluations requested from the evaluation memo.
    pub leaves: u64,
    /// Evaluator callback calls.
    pub evaluator_calls: u64,
    /// Leaf evaluations answered by the evaluation cache.
    pub cache_hits: u64,
    /// Transposition-table probes.
    pub tt_probes: u64,
    /// Probes that found a usable entry.
    pub tt_hits: u64,
    /// Hits that answered the node without searching it.
    pub tt_cutoffs: u64,
    pub tt_stores: u64,
    /// Stores that replaced another key's entry.
    pub tt_overwrites: u64,
    /// Opponent roll classes that capture our king.
    pub loss_tainted_rolls: u64,
    /// Samples behind the time: sessions of the timing kernel (older runs: timed passes).
    pub samples: u64,
    /// Time of one pass over the family's roots: the roots times the typical time per root, the geometric mean
    /// over sessions (older runs, written as `median_ns`: the median of whole passes).
    #[serde(alias = "median_ns")]
    pub time_ns: f64,
    /// Lower end of its interval.
    #[serde(alias = "ci_low_ns")]
    pub time_low_ns: f64,
    /// Upper end of its interval.
    #[serde(alias = "ci_high_ns")]
    pub time_high_ns: f64,
    /// The interval's coverage (missing in older runs: read as the order-statistic interval's of `samples`
    /// passes).
    #[serde(default)]
    pub time_level: f64,
    /// How it was computed (`student_t` over sessions; missing in older runs: read as `order_statistic`).
    #[serde(default)]
    pub time_method: String,
    /// Speedup over the family's unpruned arm (no pruning, no table, no cache), time(plain) / time(arm): the
    /// timing kernel's paired speedup over sessions (older runs: the median of per-round ratios of interleaved
    /// rounds). Empty in runs written before it was recorded.
    #[serde(default)]
    pub speedup_vs_plain: Option<f64>,
    /// Lower end of that speedup's interval.
    #[serde(default)]
    pub speedup_low: Option<f64>,
    /// Upper end.
    #[serde(default)]
    pub speedup_high: Option<f64>,
    /// Its level.
    #[serde(default)]
    pub speedup_level: Option<f64>,
    /// Its n (sessions; older runs: rounds paired).
    #[serde(default)]
    pub speedup_n: Option<u64>,
    /// How it was computed (`student_t` over sessions; older runs `paired_ratio`).
    #[serde(default)]
    pub speedup_method: Option<String>,
    /// The evaluation cache's speedup inside this search, time(the same pruning and table, no cache) /
    /// time(this row), > 1 = the cache pays: the timing kernel's paired speedup over sessions. Empty on
    /// rows without a cache and in runs written before it was recorded.
    #[serde(default)]
    pub cache_speedup: Option<f64>,
    /// Lower end of that speedup's interval.
    #[serde(default)]
    pub cache_speedup_low: Option<f64>,
    /// Upper end.
    #[serde(default)]
    pub cache_speedup_high: Option<f64>,
    /// Its coverage (the order-statistic interval's exact level).
    #[serde(default)]
    pub cache_speedup_level: Option<f64>,
    /// Rounds paired.
    #[serde(default)]
    pub cache_speedup_n: Option<u64>,
    /// How it was computed (`paired_ratio`).
    #[serde(default)]
    pub cache_speedup_method: Option<String>,
    /// `host (cpu, N cores)`.
    pub machine: String,
    /// `rustc -V`.
    pub rustc: String,
    /// Commit, `-dirty` when modified.
    pub git_revision: String,
    /// The run's seed.
    pub seed: u64,
}

impl SearchRecord {
    /// The arm, typed; `None` when its pruning, table or cache name is one this build does not know.
    pub(crate) fn arm(&self) -> Option<SearchArm> {
        SearchArm::from_names(&self.pruning, &self.tt, &self.variant)
    }

    /// Whether the transposition table was on; `None` for a `tt` other than `on` / `off`.
    pub(crate) fn table(&self) -> Option<bool> {
        parse_switch(&self.tt)
    }
}

interval_columns!(SearchRecord {
    time,
    with_time: whole [time_ns, time_low_ns, time_high_ns, time_level, samples, time_method]
});
interval_columns!(SearchRecord {
    speedup, with_speedup: optional [speedup_vs_plain, speedup_low, speedup_high, speedup_level, speedup_n,
        speedup_method]
});
interval_columns!(SearchRecord {
    cache_speedup, with_cache_speedup: optional [cache_speedup, cache_speedup_low, cache_speedup_high,
        cache_speedup_level, cache_speedup_n, cache_speedup_method]
});

impl CsvRecord for SearchRecord {
    const ADDED_LATER: &'static [&'static str] = &[
        // Older runs name the first three `median_ns`, `ci_low_ns` and `ci_high_ns` (read by alias).
        "time_ns",
        "time_low_ns",
        "time_high_ns",
        "time_level",
        "time_method",
        "speedup_vs_plain",
        "speedup_low",
        "speedup_high",
        "speedup_level",
        "speedup_n",
        "speedup_method",
        "cache_speedup",
        "cache_speedup_low",
        "cache_speedup_high",
        "cache_speedup_level",
        "cache_speedup_n",
        "cache_speedup_method",
    ];

    fn upgraded(mut self) -> Self {
        let (level, method) = (&mut self.time_level, &mut self.time_method);
        older_order_statistic(level, method, self.samples, Method::OrderStatistic);
        self
    }

    fn check(&self) -> Result<(), (&'static str, String)> {
        for (column, text) in [
            ("scenario", &self.scenario),
            ("pruning", &self.pruning),
            ("variant", &self.variant),
            ("evaluator", &self.evaluator),
        ] {
            named(column, text)?;
        }
        if self.table().is_none() {
            return Err(("tt", format!("'{}' is neither on nor off", self.tt)));
        }
        if !(1..=3).contains(&self.depth_turns) {
            return Err((
                "depth_turns",
                format!("{} is not 1, 2 or 3", self.depth_turns),
            ));
        }
        check_method("time_method", Some(&self.time_method))?;
        check_method("speedup_method", self.speedup_method.as_deref())?;
        check_method("cache_speedup_method", self.cache_speedup_method.as_deref())?;
        check_interval(
            ["time_ns", "time_low_ns", "time_high_ns"],
            &self.time(),
            true,
        )?;
        if self.leaves != self.evaluator_calls + self.cache_hits {
            return Err((
                "leaves",
                format!(
                    "{} is not evaluator_calls + cache_hits ({} + {})",
                    self.leaves, self.evaluator_calls, self.cache_hits
                ),
            ));
        }
        Ok(())
    }
}

crate::record::schema::provenance_columns!(SearchRecord);

/// Reads `search.csv`, rejecting a repeated (family, depth, pruning, table, variant, evaluator).
pub(crate) fn read_search(path: &Path) -> Result<Vec<SearchRecord>, SchemaError> {
    read_unique(
        path,
        |r: &SearchRecord| {
            (
                r.scenario.clone(),
                r.depth_turns,
                r.pruning.clone(),
                r.tt.clone(),
                r.variant.clone(),
                r.evaluator.clone(),
            )
        },
        |r| {
            format!(
                "{} depth {} {} tt {} {} {}",
                r.scenario, r.depth_turns, r.pruning, r.tt, r.variant, r.evaluator
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::schema::write_records;

    fn record(pruning: &str) -> SearchRecord {
        SearchRecord {
            evaluator_calls: 700,
            cache_hits: 200,
            ..crate::experiments::search::findings::tests::row(
                pruning,
                "on",
                "optimized",
                900,
                1.5e6,
            )
        }
    }

    #[test]
    fn search_rows_round_trip_and_bad_rows_name_line_and_field() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("search.csv");
        let rows = vec![record("none"), record("star2")];
        std::fs::write(&path, write_records(rows.clone(), &path).unwrap()).unwrap();
        assert_eq!(read_search(&path).unwrap(), rows);

        let text = String::from_utf8(write_records([record("none")], &path).unwrap()).unwrap();
        let bad = text.replace(",900,700,200,", ",901,700,200,");
        std::fs::write(&path, bad).unwrap();
        let err = read_search(&path).unwrap_err().to_string();
        assert!(err.contains("line 2") && err.contains("leaves"), "{err}");

        std::fs::write(
            &path,
            write_records([record("none"), record("none")], &path).unwrap(),
        )
        .unwrap();
        let err = read_search(&path).unwrap_err().to_string();
        assert!(err.contains("duplicate row"), "{err}");
    }
}
