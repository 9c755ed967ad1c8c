//! The rows of `bounded_cache.csv`: one row per workload x family x cache (the unbounded cache, and the bounded
//! cache per replacement rule and capacity), with counters summed over the family's invocations and the time of
//! one invocation (the timing kernel's, over sessions; older runs: the median of rounds).

use crate::arm::{CacheArm, UNBOUNDED, Workload};
use crate::record::Known;
use crate::record::schema::SchemaError;
use crate::record::schema::{CsvRecord, named, read_unique};
use crate::record::schema::{
    check_interval, check_method, interval_columns, older_order_statistic,
};
use crate::statistics::Method;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One workload x family x cache, as written to and read from `bounded_cache.csv`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct BoundedCacheRecord {
    /// `expansion` (every outer successor's nested expansion) or `search` (every root, Star2 + TT).
    pub workload: String,
    pub scenario: String,
    /// Chance layers (expansion) or full turns (search).
    pub depth: u8,
    pub evaluator: String,
    /// `unbounded`, `direct` or `clock`.
    pub policy: String,
    /// Slots of the bounded cache; empty for the unbounded one.
    pub capacity_entries: Option<u64>,
    /// Slots per set (1 direct-mapped, up to 4 clock); empty for the unbounded cache.
    pub ways: Option<u64>,
    /// Invocations (successors or roots), each with a fresh cache.
    pub invocations: u64,
    /// Lookups: evaluator calls + cache hits.
    pub lookups: u64,
    pub evaluator_calls: u64,
    /// Lookups answered from the cache.
    pub cache_hits: u64,
    /// Entries replaced by a new result (0 for the unbounded cache).
    pub evictions: u64,
    /// The most entries one invocation's cache held at its end.
    pub peak_entries: u64,
    /// Heap bytes of the largest invocation's cache: exact slot arrays for a bounded cache; for the unbounded
    /// one a lower bound, entries x (state + value + two slot words).
    pub cache_bytes: u64,
    /// Sessions (older runs: timed rounds).
    pub samples: u64,
    /// Typical time of one invocation: the geometric mean over sessions (older runs: the median of rounds).
    pub median_ns: f64,
    /// Lower end of its 95% interval.
    pub ci_low_ns: f64,
    /// Upper end of its 95% interval.
    pub ci_high_ns: f64,
    /// The time interval's coverage (missing in older runs: read as the order-statistic level of `samples`
    /// rounds).
    #[serde(default)]
    pub time_level: f64,
    /// How it was computed (`student_t`; older runs `order_statistic`, missing in the oldest).
    #[serde(default)]
    pub time_method: String,
    /// time(unbounded) / time(this cache), paired per invocation, over sessions (older runs: per round), > 1 =
    /// faster.
    pub speedup_vs_unbounded: f64,
    /// Lower end of the speedup's 95% interval.
    pub speedup_low: f64,
    /// Upper end of the speedup's 95% interval.
    pub speedup_high: f64,
    /// The speedup interval's coverage (missing in older runs: read as the order-statistic level of `samples`
    /// rounds).
    #[serde(default)]
    pub speedup_level: f64,
    /// How it was computed (`student_t`; older runs `paired_ratio`, missing in the oldest).
    #[serde(default)]
    pub speedup_method: String,
    /// `host (cpu, N cores)`.
    pub machine: String,
    /// `rustc -V`.
    pub rustc: String,
    /// Commit, `-dirty` when modified.
    pub git_revision: String,
    /// The run's seed.
    pub seed: u64,
}

impl BoundedCacheRecord {
    /// The workload, typed when this build knows it.
    pub(crate) fn workload(&self) -> Known<Workload> {
        Known::parse(&self.workload)
    }

    /// The cache, typed; `None` for a policy this build does not know.
    pub(crate) fn arm(&self) -> Option<CacheArm> {
        CacheArm::from_names(&self.policy, self.capacity_entries.map(|c| c as usize))
    }
}

