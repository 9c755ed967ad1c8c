//! The eviction rules of the catalogue-eviction experiment by name: a coordinate of its arm
//! ([`crate::arm::EvictionArm`]), so it sits beside the arm id; each rule's table is built in
//! `experiments::catalogue_eviction::spec`.

use engine::names::UnknownName;
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
        /// Lookups between halvings (the original experiment's K).
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
    /// First in, first out.
    Fifo,
    /// CLOCK (second chance, one bit).
    Clock,
    /// 2Q (A1in FIFO, A1out ghosts, Am LRU).
    TwoQ,
    /// LIRS.
    Lirs,
    /// Belady's MIN (offline optimum).
    Belady,
    /// No budget (cold misses only).
    Unbounded,
    /// Static table of the N most used keys.
    BestN,
    /// Static table of the first N keys to arrive.
    FirstN,
    /// The original experiment's bug, for its demonstration only: LFU pruning the new entry before recording its use.
    LfuUnprotected,
}

/// The policy names of the command line, as `FromStr`'s unknown-name error lists them: `aging_lfu_k<K>` for any
/// K >= 1, and `aging_lfu`, which `--policies` takes for the K sweep (it is no single rule, so `FromStr` refuses it).
pub(crate) const KNOWN_NAMES: &[&str] = &[
    "lru",
    "lfu",
    "aging_lfu",
    "aging_lfu_k<K>",
    "sieve",
    "arc",
    "s3fifo",
    "wtinylfu",
    "fifo",
    "clock",
    "two_q",
    "lirs",
    "belady",
    "unbounded",
    "best_n",
    "first_n",
];

impl PolicyKind {
    /// Whether the rule decides online (without seeing the future or the whole run).
    pub fn is_online(self) -> bool {
        !matches!(
            self,
            PolicyKind::Belady | PolicyKind::Unbounded | PolicyKind::BestN | PolicyKind::FirstN
        )
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
            PolicyKind::Fifo => f.write_str("fifo"),
            PolicyKind::Clock => f.write_str("clock"),
            PolicyKind::TwoQ => f.write_str("two_q"),
            PolicyKind::Lirs => f.write_str("lirs"),
            PolicyKind::Belady => f.write_str("belady"),
            PolicyKind::Unbounded => f.write_str("unbounded"),
            PolicyKind::BestN => f.write_str("best_n"),
            PolicyKind::FirstN => f.write_str("first_n"),
            PolicyKind::LfuUnprotected => f.write_str("lfu_unprotected"),
        }
    }
}

impl FromStr for PolicyKind {
    type Err = UnknownName;

    /// Parses one name, ignoring case and surrounding spaces (`2q` is `two_q`); `aging_lfu` alone is not a single
    /// rule (it stands for the K sweep) and is rejected here, and so is the original experiment's bug
    /// (`lfu_unprotected`), which no experiment should run by name.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        Ok(match t.as_str() {
            "lru" => PolicyKind::Lru,
            "lfu" => PolicyKind::Lfu,
            "sieve" => PolicyKind::Sieve,
            "arc" => PolicyKind::Arc,
            "s3fifo" => PolicyKind::S3Fifo,
            "wtinylfu" => PolicyKind::WTinyLfu,
            "fifo" => PolicyKind::Fifo,
            "clock" => PolicyKind::Clock,
            "two_q" | "2q" => PolicyKind::TwoQ,
            "lirs" => PolicyKind::Lirs,
            "belady" => PolicyKind::Belady,
            "unbounded" => PolicyKind::Unbounded,
            "best_n" => PolicyKind::BestN,
            "first_n" => PolicyKind::FirstN,
            other => match other.strip_prefix("aging_lfu_k").map(str::parse::<u64>) {
                Some(Ok(period)) if period >= 1 => PolicyKind::AgingLfu { period },
                _ => return Err(UnknownName::new("policy", s, KNOWN_NAMES)),
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
            PolicyKind::TwoQ,
            PolicyKind::Lirs,
            PolicyKind::Clock,
            PolicyKind::Fifo,
        ] {
            assert_eq!(k.to_string().parse::<PolicyKind>().unwrap(), k);
        }
        assert!("aging_lfu_k0".parse::<PolicyKind>().is_err());
        assert!("lfu_unprotected".parse::<PolicyKind>().is_err());
        assert_eq!(
            "clock_pro".parse::<PolicyKind>().unwrap_err().to_string(),
            "unknown policy 'clock_pro' (expected one of: lru, lfu, aging_lfu, aging_lfu_k<K>, sieve, arc, s3fifo, \
             wtinylfu, fifo, clock, two_q, lirs, belady, unbounded, best_n, first_n)"
        );
        assert_eq!(" LRU ".parse::<PolicyKind>().unwrap(), PolicyKind::Lru);
    }
}
