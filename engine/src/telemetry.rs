//! Zero-cost telemetry hooks for the generators: one binary can run a counting pass with [`Counters`] and a
//! timing pass with [`NoTelemetry`], whose empty hooks monomorphise away.

/// Hooks called by the generic generator entry points (`*_with`).
pub trait Telemetry {
    /// One per-die (per-piece-type) move-generation or attack-set call.
    #[inline]
    fn geometry(&mut self) {}
    /// One `make_move`.
    #[inline]
    fn transition(&mut self) {}
    /// One turn path emitted.
    #[inline]
    fn emission(&mut self) {}
}

/// No counting at all; the timing build.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoTelemetry;

impl Telemetry for NoTelemetry {}

/// Plain event counters.
///
/// ```
/// use engine::telemetry::Counters;
/// let s = engine::GameState::from_dfen("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1 PP").unwrap();
/// let mut c = Counters::default();
/// let paths = engine::legal_turn_paths_with(&s, &mut c);
/// assert_eq!(c.emissions, paths.len() as u64);
/// assert!(c.geometry > 0 && c.transitions > 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Per-die move-generation or attack-set calls.
    pub geometry: u64,
    /// `make_move` calls.
    pub transitions: u64,
    /// Turn paths emitted.
    pub emissions: u64,
}

impl Telemetry for Counters {
    #[inline]
    fn geometry(&mut self) {
        self.geometry += 1;
    }
    #[inline]
    fn transition(&mut self) {
        self.transitions += 1;
    }
    #[inline]
    fn emission(&mut self) {
        self.emissions += 1;
    }
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, o: Counters) {
        self.geometry += o.geometry;
        self.transitions += o.transitions;
        self.emissions += o.emissions;
    }
}

impl<T: Telemetry + ?Sized> Telemetry for &mut T {
    #[inline]
    fn geometry(&mut self) {
        (**self).geometry();
    }
    #[inline]
    fn transition(&mut self) {
        (**self).transition();
    }
    #[inline]
    fn emission(&mut self) {
        (**self).emission();
    }
}
