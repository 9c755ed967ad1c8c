//! The rows of the catalogue-eviction experiment's CSVs: `eviction.csv`, `eviction_control.csv`, `streams.csv`,
//! `best_tens.csv` and `game_search.csv` from `harness eviction` (and the main job), `eviction_trace.csv` and
//! `lru_mrc.csv` from `harness eviction --trace-in`.
//!
//! Each row ends in the provenance columns `machine`, `rustc` and `git_revision`. The rows from seeded streams
//! carry their stream's `seed` as a data column; the trace rows come from no seed, so none of these rows has the
//! run-wide `seed` column of the other CSVs. Reading accepts the columns in any order, so files that list the
//! provenance as `machine,git_revision,rustc` read the same.

use crate::record::schema::{CsvRecord, named};
use serde::{Deserialize, Serialize};

/// Defines a row type from its data fields (in column order) followed by the three provenance fields, its
/// [`CsvRecord`] implementation, and its `with_provenance`.
macro_rules! eviction_record {
    (
        $(#[$meta:meta])*
        $name:ident {
            $( $(#[$field_meta:meta])* $field:ident : $ty:ty ),* $(,)?
        }
        check($r:ident) $check:block
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        pub(crate) struct $name {
            $( $(#[$field_meta])* pub $field: $ty, )*
            /// `host (cpu, N cores)`.
            pub machine: String,
            /// `rustc -V`.
            pub rustc: String,
            /// Commit, with `-dirty` when tracked files were modified.
            pub git_revision: String,
        }

        impl CsvRecord for $name {
            fn check(&self) -> Result<(), (&'static str, String)> {
                let $r = self;
                $check
            }
        }

        crate::record::schema::provenance_columns!($name, without seed);
    };
}

/// A share (hit rate, miss ratio, overlap) must be a number from 0 to 1.
fn fraction(column: &'static str, v: f64) -> Result<(), (&'static str, String)> {
    if (0.0..=1.0).contains(&v) {
        Ok(())
    } else {
        Err((column, format!("{v} is not a fraction from 0 to 1")))
    }
}

/// A count must not exceed the count it is part of (`limit`, the column `of`).
fn within(
    column: &'static str,
    v: u64,
    of: &str,
    limit: u64,
) -> Result<(), (&'static str, String)> {
    if v > limit {
        Err((column, format!("{v} exceeds {of} ({limit})")))
    } else {
        Ok(())
    }
}

/// The counters of one replay agree: hits within lookups, misses the rest, re-evaluations among the misses.
fn replay_counts(
    lookups: u64,
    hits: u64,
    misses: u64,
    re_evaluations: u64,
) -> Result<(), (&'static str, String)> {
    within("hits", hits, "lookups", lookups)?;
    if misses != lookups - hits {
        return Err((
            "misses",
            format!("{misses} is not lookups - hits ({lookups} - {hits})"),
        ));
    }
    within("re_evaluations", re_evaluations, "misses", misses)
}

/// A budget holds at least one entry.
fn budget(budget: u64) -> Result<(), (&'static str, String)> {
    if budget == 0 {
        Err(("budget", "0: a table holds at least one entry".into()))
    } else {
        Ok(())
    }
}

/// Defines `EvictionRecord` from the columns of one replay, and `EvictionControlRecord`: a `plan` column, then the
/// same columns; with the conversions between the two.
macro_rules! run_records {
    ( $( $(#[$field_meta:meta])* $field:ident : $ty:ty ),* $(,)? ) => {
        eviction_record! {
            /// One seed x policy x budget of the main plan: a row of `eviction.csv`.
            EvictionRecord { $( $(#[$field_meta])* $field: $ty, )* }
            check(r) { check_run(r) }
        }

        eviction_record! {
            /// One control plan x seed x policy x budget: a row of `eviction_control.csv`.
            EvictionControlRecord {
                /// The control's name, e.g. `only_5x5`.
                plan: String,
                $( $(#[$field_meta])* $field: $ty, )*
            }
            check(r) {
                named("plan", &r.plan)?;
                check_run(&r.run())
            }
        }

        impl EvictionControlRecord {
            /// The row of control `plan` for the replay `r`.
            pub(crate) fn of(plan: &str, r: &EvictionRecord) -> Self {
                EvictionControlRecord {
                    plan: plan.to_owned(),
                    $( $field: r.$field.clone(), )*
                    machine: r.machine.clone(),
                    rustc: r.rustc.clone(),
                    git_revision: r.git_revision.clone(),
                }
            }

            /// The replay's row, without the plan.
            pub(crate) fn run(&self) -> EvictionRecord {
                EvictionRecord {
                    $( $field: self.$field.clone(), )*
                    machine: self.machine.clone(),
                    rustc: self.rustc.clone(),
                    git_revision: self.git_revision.clone(),
                }
            }
        }
    };
}

/// The checks of one replay's row, in column order.
fn check_run(r: &EvictionRecord) -> Result<(), (&'static str, String)> {
    named("policy", &r.policy)?;
    budget(r.budget)?;
    replay_counts(r.lookups, r.hits, r.misses, r.re_evaluations)?;
    fraction("hit_rate", r.hit_rate)?;
    fraction("overlap_first_n", r.overlap_first_n)?;
    fraction("overlap_best_n", r.overlap_best_n)
}

run_records! {
    seed: u64,
    policy: String,
    /// Budget (entries).
    budget: u64,
    lookups: u64,
    /// Lookups answered from the table.
    hits: u64,
    /// hits / lookups.
    hit_rate: f64,
    /// Misses on a key missed before ("paid twice").
    re_evaluations: u64,
    /// lookups - hits.
    misses: u64,
    distinct_keys: u64,
    /// Share of the first-N keys (N = budget) held at the end.
    overlap_first_n: f64,
    /// Share of the best-N keys held at the end.
    overlap_best_n: f64,
}

eviction_record! {
    /// One plan x seed: the facts of its stream, a row of `streams.csv`.
    StreamRecord {
        /// `main` or the control's name.
        plan: String,
        seed: u64,
        lookups: u64,
        distinct_keys: u64,
        one_hit_keys: u64,
        games: u64,
        left_wins: u64,
        moves: u64,
        placements_scored: u64,
        /// Share of all lookups served by the whole-run best ten.
        best_ten_serve: f64,
    }
    check(r) {
        named("plan", &r.plan)?;
        within("one_hit_keys", r.one_hit_keys, "distinct_keys", r.distinct_keys)?;
        within("distinct_keys", r.distinct_keys, "lookups", r.lookups)?;
        within("left_wins", r.left_wins, "games", r.games)?;
        fraction("best_ten_serve", r.best_ten_serve)
    }
}

eviction_record! {
    /// One seed x board x rank of the main plan's per-board best ten: a row of `best_tens.csv`.
    BestTenRecord {
        seed: u64,
        /// Board of the batch, e.g. `5x5`.
        board: String,
        /// Rank by lookups in that batch, from 1.
        rank: u64,
        shape: String,
        cells: u32,
        /// Its lookups in that batch.
        lookups: u64,
    }
    check(r) {
        named("board", &r.board)?;
        named("shape", &r.shape)?;
        if r.rank == 0 {
            return Err(("rank", "0: ranks count from 1".into()));
        }
        Ok(())
    }
}

eviction_record! {
    /// One trace x rule x budget of the game-search comparison: a row of `game_search.csv`.
    GameSearchRecord {
        trace: String,
        policy: String,
        /// Budget over the trace's working set.
        budget_fraction: f64,
        /// Budget (entries).
        budget: u64,
        lookups: u64,
        /// Lookups answered from the table.
        hits: u64,
        /// 1 - hits / lookups.
        miss_ratio: f64,
        distinct_keys: u64,
    }
    check(r) {
        named("trace", &r.trace)?;
        named("policy", &r.policy)?;
        budget(r.budget)?;
        within("hits", r.hits, "lookups", r.lookups)?;
        if !(r.budget_fraction.is_finite() && r.budget_fraction > 0.0) {
            return Err(("budget_fraction", format!("{} is not a positive share", r.budget_fraction)));
        }
        fraction("miss_ratio", r.miss_ratio)
    }
}

eviction_record! {
    /// One rule x budget over a trace read from a file: a row of `eviction_trace.csv`.
    TraceRunRecord {
        trace: String,
        policy: String,
        /// Budget (entries).
        budget: u64,
        /// Budget over the trace's distinct objects.
        budget_fraction: f64,
        lookups: u64,
        /// Lookups answered from the table.
        hits: u64,
        /// hits / lookups.
        hit_rate: f64,
        /// Misses on an object missed before.
        re_evaluations: u64,
        /// lookups - hits.
        misses: u64,
        distinct_keys: u64,
    }
    check(r) {
        named("trace", &r.trace)?;
        named("policy", &r.policy)?;
        budget(r.budget)?;
        replay_counts(r.lookups, r.hits, r.misses, r.re_evaluations)?;
        fraction("hit_rate", r.hit_rate)
    }
}

eviction_record! {
    /// The exact LRU miss-ratio curve at one budget: a row of `lru_mrc.csv`.
    LruMrcRecord {
        /// Budget (entries).
        budget: u64,
        /// Budget over the trace's distinct objects.
        budget_fraction: f64,
        /// LRU's hits at this budget.
        lru_hits: u64,
        /// 1 - lru_hits / lookups.
        lru_miss_ratio: f64,
    }
    check(r) {
        budget(r.budget)?;
        fraction("lru_miss_ratio", r.lru_miss_ratio)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::catalogue_eviction::report::read;
    use crate::record::Provenance;
    use crate::record::schema::write_records;

    fn provenance() -> Provenance {
        Provenance {
            machine: "host (cpu, 2 cores)".into(),
            rustc: "rustc 1.95.0".into(),
            git_revision: "abc".into(),
            seed: 7,
        }
    }

    fn run(policy: &str) -> EvictionRecord {
        EvictionRecord {
            seed: 1,
            policy: policy.into(),
            budget: 10,
            lookups: 100,
            hits: 60,
            hit_rate: 0.6,
            re_evaluations: 5,
            misses: 40,
            distinct_keys: 35,
            overlap_first_n: 0.5,
            overlap_best_n: 0.7,
            ..EvictionRecord::default()
        }
        .with_provenance(&provenance())
    }

    #[test]
    fn eviction_rows_round_trip_and_bad_rows_name_line_and_field() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("eviction.csv");
        let rows = vec![run("lru"), run("lfu")];
        let text = write_records(rows.clone(), &path).unwrap();
        std::fs::write(&path, &text).unwrap();
        assert_eq!(read::<EvictionRecord>(&path).unwrap(), rows);
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.starts_with("seed,policy,budget,lookups,hits,hit_rate,re_evaluations,misses,")
                && text
                    .lines()
                    .next()
                    .unwrap()
                    .ends_with(",machine,rustc,git_revision"),
            "{text}"
        );

        std::fs::write(&path, text.replace(",60,0.6,5,40,", ",60,0.6,5,41,")).unwrap();
        let err = read::<EvictionRecord>(&path).unwrap_err().to_string();
        assert!(err.contains("line 2") && err.contains("misses"), "{err}");
    }

    #[test]
    fn provenance_in_the_earlier_column_order_reads_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lru_mrc.csv");
        std::fs::write(
            &path,
            "budget,budget_fraction,lru_hits,lru_miss_ratio,machine,git_revision,rustc\n\
             1,0.5,3,0.25,\"host (cpu, 2 cores)\",abc,rustc 1.95.0\n",
        )
        .unwrap();
        let rows = read::<LruMrcRecord>(&path).unwrap();
        assert_eq!(
            rows,
            vec![
                LruMrcRecord {
                    budget: 1,
                    budget_fraction: 0.5,
                    lru_hits: 3,
                    lru_miss_ratio: 0.25,
                    ..LruMrcRecord::default()
                }
                .with_provenance(&provenance())
            ]
        );
    }
}
