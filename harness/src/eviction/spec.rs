//! Policy names as written on the command line and in the results, and how to build each one.

use super::policy::Policy;
use super::{
    aging_lfu::AgingLfu, arc::Arc, belady::Belady, lfu::Lfu, lru::Lru, s3fifo::S3Fifo,
    sieve::Sieve, static_sets::StaticSet, unbounded::Unbounded, wtinylfu::WTinyLfu,
};
use std::fmt;
use std::str::FromStr;

/// One replacement rule (with its parameter, for ageing LFU).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PolicyKind {
    /// Least recently used.
    Lru,
    /// Least frequently used, counts never aged.
    Lfu,
    /// LFU with every count halved each `period` lookups.
    AgingLfu {
        /// Lookups between halvings (the essay's K).
        period: u64,
    },
    /// SIEVE.
    Sieve,
    /// ARC.
    Arc,
    /// S3-FIFO.
    S3Fifo,
    /// W-TinyLFU.
    WTinyLfu,
    /// Belady's MIN (offline optimum).
    Belady,
    /// No budget (cold misses only).
    Unbounded,
    /// Static table of the N most used keys.
    BestN,
    /// Static table of the first N keys to arrive.
    FirstN,
}

/// Error for a policy name that is not known.
#[derive(Debug, thiserror::Error)]
#[error(
    "unknown policy `{0}` (known: lru, lfu, aging_lfu, aging_lfu_k<K>, sieve, arc, s3fifo, wtinylfu, belady, unbounded, best_n, first_n)"
)]
pub struct UnknownPolicy(pub String);

impl PolicyKind {
    /// Whether the rule decides online (without seeing the future or the whole run).
    pub fn is_online(self) -> bool {
        !matches!(
            self,
            PolicyKind::Belady | PolicyKind::Unbounded | PolicyKind::BestN | PolicyKind::FirstN
        )
    }

    /// Builds the rule for a budget over a known key sequence (the offline rules need it).
    pub fn build(self, capacity: usize, keys: &[u32], universe: usize) -> Box<dyn Policy + Send> {
        match self {
            PolicyKind::Lru => Box::new(Lru::new(capacity, universe)),
            PolicyKind::Lfu => Box::new(Lfu::new(capacity, universe)),
            PolicyKind::AgingLfu { period } => Box::new(AgingLfu::new(capacity, universe, period)),
            PolicyKind::Sieve => Box::new(Sieve::new(capacity, universe)),
            PolicyKind::Arc => Box::new(Arc::new(capacity, universe)),
            PolicyKind::S3Fifo => Box::new(S3Fifo::new(capacity, universe)),
            PolicyKind::WTinyLfu => Box::new(WTinyLfu::new(capacity, universe)),
            PolicyKind::Belady => Box::new(Belady::new(capacity, keys, universe)),
            PolicyKind::Unbounded => Box::new(Unbounded::new(universe)),
            PolicyKind::BestN => Box::new(StaticSet::best_n(capacity, keys, universe)),
            PolicyKind::FirstN => Box::new(StaticSet::first_n(capacity, keys, universe)),
        }
    }
}

impl fmt::Display for PolicyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicyKind::Lru => f.write_str("lru"),
            PolicyKind::Lfu => f.write_str("lfu"),
            PolicyKind::AgingLfu { period } => write!(f, "aging_lfu_k{period}"),
            PolicyKind::Sieve => f.write_str("sieve"),
            PolicyKind::Arc => f.write_str("arc"),
            PolicyKind::S3Fifo => f.write_str("s3fifo"),
            PolicyKind::WTinyLfu => f.write_str("wtinylfu"),
            PolicyKind::Belady => f.write_str("belady"),
            PolicyKind::Unbounded => f.write_str("unbounded"),
            PolicyKind::BestN => f.write_str("best_n"),
            PolicyKind::FirstN => f.write_str("first_n"),
        }
    }
}

impl FromStr for PolicyKind {
    type Err = UnknownPolicy;

    /// Parses one name; `aging_lfu` alone is not a single rule (it stands for the K sweep) and is rejected here.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        Ok(match t.as_str() {
            "lru" => PolicyKind::Lru,
            "lfu" => PolicyKind::Lfu,
            "sieve" => PolicyKind::Sieve,
            "arc" => PolicyKind::Arc,
            "s3fifo" => PolicyKind::S3Fifo,
            "wtinylfu" => PolicyKind::WTinyLfu,
            "belady" => PolicyKind::Belady,
            "unbounded" => PolicyKind::Unbounded,
            "best_n" => PolicyKind::BestN,
            "first_n" => PolicyKind::FirstN,
            other => match other.strip_prefix("aging_lfu_k").map(str::parse::<u64>) {
                Some(Ok(period)) if period >= 1 => PolicyKind::AgingLfu { period },
                _ => return Err(UnknownPolicy(s.to_string())),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for k in [
            PolicyKind::Lru,
            PolicyKind::AgingLfu { period: 1000 },
            PolicyKind::S3Fifo,
            PolicyKind::FirstN,
        ] {
            assert_eq!(k.to_string().parse::<PolicyKind>().unwrap(), k);
        }
        assert!("aging_lfu_k0".parse::<PolicyKind>().is_err());
        assert!("clock".parse::<PolicyKind>().is_err());
    }
}
