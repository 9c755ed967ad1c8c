//! Dice-chess rules core (following the public Scala reference engine), evaluation caches under contract,
//! search contracts, and Domineering game values for the catalogue experiment.

pub mod bitboard;
pub mod color;
pub mod dice;
pub mod mv;
pub mod piece;
pub mod square;
pub mod state;

pub mod attacks;
pub mod dfen;
pub mod eval;
pub mod kcp;
pub mod movegen;
pub mod names;
pub mod perft;
pub mod score;
pub mod telemetry;
pub mod transition;
pub mod turns;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use color::Color;
pub use dice::DicePool;
pub use mv::Move;
pub use piece::{Piece, PieceType};
pub use square::Square;
pub use state::{CastlingRights, GameFlags, GameState};

pub use dfen::DfenError;
pub use dice::{ROLL_CLASSES, roll_weight};
pub use eval::{evaluate, evaluate_aggressive, evaluate_king_safety, evaluate_material};
pub use kcp::{king_capture_probability, king_capture_weight, king_capture_weight_with};
pub use movegen::{
    attackers_to, captures_king, count_die_moves, die_moves, find_move, for_each_die_move,
    for_each_die_move_with, pseudo_legal_moves,
};
pub use perft::{perft_die, perft_die_with};
pub use score::{TERMINAL_WIN_SCORE, score_path, try_score_path};
pub use telemetry::{Counters, NoTelemetry, Telemetry};
pub use turns::{
    TurnGenerator, for_each_legal_turn, legal_first_moves, legal_first_moves_with,
    legal_turn_paths, legal_turn_paths_with, stream_legal_turns,
};

// Rules core modules (movegen, DFEN, Zobrist, evaluators, score_path, ...) are declared above this line.

/// Nested chance-node expansion over the rules core.
pub mod chance;
/// Domineering boards, short partizan game values and the component catalogue.
pub mod domineering;
/// Games by the rules between two players: seeded (duplicate) dice, king capture, the half-move clock draw.
pub mod game;
/// Evaluation memoisation: `EvaluationCache` and its baselines.
pub mod memo;
/// Chance search (Star1/Star2 expectimax) and its contracts: `TranspositionTable`, `SearchControl`, `SearchOutcome`.
pub mod search;
