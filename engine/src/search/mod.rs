//! Chance search and its contracts: Star1/Star2 expectimax over the dice ([`search`], [`search_iteratively`]),
//! the [`TranspositionTable`] for subtree search results, [`SearchControl`] for deadlines and work budgets, and
//! [`SearchOutcome`], which keeps interrupted results out of the table by type.
//!
//! The transposition table and the evaluation cache ([`crate::memo`]) cache different functions under
//! incompatible keys and stay separate: the table keys on a counter-blind Zobrist key (XOR a role salt), keeps
//! bounds and depths, and tolerates rare false hits; the evaluation cache keys on full state equality and keeps
//! exact scores only. Callers check [`SearchControl::is_cancelled`] before every probe or cache access.
//!
//! Values are exact integers: a root value at depth `d` is a numerator over 216^(d−1), every chance node's a
//! numerator over 216 per chance layer below it, stored in the table's `f64` field (exact below 2^53).

mod config;
mod control;
mod counters;
mod deepening;
mod depth;
mod fixed_depth;
mod guarded_memo;
mod outcome;
mod pruning;
mod roll_class;
mod root;
mod searcher;
mod stop;
mod transposition_table;
mod value_range;
mod window;

pub use config::SearchConfig;
pub use control::{SearchControl, WorkUnit};
pub use counters::SearchCounters;
pub use deepening::{Deepening, search_iteratively};
pub use depth::{RootValue, SearchDepth};
pub use fixed_depth::{SearchReport, search};
pub use outcome::SearchOutcome;
pub use pruning::Pruning;
pub use root::RootResult;
pub use transposition_table::{
    Bound, MAX_CHANCE_KEY_SALT, ReplacementScheme, StoreOutcome, TTEntry, TableSizeError,
    TranspositionTable, max_chance_key,
};
