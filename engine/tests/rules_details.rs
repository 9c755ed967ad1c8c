//! Rules details the reference vectors do not pin down on their own (docs/rules.md §4a, §5, §7, §9, §13, §16, D2,
//! D3).

use engine::{Color, DicePool, GameState, Move, PieceType, TERMINAL_WIN_SCORE};

fn parse(dfen: &str) -> GameState {
    GameState::from_dfen(dfen).unwrap_or_else(|e| panic!("{dfen}: {e}"))
}

fn play(s: &mut GameState, uci: &str) {
    let m = engine::find_move(s, uci).unwrap_or_else(|| panic!("{uci} not generated in {s}"));
    s.make_move(m);
    assert_eq!(s.zobrist(), engine::zobrist::compute(s), "key after {uci}");
}

fn lines(dfen: &str) -> Vec<String> {
    engine::legal_turn_paths(&parse(dfen))
        .iter()
        .map(|p| p.iter().map(Move::to_string).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn max_rule_ignores_king_capture_lengths() {
    // docs/rules.md §4a edge case: HEAD returns the 2-move capture plus the four 1-die paths.
    assert_eq!(
        lines("8/6kP/8/8/4K1p1/3P4/7b/8 w - - 0 1 PBB"),
        ["h7h8b h8g7", "d3d4", "h7h8q", "h7h8r", "h7h8n"]
    );
    // docs/rules.md §4b example: path rule allows pawn moves followed by a queen capture of the king.
    let l = lines("2Q3b1/4P3/8/2k2K2/8/8/4P3/8 w - - 0 1 PRQ");
    assert!(l.contains(&"e2e3 c8c5".to_owned()));
    assert!(l.contains(&"e7e8n c8c5".to_owned()));
}

#[test]
fn multiple_en_passant_targets_in_one_turn_and_expiry() {
    let mut s = parse("4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1 PP");
    play(&mut s, "a2a4");
    play(&mut s, "c2c4");
    assert_eq!(s.to_dfen(), "4k3/8/8/8/P1P5/8/8/4K3 w - a3c3 0 1");
    s.end_turn();
    // White's fresh targets survive for Black...
    assert_eq!(s.to_dfen(), "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1");
    s.end_turn();
    // ...and are wiped when White is about to move again.
    assert_eq!(s.to_dfen(), "4k3/8/8/8/P1P5/8/8/4K3 w - - 0 2");
}

#[test]
fn en_passant_target_dropped_when_owner_moves_or_is_captured() {
    let mut s = parse("4k3/8/8/8/P7/8/8/4K3 w - a3 0 1 PP");
    play(&mut s, "a4a5");
    assert!(s.en_passant().is_empty());
    // A black knight captures the pawn that made e3: the target goes with it.
    let mut s = parse("4k3/8/8/3n4/4P3/8/8/4K3 b - e3 0 1 n");
    play(&mut s, "d5e3");
    assert!(s.en_passant().is_empty(), "landing on the target drops it");
    let mut s = parse("4k3/8/8/8/4P3/2n5/8/4K3 b - e3 0 1 n");
    play(&mut s, "c3e4");
    assert!(
        s.en_passant().is_empty(),
        "capturing the owner drops its target"
    );
}

#[test]
fn en_passant_capture_removes_victim_and_resets_clock() {
    let mut s = parse("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 9 1 P");
    play(&mut s, "d5e6");
    assert_eq!(s.to_dfen(), "4k3/8/4P3/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn castling_needs_pieces_and_both_dice_and_moves_the_rook() {
    // Right present but no rook on h1: no castle (D2 in docs/rules.md).
    let s = parse("4k3/8/8/8/8/8/8/4K3 w K - 0 1 K");
    assert!(
        engine::die_moves(&s, PieceType::King)
            .iter()
            .all(|m| !m.is_castle())
    );
    // King die alone: castle generated (perft counts it) but not a legal turn.
    let s = parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1 K");
    assert!(
        engine::die_moves(&s, PieceType::King)
            .iter()
            .any(|m| m.is_castle())
    );
    assert!(!lines("4k3/8/8/8/8/8/8/4K2R w K - 0 1 K").contains(&"e1g1".to_owned()));
    let mut s = parse("4k3/8/8/8/8/8/8/4K2R w K - 3 1 RK");
    play(&mut s, "e1g1");
    assert_eq!(s.to_dfen(), "4k3/8/8/8/8/8/8/5RK1 w - - 4 1");
}

#[test]
fn rights_lost_on_rook_capture_and_king_capture() {
    let mut s = parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 R");
    play(&mut s, "h1h8");
    assert_eq!(
        s.castling().0,
        2 | 8,
        "K (rook left h1) and k (rook taken on h8) gone"
    );
    let mut s = parse("r3k2r/8/8/8/8/8/8/4KQ2 w kq - 0 1 Q");
    play(&mut s, "f1f8");
    let m = engine::find_move(&s, "f8e8").unwrap();
    assert!(engine::captures_king(&s, m));
    s.make_move(m);
    assert_eq!(
        s.castling().0,
        0,
        "capturing the king clears both of its rights"
    );
}

#[test]
fn half_move_clock_saturates_and_full_move_counts_after_black() {
    let mut s = parse("4k3/8/8/8/8/8/8/4K3 w - - 127 1 K");
    play(&mut s, "e1e2");
    assert_eq!(s.half_move_clock(), 127);
    let mut s = parse("4k3/8/8/8/8/8/8/4K3 b - - 0 2147483647");
    s.end_turn();
    assert_eq!(s.full_move_number(), 2_147_483_647);
    assert_eq!(GameState::from_dfen(&s.to_dfen()).unwrap(), s);
}

#[test]
fn roll_classes() {
    let classes = engine::ROLL_CLASSES;
    assert_eq!(classes.len(), 56);
    assert_eq!(classes.iter().map(|c| c.1).sum::<u32>(), 216);
    for w in [1, 3, 6] {
        let n = classes.iter().filter(|c| c.1 == w).count();
        assert_eq!(
            n,
            [6, 30, 20][[1, 3, 6].iter().position(|&x| x == w).unwrap()]
        );
    }
    let faces = |p: DicePool| p.iter().map(|d| d.face()).collect::<Vec<_>>();
    for pair in classes.windows(2) {
        assert!(faces(pair[0].0) < faces(pair[1].0), "ascending order");
    }
    assert_eq!(engine::roll_weight(classes[1].0), 3);
}

#[test]
fn king_capture_weight_is_exact() {
    // A white rook attacks the black king: every roll containing a Rook die (216 - 125 = 91).
    let s = parse("k7/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(engine::king_capture_weight(&s), 91);
    // The weight does not depend on the pool the state carries.
    assert_eq!(
        engine::king_capture_weight(&s.with_dice(DicePool::from_dice(&[PieceType::Pawn]).unwrap())),
        91
    );
}

#[test]
fn score_path_perspective_and_errors() {
    let s = parse("4k3/8/8/8/8/4r3/3P4/4K3 w - - 0 1 P");
    let path = [engine::find_move(&s, "d2e3").unwrap()];
    let mut seen = Vec::new();
    let v = engine::score_path(&s, &path, |st: &GameState, c: Color| {
        seen.push((st.side_to_move(), c));
        engine::evaluate_material(st, c)
    });
    assert_eq!(v, 100);
    assert_eq!(
        seen,
        [(Color::Black, Color::White)],
        "evaluated after end_turn for the mover"
    );
    let r: Result<i32, &str> = engine::try_score_path(&s, &path, |_, _| Err("boom"));
    assert_eq!(r, Err("boom"));
    let k = parse("k7/8/8/8/8/8/8/R3K3 w - - 0 1 R");
    let win = [engine::find_move(&k, "a1a8").unwrap()];
    let mut calls = 0;
    assert_eq!(
        engine::score_path(&k, &win, |_: &GameState, _: Color| {
            calls += 1;
            0
        }),
        TERMINAL_WIN_SCORE
    );
    assert_eq!(calls, 0);
}

#[test]
fn evaluators_on_reference_positions() {
    let s = GameState::initial();
    assert_eq!(engine::evaluate_material(&s, Color::White), 0);
    assert_eq!(engine::evaluate(&s, Color::Black), 0);
    // Proximity only (pawns on rank 2 score 0): N 2x15, B 2x15, R 2x25, Q 40, all at distance 7.
    assert_eq!(engine::evaluate_aggressive(&s, Color::White), 150);
    // The black queen on e2 attacks four squares of the white king's ring (d1, f1, d2, f2).
    let s = parse("k7/8/8/8/8/8/4q3/4K3 w - - 0 1");
    let proximity = (8 - 1) * 40;
    let ring = 4 * 25;
    assert_eq!(
        engine::evaluate_aggressive(&s, Color::Black),
        900 + proximity + ring
    );
    assert_eq!(engine::evaluate(&s, Color::White), -900 - 2000);
}

#[test]
fn forced_pass_and_dice_spending() {
    assert!(lines("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PPP").is_empty());
    let s = parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PPP");
    for path in engine::legal_turn_paths(&s) {
        let mut t = s;
        for m in &path {
            t.make_move(*m);
        }
        assert!(t.dice().is_empty(), "every PPP path spends 3 dice");
    }
}
