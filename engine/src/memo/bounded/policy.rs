//! The replacement rule of a bounded cache chosen on a command line or in an experiment.

use super::clock::FourWayClock;
use super::direct_mapped::DirectMapped;
use super::replacement::Replacement;
use std::fmt;
use std::str::FromStr;

/// Which bounded-cache replacement rule to use: `direct|clock`.
///
/// ```
/// use engine::memo::BoundedPolicy;
/// let p: BoundedPolicy = "clock".parse().unwrap();
/// assert_eq!(p, BoundedPolicy::Clock);
/// assert_eq!(p.to_string(), "clock");
/// assert!("lru".parse::<BoundedPolicy>().unwrap_err().to_string().contains("direct|clock"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoundedPolicy {
    /// [`DirectMapped`]: one slot per key, always replace.
    Direct,
    /// [`FourWayClock`]: four-way sets, CLOCK reference bits.
    Clock,
}

impl BoundedPolicy {
    /// Every rule, in the order above.
    pub const ALL: [BoundedPolicy; 2] = [BoundedPolicy::Direct, BoundedPolicy::Clock];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            BoundedPolicy::Direct => DirectMapped::NAME,
            BoundedPolicy::Clock => FourWayClock::NAME,
        }
    }
}

impl fmt::Display for BoundedPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule name that is not one of `direct|clock`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown bounded-cache policy {0:?}; expected one of direct|clock")]
pub struct UnknownBoundedPolicy(pub String);

impl FromStr for BoundedPolicy {
    type Err = UnknownBoundedPolicy;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BoundedPolicy::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownBoundedPolicy(s.to_string()))
    }
}
