//! The break-even cost model of one operation: instructions with and without an evaluation cache as a function of
//! the evaluator's cost per call.
//!
//! With G = the operation's instructions without a cache and with the constant evaluator, L = its evaluation
//! lookups, M = the cache's misses (evaluator calls), p = the cache's instructions per lookup beyond calling the
//! constant evaluator directly, and e = an evaluator's instructions per call beyond the constant one:
//! I(none, e) = G + L·e and I(cache, e) = G + L·p + M·e, so the predicted speedup is
//! (G + L·e) / (G + L·p + M·e), above 1 from e* = L·p / (L − M) = p / h (h = 1 − M/L, the hit rate) on.

/// The parts of one operation's instruction count under one cache variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CostModel {
    /// G: instructions of the operation without a cache, evaluator `constant`.
    pub operation: f64,
    /// L: evaluation lookups of the operation (the same under every variant).
    pub lookups: u64,
    /// M: lookups the cache missed, each one evaluator call.
    pub misses: u64,
    /// p: instructions the cache adds per lookup (hashing, probing, inserting, growth amortised).
    pub probe: f64,
}

impl CostModel {
    /// The model from two callgrind counts with the constant evaluator: I(none) = G and I(cache) = G + L·p.
    /// `None` without lookups.
    pub(crate) fn derive(
        uncached: u64,
        cached: u64,
        lookups: u64,
        misses: u64,
    ) -> Option<CostModel> {
        (lookups > 0 && misses <= lookups).then(|| CostModel {
            operation: uncached as f64,
            lookups,
            misses,
            probe: (cached as f64 - uncached as f64) / lookups as f64,
        })
    }

    /// Predicted instructions without a cache at evaluator cost `e`: G + L·e.
    pub(crate) fn uncached(&self, e: f64) -> f64 {
        self.operation + self.lookups as f64 * e
    }

    /// Predicted instructions with the cache at evaluator cost `e`: G + L·p + M·e.
    pub(crate) fn cached(&self, e: f64) -> f64 {
        self.operation + self.lookups as f64 * self.probe + self.misses as f64 * e
    }

    /// Predicted speedup at evaluator cost `e` (> 1 = the cache is faster).
    pub(crate) fn speedup(&self, e: f64) -> f64 {
        self.uncached(e) / self.cached(e)
    }

    /// e* = L·p / (L − M): the evaluator cost from which the cache pays; `None` when no lookup hits (it never
    /// pays), 0 when the probe costs nothing or less.
    pub(crate) fn break_even(&self) -> Option<f64> {
        let hits = self.lookups - self.misses;
        (hits > 0).then(|| (self.lookups as f64 * self.probe / hits as f64).max(0.0))
    }
}

/// e(rung) = (I(none, rung) − I(none, constant)) / L: an evaluator's instructions per call beyond the constant
/// one, from two uncached counts of the same operation. It is an average over the operation's lookups, exact for
/// an evaluator whose cost does not depend on the position (as `work:N`).
pub(crate) fn evaluator_cost(uncached_rung: u64, uncached_constant: u64, lookups: u64) -> f64 {
    (uncached_rung as f64 - uncached_constant as f64) / lookups.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_break_even_cost_is_where_both_sides_are_equal() {
        let m = CostModel::derive(123_456, 123_456 + 7_000 * 210, 7_000, 700).unwrap();
        let e = m.break_even().unwrap();
        assert!((m.uncached(e) - m.cached(e)).abs() < 1e-6 * m.cached(e));
        assert!((e - 210.0 / 0.9).abs() < 1e-9);
        assert!(m.speedup(e * 2.0) > 1.0 && m.speedup(e / 2.0) < 1.0);
        assert_eq!(CostModel::derive(1, 2, 0, 0), None);
        assert_eq!(CostModel::derive(1, 2, 3, 4), None);
    }

    #[test]
    fn examples() {
        let m = CostModel::derive(10_000, 10_000 + 100 * 50, 100, 40).unwrap();
        assert_eq!((m.operation, m.probe), (10_000.0, 50.0));
        let m = CostModel {
            operation: 1_000.0,
            lookups: 100,
            misses: 50,
            probe: 20.0,
        };
        // At e = p / h = 40 the two sides are equal.
        assert!((m.speedup(40.0) - 1.0).abs() < 1e-12);
        assert!(m.speedup(400.0) > 1.0 && m.speedup(4.0) < 1.0);
        assert_eq!(m.break_even(), Some(40.0));
        assert_eq!(CostModel { misses: 100, ..m }.break_even(), None);
    }

    #[test]
    fn evaluator_cost_examples() {
        assert_eq!(
            super::evaluator_cost(10_000 + 100 * 300, 10_000, 100),
            300.0
        );
    }
}
