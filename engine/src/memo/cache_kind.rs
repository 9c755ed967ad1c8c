//! The memo variant chosen on a command line or in an experiment configuration.

use crate::memo::baselines::{FxCache, HashbrownCache, TupleKeyCache, Uncached};
use crate::memo::callback::EvalCallback;
use crate::memo::evaluation_cache::EvaluationCache;
use crate::memo::evaluation_memo::EvaluationMemo;

crate::closed_names! {
    /// Which memo variant to use: `none|tuple|hashbrown|fx|optimized`.
    ///
    /// ```
    /// use engine::memo::CacheKind;
    /// let kind: CacheKind = "optimized".parse().unwrap();
    /// assert_eq!(kind, CacheKind::Optimized);
    /// assert_eq!(kind.to_string(), "optimized");
    /// assert_eq!(
    ///     "lru".parse::<CacheKind>().unwrap_err().to_string(),
    ///     "unknown cache variant 'lru' (expected one of: none, tuple, hashbrown, fx, optimized)"
    /// );
    /// ```
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum CacheKind: "cache variant" {
        /// [`Uncached`]: the callback on every lookup.
        "none" => None,
        /// [`TupleKeyCache`]: std `HashMap<(GameState, Color), i32>` with SipHash (fixed keys).
        "tuple" => Tuple,
        /// [`HashbrownCache`]: hashbrown with foldhash.
        "hashbrown" => Hashbrown,
        /// [`FxCache`]: std `HashMap` with the Fx hasher.
        "fx" => Fx,
        /// [`EvaluationCache`]: the contract's linear-probing cache.
        "optimized" => Optimized,
    }
}

impl CacheKind {
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
