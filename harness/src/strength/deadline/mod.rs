//! `harness deadline`: deadline qualification. For each bot (a match-runner spec) at every position of a suite:
//! the depth its time control let it complete, the move it chose, that move's value by an exact reference search
//! (by default one turn deeper), and the loss against the reference's best move; per bot, the share of positions
//! where it agrees with the reference and the mean loss with its interval. Like the match runner it is a command
//! of its own, not a stage of the main job.

mod row;
pub(crate) use row::{DeadlineRecord, read_deadline, write_deadline};

pub(crate) mod findings;
pub(crate) mod plan;
pub(crate) mod reference;
pub(crate) mod roll_value;
pub(crate) mod rows;
pub(crate) mod run;
pub(crate) mod section;
pub(crate) mod suite;
pub(crate) mod win_value;
