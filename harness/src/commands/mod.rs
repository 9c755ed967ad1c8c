//! One file per subcommand: its arguments and its `run`.

pub mod bench;
pub mod bounded_cache;
pub mod break_even;
pub mod catalogue;
pub mod compare;
pub mod deadline;
pub mod eviction;
pub mod expand;
pub mod inspect;
pub mod main_job;
pub mod match_;
pub mod report;
pub mod scenarios;
pub mod score;
pub mod search;
pub mod sprt;
pub mod tt_pressure;
pub mod turns;
