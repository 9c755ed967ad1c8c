//! Callgrind's start/stop-instrumentation client requests, so a child runs natively except around the window it
//! measures.
//!
//! Written here rather than taken from a crate: gungraun 0.20 exposes client requests only through the
//! `valgrind-requests` crate, whose build script runs bindgen and so needs libclang on every machine that builds
//! the harness (and this one has none), for two requests that are a fixed instruction sequence each.
//!
//! A client request is Valgrind's documented protocol (`valgrind.h`, "client requests"): on x86-64 the program
//! puts the address of six words (request code, five arguments) in `rax` and a default result in `rdx`, then runs
//! four rotations of `rdi` by 3, 13, 61 and 51 bits (128 in all, so `rdi` ends unchanged) followed by
//! `xchg rbx, rbx`. On a real CPU that sequence changes no register or memory and leaves the default in `rdx`;
//! Valgrind's translator recognises it and serves the request, putting the answer in `rdx`. So the requests are
//! no-ops outside valgrind, and every build runs them harmlessly.
//!
//! Elsewhere than x86-64 [`SUPPORTED`] is false, the requests do nothing, and the parent keeps the child fully
//! instrumented from its start (the older, slower method, which gives the same instruction counts).

/// Whether this build can switch callgrind's instrumentation on and off from inside the child.
pub(crate) const SUPPORTED: bool = cfg!(target_arch = "x86_64");

/// Callgrind's tool base, `VG_USERREQ_TOOL_BASE('C','T')`: `'C' << 24 | 'T' << 16`.
const CALLGRIND_BASE: usize = (b'C' as usize) << 24 | (b'T' as usize) << 16;
/// `VG_USERREQ__START_INSTRUMENTATION`: the fifth callgrind request (after dump, zero, toggle, dump-at).
const START_INSTRUMENTATION: usize = CALLGRIND_BASE + 4;
/// `VG_USERREQ__STOP_INSTRUMENTATION`.
const STOP_INSTRUMENTATION: usize = CALLGRIND_BASE + 5;

/// Sends `request` with no arguments and returns valgrind's answer, or `default` when not run under valgrind.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn client_request(default: usize, request: usize) -> usize {
    let words: [usize; 6] = [request, 0, 0, 0, 0, 0];
    let answer: usize;
    // SAFETY: the sequence only rotates `rdi` by 128 bits in all (unchanged at the end, so it need not be declared)
    // and exchanges `rbx` with itself; it reads nothing and writes only the flags (which `asm!` assumes clobbered
    // unless told otherwise) and `rdx`, declared as the output. Under valgrind the request reads the six words at
    // `rax`, which live until the block ends. Memory is not marked untouched (no `nomem`), so the compiler neither
    // moves loads and stores across the request nor drops `words`: the request is a barrier, as in `valgrind.h`.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            in("rax") words.as_ptr(),
            inout("rdx") default => answer,
            options(nostack),
        );
    }
    answer
}

/// Elsewhere a request is never served: the default answer.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn client_request(default: usize, _request: usize) -> usize {
    default
}

/// Switches callgrind's instrumentation on (a no-op outside callgrind). Callgrind then also clears its simulated
/// caches and call stacks, so what follows starts from cold caches.
#[inline(always)]
pub(crate) fn start_instrumentation() {
    client_request(0, START_INSTRUMENTATION);
}

/// Switches callgrind's instrumentation off (a no-op outside callgrind).
#[inline(always)]
pub(crate) fn stop_instrumentation() {
    client_request(0, STOP_INSTRUMENTATION);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `VG_USERREQ__RUNNING_ON_VALGRIND`: a core request, answered 1 (or more) under valgrind.
    const RUNNING_ON_VALGRIND: usize = 0x1001;

    #[test]
    fn requests_are_harmless_outside_valgrind() {
        // The test binary runs natively (cargo test never starts it under valgrind): every request must come back
        // with its default answer and leave the program running.
        assert_eq!(client_request(42, RUNNING_ON_VALGRIND), 42);
        assert_eq!(client_request(7, START_INSTRUMENTATION), 7);
        start_instrumentation();
        stop_instrumentation();
    }

    #[test]
    fn request_codes_match_callgrind_h() {
        // callgrind.h: VG_USERREQ_TOOL_BASE('C','T') = 0x43540000, then DUMP_STATS, ZERO_STATS, TOGGLE_COLLECT,
        // DUMP_STATS_AT, START_INSTRUMENTATION, STOP_INSTRUMENTATION.
        assert_eq!(START_INSTRUMENTATION, 0x4354_0004);
        assert_eq!(STOP_INSTRUMENTATION, 0x4354_0005);
    }
}
