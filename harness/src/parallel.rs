//! Independent deterministic work on every core: the callers (counting passes, callgrind and dhat children,
//! eviction replays) time nothing while it runs.

use crate::progress::Progress;
use anyhow::{Context, Result};
use rayon::prelude::*;

/// Maps `f` over `items` on a pool of `threads` rayon workers; the results come back in `items`' order (rayon's
/// indexed collect), so they equal a sequential run's. Stops at an error.
pub(crate) fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    progress: &Progress,
    f: impl Fn(&T) -> Result<R> + Sync,
) -> Result<Vec<R>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .context("starting the worker threads")?;
    pool.install(|| {
        items
            .par_iter()
            .map(|item| {
                let r = f(item);
                progress.inc(1);
                r
            })
            .collect()
    })
}
