//! Racing writers and a reader on one slot: every entry the reader accepts is exactly what some writer stored for
//! that key. Without the XOR checksum this test fails (checked by hand: storing the bare key accepts torn
//! entries within a few hundred thousand probes).

use engine::search::{Bound, TranspositionTable};
use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A second hash of the key, independent of it, stored as value and taint.
fn payload(key: u64) -> (f64, bool) {
    let h = (key ^ 0x5851_f42d_4c95_7f2d).wrapping_mul(0x2545_f491_4f6c_dd1d);
    let h = h ^ h >> 31;
    ((h >> 11) as f64, h & 1 != 0)
}

/// Eight keys, four per writer; with a one-entry table they all fight over the same three words.
fn key(writer: u64, i: u64) -> u64 {
    (writer * 4 + i % 4 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Stores per writer in one round.
const STORES: u64 = 2_000_000;

/// Rounds to try before calling the check vacuous. On a loaded machine a writer can be preempted halfway through
/// a store, leaving the slot torn for the reader's whole time slice, so one round may accept nothing; the check
/// needs some round in which the reader accepted entries while the writers were still writing.
const MAX_ROUNDS: usize = 10;

/// One race: two writers rewrite the one slot while a reader probes it. Returns (entries accepted while the
/// writers were still running, probes made); any torn entry accepted fails the test.
fn race() -> (u64, u64) {
    let tt = TranspositionTable::new(1).unwrap();
    let stop = AtomicBool::new(false);
    let (accepted, probes) = (AtomicU64::new(0), AtomicU64::new(0));
    let start = Barrier::new(3);
    std::thread::scope(|scope| {
        for writer in 0..2u64 {
            let (tt, stop, start) = (&tt, &stop, &start);
            scope.spawn(move || {
                start.wait();
                for i in 0..STORES {
                    let k = key(writer, i);
                    let (value, taint) = payload(k);
                    // Equal depths always replace, so the slot is rewritten on every store.
                    assert!(tt.store(k, value, Bound::Exact, 0, taint));
                }
                stop.store(true, Ordering::Relaxed);
            });
        }
        let (tt, stop, accepted, probes, start) = (&tt, &stop, &accepted, &probes, &start);
        scope.spawn(move || {
            start.wait();
            let mut i = 0u64;
            while !stop.load(Ordering::Relaxed) && i < 4 * STORES {
                let k = key(i % 2, i / 2);
                if let Some(e) = tt.probe(k) {
                    assert_eq!((e.key, e.bound, e.depth), (k, Bound::Exact, 0));
                    assert_eq!(
                        (e.value, e.loss_tainted),
                        payload(k),
                        "torn entry accepted for key {k:#x}"
                    );
                    if !stop.load(Ordering::Relaxed) {
                        accepted.fetch_add(1, Ordering::Relaxed);
                    }
                }
                i += 1;
            }
            probes.store(i, Ordering::Relaxed);
        });
    });
    (accepted.into_inner(), probes.into_inner())
}

#[test]
fn racing_readers_never_accept_a_torn_entry() {
    let mut total_probes = 0;
    for _ in 0..MAX_ROUNDS {
        let (accepted, probes) = race();
        total_probes += probes;
        if accepted > 0 {
            return;
        }
    }
    // The check would be vacuous if the reader never accepted anything while the writers ran.
    panic!("no entry accepted during the race in {MAX_ROUNDS} rounds ({total_probes} probes)");
}
