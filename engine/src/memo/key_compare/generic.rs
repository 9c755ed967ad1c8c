//! The key comparison for any target: the derived `GameState` equality (which leaves out the Zobrist key).

use crate::memo::state_store::StoredState;
use crate::state::GameState;

/// Whether `stored` holds `key`.
#[inline(always)]
pub(crate) fn same_key(stored: &StoredState, key: &GameState) -> bool {
    stored.0 == *key
}
