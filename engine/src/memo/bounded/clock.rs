//! Four-way sets with CLOCK replacement: a reference bit per slot and a hand per set.

use super::replacement::Replacement;

/// CLOCK inside each four-way set: a hit sets the slot's reference bit; a full set's hand sweeps its ways,
/// clearing set bits, and evicts the first slot whose bit is clear. New entries start unreferenced, so a result
/// used once leaves before one that was hit since it arrived (second chance), while a key that is hit
/// repeatedly survives any number of one-off neighbours.
///
/// Four ways give a key four places instead of one, so two hot keys that share a direct-mapped slot coexist;
/// the price is comparing up to four signatures per lookup and a byte per slot plus a byte per set.
#[derive(Clone, Debug, Default)]
pub struct FourWayClock {
    referenced: Vec<bool>,
    hands: Vec<u8>,
    ways: usize,
}

impl Replacement for FourWayClock {
    const WAYS: usize = 4;
    const NAME: &'static str = "clock";

    fn with_slots(slots: usize, ways: usize) -> Self {
        FourWayClock {
            referenced: vec![false; slots],
            hands: vec![0; slots / ways],
            ways,
        }
    }

    #[inline(always)]
    fn on_hit(&mut self, slot: usize) {
        self.referenced[slot] = true;
    }

    #[inline(always)]
    fn on_insert(&mut self, slot: usize) {
        self.referenced[slot] = false;
    }

    #[inline]
    fn victim(&mut self, start: usize, ways: usize) -> usize {
        let set = start / self.ways;
        let mut hand = usize::from(self.hands[set]);
        // At most one full sweep clears every bit, so the loop ends within `ways + 1` steps.
        loop {
            let slot = start + hand;
            hand = (hand + 1) % ways;
            if self.referenced[slot] {
                self.referenced[slot] = false;
            } else {
                self.hands[set] = hand as u8;
                return slot;
            }
        }
    }

    fn heap_bytes(&self) -> usize {
        self.referenced.len() + self.hands.len()
    }
}
