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
