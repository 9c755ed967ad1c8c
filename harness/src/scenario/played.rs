//! The played families (`harness scenarios freeze`): positions reached by seeded self-play, the depth-2 search
//! playing both sides, instead of random placements. Synthetic middle games let the opponent capture our king on
//! a large share of the rolls of every successor; played positions look like games.

use super::generate::{canonical_successors, expected_values};
use super::{Family, Root, ScenarioFile, Successor};
use engine::GameState;
use engine::chance::ChanceDepth;
use engine::eval::MATERIAL_BOUNDS;
use engine::game::SelfPlay;
use engine::memo::{EvaluationCache, Uncached};
use engine::search::{
    Pruning, SearchConfig, SearchControl, SearchDepth, TranspositionTable, search,
};
use engine::{evaluate_material, legal_turn_paths};

/// Where a self-play game starts: a named position (its dice are replaced by the game's first roll).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Start {
    /// Short name, recorded in the file's description.
    pub name: &'static str,
    /// The position in DFEN, without dice.
    pub dfen: &'static str,
}

/// The initial position and two standard openings (after their book moves), for the `played` family. Sharper
/// openings (the Italian game was tried) open the lines at once, and a depth-2 turn there costs seconds.
pub(crate) const OPENINGS: [Start; 3] = [
    Start {
        name: "initial position",
        dfen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    },
    Start {
        name: "open game (1.e4 e5)",
        dfen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    },
    Start {
        name: "closed game (1.d4 d5)",
        dfen: "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
    },
];

/// Standard endgame set-ups, for the `played-endgame` family: self-play from the initial position ends with a
/// king capture long before few pieces are left (about 23 of 32 at the end of the games tried), so the
/// endgames start from few pieces and are played on from there.
pub(crate) const ENDGAMES: [Start; 3] = [
    Start {
        name: "king and two pawns against king and pawn",
        dfen: "4k3/4p3/8/8/8/8/3PP3/4K3 w - - 0 1",
    },
    Start {
        name: "king and knight against king and pawn",
        dfen: "8/3k4/3p4/8/8/8/2N5/3K4 w - - 0 1",
    },
    Start {
        name: "king and pawn against king and pawn",
        dfen: "8/2k3p1/8/8/8/8/1P4K1/8 w - - 0 1",
    },
];

/// How one played family is generated and which positions it keeps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlayedSpec {
    pub family: Family,
    /// Chance depth of its expansions (the search stage searches one turn deeper).
    pub depth: ChanceDepth,
    /// Where the games start (one game each).
    pub starts: &'static [Start],
    /// Turns played per game at most (fewer if a king is captured).
    pub turns: usize,
    /// Move numbers (turn indices from the game's start) to take positions at: the first position at or after
    /// each that passes the filters is kept.
    pub at_turns: &'static [usize],
    /// Keep a position only if it has at most this many canonical successors...
    pub max_successors: usize,
    /// ...and plain expectimax one turn deeper than `depth` evaluates at most this many leaves (bounds the
    /// verification, the nested-expansion stages and the search stage).
    pub max_plain_leaves: u64,
    /// What the positions are.
    pub description: &'static str,
}

/// The played families' specifications, `None` for the synthetic ones.
pub(crate) fn played_spec(family: Family) -> Option<PlayedSpec> {
    match family {
        Family::Played => Some(PlayedSpec {
            family,
            depth: ChanceDepth::One,
            starts: &OPENINGS,
            turns: 8,
            at_turns: &[1, 5],
            max_successors: 12,
            max_plain_leaves: 100_000,
            description: "positions reached by seeded self-play (the depth-2 Star2 search with a 2^16-entry \
                          transposition table and the material evaluator playing both sides) from the initial \
                          position and two standard openings",
        }),
        Family::PlayedEndgame => Some(PlayedSpec {
            family,
            depth: ChanceDepth::Two,
            starts: &ENDGAMES,
            turns: 28,
            at_turns: &[4, 12, 20],
            max_successors: 3,
            max_plain_leaves: 150_000,
            description: "positions with few pieces reached by seeded self-play (the depth-2 Star2 search with a \
                          2^16-entry transposition table and the material evaluator playing both sides) from \
                          standard endgame set-ups; expanded two chance layers deep",
        }),
        _ => None,
    }
}

