//! Independent deterministic work on every free core, and the cores themselves: a process-wide pool of one token per
//! core. Every thread that runs CPU-bound work of the main job holds a token ([`Core`]) while it works, so the
//! main job's timed lane (one thread holding one core from its first timing to its last) never shares its core
//! with the counting work that runs beside it ([`crate::experiments::lanes`]); counting work gets the other cores,
//! and every core once the timed lane is done.

use crate::progress::Progress;
use anyhow::Result;
use std::cell::Cell;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, LazyLock, Mutex};
use std::time::Duration;

/// The cores this process may use.
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Free cores, one token each.
struct Pool {
    free: Mutex<usize>,
    freed: Condvar,
}

static POOL: LazyLock<Pool> = LazyLock::new(|| Pool {
    free: Mutex::new(cores()),
    freed: Condvar::new(),
});

thread_local! {
    /// How many cores this thread holds or was lent (a worker running for a caller that holds one).
    static HELD: Cell<usize> = const { Cell::new(0) };
}

/// One core of [`POOL`], held by the thread that took it until dropped (so it cannot move to another thread).
pub(crate) struct Core {
    _not_send: PhantomData<*const ()>,
}

impl Core {
    fn held() -> Core {
        HELD.with(|h| h.set(h.get() + 1));
        Core {
            _not_send: PhantomData,
        }
    }
}

impl Drop for Core {
    fn drop(&mut self) {
        HELD.with(|h| h.set(h.get().saturating_sub(1)));
        let mut free = POOL.free.lock().unwrap_or_else(|e| e.into_inner());
        *free += 1;
        POOL.freed.notify_all();
    }
}

/// Takes one core, waiting until one is free. A thread that holds a core never waits for another (it lends its own
/// to [`parallel_map`]'s first worker instead), so the pool cannot deadlock.
pub(crate) fn take_core() -> Core {
    take_core_unless(&|| false).expect("waits until a core is free")
}

/// Takes one more core if one is free now.
pub(crate) fn try_take_core() -> Option<Core> {
    let mut free = POOL.free.lock().unwrap_or_else(|e| e.into_inner());
    (*free > 0).then(|| {
        *free -= 1;
        Core::held()
    })
}

/// Takes one core, waiting until one is free or until `give_up` says the work it was wanted for is gone.
fn take_core_unless(give_up: &dyn Fn() -> bool) -> Option<Core> {
    let mut free = POOL.free.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        if *free > 0 {
            *free -= 1;
            return Some(Core::held());
        }
        if give_up() {
            return None;
        }
        // A timeout as well as the notification: `give_up` turns true without a core being freed.
        free = POOL
            .freed
            .wait_timeout(free, Duration::from_millis(20))
            .unwrap_or_else(|e| e.into_inner())
            .0;
    }
}

/// Whether the main job's counting lane has work left: its core is kept for it, even before it takes it, so that
/// extra timing streams ([`extra_core`]) only start once it is done.
static COUNTING_PENDING: AtomicBool = AtomicBool::new(false);

/// Marks the counting lane's work as pending until dropped ([`extra_core`] waits meanwhile).
pub(crate) struct CountingPending;

impl CountingPending {
    pub(crate) fn new() -> CountingPending {
        COUNTING_PENDING.store(true, Ordering::SeqCst);
        CountingPending
    }
}

impl Drop for CountingPending {
    fn drop(&mut self) {
        COUNTING_PENDING.store(false, Ordering::SeqCst);
    }
}

/// A core for one more timing stream: taken once no counting lane has work left and a core is free, or `None`
/// once `give_up` says the work it was wanted for is gone.
pub(crate) fn extra_core(give_up: &dyn Fn() -> bool) -> Option<Core> {
    loop {
        if give_up() {
            return None;
        }
        if !COUNTING_PENDING.load(Ordering::SeqCst)
            && let Some(core) = try_take_core()
        {
            return Some(core);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether the calling thread holds a core (or was lent one).
pub(crate) fn holds_core() -> bool {
    HELD.with(|h| h.get() > 0)
}

/// A core lent by the caller of [`parallel_map`] to its first worker: counted as held on the worker's thread, not
/// taken from the pool.
struct Lent;

impl Lent {
    fn new() -> Lent {
        HELD.with(|h| h.set(h.get() + 1));
        Lent
    }
}

impl Drop for Lent {
    fn drop(&mut self) {
        HELD.with(|h| h.set(h.get().saturating_sub(1)));
    }
}

/// Maps `f` over `items` on `threads` workers; the results come back in `items`' order, so they equal a sequential
/// run's. Stops at an error (the first in `items`' order among those reached).
///
/// The workers take the items strictly in order from one shared counter (greedy list scheduling), so a caller
/// that puts its dearest items first gets the shortest wall time that order allows: no worker is left with a
/// long item at the end while the others idle. (A divide-and-conquer split, as rayon's indexed iterators do,
/// hands the first half of the list to one worker, and with it every dear item a caller put first.)
///
/// Each item runs on a core taken from the process's pool ([`take_core`]); a caller that holds a core lends it to
/// the first worker, so at most `threads` items run at once and never more than the pool's cores.
pub(crate) fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    progress: &Progress,
    f: impl Fn(&T) -> Result<R> + Sync,
) -> Result<Vec<R>> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let slots: Vec<Mutex<Option<Result<R>>>> = items.iter().map(|_| Mutex::new(None)).collect();
    let lend = holds_core();
    let gone = || failed.load(Ordering::Relaxed) || next.load(Ordering::Relaxed) >= items.len();
    let work = |i: usize| {
        let r = f(&items[i]);
        progress.inc(1);
        if r.is_err() {
            failed.store(true, Ordering::Relaxed);
        }
        *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
    };
    std::thread::scope(|scope| {
        for w in 0..threads.clamp(1, items.len().max(1)) {
            let (work, gone, next, failed) = (&work, &gone, &next, &failed);
            scope.spawn(move || {
                if w == 0 && lend {
                    // The caller waits for the workers on the core it holds: this worker runs on it.
                    let _lent = Lent::new();
                    while !failed.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= items.len() {
                            break;
                        }
                        work(i);
                    }
                    return;
                }
                // Each item on a core of its own, taken before the item so the items still go in list order.
                while let Some(_core) = take_core_unless(gone) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    work(i);
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
    fn items_are_taken_and_returned_in_order_and_an_error_stops_the_map() {
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
        // The items are taken in order: with two workers and the two dear items first, each worker takes one of
        // them, so the pair of dear items never lands on one worker.
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

    /// A caller that holds a core gets its items done even when no other core is free (its first worker runs on the
    /// caller's core), and a worker that waits for a core gives up once the items are gone: no deadlock.
    #[test]
    fn a_caller_holding_a_core_finishes_with_no_core_free() {
        let mine = take_core();
        let others: Vec<Core> = std::iter::from_fn(try_take_core).collect();
        assert!(holds_core());
        let items: Vec<u64> = (0..20).collect();
        let out = parallel_map(&items, 4, &Progress::hidden(), |&x| Ok(x + 1)).unwrap();
        assert_eq!(out, (1..21).collect::<Vec<u64>>());
        drop(others);
        drop(mine);
        assert!(!holds_core());
    }
}
