//! Seeded synthetic scenario generation (`harness scenarios freeze`): random legal-looking positions per family,
//! frozen into their canonical outer successors with exact expected values.

use super::{FORMAT_VERSION, Family, Header, Root, ScenarioFile, Successor};
use crate::evaluators::EvaluatorKind;
use engine::chance::{ChanceDepth, Traversal, expand_chance};
use engine::memo::Uncached;
use engine::{Color, GameState, PieceType, Square, legal_turn_paths};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::BTreeMap;

/// The default master seed; each family derives its own from it.
pub(crate) const DEFAULT_SEED: u64 = 20_261_130;

/// How one family's roots are drawn and kept.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FamilySpec {
    /// Chance depth of its expansions.
    pub depth: ChanceDepth,
    /// Roots to keep.
    pub roots: usize,
    /// Keep a root only if it has at least this many canonical successors...
    pub min_successors: usize,
    /// ...and at most this many (bounds the family's expansion time).
    pub max_successors: usize,
    /// What the positions look like.
    pub description: &'static str,
}

/// The shipped synthetic families' specifications (the played ones are [`super::played::played_spec`]).
pub(crate) fn spec(family: Family) -> FamilySpec {
    match family {
        Family::Sparse => FamilySpec {
            depth: ChanceDepth::Two,
            roots: 2,
            min_successors: 1,
            max_successors: 2,
            description: "kings in corners plus a pawn each on random squares, random dice; \
                          expanded two chance layers deep",
        },
        Family::Middlegame => FamilySpec {
            depth: ChanceDepth::One,
            roots: 2,
            min_successors: 3,
            max_successors: 6,
            description: "king, 3-4 pawns, a knight, a bishop and a rook per side (a queen half the time) on random \
                          squares, random dice",
        },
        Family::TranspositionRich => FamilySpec {
            depth: ChanceDepth::One,
            roots: 3,
            min_successors: 3,
            max_successors: 8,
            description: "pawns on their first two ranks and two knights per side, root dice of pawns and knights \
                          only, so pawn and knight moves commute and many move orders reach one leaf",
        },
        Family::PromotionEnPassant => FamilySpec {
            depth: ChanceDepth::One,
            roots: 3,
            min_successors: 3,
            max_successors: 8,
            description: "the mover's pawns on their second rank next to enemy pawns on the enemy's fifth rank \
                          (double pushes create several en-passant targets), enemy pawns one step from \
                          promotion with the mover's pieces on the promotion squares",
        },
        Family::Played | Family::PlayedEndgame | Family::Named(_) => {
            unreachable!("only the synthetic families come from random placements")
        }
    }
}

/// The seed of `family` under master seed `master`.
pub(crate) fn family_seed(master: u64, family: Family) -> u64 {
    master
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(Family::ALL.iter().position(|f| *f == family).unwrap() as u64 + 1)
}

/// Generates and freezes one family's file.
pub(crate) fn freeze_family(family: Family, master_seed: u64, command: &str) -> ScenarioFile {
    let seed = family_seed(master_seed, family);
    if let Some(played) = super::played::played_spec(family) {
        return super::played::freeze_played(&played, seed, command);
    }
    let spec = spec(family);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut roots = Vec::new();
    let mut seen: Vec<GameState> = Vec::new();
    while roots.len() < spec.roots {
        let Some(root) = candidate(family, &mut rng) else {
            continue;
        };
        if seen.contains(&root) {
            continue;
        }
        let Some(successors) = canonical_successors(&root) else {
            continue;
        };
        if successors.len() < spec.min_successors || successors.len() > spec.max_successors {
            continue;
        }
        seen.push(root);
        let successors = successors
            .iter()
            .map(|s| Successor {
                dfen: s.to_dfen(),
                expected: expected_values(s, spec.depth),
            })
            .collect();
        roots.push(Root {
            name: format!("{}-{:02}", family.name(), roots.len()),
            dfen: root.to_dfen(),
            successors,
        });
    }
    let description = format!(
        "{} Each root is frozen into its canonical outer successors (every distinct state after a legal \
         root turn and end_turn, in order of first appearance in the reference turn order). Expected \
         values are exact numerators over the denominator: evaluator `material` is evaluate_material, \
         `constant` returns {} for every position.",
        spec.description,
        crate::evaluators::CONSTANT_SCORE
    );
    frozen_file(family, spec.depth, seed, command, description, roots)
}