// The time per invocation: the geometric mean over `samples` sessions with its Student-t interval.
interval_columns!(BoundedCacheRecord {
    time,
    with_time: whole [median_ns, ci_low_ns, ci_high_ns, time_level, samples, time_method]
});
// The speedup over the unbounded cache: the geometric mean of the paired ratios over `samples` sessions.
interval_columns!(BoundedCacheRecord {
    speedup,
    with_speedup: whole [
        speedup_vs_unbounded,
        speedup_low,
        speedup_high,
        speedup_level,
        samples,
        speedup_method
    ]
});

impl CsvRecord for BoundedCacheRecord {
    const ADDED_LATER: &'static [&'static str] = &[
        "time_level",
        "time_method",
        "speedup_level",
        "speedup_method",
    ];

    fn upgraded(mut self) -> Self {
        let n = self.samples;
        older_order_statistic(
            &mut self.time_level,
            &mut self.time_method,
            n,
            Method::OrderStatistic,
        );
        older_order_statistic(
            &mut self.speedup_level,
            &mut self.speedup_method,
            n,
            Method::PairedRatio,
        );
        self
    }

    fn check(&self) -> Result<(), (&'static str, String)> {
        if let Known::Other(w) = self.workload() {
            return Err((
                "workload",
                format!("'{w}' is not one of {}", Workload::ALL_NAMES),
            ));
        }
        named("scenario", &self.scenario)?;
        named("evaluator", &self.evaluator)?;
        CacheArm::check_rule_name(&self.policy).map_err(|e| ("policy", e))?;
        let bounded = self.policy != UNBOUNDED;
        match (bounded, self.capacity_entries) {
            (true, Some(c)) if c.is_power_of_two() => {}
            (true, c) => {
                return Err((
                    "capacity_entries",
                    format!("{c:?} is not a power of two for a bounded cache"),
                ));
            }
            (false, Some(c)) => {
                return Err((
                    "capacity_entries",
                    format!("{c} given for the unbounded cache (leave it empty)"),
                ));
            }
            (false, None) => {}
        }
        if bounded != self.ways.is_some() {
            return Err(("ways", "given exactly for bounded caches".into()));
        }
        if self.lookups != self.evaluator_calls + self.cache_hits {
            return Err((
                "lookups",
                format!(
                    "{} is not evaluator_calls + cache_hits ({} + {})",
                    self.lookups, self.evaluator_calls, self.cache_hits
                ),
            ));
        }
        check_method("time_method", Some(&self.time_method))?;
        check_method("speedup_method", Some(&self.speedup_method))?;
        check_interval(["median_ns", "ci_low_ns", "ci_high_ns"], &self.time(), true)?;
        check_interval(
            ["speedup_vs_unbounded", "speedup_low", "speedup_high"],
            &self.speedup(),
            true,
        )?;
        Ok(())
    }
}

crate::record::schema::provenance_columns!(BoundedCacheRecord);

