//! One file per subcommand: its arguments and its `run`.

pub(crate) mod bench;
pub(crate) mod bounded_cache;
pub(crate) mod break_even;
pub(crate) mod catalogue;
pub(crate) mod compare;
pub(crate) mod deadline;
pub(crate) mod eviction;
pub(crate) mod expand;
pub(crate) mod inspect;
pub(crate) mod main_job;
pub(crate) mod match_;
pub(crate) mod report;
pub(crate) mod scenarios;
pub(crate) mod score;
pub(crate) mod search;
pub(crate) mod sprt;
pub(crate) mod tt_pressure;
pub(crate) mod turns;
