//! The independent rules model (`harness/tests/support/rules_model.rs`) against docs/rules.md's own examples, and
//! against the harness's oracle (over the engine's move primitive) on seeded random walks from the initial position, every
//! frozen opening and hand-written castling, en-passant and promotion positions: the same legal turns and the same
//! position after each. The match replay test relies on the model; these tests say it is worth relying on.

use super::legal_turns;
use crate::test_support::rules_model::{self, Position};
use engine::GameState;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeSet;

fn model_paths(dfen: &str) -> Vec<Vec<String>> {
    let mut v: Vec<Vec<String>> = Position::from_dfen(dfen)
        .unwrap()
        .legal_turns()
        .into_iter()
        .map(|(p, _, _)| p)
        .collect();
    v.sort();
    v
}

#[test]
fn the_model_gives_the_rules_pages_examples() {
    // §4a: from the initial position with PPP, 3,376 paths reaching 688 distinct positions.
    let start = Position::from_dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPP")
        .unwrap();
    let turns = start.legal_turns();
    assert_eq!(turns.len(), 3376);
    let distinct: BTreeSet<String> = turns
        .iter()
        .map(|(_, after, _)| format!("{after:?}"))
        .collect();
    assert_eq!(distinct.len(), 688);
    // §4a: a king capture spending more dice than any normal leaf is legal beside the one-die paths.
    let paths = model_paths("8/6kP/8/8/4K1p1/3P4/7b/8 w - - 0 1 PBB");
    assert!(
        paths.contains(&vec!["h7h8b".to_owned(), "h8g7".to_owned()]),
        "{paths:?}"
    );
    assert_eq!(paths.len(), 5, "{paths:?}");
    assert_eq!(
        paths.iter().filter(|p| p.len() == 1).count(),
        4,
        "{paths:?}"
    );
    // §4b: first moves leading to a king capture on a later micro-move are legal (e2e3, e2e4, e7e8 promotions).
    let firsts: BTreeSet<String> = model_paths("2Q3b1/4P3/8/2k2K2/8/8/4P3/8 w - - 0 1 PRQ")
        .into_iter()
        .map(|p| p[0].clone())
        .collect();
    for m in ["e2e3", "e2e4", "e7e8q", "e7e8b", "e7e8n", "e7e8r"] {
        assert!(firsts.contains(m), "{m} missing from {firsts:?}");
    }
    // §5: castling needs the King and the Rook die, spends both, moves the rook; without a Rook die it is dropped.
    let castle = Position::from_dfen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 KRP").unwrap();
    let turns = castle.legal_turns();
    let (_, after, _) = turns
        .iter()
        .find(|(p, _, _)| p.first().is_some_and(|m| m == "e1g1"))
        .expect("a king-side castle");
    assert!(after.board[5].is_some_and(|p| p.kind == rules_model::ROOK));
    assert!(after.board[7].is_none() && after.castling & 3 == 0);
    assert!(
        !model_paths("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 KPP")
            .iter()
            .flatten()
            .any(|m| m == "e1g1")
    );
}

/// Plays `turns` seeded random turns from `dfen`, comparing the model with the oracle at each.
fn walk(dfen: &str, turns: usize, rng: &mut rand_pcg::Pcg64Mcg) -> usize {
    let mut model = Position::from_dfen(dfen).unwrap();
    let mut state = GameState::from_dfen(dfen).unwrap();
    let mut compared = 0;
    for k in 0..turns {
        let roll: String = (0..3)
            .map(|_| {
                let c = b"pnbrqk"[rng.random_range(0..6)] as char;
                if model.side == 0 {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
            .collect();
        let mut rolled = model.clone();
        rolled.dice = Position::from_dfen(&format!("8/8/8/8/8/8/8/8 w - - 0 1 {roll}"))
            .unwrap()
            .dice;
        let engine_rolled = GameState::from_dfen(&format!("{} {roll}", state.to_dfen())).unwrap();
        let mut ours = rolled.legal_turns();
        let oracle = legal_turns(&engine_rolled);
        let mut theirs: Vec<(Vec<String>, GameState)> = oracle
            .iter()
            .map(|l| (l.path().iter().map(|m| m.to_string()).collect(), l.after))
            .collect();
        ours.sort_by(|a, b| a.0.cmp(&b.0));
        theirs.sort_by(|a, b| a.0.cmp(&b.0));
        let at = format!("{} {roll} (turn {k} from {dfen})", state.to_dfen());
        assert_eq!(
            ours.iter().map(|t| &t.0).collect::<Vec<_>>(),
            theirs.iter().map(|t| &t.0).collect::<Vec<_>>(),
            "{at}"
        );
        for ((path, after, _), (_, engine_after)) in ours.iter().zip(&theirs) {
            assert_eq!(
                &Position::from_dfen(&engine_after.to_dfen()).unwrap(),
                after,
                "{at} {path:?}"
            );
        }
        compared += ours.len();
        if ours.is_empty() {
            model = rolled;
            state = engine_rolled;
        } else {
            let i = rng.random_range(0..ours.len());
            if ours[i].2 {
                break;
            }
            model = ours[i].1.clone();
            state = theirs[i].1;
        }
        model.end_turn();
        state.end_turn();
        assert_eq!(
            Position::from_dfen(&state.to_dfen()).unwrap(),
            model,
            "{at}: after end_turn"
        );
    }
    compared
}

#[test]
fn the_model_and_the_oracle_agree_on_seeded_random_walks() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(20261201);
    let text = std::fs::read_to_string(format!(
        "{}/../scenarios/openings.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut starts: Vec<String> = json["openings"]
        .as_array()
        .expect("openings.json has `openings`")
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();
    starts.extend(
        [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "4k3/1P4P1/8/3pP3/8/8/1p4p1/4K3 w - d6 0 1",
            "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 99 1",
        ]
        .map(str::to_owned),
    );
    let mut compared = 0;
    for s in &starts {
        compared += walk(s, 40, &mut rng);
    }
    assert!(compared > 10_000, "{compared} turns compared");
}
