//! Independent deterministic work on every core: the callers (counting passes, callgrind and dhat children,
//! eviction replays) time nothing while it runs.

use crate::progress::Progress;
use anyhow::Result;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Maps `f` over `items` on `threads` workers; the results come back in `items`' order, so they equal a sequential
/// run's. Stops at an error (the first in `items`' order among those reached).
///
/// The workers take the items strictly in order from one shared counter (greedy list scheduling), so a caller
/// that puts its dearest items first gets the shortest wall time that order allows: no worker is left with a
/// long item at the end while the others idle. (A divide-and-conquer split, as rayon's indexed iterators do,
/// hands the first half of the list to one worker, and with it every dear item a caller put first.)
pub(crate) fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    progress: &Progress,
    f: impl Fn(&T) -> Result<R> + Sync,
) -> Result<Vec<R>> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let slots: Vec<Mutex<Option<Result<R>>>> = items.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                while !failed.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else {
                        break;
                    };
                    let r = f(item);
                    progress.inc(1);
                    if r.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                }
            });
        }
    });
    let mut out = Vec::with_capacity(items.len());
    for slot in slots {
        match slot.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(Ok(r)) => out.push(r),
            Some(Err(e)) => return Err(e),
            // Not reached: an earlier item failed, and its error was returned above.
            None => anyhow::bail!("a worker stopped after an earlier failure"),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_input_order_and_an_error_stops_the_map() {
        let progress = Progress::hidden();
        let items: Vec<u64> = (0..50).collect();
        let out = parallel_map(&items, 3, &progress, |&x| Ok(x * x)).unwrap();
        assert_eq!(out, items.iter().map(|x| x * x).collect::<Vec<_>>());
        let e = parallel_map(&items, 2, &progress, |&x| {
            if x == 7 {
                anyhow::bail!("item {x} failed")
            }
            Ok(x)
        })
        .unwrap_err();
        assert_eq!(e.to_string(), "item 7 failed");
        assert!(
            parallel_map(&[] as &[u64], 2, &progress, |&x| Ok(x))
                .unwrap()
                .is_empty()
        );
    }

    /// The items are taken in order: with two workers and the two dear items first, each worker takes one of them,
    /// so the pair of dear items never lands on one worker.
    #[test]
    fn workers_take_items_in_list_order() {
        let progress = Progress::hidden();
        let started = Mutex::new(Vec::new());
        let items: Vec<usize> = (0..6).collect();
        parallel_map(&items, 2, &progress, |&i| {
            started.lock().unwrap().push(i);
            if i < 2 {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Ok(())
        })
        .unwrap();
        let started = started.into_inner().unwrap();
        let first_two: std::collections::BTreeSet<usize> = started[..2].iter().copied().collect();
        assert_eq!(first_two, [0, 1].into_iter().collect());
    }
}