/// A family's scenario file: the freezing command's header and the frozen roots.
pub(crate) fn frozen_file(
    family: Family,
    depth: ChanceDepth,
    seed: u64,
    command: &str,
    description: String,
    roots: Vec<Root>,
) -> ScenarioFile {
    ScenarioFile {
        format_version: FORMAT_VERSION,
        header: Header {
            generator: format!(
                "harness scenarios freeze (harness {})",
                env!("CARGO_PKG_VERSION")
            ),
            seed,
            command: command.to_owned(),
            description,
        },
        family: family.name().to_owned(),
        depth: depth.layers(),
        denominator: depth.denominator(),
        roots,
    }
}

/// Expected numerators under the frozen evaluators, computed by the engine's expansion (uncached evaluator,
/// traversal cache on); `scenarios verify` recomputes them independently.
pub(crate) fn expected_values(outer: &GameState, depth: ChanceDepth) -> BTreeMap<String, i64> {
    expected_values_of(outer, depth, &super::FROZEN_EVALUATORS)
}

/// Expected numerators under each of `evaluators`, as [`expected_values`] computes them.
pub(crate) fn expected_values_of(
    outer: &GameState,
    depth: ChanceDepth,
    evaluators: &[EvaluatorKind],
) -> BTreeMap<String, i64> {
    evaluators
        .iter()
        .map(|&e| {
            let memo = Uncached::new(e.function());
            let Ok(v) = expand_chance(outer, depth, &memo, Traversal::Cached);
            (e.to_string(), v.numerator)
        })
        .collect()
}

/// Every distinct state after a legal turn of `root` and `end_turn`, in first-appearance order; `None` when the
/// root has no legal turn or a turn that captures a king (the game would be over).
pub(crate) fn canonical_successors(root: &GameState) -> Option<Vec<GameState>> {
    let paths = legal_turn_paths(root);
    if paths.is_empty() {
        return None;
    }
    let mut out: Vec<GameState> = Vec::new();
    for path in &paths {
        let mut s = *root;
        for &m in path {
            if engine::captures_king(&s, m) {
                return None;
            }
            s.make_move(m);
        }
        s.end_turn();
        if !out.contains(&s) {
            out.push(s);
        }
    }
    Some(out)
}

/// A board under construction.
struct Board {
    cells: [Option<(Color, PieceType)>; 64],
}

impl Board {
    fn new() -> Board {
        Board { cells: [None; 64] }
    }

    /// Puts a piece on a random empty square accepted by `allowed`; false if none was found.
    fn place(
        &mut self,
        rng: &mut Pcg64Mcg,
        color: Color,
        kind: PieceType,
        allowed: impl Fn(Square) -> bool,
    ) -> bool {
        for _ in 0..200 {
            let sq = Square::from_index(rng.random_range(0..64u8));
            if self.cells[sq.index()].is_none() && allowed(sq) {
                self.cells[sq.index()] = Some((color, kind));
                return true;
            }
        }
        false
    }

    fn king_square(&self, color: Color) -> Option<Square> {
        (0..64u8)
            .map(Square::from_index)
            .find(|s| self.cells[s.index()] == Some((color, PieceType::King)))
    }

    fn dfen(&self, to_move: Color, dice: &[PieceType]) -> String {
        let mut placement = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.cells[Square::from_file_rank(file, rank).index()] {
                    None => empty += 1,
                    Some((c, k)) => {
                        if empty > 0 {
                            placement.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let l = k.letter();
                        placement.push(if c == Color::White {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        });
                    }
                }
            }
            if empty > 0 {
                placement.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                placement.push('/');
            }
        }
        let side = if to_move == Color::White { "w" } else { "b" };
        let dice: String = dice.iter().map(|d| d.letter()).collect();
        format!("{placement} {side} - - 0 1 {dice}")
    }
}

/// Rank counted from `color`'s own side (0 = its back rank).
fn relative_rank(sq: Square, color: Color) -> u8 {
    if color == Color::White {
        sq.rank()
    } else {
        7 - sq.rank()
    }
}

