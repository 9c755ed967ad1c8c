//! Optional instrumentation of the optimized cache's table: a type parameter, so the default build pays nothing.

/// Receives table events; [`NoStats`] ignores them and compiles away.
pub trait ProbeObserver: Default + sealed::Sealed {
    /// A lookup finished after inspecting `slots` slots (1 = the home slot only).
    fn on_probe(&mut self, slots: usize);
    /// A full state comparison ran because two signatures were equal; `equal` is its result.
    fn on_signature_match(&mut self, equal: bool);
    /// The slot array doubled to `slots` slots.
    fn on_growth(&mut self, slots: usize);
}

/// The default observer: records nothing.
#[derive(Clone, Copy, Default, Debug)]
pub struct NoStats;

impl ProbeObserver for NoStats {
    #[inline(always)]
    fn on_probe(&mut self, _slots: usize) {}
    #[inline(always)]
    fn on_signature_match(&mut self, _equal: bool) {}
    #[inline(always)]
    fn on_growth(&mut self, _slots: usize) {}
}

/// Collected table statistics (see [`crate::memo::InstrumentedCache`]).
#[derive(Clone, PartialEq, Eq, Default, Debug)]
pub struct ProbeStats {
    /// `probe_lengths[i]` = lookups that inspected `i + 1` slots; the last bucket collects longer probes.
    pub probe_lengths: Vec<u64>,
    /// Full equality comparisons run on equal signatures.
    pub signature_matches: u64,
    /// Of those, comparisons that found the states unequal (signature collisions).
    pub signature_collisions: u64,
    /// Growth events (slot-array doublings).
    pub growth_events: u64,
    /// Slot count after the last growth.
    pub slots: usize,
}

impl ProbeStats {
    /// Probe lengths above this share the last histogram bucket.
    pub const MAX_TRACKED_PROBE: usize = 64;

    /// Mean number of slots inspected per lookup (0 when nothing was looked up).
    pub fn mean_probe_length(&self) -> f64 {
        let lookups: u64 = self.probe_lengths.iter().sum();
        if lookups == 0 {
            return 0.0;
        }
        let slots: u64 = self
            .probe_lengths
            .iter()
            .enumerate()
            .map(|(i, &n)| (i as u64 + 1) * n)
            .sum();
        slots as f64 / lookups as f64
    }
}

impl ProbeObserver for ProbeStats {
    fn on_probe(&mut self, slots: usize) {
        let bucket = slots.clamp(1, Self::MAX_TRACKED_PROBE) - 1;
        if self.probe_lengths.len() <= bucket {
            self.probe_lengths.resize(bucket + 1, 0);
        }
        self.probe_lengths[bucket] += 1;
    }
    fn on_signature_match(&mut self, equal: bool) {
        self.signature_matches += 1;
        if !equal {
            self.signature_collisions += 1;
        }
    }
    fn on_growth(&mut self, slots: usize) {
        self.growth_events += 1;
        self.slots = slots;
    }
}

/// Only this module's observers exist: the cache calls them while it holds its table mutably, so an observer
/// written elsewhere could reach back into the cache (through a thread-local, say) and alias that borrow.
mod sealed {
    /// The seal.
    pub trait Sealed {}
    impl Sealed for super::NoStats {}
    impl Sealed for super::ProbeStats {}
}
