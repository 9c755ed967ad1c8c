//! Exact dyadic rationals: the numbers that short partizan games take as values.

use super::DomineeringError;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};
use std::str::FromStr;

/// An exact dyadic rational `num / 2^exp`, always normalized (`exp == 0` or `num` odd), so equal values are equal
/// structs and `Hash` agrees with `Eq`.
///
/// ```
/// use engine::domineering::Dyadic;
/// let half = Dyadic::new(1, 1);
/// assert_eq!(half + half, Dyadic::integer(1));
/// assert_eq!((-half).to_string(), "-1/2");
/// assert_eq!(Dyadic::new(6, 2).to_string(), "3/2");
/// assert!(Dyadic::new(-1, 1) < Dyadic::ZERO);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

/// Denominators stay far below this so that aligned numerators fit easily in `i64`.
const MAX_EXP: u32 = 40;

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// `num / 2^exp`, normalized.
    ///
    /// # Panics
    /// If `exp` exceeds 40 (no value in this project comes near; parsed input is checked instead).
    pub fn new(num: i64, exp: u32) -> Dyadic {
        assert!(exp <= MAX_EXP, "dyadic denominator 2^{exp} is too large");
        let mut d = Dyadic { num, exp };
        d.normalize();
        d
    }

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    fn normalize(&mut self) {
        if self.num == 0 {
            self.exp = 0;
            return;
        }
        let shift = self.num.trailing_zeros().min(self.exp);
        self.num >>= shift;
        self.exp -= shift;
    }

    /// The numerator over `2^exponent()`.
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The power of two in the denominator (0 for integers).
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Half of this value (exact).
    ///
    /// ```
    /// use engine::domineering::Dyadic;
    /// assert_eq!(Dyadic::integer(3).half().to_string(), "3/2");
    /// ```
    pub fn half(self) -> Dyadic {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// The nearest `f64` (exact for every value a catalogue produces).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / (1u64 << self.exp) as f64
    }

    /// The largest integer not above this value.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The smallest integer not below this value.
    pub fn ceil(self) -> i64 {
        -((-self.num) >> self.exp)
    }

    /// The simplest dyadic strictly between `lo` and `hi` (`None` = unbounded on that side), or `None` when
    /// `lo >= hi`. This is the value of a game whose options are numbers with every Left option below every
    /// Right option (the simplicity rule).
    ///
    /// # Panics
    /// If the answer needs a denominator above 2^40 (both ends would then differ by less than 2^-40).
    ///
    /// ```
    /// use engine::domineering::Dyadic;
    /// let d = |s: &str| s.parse::<Dyadic>().unwrap();
    /// assert_eq!(Dyadic::simplest_between(Some(d("0")), Some(d("1"))), Some(d("1/2")));
    /// assert_eq!(Dyadic::simplest_between(Some(d("-1")), Some(d("1"))), Some(d("0")));
    /// assert_eq!(Dyadic::simplest_between(Some(d("2")), None), Some(d("3")));
    /// assert_eq!(Dyadic::simplest_between(Some(d("1/4")), Some(d("3/8"))), Some(d("5/16")));
    /// assert_eq!(Dyadic::simplest_between(Some(d("1")), Some(d("1"))), None);
    /// ```
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return None;
        }
        let above_lo = |x: Dyadic| lo.is_none_or(|l| l < x);
        let below_hi = |x: Dyadic| hi.is_none_or(|h| x < h);
        if above_lo(Dyadic::ZERO) && below_hi(Dyadic::ZERO) {
            return Some(Dyadic::ZERO);
        }
        // Zero is excluded, so the interval lies on one side of it; the simplest integer is the one nearest zero.
        let candidate = match lo {
            Some(l) if l >= Dyadic::ZERO => Dyadic::integer(l.floor() + 1),
            _ => Dyadic::integer(hi.expect("both unbounded contains zero").ceil() - 1),
        };
        if above_lo(candidate) && below_hi(candidate) {
            return Some(candidate);
        }
        // No integer inside: both ends are finite. The coarsest grid 2^-k with a point strictly inside has only
        // one such point (two adjacent ones would put a coarser point inside).
        let (l, h) = (lo?, hi?);
        for k in 1..=MAX_EXP {
            let x = Dyadic::new(l.floor_times_pow2(k) + 1, k);
            if x < h {
                return Some(x);
            }
        }
        panic!("no dyadic with denominator up to 2^{MAX_EXP} between {l} and {h}");
    }

    /// floor(self * 2^k); the arithmetic shift rounds towards minus infinity.
    fn floor_times_pow2(self, k: u32) -> i64 {
        if k >= self.exp {
            self.num << (k - self.exp)
        } else {
            self.num >> (self.exp - k)
        }
    }

    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let exp = self.exp.max(other.exp);
        (
            (self.num as i128) << (exp - self.exp),
            (other.num as i128) << (exp - other.exp),
            exp,
        )
    }

    fn from_wide(num: i128, exp: u32) -> Dyadic {
        let mut d = Dyadic {
            num: i64::try_from(num).expect("dyadic numerator overflow"),
            exp,
        };
        d.normalize();
        d
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, rhs: Dyadic) -> Dyadic {
        let (a, b, exp) = self.aligned(rhs);
        Dyadic::from_wide(a + b, exp)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, rhs: Dyadic) -> Dyadic {
        self + -rhs
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl FromStr for Dyadic {
    type Err = DomineeringError;

    /// Parses `n` or `n/d` with `d` a power of two (as written by `Display`).
    fn from_str(text: &str) -> Result<Dyadic, DomineeringError> {
        let bad = |reason: &str| DomineeringError::Dyadic {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let (num, den) = match text.split_once('/') {
            Some((n, d)) => (n, d),
            None => (text, "1"),
        };
        let num: i64 = num
            .trim()
            .parse()
            .map_err(|_| bad("numerator is not an integer"))?;
        let den: u64 = den
            .trim()
            .parse()
            .map_err(|_| bad("denominator is not a positive integer"))?;
        if den == 0 || !den.is_power_of_two() {
            return Err(bad("denominator is not a power of two"));
        }
        let exp = den.trailing_zeros();
        if exp > MAX_EXP {
            return Err(bad("denominator is larger than 2^40"));
        }
        Ok(Dyadic::new(num, exp))
    }
}
