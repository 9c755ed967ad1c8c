//! The memo variant chosen on a command line or in an experiment configuration.

use crate::memo::baselines::{FxCache, HashbrownCache, TupleKeyCache, Uncached};
use crate::memo::callback::EvalCallback;
use crate::memo::evaluation_cache::EvaluationCache;
use crate::memo::evaluation_memo::EvaluationMemo;
use std::fmt;
use std::str::FromStr;

/// Which memo variant to use: `none|tuple|hashbrown|fx|optimized`.
///
/// ```
/// use engine::memo::CacheKind;
/// let kind: CacheKind = "optimized".parse().unwrap();
/// assert_eq!(kind, CacheKind::Optimized);
/// assert_eq!(kind.to_string(), "optimized");
/// assert!("lru".parse::<CacheKind>().unwrap_err().to_string().contains("none|tuple|hashbrown|fx|optimized"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CacheKind {
    /// [`Uncached`]: the callback on every lookup.
    None,
    /// [`TupleKeyCache`]: std `HashMap<(GameState, Color), i32>` with SipHash (fixed keys).
    Tuple,
    /// [`HashbrownCache`]: hashbrown with foldhash.
    Hashbrown,
    /// [`FxCache`]: std `HashMap` with the Fx hasher.
    Fx,
    /// [`EvaluationCache`]: the contract's linear-probing cache.
    Optimized,
}

impl CacheKind {
    /// Every variant, in the order above.
    pub const ALL: [CacheKind; 5] = [
        CacheKind::None,
        CacheKind::Tuple,
        CacheKind::Hashbrown,
        CacheKind::Fx,
        CacheKind::Optimized,
    ];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            CacheKind::None => "none",
            CacheKind::Tuple => "tuple",
            CacheKind::Hashbrown => "hashbrown",
            CacheKind::Fx => "fx",
            CacheKind::Optimized => "optimized",
        }
    }

    /// A fresh memo of this kind bound to `callback`.
    pub fn build<'a, C: EvalCallback + 'a>(
        self,
        callback: C,
    ) -> Box<dyn EvaluationMemo<Error = C::Error> + 'a> {
        match self {
            CacheKind::None => Box::new(Uncached::with_callback(callback)),
            CacheKind::Tuple => Box::new(TupleKeyCache::with_callback(callback)),
            CacheKind::Hashbrown => Box::new(HashbrownCache::with_callback(callback)),
            CacheKind::Fx => Box::new(FxCache::with_callback(callback)),
            CacheKind::Optimized => Box::new(EvaluationCache::with_callback(callback)),
        }
    }
}

impl fmt::Display for CacheKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cache name that is not one of `none|tuple|hashbrown|fx|optimized`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown cache kind {0:?}; expected one of none|tuple|hashbrown|fx|optimized")]
pub struct UnknownCacheKind(pub String);

impl FromStr for CacheKind {
    type Err = UnknownCacheKind;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CacheKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownCacheKind(s.to_string()))
    }
}
