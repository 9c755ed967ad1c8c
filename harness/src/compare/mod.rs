//! `harness compare REV_A REV_B`: how an engine change is judged. Both revisions are built with the same toolchain
//! and flags into separate target folders, their main jobs run alternately (A B A B ...) on the same frozen
//! scenarios, their values and counts must agree exactly, and the ratios A / B (B's speedup over A; A's instructions
//! over B's; > 1 = B better) are reported per scenario and variant, with a verdict only where the interval excludes
//! 1.
//!
//! Layers: [`build`] (revision → binary), [`invocation`] (binary → one main-job run folder), [`counts`] (exact
//! counts and the agreement check), [`verdict`] (ratios and verdicts), [`summary`] (CSV and table).

pub mod build;
pub mod counts;
pub mod invocation;
pub mod summary;
pub mod verdict;