/// The seed of game `index` of a played family whose seed is `family_seed`.
pub(crate) fn game_seed(family_seed: u64, index: usize) -> u64 {
    family_seed ^ (index as u64 + 1).wrapping_mul(0xd1b5_4a32_d192_ed03)
}

/// One kept position and where it came from.
struct Kept {
    root: GameState,
    successors: Vec<GameState>,
    origin: String,
}

/// Plays every game of `spec` and freezes the kept positions into a scenario file.
pub(crate) fn freeze_played(spec: &PlayedSpec, seed: u64, command: &str) -> ScenarioFile {
    let mut kept: Vec<Kept> = Vec::new();
    for (g, start) in spec.starts.iter().enumerate() {
        let game_seed = game_seed(seed, g);
        let positions = play(spec, start, game_seed);
        for &target in spec.at_turns {
            let pick = positions
                .iter()
                .enumerate()
                .skip(target)
                .find_map(|(t, p)| {
                    if kept.iter().any(|k| k.root == *p) {
                        return None;
                    }
                    let successors = acceptable(spec, p)?;
                    Some((t, *p, successors))
                });
            if let Some((t, root, successors)) = pick {
                kept.push(Kept {
                    root,
                    successors,
                    origin: format!("{} (game seed {game_seed}, turn {t})", start.name),
                });
            }
        }
    }
    let roots: Vec<Root> = kept
        .iter()
        .enumerate()
        .map(|(i, k)| Root {
            name: format!("{}-{i:02}", spec.family.name()),
            dfen: k.root.to_dfen(),
            successors: k
                .successors
                .iter()
                .map(|s| Successor {
                    dfen: s.to_dfen(),
                    expected: expected_values(s, spec.depth),
                })
                .collect(),
        })
        .collect();
    let origins: Vec<String> = kept
        .iter()
        .enumerate()
        .map(|(i, k)| format!("{}-{i:02} from {}", spec.family.name(), k.origin))
        .collect();
    let description = format!(
        "{}. Game k is seeded with seed ^ ((k + 1) * 0xd1b54a32d192ed03); each game keeps the first \
         position at or after turns {:?} with at most {} canonical successors and at most {} leaves \
         for plain expectimax one turn deeper than the file's depth: {}. Each root is frozen into its \
         canonical outer successors (in order of first appearance in the reference turn order). \
         Expected values are exact numerators over the denominator: evaluator `material` is \
         evaluate_material, `constant` returns {} for every position.",
        spec.description,
        spec.at_turns,
        spec.max_successors,
        spec.max_plain_leaves,
        origins.join("; "),
        crate::evaluators::CONSTANT_SCORE
    );
    super::generate::frozen_file(spec.family, spec.depth, seed, command, description, roots)
}

/// The searched position of every turn of one game (the mover to move, dice rolled).
fn play(spec: &PlayedSpec, start: &Start, seed: u64) -> Vec<GameState> {
    let start = GameState::from_dfen(start.dfen).expect("the shipped starts are valid DFEN");
    let game = SelfPlay {
        start,
        depth: SearchDepth::Two,
        turns: spec.turns,
        seed,
    };
    let table = TranspositionTable::new(1 << 16).expect("a power of two");
    let config = SearchConfig::new(Pruning::Star2, MATERIAL_BOUNDS).with_table(&table);
    let memo = EvaluationCache::new(evaluate_material);
    let Ok(played) = game.play(&config, &memo, |_| table.clear());
    played.turns.iter().map(|t| t.position).collect()
}

/// The canonical successors of `p` if it passes `spec`'s filters.
fn acceptable(spec: &PlayedSpec, p: &GameState) -> Option<Vec<GameState>> {
    if legal_turn_paths(p).is_empty() {
        return None;
    }
    let successors = canonical_successors(p)?;
    if successors.len() > spec.max_successors {
        return None;
    }
    let depth = match spec.depth {
        ChanceDepth::One => SearchDepth::Two,
        ChanceDepth::Two => SearchDepth::Three,
    };
    let memo = Uncached::new(evaluate_material);
    let config = SearchConfig::new(Pruning::None, MATERIAL_BOUNDS);
    // Work is counted in evaluator calls, one per leaf without a cache: the budget stops a too-large search early.
    let control = SearchControl::with_work_budget(spec.max_plain_leaves);
    let Ok(report) = search(p, depth, &config, &memo, &control);
    (report.outcome.is_exact() && report.counters.leaves <= spec.max_plain_leaves)
        .then_some(successors)
}
