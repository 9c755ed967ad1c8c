//! Bad input never panics the DFEN parser: arbitrary strings and mutated valid DFENs (100,000 cases here; the
//! ignored test and `fuzz/` run millions). Whatever parses must serialise canonically and round-trip.

use engine::GameState;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

const SEEDS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 PNB",
    "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1",
    "4k3/8/8/8/8/8/8/4K3 b - -",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 127 2000000000 qqq",
    "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 -",
    "r2q2r1/ppp1nk1p/2B2p2/3p3b/1P1Pp2P/4P2N/PP3P2/RNB4K b - d3 0 7 pqq",
    "1rNk2nr/1ppp1ppp/4q3/2b5/1n1Pp3/5N2/PPPQPPPP/1RBK1B1R b - d3 2 4 pnr",
];

/// Characters that matter to the grammar, plus a few that must be rejected (multi-byte ones included).
const ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', 'w', 'a', 'c', 'd', 'e', 'f', 'g',
    'h', 'x', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '/', ' ', '-', '+', '\t', 'é', '٣',
    '𝟘', '\u{0}',
];

fn check(text: &str) {
    if let Ok(s) = GameState::from_dfen(text) {
        let canonical = s.to_dfen();
        let back = GameState::from_dfen(&canonical).unwrap_or_else(|e| {
            panic!("{text:?} parsed but its serialisation {canonical:?} fails: {e}")
        });
        assert_eq!(back, s, "{text:?}");
        assert_eq!(back.to_dfen(), canonical);
        assert_eq!(s.zobrist(), engine::zobrist::compute(&s));
        let _ = s.normalized_fen();
    }
}

#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = prop::sample::select(ALPHABET);
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), 1..12usize).prop_map(|(i, n)| Edit::Duplicate(i, n)),
    ]
}

fn mutate(seed: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % n);
            }
            Edit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
            Edit::Duplicate(i, len) if !chars.is_empty() => {
                let start = i % n;
                let end = (start + len).min(chars.len());
                let piece: Vec<char> = chars[start..end].to_vec();
                chars.splice(start..start, piece);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn run(cases: u32) {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    // Mutated valid DFENs (most cases) and arbitrary strings over the grammar's alphabet and over any char.
    let mutated = (
        prop::sample::select(&SEEDS[..]),
        prop::collection::vec(edit(), 1..6),
    )
        .prop_map(|(s, e)| mutate(s, &e));
    let over_alphabet = prop::collection::vec(prop::sample::select(ALPHABET), 0..90)
        .prop_map(|v| v.into_iter().collect::<String>());
    let anything = any::<String>();
    let strategy = prop_oneof![6 => mutated, 2 => over_alphabet, 1 => anything];
    TestRunner::new(config)
        .run(&strategy, |text| {
            check(&text);
            Ok(())
        })
        .unwrap();
}

#[test]
fn parser_never_panics_100k() {
    run(100_000);
}

/// `cargo test -p engine --test dfen_robustness -- --ignored` (about 5 million cases).
#[test]
#[ignore]
fn parser_never_panics_millions() {
    run(5_000_000);
}

#[test]
fn seeds_are_valid() {
    for s in SEEDS {
        assert!(GameState::from_dfen(s).is_ok(), "{s}");
        check(s);
    }
}
