//! The capacities a sweep measures, as powers of two: `LO..HI`, `LO..FULL`, a single exponent or `FULL`, where
//! `FULL` is the smallest power of two that holds the unbounded cache's largest working set.

use std::fmt;
use std::str::FromStr;

/// The sweep's exponents, `FULL` (`None`) resolved per workload once the unbounded cache has been counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Capacities {
    /// Smallest exponent.
    pub low: Option<u32>,
    /// Largest exponent.
    pub high: Option<u32>,
}

/// Capacities up to 2^31 (the signature's set bits).
pub const MAX_EXPONENT: u32 = 31;

impl Default for Capacities {
    /// `6..FULL`: 64 entries up to the working set.
    fn default() -> Self {
        Capacities {
            low: Some(6),
            high: None,
        }
    }
}

/// Why a capacity range was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CapacitiesError {
    /// Not a number or `FULL`.
    #[error("'{0}' is not an exponent 0..=31 or FULL")]
    Exponent(String),
    /// `LO..HI` with `LO > HI`, or `FULL..HI`.
    #[error("'{0}' is empty (the low end lies above the high end)")]
    Empty(String),
}

fn exponent(s: &str) -> Result<Option<u32>, CapacitiesError> {
    let s = s.trim();
    if s.eq_ignore_ascii_case("full") {
        return Ok(None);
    }
    match s.parse::<u32>() {
        Ok(e) if e <= MAX_EXPONENT => Ok(Some(e)),
        _ => Err(CapacitiesError::Exponent(s.to_string())),
    }
}

impl FromStr for Capacities {
    type Err = CapacitiesError;
    /// ```
    /// use harness::bounded::Capacities;
    /// let c: Capacities = "6..FULL".parse().unwrap();
    /// assert_eq!(c.resolve(12), (6..=12).collect::<Vec<_>>());
    /// assert_eq!(c.resolve(4), vec![4]);
    /// assert_eq!("8..10".parse::<Capacities>().unwrap().resolve(20), vec![8, 9, 10]);
    /// assert_eq!("FULL".parse::<Capacities>().unwrap().resolve(9), vec![9]);
    /// assert!("9..8".parse::<Capacities>().is_err() && "40".parse::<Capacities>().is_err());
    /// assert!("FULL..8".parse::<Capacities>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (low, high) = match s.split_once("..") {
            Some((lo, hi)) => (exponent(lo)?, exponent(hi)?),
            None => {
                let e = exponent(s)?;
                (e, e)
            }
        };
        match (low, high) {
            (Some(lo), Some(hi)) if lo > hi => Err(CapacitiesError::Empty(s.to_string())),
            (None, Some(_)) => Err(CapacitiesError::Empty(s.to_string())),
            _ => Ok(Capacities { low, high }),
        }
    }
}

impl Capacities {
    /// The exponents for a workload whose full capacity is `2^full`: `low..=high`, `FULL` standing for `full`;
    /// when the low end lies above a `FULL` high end, the full capacity alone.
    pub fn resolve(self, full: u32) -> Vec<u32> {
        let high = self.high.unwrap_or(full);
        let low = self.low.unwrap_or(full);
        if low > high {
            vec![high]
        } else {
            (low..=high).collect()
        }
    }
}

impl fmt::Display for Capacities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = |e: Option<u32>| e.map_or("FULL".to_string(), |e| e.to_string());
        if self.low == self.high {
            return f.write_str(&end(self.low));
        }
        write!(f, "{}..{}", end(self.low), end(self.high))
    }
}
