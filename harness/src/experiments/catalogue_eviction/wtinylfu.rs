//! W-TinyLFU (Einziger, Friedman, Manes, ACM ToS 2017) with Caffeine's static layout: a window LRU of 1% of the
//! budget admits every new key; the window's oldest entry then competes for a place in the main segmented LRU
//! (80% protected, 20% probation) against probation's oldest, and wins only with a strictly higher frequency.
//!
//! Frequencies: TinyLFU's 4-bit counters (saturating at 15), every one halved after each `10 x budget` recorded
//! accesses. Keys here are dense ids, so the counters are exact per key instead of a count-min sketch: no hash
//! collisions, no doorkeeper, and no random admission (Caffeine's anti-flooding jitter), hence deterministic. The
//! window does not adapt (no hill climbing).

use super::lists::Lists;
use super::policy::Policy;

const WINDOW: usize = 0;
const PROBATION: usize = 1;
const PROTECTED: usize = 2;
const MAX_COUNT: u8 = 15;

/// Exact TinyLFU frequency counters with periodic halving, O(1) by halving lazily per key.
#[derive(Debug, Clone)]
struct Frequencies {
    count: Vec<u8>,
    epoch: Vec<u32>,
    now_epoch: u32,
    recorded: u64,
    sample: u64,
}

impl Frequencies {
    fn new(universe: usize, sample: u64) -> Self {
        Frequencies {
            count: vec![0; universe],
            epoch: vec![0; universe],
            now_epoch: 0,
            recorded: 0,
            sample,
        }
    }

    #[inline]
    fn settle(&mut self, k: usize) {
        let behind = self.now_epoch - self.epoch[k];
        if behind > 0 {
            self.count[k] = if behind >= 8 {
                0
            } else {
                self.count[k] >> behind
            };
            self.epoch[k] = self.now_epoch;
        }
    }

    #[inline]
    fn record(&mut self, key: u32) {
        let k = key as usize;
        self.settle(k);
        self.count[k] = (self.count[k] + 1).min(MAX_COUNT);
        self.recorded += 1;
        if self.recorded == self.sample {
            self.recorded = 0;
            self.now_epoch += 1;
        }
    }

    #[inline]
    fn get(&mut self, key: u32) -> u8 {
        self.settle(key as usize);
        self.count[key as usize]
    }
}

/// W-TinyLFU over index-linked LRU segments.
#[derive(Debug, Clone)]
pub(crate) struct WTinyLfu {
    window_cap: usize,
    main_cap: usize,
    protected_cap: usize,
    seg: Lists<3>,
    freq: Frequencies,
}

impl WTinyLfu {
    /// An empty table of `capacity` (>= 1) entries over the keys `0..universe`.
    pub(crate) fn new(capacity: usize, universe: usize) -> Self {
        let window_cap = (capacity / 100).max(1);
        let main_cap = capacity.saturating_sub(window_cap);
        WTinyLfu {
            window_cap,
            main_cap,
            protected_cap: main_cap * 8 / 10,
            seg: Lists::new(universe),
            freq: Frequencies::new(universe, 10 * capacity as u64),
        }
    }
}

impl Policy for WTinyLfu {
    #[inline]
    fn on_access(&mut self, key: u32) {
        self.freq.record(key);
    }

    #[inline]
    fn find(&mut self, key: u32) -> bool {
        match self.seg.list_of(key) {
            Some(WINDOW) => self.seg.move_to_front(WINDOW, key),
            Some(PROBATION) => {
                self.seg.move_to_front(PROTECTED, key);
                if self.seg.len(PROTECTED) > self.protected_cap {
                    let d = self.seg.pop_back(PROTECTED).expect("protected non-empty");
                    self.seg.push_front(PROBATION, d);
                }
            }
            Some(_) => self.seg.move_to_front(PROTECTED, key),
            None => return false,
        }
        true
    }

    #[inline]
    fn len(&self) -> usize {
        self.seg.len(WINDOW) + self.seg.len(PROBATION) + self.seg.len(PROTECTED)
    }

    // A full table has a full window and a full main: the window's oldest competes with the main's next victim
    // and the one with the lower frequency leaves (the candidate on ties).
    fn evict(&mut self) {
        let Some(candidate) = self.seg.pop_back(WINDOW) else {
            return;
        };
        let victim = self.seg.back(PROBATION).or(self.seg.back(PROTECTED));
        if let Some(v) = victim
            && self.freq.get(candidate) > self.freq.get(v)
        {
            self.seg.remove(v);
            self.seg.push_front(PROBATION, candidate);
        }
    }

    // With room in the table, a window overflow moves its oldest entry into the main segment, which then has room.
    #[inline]
    fn insert(&mut self, key: u32) {
        self.seg.push_front(WINDOW, key);
        if self.seg.len(WINDOW) > self.window_cap {
            let candidate = self.seg.pop_back(WINDOW).expect("window over its share");
            debug_assert!(self.seg.len(PROBATION) + self.seg.len(PROTECTED) < self.main_cap);
            self.seg.push_front(PROBATION, candidate);
        }
    }

    fn resident(&self) -> Vec<u32> {
        self.seg.keys(&[WINDOW, PROBATION, PROTECTED])
    }
}
