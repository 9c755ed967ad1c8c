//! In-process timing: warm-up, repeated operations, variants interleaved round by round (for as many rounds as the
//! budget allows, or until a stop rule says the setting is settled), medians with distribution-free 95% intervals,
//! and paired ratios between variants.

pub mod interleave;
pub mod stop_rule;

pub use interleave::{
    Plan, Timed, fewest_as_narrow, measure_interleaved, measure_interleaved_until,
};
