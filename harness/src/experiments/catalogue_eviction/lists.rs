//! Doubly linked lists threaded through per-key arrays, so that every queue operation of every policy is O(1)
//! and a lookup never allocates.
//!
//! Each key (a dense `u32` object id) is in at most one of the `N` lists at a time. The front of a list is its
//! newest / most recently used end, the back its oldest / least recently used end.

/// The "no key" link value.
pub(crate) const NIL: u32 = u32::MAX;

/// `N` index-linked lists over keys `0..universe`.
#[derive(Debug, Clone)]
pub(crate) struct Lists<const N: usize> {
    prev: Vec<u32>,
    next: Vec<u32>,
    owner: Vec<u8>,
    head: [u32; N],
    tail: [u32; N],
    len: [usize; N],
}

const NONE: u8 = u8::MAX;

impl<const N: usize> Lists<N> {
    /// Empty lists over keys `0..universe`.
    pub(crate) fn new(universe: usize) -> Self {
        assert!(N < NONE as usize, "too many lists");
        Lists {
            prev: vec![NIL; universe],
            next: vec![NIL; universe],
            owner: vec![NONE; universe],
            head: [NIL; N],
            tail: [NIL; N],
            len: [0; N],
        }
    }

    /// The list holding `key`, if any.
    #[inline]
    pub(crate) fn list_of(&self, key: u32) -> Option<usize> {
        let o = self.owner[key as usize];
        (o != NONE).then_some(o as usize)
    }

    #[inline]
    pub(crate) fn len(&self, l: usize) -> usize {
        self.len[l]
    }

    /// The oldest key of list `l`.
    #[inline]
    pub(crate) fn back(&self, l: usize) -> Option<u32> {
        let t = self.tail[l];
        (t != NIL).then_some(t)
    }

    /// The key just newer than `key` in its list (towards the front).
    #[inline]
    pub(crate) fn newer(&self, key: u32) -> Option<u32> {
        let p = self.prev[key as usize];
        (p != NIL).then_some(p)
    }

    /// Inserts `key` (in no list) at the front of list `l`.
    #[inline]
    pub(crate) fn push_front(&mut self, l: usize, key: u32) {
        let k = key as usize;
        debug_assert_eq!(self.owner[k], NONE, "key already listed");
        let h = self.head[l];
        self.prev[k] = NIL;
        self.next[k] = h;
        if h == NIL {
            self.tail[l] = key;
        } else {
            self.prev[h as usize] = key;
        }
        self.head[l] = key;
        self.owner[k] = l as u8;
        self.len[l] += 1;
    }

    /// Removes `key` from whichever list holds it; returns that list.
    #[inline]
    pub(crate) fn remove(&mut self, key: u32) -> usize {
        let k = key as usize;
        let l = self.owner[k];
        debug_assert_ne!(l, NONE, "key not listed");
        let l = l as usize;
        let (p, n) = (self.prev[k], self.next[k]);
        if p == NIL {
            self.head[l] = n;
        } else {
            self.next[p as usize] = n;
        }
        if n == NIL {
            self.tail[l] = p;
        } else {
            self.prev[n as usize] = p;
        }
        self.prev[k] = NIL;
        self.next[k] = NIL;
        self.owner[k] = NONE;
        self.len[l] -= 1;
        l
    }

    /// Removes and returns the oldest key of list `l`.
    #[inline]
    pub(crate) fn pop_back(&mut self, l: usize) -> Option<u32> {
        let t = self.back(l)?;
        self.remove(t);
        Some(t)
    }

    /// Moves `key` (in some list) to the front of list `l`.
    #[inline]
    pub(crate) fn move_to_front(&mut self, l: usize, key: u32) {
        if self.head[l] == key {
            return;
        }
        self.remove(key);
        self.push_front(l, key);
    }

    /// Keys of the lists `ls` in that order, each front (newest) first.
    pub(crate) fn keys(&self, ls: &[usize]) -> Vec<u32> {
        let mut out = Vec::with_capacity(ls.iter().map(|&l| self.len[l]).sum());
        for &l in ls {
            let mut k = self.head[l];
            while k != NIL {
                out.push(k);
                k = self.next[k as usize];
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_move_remove_keep_order() {
        let mut l: Lists<2> = Lists::new(8);
        for k in [1, 2, 3] {
            l.push_front(0, k);
        }
        assert_eq!(l.keys(&[0]), vec![3, 2, 1]);
        l.move_to_front(0, 1);
        assert_eq!(l.keys(&[0]), vec![1, 3, 2]);
        l.move_to_front(1, 3);
        assert_eq!(l.keys(&[0]), vec![1, 2]);
        assert_eq!(l.keys(&[1]), vec![3]);
        assert_eq!(l.pop_back(0), Some(2));
        assert_eq!(l.newer(2), None);
        assert_eq!((l.len(0), l.len(1)), (1, 1));
        assert_eq!(l.list_of(3), Some(1));
        assert_eq!(l.list_of(2), None);
    }
}
