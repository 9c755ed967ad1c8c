//! The key comparison on x86_64: the keyed prefix as nine 16-byte SSE2 words (SSE2 is part of every x86_64
//! target, so no feature detection is needed).
//!
//! `GameState` is `repr(C)` with its keyed fields, unpadded, in its first `KEYED_BYTES` bytes, and a stored state is
//! 16-byte aligned, so each 16-byte word is one unaligned load of the key and one xor straight from the stored copy;
//! the differences are or-ed together and tested once. The derived comparison calls `memcmp` for the mailbox;
//! pairing fields into 16-byte words in Rust's own layout does not fit inline.

use crate::memo::state_store::StoredState;
use crate::state::{GameState, KEYED_BYTES};
use std::arch::x86_64::{
    __m128i, _mm_cmpeq_epi8, _mm_load_si128, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
    _mm_setzero_si128, _mm_xor_si128,
};

/// 16-byte words in the keyed prefix.
const WORDS: usize = KEYED_BYTES / 16;

/// Whether `stored` holds `key`.
#[inline(always)]
pub(crate) fn same_key(stored: &StoredState, key: &GameState) -> bool {
    let a = std::ptr::from_ref(stored).cast::<__m128i>();
    let b = std::ptr::from_ref(opaque(key)).cast::<__m128i>();
    // SAFETY: both pointers address a whole `GameState` (`StoredState` is one at offset 0), whose first
    // `KEYED_BYTES` bytes are initialised integer fields without padding (asserted where `GameState` is
    // defined); `WORDS * 16 == KEYED_BYTES`; `a` is 16-byte aligned (`StoredState` is `align(16)`), as the
    // aligned load requires, and `b` is read unaligned. SSE2 is part of every x86_64 target.
    unsafe {
        let mut diff = _mm_xor_si128(_mm_loadu_si128(b), _mm_load_si128(a));
        for i in 1..WORDS {
            diff = _mm_or_si128(
                diff,
                _mm_xor_si128(_mm_loadu_si128(b.add(i)), _mm_load_si128(a.add(i))),
            );
        }
        _mm_movemask_epi8(_mm_cmpeq_epi8(diff, _mm_setzero_si128())) == 0xffff
    }
}

/// `key`, laundered through an empty `asm!` so the optimizer cannot hoist the comparison's loads of it above the
/// signature check: hoisted, they would keep nine vector registers of the key alive across the probe loop and
/// compare register to register, one more instruction per 16-byte word.
#[inline(always)]
// The asm reads no memory: it only hides the pointer's value from the optimizer.
#[allow(clippy::pointers_in_nomem_asm_block)]
fn opaque(key: &GameState) -> &GameState {
    let mut p = std::ptr::from_ref(key);
    // SAFETY: the template is empty: the block executes nothing, reads and writes no memory and leaves `p` as it
    // was; the compiler only loses track of where `p` points, so the reference rebuilt from it is `key` itself.
    unsafe {
        std::arch::asm!("/* {0} */", inout(reg) p, options(pure, nomem, nostack, preserves_flags));
        &*p
    }
}
