//! The hooks every replacement rule supplies, libCacheSim-style: the access loop itself (hit → update, miss →
//! insert after evicting while at the budget) is written once, in [`super::cache::Cache`], and a policy only says
//! how to find, evict and insert over dense `u32` object ids.

/// What a replay of a key sequence through a policy counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Keys looked up.
    pub lookups: u64,
    /// Lookups answered from the table.
    pub hits: u64,
    /// Misses on a key that had been missed before (evicted, or never admitted): the original experiment's "paid twice".
    pub re_evaluations: u64,
    /// FNV-1a style fingerprint of the key sequence, so a run fed a different stream is caught even at equal length.
    pub fingerprint: u64,
}

impl Tally {
    /// Lookups not answered from the table.
    pub fn misses(&self) -> u64 {
        self.lookups - self.hits
    }

    /// Hits over lookups (0 for an empty run).
    pub fn hit_rate(&self) -> f64 {
        if self.lookups == 0 {
            0.0
        } else {
            self.hits as f64 / self.lookups as f64
        }
    }
}

/// Start value of [`Tally::fingerprint`].
pub(crate) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// Multiplier of [`Tally::fingerprint`].
pub(crate) const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// Fingerprint of a key sequence, as [`Tally::fingerprint`] computes it.
pub(crate) fn fingerprint(keys: &[u32]) -> u64 {
    keys.iter()
        .fold(FNV_OFFSET, |h, &k| (h ^ k as u64).wrapping_mul(FNV_PRIME))
}

/// The hooks of one replacement rule; [`super::cache::Cache`] calls them in libCacheSim's order.
///
/// For every access: [`on_access`](Policy::on_access), then [`find`](Policy::find); on a miss that the rule
/// [`admits`](Policy::admits): [`on_miss`](Policy::on_miss), [`evict`](Policy::evict) while [`len`](Policy::len)
/// is at the budget, then [`insert`](Policy::insert); finally [`after_access`](Policy::after_access). Because the
/// missed key is inserted only after the evictions, it can never be their victim (the original experiment's new-entry rule).
pub(crate) trait Policy {
    /// First on every access, hit or miss: clocks and frequency counters advance here.
    #[inline]
    fn on_access(&mut self, _key: u32) {}

    /// Whether `key` is held; on a hit the rule updates what it keeps about the key (recency, count, bit).
    fn find(&mut self, key: u32) -> bool;

    /// Whether a missed key may enter at all (`full`: the table holds its budget). Static tables admit nothing.
    #[inline]
    fn admits(&self, _key: u32, _full: bool) -> bool {
        true
    }

    /// Bookkeeping on an admitted miss before any eviction (ghost lists, adaptive targets).
    #[inline]
    fn on_miss(&mut self, _key: u32) {}

    /// Entries held (ghost entries excluded).
    fn len(&self) -> usize;

    /// Makes room: removes an entry, or reorganises so that a later call will (S-FIFO's moves to its main queue).
    fn evict(&mut self);

    /// Adds the missed key; the table has room for it.
    fn insert(&mut self, key: u32);

    /// Last on every access (periodic ageing).
    #[inline]
    fn after_access(&mut self) {}

    /// The keys held now, in no particular order.
    fn resident(&self) -> Vec<u32>;
}
