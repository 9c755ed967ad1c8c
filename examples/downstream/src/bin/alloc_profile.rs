//! The allocation profiler of this crate: the main job runs the `alloc_profile` next to its own executable, and
//! this one knows `mine`, so the allocation profiles cover its code too. A binary of its own because dhat's global
//! allocator must not be in the timed binary.

harness::alloc_profile_main!(downstream::Mine);
