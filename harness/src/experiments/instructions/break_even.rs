//! The break-even hit rate of a cache variant from callgrind instruction counts (deterministic, so it does
//! not drown in timing noise): evaluator cost per call and probe cost per lookup of one measured operation.

/// Instruction figures of one operation measured on three arms (the same successor, traversal cache on): an
/// evaluator E without a cache, the constant evaluator without a cache, and E under one cache variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BreakEvenInputs {
    /// I(none, E): instructions of the operation without a cache, real evaluator.
    pub none_evaluator: f64,
    /// I(none, constant): without a cache, the evaluator that returns a constant.
    pub none_constant: f64,
    /// I(cache, E): the cache variant with the real evaluator.
    pub cached_evaluator: f64,
    /// L: evaluation lookups of the operation (equal on every arm).
    pub lookups: f64,
    /// M: evaluator calls (misses) of the cached arm.
    pub misses: f64,
}

/// Evaluator cost, probe cost and break-even hit rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BreakEven {
    /// e = (I(none, E) − I(none, constant)) / L: instructions one evaluator call costs beyond a constant.
    pub evaluator: f64,
    /// p = (I(cache, E) − I(none, constant) − M·e) / L: instructions per lookup the cache
    /// adds (hashing, probing, inserting, growth amortised) beyond calling a constant evaluator directly.
    pub probe: f64,
    /// 1 − M/L: the operation's hit rate.
    pub hit_rate: f64,
}

impl BreakEven {
    /// Derives the costs; `None` when there are no lookups or the evaluator costs nothing measurable (e ≤ 0).
    pub(crate) fn derive(i: &BreakEvenInputs) -> Option<BreakEven> {
        if i.lookups <= 0.0 {
            return None;
        }
        let evaluator = (i.none_evaluator - i.none_constant) / i.lookups;
        if evaluator <= 0.0 {
            return None;
        }
        let probe = (i.cached_evaluator - i.none_constant - i.misses * evaluator) / i.lookups;
        Some(BreakEven {
            evaluator,
            probe,
            hit_rate: 1.0 - i.misses / i.lookups,
        })
    }

    /// p / e: the hit rate above which the cache saves instructions. Equals h − (I(none, E) −
    /// I(cache, E)) / (L·e), the hit rate minus the measured saving in units of evaluator calls.
    pub(crate) fn break_even(&self) -> f64 {
        self.probe / self.evaluator
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn derive_examples() {
        use crate::experiments::instructions::break_even::{BreakEven, BreakEvenInputs};
        // 1,000 lookups, evaluator 300 instructions, cache 50 per lookup, 400 misses.
        let b = BreakEven::derive(&BreakEvenInputs {
            none_evaluator: 1e6 + 1000.0 * 300.0,
            none_constant: 1e6,
            cached_evaluator: 1e6 + 1000.0 * 50.0 + 400.0 * 300.0,
            lookups: 1000.0,
            misses: 400.0,
        })
        .unwrap();
        assert_eq!((b.evaluator, b.probe, b.hit_rate), (300.0, 50.0, 0.6));
        assert!((b.break_even() - 50.0 / 300.0).abs() < 1e-12);
    }
}
