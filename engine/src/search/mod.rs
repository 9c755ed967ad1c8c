//! Search contracts: the [`TranspositionTable`] for subtree search results, [`SearchControl`] for deadlines and
//! work budgets, and [`SearchOutcome`], which keeps interrupted results out of the table by type.
//!
//! The transposition table and the evaluation cache ([`crate::memo`]) cache different functions under
//! incompatible keys and stay separate: the table keys on a counter-blind Zobrist key (XOR a role salt), keeps
//! bounds and depths, and tolerates rare false hits; the evaluation cache keys on full state equality and keeps
//! exact scores only. Callers check [`SearchControl::is_cancelled`] before every probe or cache access.

mod control;
mod outcome;
mod transposition_table;

pub use control::SearchControl;
pub use outcome::SearchOutcome;
pub use transposition_table::{
    Bound, MAX_CHANCE_KEY_SALT, TTEntry, TableSizeError, TranspositionTable, max_chance_key,
};
