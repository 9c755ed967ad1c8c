//! Fuzz target: the DFEN parser never panics, and whatever parses serialises canonically and round-trips.
//! Run with `cargo +nightly fuzz run dfen_parse` from the workspace root (needs `cargo install cargo-fuzz`).
#![no_main]

use engine::GameState;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(s) = GameState::from_dfen(text) {
        let canonical = s.to_dfen();
        let back = GameState::from_dfen(&canonical).expect("canonical DFEN must parse");
        assert_eq!(back, s);
        assert_eq!(back.to_dfen(), canonical);
        assert_eq!(s.zobrist(), engine::zobrist::compute(&s));
        let _ = s.normalized_fen();
    }
});