fn chebyshev(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

fn random_dice(rng: &mut Pcg64Mcg, faces: &[PieceType]) -> Vec<PieceType> {
    (0..3)
        .map(|_| faces[rng.random_range(0..faces.len())])
        .collect()
}

/// One random candidate root of `family` (not yet filtered).
fn candidate(family: Family, rng: &mut Pcg64Mcg) -> Option<GameState> {
    use PieceType::*;
    let us = if rng.random_range(0..2u8) == 0 {
        Color::White
    } else {
        Color::Black
    };
    let them = us.opponent();
    let mut b = Board::new();
    let not_edge_rank = |sq: Square| (1..=6).contains(&sq.rank());
    // Sparse positions expand two chance layers deep: their kings start in corners to keep the tree small.
    let corner = |sq: Square| matches!(sq.index(), 0 | 7 | 56 | 63);
    let king_square = |sq: Square| family != Family::Sparse || corner(sq);
    b.place(rng, us, King, king_square).then_some(())?;
    let our_king = b.king_square(us)?;
    b.place(rng, them, King, |sq| {
        king_square(sq) && chebyshev(sq, our_king) >= 3
    })
    .then_some(())?;
    let dice = match family {
        Family::Sparse => {
            b.place(rng, us, Pawn, not_edge_rank).then_some(())?;
            b.place(rng, them, Pawn, not_edge_rank).then_some(())?;
            random_dice(rng, &PieceType::ALL)
        }
        Family::Middlegame => {
            for color in [us, them] {
                let pawns = rng.random_range(3..=4);
                for _ in 0..pawns {
                    b.place(rng, color, Pawn, |sq| {
                        (1..=4).contains(&relative_rank(sq, color))
                    });
                }
                for kind in [Knight, Bishop, Rook] {
                    b.place(rng, color, kind, |sq| relative_rank(sq, color) <= 3);
                }
                if rng.random_range(0..2u8) == 0 {
                    b.place(rng, color, Queen, |sq| relative_rank(sq, color) <= 3);
                }
            }
            random_dice(rng, &PieceType::ALL)
        }
        Family::TranspositionRich => {
            for color in [us, them] {
                let pawns = rng.random_range(4..=6);
                for _ in 0..pawns {
                    b.place(rng, color, Pawn, |sq| {
                        (1..=2).contains(&relative_rank(sq, color))
                    });
                }
                for _ in 0..2 {
                    b.place(rng, color, Knight, |sq| relative_rank(sq, color) <= 2);
                }
            }
            random_dice(rng, &[Pawn, Knight])
        }
        Family::PromotionEnPassant => {
            // Our pawns on our second rank, each with an enemy pawn beside the square it double-pushes to.
            for _ in 0..rng.random_range(2..=3) {
                let file = rng.random_range(0..8u8);
                let (start, landing) = match us {
                    Color::White => (Square::from_file_rank(file, 1), 3),
                    Color::Black => (Square::from_file_rank(file, 6), 4),
                };
                if b.cells[start.index()].is_some() {
                    continue;
                }
                b.cells[start.index()] = Some((us, Pawn));
                let side = if file == 0 || (file < 7 && rng.random_range(0..2u8) == 0) {
                    file + 1
                } else {
                    file - 1
                };
                let enemy = Square::from_file_rank(side, landing);
                if b.cells[enemy.index()].is_none() {
                    b.cells[enemy.index()] = Some((them, Pawn));
                }
            }
            // Enemy pawns one step from promotion; our pieces on their promotion squares to capture.
            for _ in 0..rng.random_range(1..=2) {
                b.place(rng, them, Pawn, |sq| relative_rank(sq, them) == 6);
            }
            for kind in [Rook, Knight] {
                b.place(rng, us, kind, |sq| relative_rank(sq, them) == 7);
            }
            let mut dice = vec![Pawn, Pawn];
            dice.push(PieceType::ALL[rng.random_range(0..6usize)]);
            dice
        }
        Family::Played | Family::PlayedEndgame | Family::Named(_) => return None,
    };
    GameState::from_dfen(&b.dfen(us, &dice)).ok()
}
