//! The capacities a sweep measures, as powers of two: `LO..HI`, `LO..FULL`, a single exponent or `FULL`, where
//! `FULL` is the smallest power of two that holds the unbounded cache's largest working set.

use std::fmt;
use std::str::FromStr;

/// One end of a capacity range.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// 2^N entries.
    Exponent(u32),
    /// `FULL+N`: N doublings above the full capacity (`FULL` = `FULL+0`).
    Full(u32),
}

/// The sweep's exponents, `FULL` resolved per workload once the unbounded cache has been counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Capacities {
    /// Smallest capacity.
    pub low: Bound,
    /// Largest capacity.
    pub high: Bound,
}

/// Capacities up to 2^31 (the signature's set bits).
pub(crate) const MAX_EXPONENT: u32 = 31;

/// `FULL+N` takes N up to 4: sixteen times the largest working set, which the unbounded cache (larger per entry)
/// already held, so such a table fits where the run's own unbounded cache did.
pub(crate) const MAX_FULL_DOUBLINGS: u32 = 4;

impl Default for Capacities {
    /// `6..FULL`: 64 entries up to the working set.
    fn default() -> Self {
        Capacities {
            low: Bound::Exponent(6),
            high: Bound::Full(0),
        }
    }
}

/// Why a capacity range was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub(crate) enum CapacitiesError {
    /// Not a number, `FULL` or `FULL+N`.
    #[error("'{0}' is not an exponent 0..=31, FULL or FULL+N with N 0..=4")]
    Exponent(String),
    /// `LO..HI` with `LO > HI`, or a `FULL` low end with a numeric high end.
    #[error("'{0}' is empty (the low end lies above the high end)")]
    Empty(String),
}

fn bound(s: &str) -> Result<Bound, CapacitiesError> {
    let s = s.trim();
    let bad = || CapacitiesError::Exponent(s.to_string());
    let upper = s.to_ascii_uppercase();
    if let Some(rest) = upper.strip_prefix("FULL") {
        return match rest.strip_prefix('+') {
            None if rest.is_empty() => Ok(Bound::Full(0)),
            Some(n) => match n.parse::<u32>() {
                Ok(n) if n <= MAX_FULL_DOUBLINGS => Ok(Bound::Full(n)),
                _ => Err(bad()),
            },
            None => Err(bad()),
        };
    }
    match s.parse::<u32>() {
        Ok(e) if e <= MAX_EXPONENT => Ok(Bound::Exponent(e)),
        _ => Err(bad()),
    }
}

impl FromStr for Capacities {
    type Err = CapacitiesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (low, high) = match s.split_once("..") {
            Some((lo, hi)) => (bound(lo)?, bound(hi)?),
            None => {
                let b = bound(s)?;
                (b, b)
            }
        };
        let empty = match (low, high) {
            (Bound::Exponent(lo), Bound::Exponent(hi)) => lo > hi,
            (Bound::Full(lo), Bound::Full(hi)) => lo > hi,
            (Bound::Full(_), Bound::Exponent(_)) => true,
            (Bound::Exponent(_), Bound::Full(_)) => false,
        };
        if empty {
            return Err(CapacitiesError::Empty(s.to_string()));
        }
        Ok(Capacities { low, high })
    }
}

impl Capacities {
    /// The largest table a numeric high end asks for, in slots (`FULL` is the run's own working set, checked by
    /// [`MAX_FULL_DOUBLINGS`]).
    pub(crate) fn largest_explicit(self) -> Option<u64> {
        match self.high {
            Bound::Exponent(e) => Some(1 << e),
            Bound::Full(_) => None,
        }
    }

    /// The exponents for a workload whose full capacity is `2^full`: `low..=high` with `FULL+N` = `full + N`
    /// (at most 31); when the low end lies above a `FULL` high end, the high end alone.
    pub(crate) fn resolve(self, full: u32) -> Vec<u32> {
        let at = |b: Bound| match b {
            Bound::Exponent(e) => e,
            Bound::Full(n) => (full + n).min(MAX_EXPONENT),
        };
        let (low, high) = (at(self.low), at(self.high));
        if low > high {
            vec![high]
        } else {
            (low..=high).collect()
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::Exponent(e) => write!(f, "{e}"),
            Bound::Full(0) => f.write_str("FULL"),
            Bound::Full(n) => write!(f, "FULL+{n}"),
        }
    }
}

impl fmt::Display for Capacities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.low == self.high {
            return write!(f, "{}", self.low);
        }
        write!(f, "{}..{}", self.low, self.high)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn from_str_examples() {
        use crate::experiments::bounded_cache::Capacities;
        let c: Capacities = "6..FULL".parse().unwrap();
        assert_eq!(c.resolve(12), (6..=12).collect::<Vec<_>>());
        assert_eq!(c.resolve(4), vec![4]);
        assert_eq!(
            "8..10".parse::<Capacities>().unwrap().resolve(20),
            vec![8, 9, 10]
        );
        assert_eq!("FULL".parse::<Capacities>().unwrap().resolve(9), vec![9]);
        assert_eq!(
            "FULL..FULL+2".parse::<Capacities>().unwrap().resolve(9),
            vec![9, 10, 11]
        );
        assert!("9..8".parse::<Capacities>().is_err() && "40".parse::<Capacities>().is_err());
        assert!(
            "FULL..8".parse::<Capacities>().is_err() && "FULL-1".parse::<Capacities>().is_err()
        );
    }
}
