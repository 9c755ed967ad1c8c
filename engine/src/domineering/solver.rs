//! Domineering values: a region's canonical game from its placements, memoised by shape key.

use super::board::anchors;
use super::cells;
use super::game::{Game, GameArena};
use super::{Board, Player, Region, ShapeKey};
use rustc_hash::FxHashMap;

/// Computes canonical values of Domineering regions and boards (any size up to 8x8), memoised per shape key.
/// The work grows steeply with region size: regions of up to about 16 cells take milliseconds, whole large boards
/// are out of reach.
///
/// ```
/// use engine::domineering::{Board, Solver};
/// let mut solver = Solver::new();
/// let two_by_two: Board = "..|..".parse().unwrap();
/// let g = solver.board_value(&two_by_two);
/// assert_eq!(solver.arena().display(g).to_string(), "{1|-1}");
/// ```
#[derive(Debug, Clone, Default)]
pub struct Solver {
    arena: GameArena,
    values: FxHashMap<ShapeKey, Game>,
}

impl Solver {
    /// A solver with an empty memo.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The arena holding every value computed so far.
    pub fn arena(&self) -> &GameArena {
        &self.arena
    }

    /// The arena, for further arithmetic on computed values.
    pub fn arena_mut(&mut self) -> &mut GameArena {
        &mut self.arena
    }

    /// The value of a connected shape: `{ Left's placements | Right's placements }`, each option the sum of the
    /// values of the regions the placement leaves.
    pub fn shape_value(&mut self, key: ShapeKey) -> Game {
        if let Some(&g) = self.values.get(&key) {
            return g;
        }
        let bits = key.bits();
        let mut sides: [Vec<Game>; 2] = [Vec::new(), Vec::new()];
        for (side, player) in sides.iter_mut().zip([Player::Left, Player::Right]) {
            let step = match player {
                Player::Left => 8,
                Player::Right => 1,
            };
            let mut rest = anchors(bits, player);
            while rest != 0 {
                let anchor = rest.trailing_zeros();
                rest &= rest - 1;
                let covered = 1u64 << anchor | 1u64 << (anchor + step);
                side.push(self.cells_value(bits & !covered));
            }
        }
        let [left, right] = sides;
        let g = self.arena.game(&left, &right);
        self.values.insert(key, g);
        g
    }

    /// The value of a region (its shape's value).
    pub fn region_value(&mut self, region: &Region) -> Game {
        self.cells_value(region.bits())
    }

    /// The value of a whole board: the sum of its regions' values.
    pub fn board_value(&mut self, board: &Board) -> Game {
        self.cells_value(board.free())
    }

    /// The sum over the 4-connected components of `free`; single cells are worth 0 and skipped.
    fn cells_value(&mut self, free: u64) -> Game {
        let mut total = self.arena.zero();
        let mut rest = free;
        while rest != 0 {
            let component = cells::flood(rest & rest.wrapping_neg(), rest);
            rest &= !component;
            if component.count_ones() < 2 {
                continue;
            }
            let value = self.shape_value(ShapeKey::from_bits(component));
            total = self.arena.sum(total, value);
        }
        total
    }
}
