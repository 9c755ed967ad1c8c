//! An indexed binary min-heap over dense keys: each key has a `u64` priority that can be changed in place in
//! O(log n), which is what LFU (count, then arrival) and Belady (next use) need.

use super::lists::NIL;

/// A min-heap of keys `0..universe` ordered by a per-key `u64` priority.
#[derive(Debug, Clone)]
pub(crate) struct IndexedHeap {
    heap: Vec<u32>,
    prio: Vec<u64>,
    pos: Vec<u32>,
}

impl IndexedHeap {
    /// An empty heap over keys `0..universe`.
    pub(crate) fn new(universe: usize) -> Self {
        IndexedHeap {
            heap: Vec::new(),
            prio: vec![0; universe],
            pos: vec![NIL; universe],
        }
    }

    /// Number of keys held.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.heap.len()
    }

    /// Whether no key is held.
    #[inline]
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Whether `key` is held.
    #[inline]
    pub(crate) fn contains(&self, key: u32) -> bool {
        self.pos[key as usize] != NIL
    }

    /// The priority of a held key.
    #[inline]
    pub(crate) fn priority(&self, key: u32) -> u64 {
        self.prio[key as usize]
    }

    /// Adds a key that is not held.
    #[inline]
    pub(crate) fn push(&mut self, key: u32, priority: u64) {
        debug_assert!(!self.contains(key));
        self.prio[key as usize] = priority;
        let i = self.heap.len();
        self.heap.push(key);
        self.pos[key as usize] = i as u32;
        self.sift_up(i);
    }

    /// Removes and returns the key with the smallest priority.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("non-empty");
        self.pos[top as usize] = NIL;
        if last != top {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.sift_down(0);
        }
        Some(top)
    }

    /// Changes the priority of a held key.
    #[inline]
    pub(crate) fn set(&mut self, key: u32, priority: u64) {
        let old = self.prio[key as usize];
        self.prio[key as usize] = priority;
        let i = self.pos[key as usize] as usize;
        if priority > old {
            self.sift_down(i);
        } else {
            self.sift_up(i);
        }
    }

    /// Rewrites every held key's priority with `f` and restores heap order in O(n).
    pub(crate) fn remap(&mut self, mut f: impl FnMut(u64) -> u64) {
        for &k in &self.heap {
            self.prio[k as usize] = f(self.prio[k as usize]);
        }
        for i in (0..self.heap.len() / 2).rev() {
            self.sift_down(i);
        }
    }

    /// The held keys, in heap (not sorted) order.
    pub(crate) fn keys(&self) -> &[u32] {
        &self.heap
    }

    #[inline]
    fn key_at(&self, i: usize) -> u64 {
        self.prio[self.heap[i] as usize]
    }

    #[inline]
    fn swap(&mut self, i: usize, j: usize) {
        self.heap.swap(i, j);
        self.pos[self.heap[i] as usize] = i as u32;
        self.pos[self.heap[j] as usize] = j as u32;
    }

    #[inline]
    fn sift_up(&mut self, mut i: usize) {
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.key_at(i) >= self.key_at(parent) {
                break;
            }
            self.swap(i, parent);
            i = parent;
        }
    }

    #[inline]
    fn sift_down(&mut self, mut i: usize) {
        let n = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && self.key_at(r) < self.key_at(l) {
                r
            } else {
                l
            };
            if self.key_at(c) >= self.key_at(i) {
                break;
            }
            self.swap(i, c);
            i = c;
        }
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
}
