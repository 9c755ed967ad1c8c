//! The one small trait every replacement rule implements, libCacheSim-style: a table of at most `capacity`
//! entries over dense `u32` object ids, looked up one key at a time.

/// What a replay of a key sequence through a policy counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Keys looked up.
    pub lookups: u64,
    /// Lookups answered from the table.
    pub hits: u64,
    /// Misses on a key that had been missed before (evicted, or never admitted): the essay's "paid twice".
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

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// Fingerprint of a key sequence, as [`Tally::fingerprint`] computes it.
pub fn fingerprint(keys: &[u32]) -> u64 {
    keys.iter()
        .fold(FNV_OFFSET, |h, &k| (h ^ k as u64).wrapping_mul(FNV_PRIME))
}

/// A replacement rule for a budgeted table (or a fixed set, for the offline bounds).
///
/// Online rules follow the essay's loop: on a miss the key is inserted with its use recorded, and only then is the
/// table pruned to the budget, never choosing the key just inserted.
pub trait Policy {
    /// Lower-case name as written in the results (`lru`, `aging_lfu_k1000`, ...).
    fn name(&self) -> String;

    /// The budget: the most entries the table may hold.
    fn capacity(&self) -> usize;

    /// Looks `key` up; returns whether it was a hit. A miss inserts the key (static sets never change).
    fn access(&mut self, key: u32) -> bool;

    /// The keys held now, in no particular order.
    fn resident(&self) -> Vec<u32>;

    /// Replays `keys` (all below `universe`) through the table and counts what happened.
    ///
    /// A provided method, so each policy gets its own monomorphic loop even behind `dyn Policy`.
    fn replay(&mut self, keys: &[u32], universe: usize) -> Tally {
        let mut missed_before = vec![false; universe];
        let mut t = Tally {
            fingerprint: FNV_OFFSET,
            ..Tally::default()
        };
        for &k in keys {
            t.fingerprint = (t.fingerprint ^ k as u64).wrapping_mul(FNV_PRIME);
            if self.access(k) {
                t.hits += 1;
            } else if std::mem::replace(&mut missed_before[k as usize], true) {
                t.re_evaluations += 1;
            }
        }
        t.lookups = keys.len() as u64;
        t
    }
}