/// Reads `bounded_cache.csv`, rejecting a repeated (workload, family, policy, capacity).
pub(crate) fn read_bounded_cache(path: &Path) -> Result<Vec<BoundedCacheRecord>, SchemaError> {
    read_unique(
        path,
        |r: &BoundedCacheRecord| {
            let key = (r.workload.clone(), r.scenario.clone(), r.policy.clone());
            (key, r.capacity_entries)
        },
        |r| {
            format!(
                "{} {} {} capacity {:?}",
                r.workload, r.scenario, r.policy, r.capacity_entries
            )
        },
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::present::assert_contains;
    use crate::record::schema::write_records;

    /// A consistent row (also used by the report's tests).
    pub(crate) fn record(
        policy: &str,
        capacity: Option<u64>,
        calls: u64,
        ns: f64,
    ) -> BoundedCacheRecord {
        crate::record::schema::CsvRecord::upgraded(BoundedCacheRecord {
            workload: "expansion".into(),
            scenario: "sparse".into(),
            depth: 1,
            evaluator: "material".into(),
            policy: policy.into(),
            capacity_entries: capacity,
            ways: capacity.map(|c| match policy.parse() {
                Ok(engine::memo::BoundedPolicy::Clock) => c.min(4),
                _ => 1,
            }),
            invocations: 3,
            lookups: 1_000,
            evaluator_calls: calls,
            cache_hits: 1_000 - calls,
            evictions: if capacity.is_some() { calls / 2 } else { 0 },
            peak_entries: 300,
            cache_bytes: 49_152,
            samples: 7,
            median_ns: ns,
            ci_low_ns: ns * 0.95,
            ci_high_ns: ns * 1.05,
            speedup_vs_unbounded: 1.0,
            speedup_low: 0.9,
            speedup_high: 1.1,
            machine: "host (cpu, 2 cores)".into(),
            rustc: "rustc 1.95.0".into(),
            git_revision: "abc".into(),
            seed: 1,
            ..BoundedCacheRecord::default()
        })
    }

    #[test]
    fn a_row_reads_its_cache_and_workload_typed() {
        use crate::arm::Capacity;
        use engine::memo::BoundedPolicy;
        let clock = record("clock", Some(64), 10, 1.0);
        assert_eq!(
            clock.arm(),
            Some(Capacity::Bounded {
                rule: BoundedPolicy::Clock,
                size: 64
            })
        );
        assert_eq!(
            record("unbounded", None, 10, 1.0).arm(),
            Some(CacheArm::Unbounded)
        );
        // An older run's rule this build lacks: absent, not an error.
        assert_eq!(record("lru", Some(64), 10, 1.0).arm(), None);
    }

    #[test]
    fn bounded_cache_rows_round_trip_and_bad_rows_name_line_and_field() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bounded_cache.csv");
        let rows = vec![
            record("unbounded", None, 400, 1e5),
            record("direct", Some(64), 700, 9e4),
            record("clock", Some(64), 600, 9.5e4),
        ];
        std::fs::write(&path, write_records(rows.clone(), &path).unwrap()).unwrap();
        assert_eq!(read_bounded_cache(&path).unwrap(), rows);

        let text = String::from_utf8(write_records(rows[1..2].to_vec(), &path).unwrap()).unwrap();
        for (from, to, field) in [
            (",direct,64,", ",direct,48,", "capacity_entries"),
            (",1000,700,300,", ",1001,700,300,", "lookups"),
            (",direct,", ",lru,", "policy"),
        ] {
            assert!(text.contains(from), "{text}");
            std::fs::write(&path, text.replace(from, to)).unwrap();
            let err = read_bounded_cache(&path).unwrap_err().to_string();
            assert!(err.contains("line 2") && err.contains(field), "{err}");
        }
        std::fs::write(
            &path,
            write_records([rows[1].clone(), rows[1].clone()], &path).unwrap(),
        )
        .unwrap();
        let err = read_bounded_cache(&path).unwrap_err().to_string();
        assert_contains(&err, &["duplicate row"]);
    }

    /// Rows store their intervals whole; a file written before the level and method columns reads them as its
    /// writer computed them: the order-statistic level of `samples` rounds.
    #[test]
    fn intervals_are_stored_whole_and_older_files_read_the_order_statistic_level() {
        use crate::statistics::{paired_ratio, summarize};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bounded_cache.csv");
        let rounds = [9.0, 10.0, 11.0, 10.5, 9.5, 10.2, 9.8];
        let (t, s) = (
            summarize(&rounds).unwrap(),
            paired_ratio(&rounds, &rounds.map(|x| x * 0.9)).unwrap(),
        );
        let row = record("direct", Some(64), 700, 9e4)
            .with_time(&t)
            .with_speedup(&s);
        assert_eq!((row.time(), row.speedup()), (t, s));
        let text = String::from_utf8(write_records([row.clone()], &path).unwrap()).unwrap();
        assert_contains(&text, &[",order_statistic,", ",paired_ratio,"]);
        std::fs::write(&path, &text).unwrap();
        assert_eq!(
            read_bounded_cache(&path).unwrap(),
            std::slice::from_ref(&row)
        );
        std::fs::write(&path, text.replace(",paired_ratio,", ",jackknife,")).unwrap();
        let err = read_bounded_cache(&path).unwrap_err().to_string();
        assert_contains(&err, &["line 2", "speedup_method"]);

        let old = crate::record::schema::without_columns(&text, BoundedCacheRecord::ADDED_LATER);
        assert!(!old.contains("speedup_level"), "{old}");
        std::fs::write(&path, old).unwrap();
        let read = read_bounded_cache(&path).unwrap();
        assert_eq!((read[0].time(), read[0].speedup()), (t, s));
    }
}
