//! Every reference vector file of `engine/tests/vectors/` (its README gives each file's origin and semantics).

use engine::{Color, GameState, Move, PieceType};
use serde_json::Value;
use std::path::PathBuf;

/// The vector folder: `engine/tests/vectors` inside this package, so a bare clone finds it wherever it lives;
/// `DICECHESS_VECTORS` overrides it (to try the engine against another copy of the reference data).
fn vectors_dir() -> PathBuf {
    match std::env::var_os("DICECHESS_VECTORS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors"),
    }
}

fn load(name: &str) -> Value {
    let path = vectors_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read vector file {} (DICECHESS_VECTORS overrides the folder): {e}",
            path.display()
        )
    });
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: invalid JSON: {e}", path.display()))
}

fn parse(dfen: &str) -> GameState {
    GameState::from_dfen(dfen).unwrap_or_else(|e| panic!("vector DFEN {dfen:?} rejected: {e}"))
}

fn uci(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn str_of(v: &Value) -> &str {
    v.as_str().expect("string field")
}

fn check_movegen_file(name: &str, expected_cases: usize) {
    let cases = load(name);
    let cases = cases.as_array().expect("array");
    assert_eq!(cases.len(), expected_cases, "{name}: case count");
    let mut failures = Vec::new();
    for case in cases {
        let fen = str_of(&case["fen"]);
        let s = parse(fen);
        let mut got = uci(&engine::legal_first_moves(&s));
        got.sort();
        let mut want: Vec<String> = case["expectedMoves"]
            .as_array()
            .expect("expectedMoves")
            .iter()
            .map(|v| str_of(v).to_owned())
            .collect();
        want.sort();
        if got != want {
            failures.push(format!(
                "{}: {fen}\n  want {want:?}\n  got  {got:?}",
                case["title"]
            ));
        }
    }
    assert!(failures.is_empty(), "{name}:\n{}", failures.join("\n"));
}

#[test]
fn movegen_1_dice() {
    check_movegen_file("movegen_1_dice.json", 10);
}

#[test]
fn movegen_2_dice() {
    check_movegen_file("movegen_2_dice.json", 19);
}

#[test]
fn movegen_3_dice() {
    check_movegen_file("movegen_3_dice.json", 10);
}

#[test]
fn perft_suite() {
    let cases = load("perft_suite.json");
    let cases = cases.as_array().expect("array");
    assert_eq!(cases.len(), 14);
    for case in cases {
        let s = parse(str_of(&case["fen"]));
        let die = PieceType::from_face(case["diceRoll"].as_u64().unwrap() as u8).unwrap();
        let depth = case["depth"].as_u64().unwrap() as u32;
        let want = case["expectedNodes"].as_u64().unwrap();
        assert_eq!(engine::perft_die(&s, die, depth), want, "{}", case["title"]);
    }
}

#[test]
fn king_capture_probabilities() {
    let file = load("king_capture_probabilities.json");
    let cases = file["testCases"].as_array().expect("testCases");
    assert_eq!(cases.len(), 14);
    for case in cases {
        let s = parse(str_of(&case["fen"]));
        let want = case["expectedKingProbability"].as_f64().unwrap();
        let got = engine::king_capture_probability(&s);
        assert!(
            (got - want).abs() <= 1e-4,
            "{}: want {want}, got {got}",
            case["name"]
        );
    }
}

#[test]
fn spec_inline_round_trips_and_rejects() {
    let v = load("spec_inline_vectors.json");
    for dfen in v["fenRoundTrip"].as_array().unwrap() {
        let dfen = str_of(dfen);
        assert_eq!(parse(dfen).to_dfen(), dfen);
    }
    for case in v["fenNormalizesTo"].as_array().unwrap() {
        assert_eq!(
            parse(str_of(&case["input"])).to_dfen(),
            str_of(&case["serialized"])
        );
    }
    let rejects = v["fenRejects"].as_array().unwrap();
    assert_eq!(rejects.len(), 17);
    for case in rejects {
        let input = str_of(&case["input"]);
        let err = match GameState::from_dfen(input) {
            Ok(s) => panic!("{input:?} must be rejected, parsed as {s}"),
            Err(e) => e.to_string(),
        };
        if let Some(exact) = case["error"].as_str() {
            assert_eq!(err, exact, "{input:?}");
        }
        if let Some(part) = case["errorContains"].as_str() {
            assert!(err.contains(part), "{input:?}: {err:?} lacks {part:?}");
        }
    }
}

#[test]
fn spec_inline_transitions() {
    let v = load("spec_inline_vectors.json");
    for case in v["applyMoveSingleMicroMove"].as_array().unwrap() {
        let mut s = parse(str_of(&case["dfen"]));
        let text = str_of(&case["move"]);
        let m = engine::find_move(&s, text).unwrap_or_else(|| panic!("{text} not generated"));
        s.make_move(m);
        assert_eq!(s.to_dfen(), str_of(&case["result"]), "{text}");
        assert_eq!(s.zobrist(), engine::zobrist::compute(&s));
    }
    for case in v["endTurn"].as_array().unwrap() {
        let mut s = parse(str_of(&case["dfen"]));
        s.end_turn();
        assert_eq!(s.to_dfen(), str_of(&case["result"]));
        assert_eq!(s.zobrist(), engine::zobrist::compute(&s));
    }
    for case in v["normalizedFen"].as_array().unwrap() {
        assert_eq!(
            parse(str_of(&case["dfen"])).normalized_fen(),
            str_of(&case["normalized"])
        );
    }
}

fn paths_of(dfen: &str) -> Vec<Vec<String>> {
    engine::legal_turn_paths(&parse(dfen))
        .iter()
        .map(|p| uci(p))
        .collect()
}

fn dice_spent(dfen: &str, path: &[String]) -> usize {
    let s = parse(dfen);
    let mut t = s;
    for m in path {
        let mv = engine::find_move(&t, m).unwrap();
        t.make_move(mv);
    }
    s.dice().len() - t.dice().len()
}

#[test]
fn spec_inline_turn_path_properties() {
    let v = load("spec_inline_vectors.json");
    let cases = v["turnPathProperties"].as_array().unwrap();
    assert_eq!(cases.len(), 10);
    let dfen = |i: usize| str_of(&cases[i]["dfen"]).to_owned();

    // 0: castling e1g1 is a one-move, two-dice path alongside the K+R paths.
    let p = paths_of(&dfen(0));
    assert!(p.iter().any(|x| x == &["e1g1"]), "{p:?}");
    assert_eq!(dice_spent(&dfen(0), &["e1g1".to_owned()]), 2);
    assert!(p.iter().any(|x| x.len() == 2));

    // 1: with RKK the castle path is present and every path spends 3 dice.
    let p = paths_of(&dfen(1));
    assert!(p.iter().any(|x| x[0] == "e1g1"), "{p:?}");
    for path in &p {
        assert_eq!(dice_spent(&dfen(1), path), 3, "{path:?}");
    }

    // 2: black queen-side castle.
    assert!(paths_of(&dfen(2)).iter().any(|x| x[0] == "e8c8"));

    // 3: no castling; all paths have the same (maximum) length.
    let p = paths_of(&dfen(3));
    assert!(!p.is_empty());
    assert!(p.iter().all(|x| x.len() == 2), "{p:?}");
    assert!(p.iter().flatten().all(|m| m != "e1g1" && m != "e1c1"));

    // 4: some path ends with the en-passant capture e4d3.
    assert!(
        paths_of(&dfen(4))
            .iter()
            .any(|x| x.last().unwrap() == "e4d3")
    );

    // 5: some path plays e4d3 as its second micro-move.
    assert!(
        paths_of(&dfen(5))
            .iter()
            .any(|x| x.len() >= 2 && x[1] == "e4d3")
    );

    // 6: exactly four one-move king turns.
    let mut firsts: Vec<String> = paths_of(&dfen(6))
        .into_iter()
        .map(|x| x.join(" "))
        .collect();
    firsts.sort();
    assert_eq!(firsts, ["e1d1", "e1d2", "e1e2", "e1f1"]);

    // 7: forced pass.
    assert!(paths_of(&dfen(7)).is_empty());

    // 8: a king capture ending on a8 exists and scores TerminalWinScore.
    let s = parse(&dfen(8));
    let paths = engine::legal_turn_paths(&s);
    let win = paths
        .iter()
        .find(|p| p.last().unwrap().to().to_string() == "a8")
        .expect("a capture on a8");
    assert_eq!(
        engine::score_path(&s, win, engine::evaluate_material),
        engine::TERMINAL_WIN_SCORE
    );

    // 9: a1a7 is a legal turn for a greedy material search (the search-level half of the property is out of
    // scope here); the best material path starts with the rook capture.
    let s = parse(&dfen(9));
    let paths = engine::legal_turn_paths(&s);
    let best = paths
        .iter()
        .max_by_key(|p| engine::score_path(&s, p, engine::evaluate_material))
        .unwrap();
    assert!(uci(best).contains(&"a1a7".to_owned()), "{:?}", uci(best));
}

#[test]
fn search_evaluation_core_rules_oracle() {
    let v = load("search_evaluation_core-v1.json");
    let scenarios = v["scenarios"].as_array().unwrap();
    let want_counts = [10, 8, 402, 3, 10, 5, 4, 4, 4, 3, 0, 0];
    assert_eq!(scenarios.len(), want_counts.len());
    for (sc, &want) in scenarios.iter().zip(&want_counts) {
        let dfen = str_of(&sc["dfen"]);
        let s = parse(dfen);
        assert!(!s.dice().is_empty(), "{dfen}: pool must be non-empty");
        assert_eq!(s.to_dfen(), dfen, "round trip");
        let paths: Vec<Vec<String>> = engine::legal_turn_paths(&s)
            .iter()
            .map(|p| uci(p))
            .collect();
        assert_eq!(paths.len(), want, "{}: path count", sc["id"]);
        if sc["expectPass"].as_bool() == Some(true) {
            assert!(paths.is_empty());
        }
        if let Some(turns) = sc["expectedTurns"].as_array() {
            for turn in turns {
                let turn: Vec<String> = turn
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| str_of(m).to_owned())
                    .collect();
                assert!(paths.contains(&turn), "{}: {turn:?} not legal", sc["id"]);
            }
        }
    }
}

#[test]
fn endgames_parse_and_distances() {
    let v = load("endgames-v1.json");
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 17);
    for p in positions {
        let s = parse(str_of(&p["fen"]));
        let wk = s.pieces(Color::White, PieceType::King).first().unwrap();
        let bk = s.pieces(Color::Black, PieceType::King).first().unwrap();
        let df = (wk.file() as i64 - bk.file() as i64).abs();
        let dr = (wk.rank() as i64 - bk.rank() as i64).abs();
        assert_eq!(
            df.max(dr),
            p["kingChebyshevDistance"].as_i64().unwrap(),
            "{}",
            p["id"]
        );
        assert_eq!(
            df + dr,
            p["kingManhattanDistance"].as_i64().unwrap(),
            "{}",
            p["id"]
        );
    }
}
