//! The typed results schema: the one way every CSV is written and read (the header from the row type, reading
//! that names the file, line and field of every problem, one column group per interval, the provenance columns),
//! the arm key, the metric enum, and the rows more than one experiment reads (`counts.csv`, `timings.csv`,
//! `intervals.csv`, `allocations.csv`, `probes.csv`, `break_even.csv`, `timing_plan.csv`). A row type only one
//! experiment or command writes and reads lives in its folder (`search.csv` in `experiments/search/row.rs`, ...).

mod arm_key;
mod break_even_row;
mod csv_file;
mod error;
mod interval_columns;
mod interval_row;
mod known;
mod metric;
mod probe_row;
mod provenance;
mod table;
mod tidy_row;
mod timing_plan_row;

pub(crate) use arm_key::ArmKey;
pub(crate) use break_even_row::{BreakEvenRecord, read_break_even, write_break_even};
#[cfg(test)]
pub(crate) use csv_file::columns;
pub(crate) use csv_file::{CsvRecord, Located, named, read_records, read_unique, write_records};
pub(crate) use error::SchemaError;
pub(crate) use interval_columns::{
    check_interval, check_method, interval_columns, older_order_statistic,
};
pub(crate) use interval_row::{
    EVALUATOR_NS_PER_CALL, IntervalRow, IntervalTable, LEGACY_QUANTITIES, NS_PER_OP,
    SPEEDUP_VS_NONE, SPEEDUP_VS_TUPLE, legacy_rows, write_intervals,
};
pub(crate) use known::Known;
pub(crate) use metric::Metric;
pub(crate) use probe_row::{ProbeRow, ProbeTable, write_probes};
pub(crate) use provenance::Provenance;
pub(crate) use provenance::provenance_columns;
pub(crate) use table::MetricTable;
pub(crate) use tidy_row::{AllocationRow, CountRow, Figure, TimingRow, UnknownMetrics, write_tidy};
pub(crate) use timing_plan_row::TimingPlanRecord;

// What the round-trip tests and the check of docs/results.md read back with.
#[cfg(test)]
pub(crate) use csv_file::{parse_records, without_columns};
#[cfg(test)]
pub(crate) use interval_row::IntervalRecord;
#[cfg(test)]
pub(crate) use probe_row::{ProbeRecord, read_probes};
#[cfg(test)]
pub(crate) use tidy_row::{Row, TidyRecord, read_tidy};
