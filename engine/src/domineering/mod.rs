//! Domineering for the catalogue experiment: boards up to 8x8, regions and shape keys, short partizan game values
//! (canonical forms, comparison, sums, numbers, stops) and the catalogue of every shape of up to 8 cells.
//! Conventions: Left places vertical dominoes, Right horizontal ones; positive values favour Left.

mod board;
mod catalogue;
mod cells;
mod dyadic;
mod error;
mod game;
mod notation;
mod player;
mod region;
mod shape;
mod solver;
mod thermograph;

pub use board::{Board, Placement};
pub use catalogue::{Catalogue, CatalogueEntry, connected_shapes};
pub use dyadic::Dyadic;
pub use error::DomineeringError;
pub use game::{Game, GameArena};
pub use notation::GameDisplay;
pub use player::Player;
pub use region::Region;
pub use shape::ShapeKey;
pub use solver::Solver;
pub use thermograph::{Thermograph, Wall};
