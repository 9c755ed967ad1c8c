//! The replacement rule a bounded cache applies when a new result meets a full set.

/// Which way of a full set a new entry replaces, and what a hit or an insert records for that decision.
///
/// The cache owns the slots; the rule sees only slot indices: a set is `ways` consecutive slots starting at
/// `start`, and the cache asks for a victim only when every way of the set is occupied.
pub trait Replacement {
    /// Most slots per set (a cache smaller than this is one set of all its slots).
    const WAYS: usize;
    /// The rule's name on a command line and in results.
    const NAME: &'static str;

    /// The rule's bookkeeping for `slots` slots in sets of `ways` (allocated here, once).
    fn with_slots(slots: usize, ways: usize) -> Self;

    /// A lookup found its key in `slot`.
    fn on_hit(&mut self, slot: usize);

    /// A new entry was written into `slot` (an empty way or the victim just chosen).
    fn on_insert(&mut self, slot: usize);

    /// The slot of the full set `start..start + ways` whose entry the next insert replaces.
    fn victim(&mut self, start: usize, ways: usize) -> usize;

    /// Heap bytes of the bookkeeping.
    fn heap_bytes(&self) -> usize;
}
