//! The typed results schema: one arm key, one metric enum, and serde row types that both write and read every CSV
//! the main job produces (`counts.csv`, `timings.csv`, `intervals.csv`, `allocations.csv`, `probes.csv`, `search.csv`,
//! `bounded_cache.csv`, `tt_pressure.csv`, `break_even.csv`; instruction counts are rows of `counts.csv`), the
//! eviction experiment's CSVs, `harness compare`'s `compare.csv` and `compare_rounds.csv` and `harness deadline`'s `deadline.csv`. Reading
//! names the file, line and field of every problem.

mod arm_key;
mod bounded_cache_row;
mod break_even_row;
mod compare_round_row;
mod compare_row;
mod csv_file;
mod deadline_row;
mod error;
mod eviction_row;
mod interval_columns;
mod interval_row;
mod known;
mod metric;
mod probe_row;
mod provenance;
mod search_row;
mod table;
mod tidy_row;
mod timing_plan_row;
mod tt_pressure_row;

pub(crate) use arm_key::ArmKey;
pub(crate) use bounded_cache_row::{BoundedCacheRecord, read_bounded_cache, write_bounded_cache};
pub(crate) use break_even_row::{BreakEvenRecord, read_break_even, write_break_even};
pub(crate) use compare_round_row::CompareRoundRecord;
pub(crate) use compare_row::CompareRecord;
pub(crate) use csv_file::{CsvRecord, read_records, write_records};
pub(crate) use deadline_row::{DeadlineRecord, read_deadline, write_deadline};
pub(crate) use error::SchemaError;
pub(crate) use eviction_row::{
    BestTenRecord, EvictionControlRecord, EvictionRecord, GameSearchRecord, LruMrcRecord,
    StreamRecord, TraceRunRecord,
};
pub(crate) use interval_row::{
    EVALUATOR_NS_PER_CALL, IntervalRow, IntervalTable, NS_PER_OP, SPEEDUP_VS_NONE,
    SPEEDUP_VS_TUPLE, read_intervals, write_intervals,
};
pub(crate) use known::Known;
pub(crate) use metric::Metric;
pub(crate) use probe_row::{ProbeRow, ProbeTable, write_probes};
pub(crate) use provenance::Provenance;
pub(crate) use search_row::{SearchRecord, read_search, write_search};
pub(crate) use table::MetricTable;
pub(crate) use tidy_row::{AllocationRow, CountRow, Figure, TimingRow, UnknownMetrics, write_tidy};
pub(crate) use timing_plan_row::TimingPlanRecord;
pub(crate) use tt_pressure_row::{TtPressureRecord, read_tt_pressure, write_tt_pressure};

// What the round-trip tests and the check of docs/results.md read back with.
#[cfg(test)]
pub(crate) use csv_file::{parse_records, without_columns};
#[cfg(test)]
pub(crate) use interval_row::IntervalRecord;
#[cfg(test)]
pub(crate) use probe_row::{ProbeRecord, read_probes};
#[cfg(test)]
pub(crate) use tidy_row::{Row, TidyRecord, read_tidy};
