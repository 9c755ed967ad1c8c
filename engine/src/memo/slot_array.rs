//! The optimized cache's slot array: a power of two of 32-bit words, readable before its first allocation.

use std::ptr::NonNull;

/// Marks an unused slot; an occupied slot holds its entry index plus one.
pub(crate) const EMPTY: u32 = 0;

/// What an unallocated slot array reads: one empty word, never written.
static UNALLOCATED: [u32; 1] = [EMPTY];

/// A slot array of `mask + 1` words (a power of two), or, before its first allocation, a view of one shared empty
/// word with mask 0. A probe then needs no "is it allocated" branch: on a fresh cache it reads the empty word and
/// reports slot 0 vacant, and the insert that follows allocates first.
///
/// Raw rather than a `Vec`: a `Vec` cannot point at a shared static, and a pointer cached beside a `Box` it was
/// borrowed from would be invalidated by the next write through the `Box`. Every access goes through `base`.
pub(crate) struct SlotArray {
    /// The first word: of the owned allocation when `len > 0`, else of `UNALLOCATED`.
    base: NonNull<u32>,
    /// Word count minus one (0 when unallocated).
    mask: usize,
    /// Words owned: `mask + 1`, or 0 when `base` is the shared static. Derivable from `mask` and whether `base` is
    /// the static, but kept so the insert's growth check is one load, not a compare and a select.
    len: usize,
}

// SAFETY: a `SlotArray` uniquely owns its allocation (like a `Box<[u32]>`) or points at an immutable static, so
// moving it to another thread moves sole access with it. It is not `Sync`: `&self` methods are plain reads, but the
// cache that holds it is `!Sync` anyway.
unsafe impl Send for SlotArray {}

impl Default for SlotArray {
    fn default() -> Self {
        SlotArray {
            base: NonNull::from(&UNALLOCATED).cast::<u32>(),
            mask: 0,
            len: 0,
        }
    }
}

impl SlotArray {
    /// `len` empty words; `len` must be a power of two.
    pub(crate) fn empty(len: usize) -> SlotArray {
        assert!(len.is_power_of_two());
        let words: Box<[u32]> = vec![EMPTY; len].into_boxed_slice();
        SlotArray {
            base: NonNull::new(Box::into_raw(words).cast::<u32>()).expect("a box is never null"),
            mask: len - 1,
            len,
        }
    }

    /// Words allocated (0 before the first allocation).
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The mask that maps slot bits to a word index.
    #[inline(always)]
    pub(crate) fn mask(&self) -> usize {
        self.mask
    }

    /// The word at `slot` without a bounds check.
    ///
    /// # Safety
    /// `slot <= self.mask()`.
    #[inline(always)]
    pub(crate) unsafe fn get_unchecked(&self, slot: usize) -> u32 {
        debug_assert!(slot <= self.mask);
        // SAFETY: `base` addresses `mask + 1` readable words (the allocation, or the one-word static with mask 0)
        // and the caller keeps `slot` within them.
        unsafe { *self.base.as_ptr().add(slot) }
    }

    /// Writes `word` at `slot` without a check (every caller has just established `slot < len`).
    ///
    /// # Safety
    /// `slot < self.len()` (so the array is allocated).
    #[inline(always)]
    pub(crate) unsafe fn set_unchecked(&mut self, slot: usize, word: u32) {
        debug_assert!(slot < self.len);
        // SAFETY: the allocation holds `len` words, uniquely owned by `self`, borrowed mutably here, and the
        // caller keeps `slot` below `len`.
        unsafe { *self.base.as_ptr().add(slot) = word }
    }
}

impl Drop for SlotArray {
    fn drop(&mut self) {
        if self.len != 0 {
            let words = std::ptr::slice_from_raw_parts_mut(self.base.as_ptr(), self.len);
            // SAFETY: `base` and `len` are exactly the pointer and length `Box::into_raw` gave in `empty`, and
            // this is the only place that frees it.
            drop(unsafe { Box::from_raw(words) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unallocated_array_reads_one_empty_word_and_an_allocated_one_holds_its_writes() {
        let fresh = SlotArray::default();
        // SAFETY (every access below): each slot is at most the array's mask, and writes go to an allocated array.
        assert_eq!(
            (fresh.len(), fresh.mask(), unsafe { fresh.get_unchecked(0) }),
            (0, 0, EMPTY)
        );
        let mut a = SlotArray::empty(8);
        assert_eq!((a.len(), a.mask()), (8, 7));
        unsafe {
            a.set_unchecked(7, 42);
            a.set_unchecked(0, 1);
        }
        let moved = a; // the allocation does not move with its owner
        let read = |i| unsafe { moved.get_unchecked(i) };
        assert_eq!((read(0), read(7), read(3)), (1, 42, EMPTY));
        fn is_send<T: Send>(_: &T) {}
        is_send(&moved);
    }
}
