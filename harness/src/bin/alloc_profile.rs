//! `alloc_profile`: dhat heap profiles of the main job's operation per scenario x cache variant x evaluator x
//! traversal, for the built-in evaluators (see `harness::alloc_profile_main!`). A binary of its own
//! because the profiling global allocator must never be in the timed `harness` binary.

harness::alloc_profile_main!();
