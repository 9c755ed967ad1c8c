//! Timing. [`kernel`]: the paired timing kernel of every timed comparison (`compare`, the main job's expansion,
//! search, break-even and bounded-cache stages): one-successor (one-root, one-invocation) samples of the compared
//! configurations back to back in a seeded order, spread over fresh processes ([`child`]), summarised over
//! sessions; [`schedule`]: how the adaptive stages spend their budget; [`usage`]: CPU time and page faults beside
//! the clock. [`interleave`]: in-process rounds of whole operations, for the evaluator's cost per call.

pub(crate) mod child;
pub(crate) mod interleave;
pub(crate) mod kernel;
pub(crate) mod schedule;
pub(crate) mod usage;

pub(crate) use interleave::{Plan, measure_interleaved};
