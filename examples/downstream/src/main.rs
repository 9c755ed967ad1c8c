//! A downstream binary: the harness's whole command line with one evaluator of its own, `mine` (`src/lib.rs`).
//!
//! `cargo run --release -- --quick --scenario sparse --eval mine` runs the main job on it; `search`, `break-even`,
//! `compare --prebuilt` and `scenarios freeze --from` take `--eval mine` as they take a built-in name.

harness::harness_main!(downstream::Mine);
