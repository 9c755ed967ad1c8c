//! An indexed binary min-heap over dense keys: each key has a `u64` priority that can be changed in place in
//! O(log n), which is what LFU (count, then arrival) and Belady (next use) need.

use super::lists::NIL;

/// A min-heap of keys `0..universe` ordered by a per-key `u64` priority.
///
/// Each slot holds its priority beside its key, so sifting compares without a second, random read per step (the
/// replays of large traces spend most of their time here). Sifts move a hole rather than swapping, which leaves
/// every key exactly where the textbook swap-based sift would: the same comparisons in the same order, so ties
/// (Belady's never-used-again keys) still break the same way.
#[derive(Debug, Clone)]
pub(crate) struct IndexedHeap {
    heap: Vec<Slot>,
    pos: Vec<u32>,
}

/// A held key and its priority.
#[derive(Debug, Clone, Copy)]
struct Slot {
    prio: u64,
    key: u32,
}

impl IndexedHeap {
    /// An empty heap over keys `0..universe`.
    pub(crate) fn new(universe: usize) -> Self {
        IndexedHeap {
            heap: Vec::new(),
            pos: vec![NIL; universe],
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.heap.len()
    }

    #[inline]
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    #[inline]
    pub(crate) fn contains(&self, key: u32) -> bool {
        self.pos[key as usize] != NIL
    }

    /// The priority of a held key.
    #[inline]
    pub(crate) fn priority(&self, key: u32) -> u64 {
        self.heap[self.pos[key as usize] as usize].prio
    }

    /// Adds a key that is not held.
    #[inline]
    pub(crate) fn push(&mut self, key: u32, priority: u64) {
        debug_assert!(!self.contains(key));
        let i = self.heap.len();
        self.heap.push(Slot {
            prio: priority,
            key,
        });
        self.sift_up(i);
    }

    /// Removes and returns the key with the smallest priority.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        let top = self.heap.first()?.key;
        let last = self.heap.pop().expect("non-empty");
        self.pos[top as usize] = NIL;
        if last.key != top {
            self.heap[0] = last;
            self.sift_down(0);
        }
        Some(top)
    }

    /// Changes the priority of a held key.
    #[inline]
    pub(crate) fn set(&mut self, key: u32, priority: u64) {
        let i = self.pos[key as usize] as usize;
        let old = self.heap[i].prio;
        self.heap[i].prio = priority;
        if priority > old {
            self.sift_down(i);
        } else {
            self.sift_up(i);
        }
    }

    /// Removes a held key.
    #[inline]
    pub(crate) fn remove(&mut self, key: u32) {
        debug_assert!(self.contains(key));
        let i = self.pos[key as usize] as usize;
        let last = self.heap.pop().expect("a held key");
        self.pos[key as usize] = NIL;
        if last.key != key {
            // The last key fills the hole; it may belong above or below it.
            self.heap[i] = last;
            self.sift_down(i);
            self.sift_up(self.pos[last.key as usize] as usize);
        }
    }

    /// Rewrites every held key's priority with `f`; a key whose new priority fails `keep` leaves the heap and is
    /// handed with that priority to `removed`. Restores heap order in O(n) without allocating.
    pub(crate) fn remap_retain(
        &mut self,
        mut f: impl FnMut(u64) -> u64,
        keep: impl Fn(u64) -> bool,
        mut removed: impl FnMut(u32, u64),
    ) {
        let mut kept = 0;
        for i in 0..self.heap.len() {
            let Slot { prio, key } = self.heap[i];
            let prio = f(prio);
            if keep(prio) {
                self.heap[kept] = Slot { prio, key };
                self.pos[key as usize] = kept as u32;
                kept += 1;
            } else {
                self.pos[key as usize] = NIL;
                removed(key, prio);
            }
        }
        self.heap.truncate(kept);
        for i in (0..self.heap.len() / 2).rev() {
            self.sift_down(i);
        }
    }

    /// The held keys, in heap (not sorted) order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = u32> + '_ {
        self.heap.iter().map(|s| s.key)
    }

    /// Moves the slot at `i` up past every parent with a larger priority and records the positions it passed.
    #[inline]
    fn sift_up(&mut self, mut i: usize) {
        let moving = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if moving.prio >= p.prio {
                break;
            }
            self.heap[i] = p;
            self.pos[p.key as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = moving;
        self.pos[moving.key as usize] = i as u32;
    }

    /// Moves the slot at `i` down past every smaller child (the smaller of two, the left on a tie) and records
    /// the positions it passed.
    #[inline]
    fn sift_down(&mut self, mut i: usize) {
        let n = self.heap.len();
        let moving = self.heap[i];
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && self.heap[r].prio < self.heap[l].prio {
                r
            } else {
                l
            };
            let child = self.heap[c];
            if child.prio >= moving.prio {
                break;
            }
            self.heap[i] = child;
            self.pos[child.key as usize] = i as u32;
            i = c;
        }
        self.heap[i] = moving;
        self.pos[moving.key as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_priority_order_after_updates() {
        let mut h = IndexedHeap::new(10);
        for (k, p) in [(0, 50), (1, 10), (2, 30), (3, 40), (4, 20)] {
            h.push(k, p);
        }
        h.set(1, 60);
        h.set(3, 5);
        let mut order = Vec::new();
        while let Some(k) = h.pop() {
            order.push(k);
        }
        assert_eq!(order, vec![3, 4, 2, 0, 1]);
        assert!(h.is_empty());
    }

    #[test]
    fn remove_and_remap_retain_keep_the_order() {
        let mut h = IndexedHeap::new(10);
        // Priorities 0, 70, 40, 10, 80, 50, 20, 90, 60, 30 for keys 0..10.
        for k in 0..10u32 {
            h.push(k, u64::from((k * 7) % 10) * 10);
        }
        h.remove(4); // an inner key
        h.remove(0); // the minimum
        let mut gone = Vec::new();
        // Halve; keys whose priority falls below 20 leave.
        h.remap_retain(|p| p / 2, |p| p >= 20, |k, p| gone.push((k, p)));
        gone.sort_unstable();
        assert_eq!(gone, vec![(3, 5), (6, 10), (9, 15)]);
        assert!(!h.contains(0) && !h.contains(3) && !h.contains(4));
        let mut order = Vec::new();
        while !h.is_empty() {
            let top = h.keys().next().unwrap();
            order.push((top, h.priority(top)));
            assert_eq!(h.pop(), Some(top));
        }
        assert_eq!(order, vec![(2, 20), (5, 25), (8, 30), (1, 35), (7, 45)]);
    }
}
