//! Direct-mapped, always-replace: one slot per key, and a new result always overwrites it.

use super::replacement::Replacement;

/// One way per set: the slot a key maps to is the only place it can live, and the newest result wins it.
///
/// The cheapest rule there is (no bookkeeping at all); two keys that share a slot evict each other on every
/// alternation, however often each is used.
#[derive(Clone, Copy, Debug, Default)]
pub struct DirectMapped;

impl Replacement for DirectMapped {
    const WAYS: usize = 1;
    const NAME: &'static str = "direct";

    fn with_slots(_slots: usize, _ways: usize) -> Self {
        DirectMapped
    }

    #[inline(always)]
    fn on_hit(&mut self, _slot: usize) {}

    #[inline(always)]
    fn on_insert(&mut self, _slot: usize) {}

    #[inline(always)]
    fn victim(&mut self, start: usize, _ways: usize) -> usize {
        start
    }

    fn heap_bytes(&self) -> usize {
        0
    }
}
