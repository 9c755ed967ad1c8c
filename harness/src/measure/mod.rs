//! Timing. [`kernel`]: the paired timing kernel of every timed comparison (`compare`, the main job's expansion,
//! search, break-even and bounded-cache stages): one-successor (one-root, one-invocation) samples of the compared
//! configurations back to back in a seeded order, spread over fresh processes ([`child`]), summarised over
//! sessions; [`schedule`]: how the adaptive stages spend their budget; [`usage`]: CPU time and page faults beside
//! the clock. (The evaluator's cost per call, a pass of a few hundred nanoseconds, has its own in-process loop:
//! [`crate::operation::evaluator_cost`].)

pub(crate) mod child;
pub(crate) mod kernel;
pub(crate) mod schedule;
pub(crate) mod usage;
