//! Search windows and bounded node values on the exact integer scale, with the Star1 arithmetic that turns a
//! chance node's window into one roll class's window.

use crate::search::Bound;

/// Stands for ±∞ in windows. Far above any node value (at most about 2^31 × 216² ≈ 10^14), and far enough below
/// `i64::MAX` that the window arithmetic of three chance layers cannot overflow.
pub(crate) const INF: i64 = 1 << 62;

/// An open window `(alpha, beta)`: a value strictly inside must be exact; one at or below `alpha` may be
/// returned as an upper bound, one at or above `beta` as a lower bound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Window {
    pub alpha: i64,
    pub beta: i64,
}

impl Window {
    /// The window that admits every value: the plain search's.
    pub(super) const FULL: Window = Window {
        alpha: -INF,
        beta: INF,
    };

    /// The window of roll class `i` of a chance node with window `self`, given the exact sum `acc` of the
    /// classes before it and the weighted bounds `rest_lo`, `rest_hi` of the classes after it.
    ///
    /// A class value `v ≤ alpha'` proves the node `≤ alpha` because `acc + w·v + rest_hi ≤ alpha`, and
    /// `v ≥ beta'` proves it `≥ beta` because `acc + w·v + rest_lo ≥ beta`: so `alpha'` rounds down and `beta'`
    /// rounds up. As `alpha < beta` and `rest_lo ≤ rest_hi`, the result is never empty.
    ///
    /// In `i64`: the window's ends lie in `[-INF, INF]` (`INF` = 2^62) and `acc`, `rest_lo`, `rest_hi` are sums
    /// of class values, below 2^48 in magnitude at every depth searched, so the differences stay below 2^63.
    pub(super) fn for_roll(self, weight: i64, acc: i64, rest_lo: i64, rest_hi: i64) -> Window {
        let alpha = (self.alpha - acc - rest_hi).div_euclid(weight);
        let beta = -(-(self.beta - acc - rest_lo)).div_euclid(weight);
        Window {
            alpha: alpha.clamp(-INF, INF),
            beta: beta.clamp(-INF, INF),
        }
    }
}

impl Window {
    /// The window in the view of a side whose values are `sign` times the root's (`sign` is ±1): negated and
    /// swapped for the opponent.
    pub(super) fn seen_by(self, sign: i64) -> Window {
        if sign > 0 {
            self
        } else {
            Window {
                alpha: -self.beta,
                beta: -self.alpha,
            }
        }
    }
}

/// A node's value with what it means: exact, or a bound returned because it fell outside the window.
///
/// Invariant of every search function: `UpperBound` only for a value `≤ alpha`, `LowerBound` only for one
/// `≥ beta` of the window the node was searched with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Scored {
    pub value: i64,
    pub bound: Bound,
    /// Whether some opponent roll class below (as far as it was searched) captures our king.
    pub tainted: bool,
}

impl Scored {
    /// An exact, untainted value.
    pub(super) const fn exact(value: i64) -> Scored {
        Scored {
            value,
            bound: Bound::Exact,
            tainted: false,
        }
    }

    /// The value in the view of a side whose values are `sign` times the root's: negated, bounds swapped, for
    /// the opponent.
    pub(super) fn seen_by(self, sign: i64) -> Scored {
        if sign > 0 {
            return self;
        }
        Scored {
            value: -self.value,
            bound: match self.bound {
                Bound::Exact => Bound::Exact,
                Bound::LowerBound => Bound::UpperBound,
                Bound::UpperBound => Bound::LowerBound,
            },
            tainted: self.tainted,
        }
    }

    /// Whether the true value is at most `value`.
    pub(super) fn is_upper(self) -> bool {
        self.bound != Bound::LowerBound
    }

    /// Whether the true value is at least `value`.
    pub(super) fn is_lower(self) -> bool {
        self.bound != Bound::UpperBound
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The roll window is the tightest that still proves the node's cut, with integer rounding.
    #[test]
    fn roll_window_rounds_outward_and_proves_the_cut() {
        let w = Window {
            alpha: 100,
            beta: 200,
        };
        let r = w.for_roll(6, 10, -50, 40);
        // 10 + 6·v + 40 <= 100  <=>  v <= 8.33..  -> 8;   10 + 6·v - 50 >= 200  <=>  v >= 40.
        assert_eq!(r, Window { alpha: 8, beta: 40 });
        assert!(10 + 6 * r.alpha + 40 <= 100);
        assert!(10 + 6 * (r.alpha + 1) + 40 > 100);
        assert!(10 + 6 * r.beta - 50 >= 200);
        assert!(10 + 6 * (r.beta - 1) - 50 < 200);
        let n = Window {
            alpha: -7,
            beta: -1,
        }
        .for_roll(3, 0, 0, 0);
        assert_eq!(n, Window { alpha: -3, beta: 0 });
    }

    #[test]
    fn full_window_stays_full() {
        let r = Window::FULL.for_roll(1, 0, 0, 0);
        assert_eq!(r, Window::FULL);
        let r = Window::FULL.for_roll(6, 1 << 40, -(1 << 45), 1 << 45);
        assert!(r.alpha < -(1 << 58) && r.beta > 1 << 58);
    }
}
