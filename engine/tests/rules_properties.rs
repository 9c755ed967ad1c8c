//! Property tests over positions reached by seeded random play: DFEN round trips, incremental Zobrist equals the
//! key recomputed from scratch, and state equality matches DFEN equality.

use engine::{DicePool, GameState, PieceType};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

const STARTS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
];

fn roll(rng: &mut Pcg64Mcg) -> DicePool {
    let d: Vec<PieceType> = (0..3)
        .map(|_| PieceType::from_face(rng.random_range(1..=6u8)).unwrap())
        .collect();
    DicePool::from_dice(&d).unwrap()
}

fn check(s: &GameState) {
    assert_eq!(
        s.zobrist(),
        engine::zobrist::compute(s),
        "incremental key of {s}"
    );
    let back = GameState::from_dfen(&s.to_dfen()).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(&back, s, "DFEN round trip");
    assert_eq!(back.zobrist(), s.zobrist());
}

/// Plays a seeded random game of legal turns; calls `visit` on every intermediate position.
fn random_game(seed: u64, turns: usize, mut visit: impl FnMut(&GameState)) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut s = GameState::from_dfen(STARTS[rng.random_range(0..STARTS.len())]).unwrap();
    for _ in 0..turns {
        s = s.with_dice(roll(&mut rng));
        visit(&s);
        let paths = engine::legal_turn_paths(&s);
        if paths.is_empty() {
            s.end_turn();
            continue;
        }
        let path = &paths[rng.random_range(0..paths.len())];
        for &m in path {
            let king = engine::captures_king(&s, m);
            s.make_move(m);
            visit(&s);
            if king {
                return;
            }
        }
        s.end_turn();
        visit(&s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_play_round_trips_and_keeps_the_key(seed in any::<u64>()) {
        random_game(seed, 40, check);
    }

    /// Any generated micro-move for any die (not only legal turns), interleaved with end_turn and the setters.
    #[test]
    fn zobrist_after_arbitrary_transitions(seed in any::<u64>()) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut s = GameState::from_dfen(STARTS[rng.random_range(0..STARTS.len())]).unwrap();
        for _ in 0..120 {
            match rng.random_range(0..10u8) {
                0 => s.end_turn(),
                1 => s = s.with_dice(roll(&mut rng)),
                2 => s = s.with_side_to_move(!s.side_to_move()),
                3 => s = s.with_half_move_clock(rng.random_range(0..=200u8))
                    .with_full_move_number(rng.random_range(1..=1000u32)),
                _ => {
                    let die = PieceType::from_face(rng.random_range(1..=6u8)).unwrap();
                    let moves = engine::die_moves(&s, die);
                    prop_assert_eq!(engine::count_die_moves(&s, die), moves.len() as u64, "bulk count of {} in {}", die.letter(), s);
                    if !moves.is_empty() {
                        s.make_move(moves[rng.random_range(0..moves.len())]);
                    }
                }
            }
            check(&s);
        }
    }

    /// Leaves of one position (many transpositions among them) compare equal exactly when their DFENs do.
    #[test]
    fn equality_matches_dfen_equality(seed in any::<u64>()) {
        let mut positions = Vec::new();
        random_game(seed, 6, |s| positions.push(*s));
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 1);
        let s = positions[rng.random_range(0..positions.len())];
        let s = if s.dice().is_empty() { s.with_dice(roll(&mut rng)) } else { s };
        let mut leaves = Vec::new();
        engine::for_each_legal_turn(&s, |_, after| {
            let mut t = *after;
            t.end_turn();
            leaves.push(t);
        });
        leaves.truncate(300);
        let dfens: Vec<String> = leaves.iter().map(GameState::to_dfen).collect();
        for i in 0..leaves.len() {
            for j in i..leaves.len() {
                prop_assert_eq!(leaves[i] == leaves[j], dfens[i] == dfens[j]);
                if leaves[i] == leaves[j] {
                    prop_assert_eq!(leaves[i].zobrist(), leaves[j].zobrist());
                }
            }
        }
    }
}

#[test]
fn transpositions_are_equal_states() {
    // a2a3 then h2h3 versus h2h3 then a2a3 reach the same position (same clocks: pawn moves reset them).
    let s = GameState::from_dfen(STARTS[0])
        .unwrap()
        .with_dice(DicePool::from_dice(&[PieceType::Pawn; 2]).unwrap());
    let mut a = s;
    let mut b = s;
    for m in ["a2a3", "h2h3"] {
        a.make_move(engine::find_move(&a, m).unwrap());
    }
    for m in ["h2h3", "a2a3"] {
        b.make_move(engine::find_move(&b, m).unwrap());
    }
    assert_eq!(a, b);
    assert_eq!(a.to_dfen(), b.to_dfen());
    // Knight moves count on the clock, so a different move order leaves different (unequal) states.
    let n = GameState::from_dfen("4k3/8/8/8/8/8/4P3/1N2K3 w - - 0 1 PN").unwrap();
    let mut c = n;
    let mut d = n;
    for m in ["e2e3", "b1c3"] {
        c.make_move(engine::find_move(&c, m).unwrap());
    }
    for m in ["b1c3", "e2e3"] {
        d.make_move(engine::find_move(&d, m).unwrap());
    }
    assert_ne!(c, d);
    assert_ne!(c.to_dfen(), d.to_dfen());
    assert_eq!(c.zobrist(), d.zobrist(), "clocks are not hashed");
}

#[test]
fn callback_generator_matches_replay() {
    let s = GameState::from_dfen(STARTS[1]).unwrap().with_dice(
        DicePool::from_dice(&[PieceType::Pawn, PieceType::Knight, PieceType::Bishop]).unwrap(),
    );
    let paths = engine::legal_turn_paths(&s);
    let mut i = 0;
    let n = engine::for_each_legal_turn(&s, |path, after| {
        assert_eq!(path, paths[i].as_slice());
        let mut r = s;
        for &m in path {
            r.make_move(m);
        }
        assert_eq!(&r, after);
        i += 1;
    });
    assert_eq!(n, paths.len());
    assert!(n > 0);
}
