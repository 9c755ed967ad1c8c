//! The component catalogue: every connected shape of 1 to 8 cells up to mirroring, with its value and stops.

use super::game::{Game, GameArena};
use super::{Dyadic, ShapeKey, Solver};
use rustc_hash::{FxHashMap, FxHashSet};

/// One catalogue row: a shape, its canonical value and its stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogueEntry {
    /// The shape.
    pub key: ShapeKey,
    /// Number of cells.
    pub cells: u32,
    /// The canonical value in the usual notation (`0`, `-1/2`, `*`, `{1|-1}`, ...).
    pub canonical: String,
    /// The canonical value as a game of [`Catalogue::games`].
    pub game: Game,
    /// Left stop.
    pub ls: Dyadic,
    /// Right stop.
    pub rs: Dyadic,
}

impl CatalogueEntry {
    /// The mean of the stops, `(LS + RS) / 2` (the experiment's default estimate of a region).
    ///
    /// ```
    /// use engine::domineering::{Catalogue, Dyadic};
    /// let catalogue = Catalogue::build();
    /// let two_by_three = catalogue.get(&"...|...".parse().unwrap()).unwrap();
    /// assert_eq!(two_by_three.mean_stop(), Dyadic::new(3, 2));
    /// ```
    pub fn mean_stop(&self) -> Dyadic {
        (self.ls + self.rs).half()
    }
}

/// Every connected shape of 1 to [`Catalogue::MAX_CELLS`] cells up to horizontal and vertical mirroring, in a
/// stable order (by number of cells, then by key).
///
/// ```
/// use engine::domineering::Catalogue;
/// let catalogue = Catalogue::build();
/// assert_eq!(catalogue.len(), 1042);
/// let l = catalogue.get(&"..|.#|.#".parse().unwrap()).unwrap();
/// assert_eq!((l.canonical.as_str(), l.ls.to_string(), l.rs.to_string()), ("1/2", "1/2".into(), "1/2".into()));
/// ```
#[derive(Debug, Clone)]
pub struct Catalogue {
    entries: Vec<CatalogueEntry>,
    index: FxHashMap<ShapeKey, u32>,
    solver: Solver,
}

impl Catalogue {
    /// Largest shape size held.
    pub const MAX_CELLS: u32 = 8;

    /// Enumerates the shapes and computes every value.
    pub fn build() -> Catalogue {
        let mut solver = Solver::new();
        let shapes = connected_shapes(Catalogue::MAX_CELLS);
        let mut entries = Vec::with_capacity(shapes.len());
        let mut index = FxHashMap::default();
        for key in shapes {
            let game = solver.shape_value(key);
            let arena = solver.arena();
            index.insert(key, entries.len() as u32);
            entries.push(CatalogueEntry {
                key,
                cells: key.cells(),
                canonical: arena.display(game).to_string(),
                game,
                ls: arena.left_stop(game),
                rs: arena.right_stop(game),
            });
        }
        Catalogue {
            entries,
            index,
            solver,
        }
    }

    /// The entry of a shape, if it has at most 8 cells.
    pub fn get(&self, key: &ShapeKey) -> Option<&CatalogueEntry> {
        self.index.get(key).map(|&i| &self.entries[i as usize])
    }

    /// The entry's position in [`Catalogue::entries`] (a dense id in `0..len()`, handy for array-backed tables).
    pub fn index_of(&self, key: &ShapeKey) -> Option<usize> {
        self.index.get(key).map(|&i| i as usize)
    }

    /// All entries, by number of cells, then by key.
    pub fn entries(&self) -> &[CatalogueEntry] {
        &self.entries
    }

    /// Number of entries (1,042).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Never true for a built catalogue.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries by number of cells, then by key.
    pub fn iter(&self) -> std::slice::Iter<'_, CatalogueEntry> {
        self.entries.iter()
    }

    /// The arena that holds the entries' games.
    pub fn games(&self) -> &GameArena {
        self.solver.arena()
    }

    /// The solver used to build the catalogue, with every catalogue value memoised (for larger regions, sums and
    /// further arithmetic on entries' games).
    pub fn solver_mut(&mut self) -> &mut Solver {
        &mut self.solver
    }
}

impl<'a> IntoIterator for &'a Catalogue {
    type Item = &'a CatalogueEntry;
    type IntoIter = std::slice::Iter<'a, CatalogueEntry>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Every connected shape of 1 to `max_cells` (at most 8) cells up to mirroring, by size then key.
///
/// # Panics
/// If `max_cells` exceeds 8 (larger shapes may not fit the 8x8 grid of a key).
///
/// ```
/// use engine::domineering::connected_shapes;
/// let shapes = connected_shapes(4);
/// assert_eq!(shapes.len(), 1 + 2 + 3 + 9);
/// ```
pub fn connected_shapes(max_cells: u32) -> Vec<ShapeKey> {
    assert!(
        max_cells <= Catalogue::MAX_CELLS,
        "shapes above 8 cells may not fit an 8x8 grid"
    );
    if max_cells == 0 {
        return Vec::new();
    }
    let mut all = vec![ShapeKey::from_bits(1)];
    let mut layer = all.clone();
    for _ in 1..max_cells {
        let mut next: FxHashSet<ShapeKey> = FxHashSet::default();
        for key in &layer {
            let bits = key.bits();
            let mut rest = bits;
            while rest != 0 {
                let cell = rest.trailing_zeros();
                rest &= rest - 1;
                let (r, c) = (cell as i32 / 8, cell as i32 % 8);
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (nr, nc) = (r + dr, c + dc);
                    if nr > 7 || nc > 7 {
                        continue;
                    }
                    // Growing past the top or left edge: shift the shape away first (7 cells span at most 7).
                    let (shifted, nr, nc) = if nr < 0 {
                        (bits << 8, 0, nc)
                    } else if nc < 0 {
                        (bits << 1, nr, 0)
                    } else {
                        (bits, nr, nc)
                    };
                    let added = 1u64 << (nr * 8 + nc);
                    if shifted & added == 0 {
                        next.insert(ShapeKey::from_bits(shifted | added));
                    }
                }
            }
        }
        let mut sorted: Vec<ShapeKey> = next.into_iter().collect();
        sorted.sort_unstable();
        all.extend_from_slice(&sorted);
        layer = sorted;
    }
    all
}
