//! Dice-chess rules core (following the public Scala reference engine), evaluation caches under contract,
//! search contracts, and Domineering game values for the catalogue experiment.

pub mod bitboard;
pub mod color;
pub mod dice;
pub mod mv;
pub mod piece;
pub mod square;
pub mod state;

pub use bitboard::Bitboard;
pub use color::Color;
pub use dice::DicePool;
pub use mv::Move;
pub use piece::{Piece, PieceType};
pub use square::Square;
pub use state::{CastlingRights, GameFlags, GameState};

// Rules core modules (movegen, DFEN, Zobrist, evaluators, score_path, ...) are declared above this line.

/// Nested chance-node expansion over the rules core.
pub mod chance;
/// Domineering boards, short partizan game values and the component catalogue.
pub mod domineering;
/// Evaluation memoisation: `EvaluationCache` and its baselines.
pub mod memo;
/// Search contracts: `TranspositionTable`, `SearchControl`, `SearchOutcome`.
pub mod search;
