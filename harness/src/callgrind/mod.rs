//! Callgrind instruction counts of the measured operation: a child process (`harness callgrind-op`) expands one
//! successor per arm under valgrind, switching instrumentation on only around that window, and the parent reads
//! its totals; results are kept by everything that decides them ([`count_cache`]). The instruction experiment, the
//! break-even map and `compare` use it.

pub(crate) mod child;
mod client_request;
pub(crate) mod count_cache;
mod run;

pub(crate) use run::window_note;

pub(crate) use child::operation_states;
pub(crate) use run::{Children, MeasuredArm, measure_arms, valgrind_version};
