//! `harness compare REV_A REV_B`: how an engine change is judged. Both revisions are built with the same toolchain
//! and flags into separate target folders; their main jobs run alternately (A B A B ...) on the same frozen
//! scenarios, and their values and counts must agree exactly; then both binaries' timing children run side by side
//! and are asked for short rounds alternately, each A round paired with a B round; the ratios A / B (B's speedup
//! over A; A's instructions over B's; > 1 = B better) are reported per scenario and variant, with a verdict only
//! where the interval excludes 1. A revision without the timing child is timed by whole main-job runs instead.
//!
//! Layers: [`build`] (revision → binary), [`invocation`] (binary → one main-job run folder), [`counts`] (exact
//! counts and the agreement check), `interleaved` and [`round_child`] (paired short rounds), [`verdict`] (ratios
//! and verdicts), [`summary`] (CSV and table, their rows in `row` and `round_row`), `run` (the comparison from start
//! to finish) and `page` (`compare.md`, rendered from the comparison folder).

mod round_row;
mod row;
pub(crate) use round_row::CompareRoundRecord;
pub(crate) use row::CompareRecord;

pub(crate) mod args;
pub(crate) mod build;
pub(crate) mod counts;
pub(crate) mod interleaved;
pub(crate) mod invocation;
pub(crate) mod page;
pub(crate) mod round_child;
pub(crate) mod run;
pub(crate) mod summary;
pub(crate) mod verdict;
