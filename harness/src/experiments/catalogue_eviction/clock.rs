//! CLOCK (second chance) as libCacheSim's `Clock` with its default one-bit counter: a FIFO whose oldest entry,
//! if it was hit since it last passed the hand, has its bit cleared and goes round again instead of leaving.

use super::lists::Lists;
use super::policy::Policy;

/// CLOCK over an index-linked queue; the queue's back is where the hand points.
#[derive(Debug, Clone)]
pub(crate) struct Clock {
    ring: Lists<1>,
    referenced: Vec<bool>,
}

impl Clock {
    /// An empty table over the keys `0..universe`.
    pub(crate) fn new(universe: usize) -> Self {
        Clock {
            ring: Lists::new(universe),
            referenced: vec![false; universe],
        }
    }
}

impl Policy for Clock {
    #[inline]
    fn find(&mut self, key: u32) -> bool {
        let held = self.ring.list_of(key).is_some();
        if held {
            self.referenced[key as usize] = true;
        }
        held
    }

    #[inline]
    fn len(&self) -> usize {
        self.ring.len(0)
    }

    #[inline]
    fn evict(&mut self) {
        while let Some(oldest) = self.ring.pop_back(0) {
            if !std::mem::replace(&mut self.referenced[oldest as usize], false) {
                return;
            }
            self.ring.push_front(0, oldest);
        }
    }

    #[inline]
    fn insert(&mut self, key: u32) {
        self.ring.push_front(0, key);
        self.referenced[key as usize] = false;
    }

    fn resident(&self) -> Vec<u32> {
        self.ring.keys(&[0])
    }
}
