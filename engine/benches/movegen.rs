//! Move-generation benchmarks: per-die generation, `legal_turn_paths` on the five reference benchmark positions
//! with the dice sets PNB, PPP, RQK, QQQ, and our per-die perft next to cozy-chess standard perft on the same
//! start positions (throughput = nodes, so criterion's elem/s converts to ns per node).
//!
//! Quick run: `cargo bench -p engine --bench movegen -- --warm-up-time 1 --measurement-time 2`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use engine::{DicePool, GameState, PieceType, TurnGenerator, telemetry::NoTelemetry};
use std::hint::black_box;

const POSITIONS: [(&str, &str); 5] = [
    (
        "initial",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "castling",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    ),
    ("promotion", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"),
];

const DICE_SETS: [&str; 4] = ["PNB", "PPP", "RQK", "QQQ"];

fn pool(letters: &str) -> DicePool {
    let dice: Vec<PieceType> = letters.chars().filter_map(PieceType::from_letter).collect();
    DicePool::from_dice(&dice).expect("at most 3 dice")
}

fn state(fen: &str) -> GameState {
    GameState::from_dfen(fen).expect("benchmark position")
}

fn per_die_movegen(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen_per_die");
    let kiwipete = state(POSITIONS[1].1);
    for die in PieceType::ALL {
        let n = engine::die_moves(&kiwipete, die).len() as u64;
        g.throughput(Throughput::Elements(n.max(1)));
        g.bench_function(BenchmarkId::new("kiwipete", die.letter()), |b| {
            b.iter(|| {
                let mut count = 0u32;
                engine::for_each_die_move(black_box(&kiwipete), die, |m| {
                    count += u32::from(black_box(m).bits() & 1);
                });
                count
            })
        });
    }
    for (name, fen) in POSITIONS {
        let s = state(fen);
        g.bench_function(BenchmarkId::new("all_six_dice", name), |b| {
            b.iter(|| {
                let mut count = 0u32;
                for die in PieceType::ALL {
                    engine::for_each_die_move(black_box(&s), die, |_| count += 1);
                }
                count
            })
        });
    }
    g.finish();
}

fn turn_paths(c: &mut Criterion) {
    let mut g = c.benchmark_group("legal_turn_paths");
    for (name, fen) in POSITIONS {
        for dice in DICE_SETS {
            let s = state(fen).with_dice(pool(dice));
            g.bench_function(BenchmarkId::new(name, dice), |b| {
                b.iter(|| engine::legal_turn_paths(black_box(&s)))
            });
        }
    }
    g.finish();
    // The allocation-free callback form with a reused buffer, over all four dice sets per call.
    let mut g = c.benchmark_group("turn_generator_reused_4_sets");
    let mut generator = TurnGenerator::new();
    for (name, fen) in POSITIONS {
        let states: Vec<GameState> = DICE_SETS
            .iter()
            .map(|d| state(fen).with_dice(pool(d)))
            .collect();
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut n = 0usize;
                for s in &states {
                    n += generator.for_each(black_box(s), &mut NoTelemetry, |p, after| {
                        black_box((p, after));
                    });
                }
                n
            })
        });
    }
    g.finish();
}

fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// Our per-die perft summed over the six dice, the same leaf-counting shape as cozy-chess's bulk perft.
fn ours_all_dice(s: &GameState, depth: u32) -> u64 {
    PieceType::ALL
        .iter()
        .map(|&d| engine::perft_die(s, d, depth))
        .sum()
}

fn perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    for (name, fen) in POSITIONS {
        let s = state(fen);
        let ours_depth = 4;
        let nodes = ours_all_dice(&s, ours_depth);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(
            BenchmarkId::new("ours_per_die_d4", format!("{name} ({nodes} nodes)")),
            |b| b.iter(|| ours_all_dice(black_box(&s), ours_depth)),
        );
        let board = cozy_chess::Board::from_fen(fen, false).expect("cozy-chess accepts the FEN");
        let cozy_depth = if name == "promotion" { 5 } else { 3 };
        let nodes = cozy_perft(&board, cozy_depth);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(
            BenchmarkId::new(
                format!("cozy_chess_d{cozy_depth}"),
                format!("{name} ({nodes} nodes)"),
            ),
            |b| b.iter(|| cozy_perft(black_box(&board), cozy_depth)),
        );
    }
    g.finish();
}

fn warm(c: &mut Criterion) {
    // Build the magic tables before anything is timed.
    engine::attacks::warm_up();
    let _ = c;
}

mod support;

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = warm, per_die_movegen, turn_paths, perft
}
criterion_main!(benches);
