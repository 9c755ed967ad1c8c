//! Nested chance expansion of an outer successor (NestedChanceCacheBenchmark, docs/evaluation-cache.md B2;
//! docs/rules.md §13-§16, D6).
//!
//! `outer` is a position right after our full turn and `end_turn`: the opponent is to roll, with an empty pool.
//! "We" are the side that just moved.
//!
//! - **Depth 1** (the reference engine's two-ply node): for each of the 56 roll classes, the opponent's replies are
//!   generated; no reply → the leaf is `end_turn` of that state; a reply that captures our king →
//!   [`LOSS_VALUE`]; otherwise the minimum over the replies' leaves (path played, `end_turn`) of the evaluation
//!   from our perspective.
//! - **Depth 2**: every opponent leaf becomes a chance node for us, whose roll classes are valued by the maximum
//!   over our legal turn paths of `score_path` (our perspective; [`TERMINAL_WIN_SCORE`] on a king capture; the
//!   empty path when we have no legal turn).
//!
//! Values are exact: an `i64` numerator over 216 (depth 1) or 216² (depth 2); a roll class of weight `w` adds
//! `w` times its value, so the order in which rolls are visited cannot change the result.
//!
//! Every leaf evaluation goes through the caller's [`EvaluationMemo`], keyed `(leaf, our colour)`. The optional
//! [`Traversal::Cached`] mode adds a per-operation traversal cache: turn generation is memoised by position (dice
//! included) where positions can repeat (our rolled positions at depth 2; the outer node's never do), and each
//! roll's leaves are deduplicated before they are evaluated.

use crate::color::Color;
use crate::dice::{DicePool, ROLL_CLASSES};
use crate::memo::EvaluationMemo;
use crate::movegen::captures_king;
use crate::mv::Move;
use crate::score::{TERMINAL_WIN_SCORE, try_score_path};
use crate::state::GameState;
use crate::telemetry::{Counters, NoTelemetry, Telemetry};
use crate::turns::TurnGenerator;
use std::rc::Rc;

/// The value of a roll in which the opponent can capture our king (docs/rules.md §14, `LossValue`).
pub const LOSS_VALUE: i64 = -1_000_000_000;

/// The number of ordered 3d6 outcomes; a chance layer's denominator.
pub const ROLLS: i64 = 216;

/// How many chance layers to expand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChanceDepth {
    /// The opponent's roll, their reply, our evaluation.
    One,
    /// The opponent's roll and reply, then our roll and turn, scored with `score_path`.
    Two,
}

impl ChanceDepth {
    /// 1 or 2.
    pub const fn layers(self) -> u8 {
        match self {
            ChanceDepth::One => 1,
            ChanceDepth::Two => 2,
        }
    }

    /// The depth with this many layers.
    pub const fn from_layers(layers: u8) -> Option<ChanceDepth> {
        match layers {
            1 => Some(ChanceDepth::One),
            2 => Some(ChanceDepth::Two),
            _ => None,
        }
    }

    /// The value denominator: 216 or 216².
    pub const fn denominator(self) -> i64 {
        match self {
            ChanceDepth::One => ROLLS,
            ChanceDepth::Two => ROLLS * ROLLS,
        }
    }
}

/// An exact chance value: `numerator / depth.denominator()`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ChanceValue {
    /// The exact weighted sum.
    pub numerator: i64,
    /// Which layer count, hence which denominator.
    pub depth: ChanceDepth,
}

impl ChanceValue {
    /// 216 or 46656.
    pub const fn denominator(self) -> i64 {
        self.depth.denominator()
    }

    /// The value as a float, derived from the exact numerator by one division.
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator() as f64
    }
}

crate::closed_names! {
    /// Whether the per-operation traversal cache is used: `off` or `on`, as in CSV rows and command lines.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum Traversal: "traversal mode" {
        /// Generate every node's turns afresh and evaluate every leaf as it comes.
        "off" => Plain,
        /// Memoise turn generation by position and deduplicate each roll's leaves before evaluating them.
        "on" => Cached,
    }
}

/// Telemetry of an expansion: the generator's events plus roll-class edges and path replays.
pub trait ChanceTelemetry: Telemetry {
    /// Whether events are counted; bookkeeping needed only for counting is skipped (compiled away) when not.
    const COUNTING: bool = false;
    /// One roll class expanded (a chance node's edge).
    #[inline]
    fn class_edge(&mut self) {}
    /// One path replayed to build its leaf (here or inside `score_path`).
    #[inline]
    fn replay(&mut self) {}
}

impl ChanceTelemetry for NoTelemetry {}

/// Counters of one expansion (evaluator calls, hits and entries come from the memo itself).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct ChanceCounters {
    /// The turn generator's events: per-die move generation, `make_move` calls (generation and replays), paths
    /// emitted.
    pub generation: Counters,
    /// Roll classes expanded.
    pub class_edges: u64,
    /// Paths replayed for leaf construction or scoring.
    pub replays: u64,
}

impl Telemetry for ChanceCounters {
    #[inline]
    fn geometry(&mut self) {
        self.generation.geometry();
    }
    #[inline]
    fn transition(&mut self) {
        self.generation.transition();
    }
    #[inline]
    fn emission(&mut self) {
        self.generation.emission();
    }
}

impl ChanceTelemetry for ChanceCounters {
    const COUNTING: bool = true;
    #[inline]
    fn class_edge(&mut self) {
        self.class_edges += 1;
    }
    #[inline]
    fn replay(&mut self) {
        self.replays += 1;
    }
}

impl std::ops::AddAssign for ChanceCounters {
    fn add_assign(&mut self, o: ChanceCounters) {
        self.generation += o.generation;
        self.class_edges += o.class_edges;
        self.replays += o.replays;
    }
}

/// Expands `outer`'s nested chance node through `memo` without counting.
///
/// ```
/// use engine::chance::{ChanceDepth, Traversal, expand_chance};
/// use engine::memo::{EvaluationCache, Uncached};
/// use engine::{GameState, evaluate_material};
/// // White just moved; Black (bare king) rolls. Black can never capture White's king from here in one turn,
/// // and material never changes, so every roll is worth White's material lead of one rook.
/// let outer = GameState::from_dfen("k7/8/8/8/8/8/8/R6K b - - 0 1").unwrap();
/// let cache = EvaluationCache::new(evaluate_material);
/// let v = expand_chance(&outer, ChanceDepth::One, &cache, Traversal::Plain).unwrap();
/// assert_eq!((v.numerator, v.denominator()), (500 * 216, 216));
/// let uncached = Uncached::new(evaluate_material);
/// assert_eq!(expand_chance(&outer, ChanceDepth::One, &uncached, Traversal::Cached).unwrap(), v);
/// ```
pub fn expand_chance<M: EvaluationMemo>(
    outer: &GameState,
    depth: ChanceDepth,
    memo: &M,
    traversal: Traversal,
) -> Result<ChanceValue, M::Error> {
    expand_chance_with(outer, depth, memo, traversal, &mut NoTelemetry)
}

/// [`expand_chance`] reporting generation, transitions, class edges and replays to `t` (use [`ChanceCounters`]
/// for a counting pass and [`NoTelemetry`] for timing; the hooks compile away).
///
/// A memo error propagates unchanged and ends the expansion.
pub fn expand_chance_with<M: EvaluationMemo, T: ChanceTelemetry>(
    outer: &GameState,
    depth: ChanceDepth,
    memo: &M,
    traversal: Traversal,
    t: &mut T,
) -> Result<ChanceValue, M::Error> {
    let mut ex = Expansion {
        memo,
        t,
        us: outer.side_to_move().opponent(),
        generator: TurnGenerator::new(),
        memo_paths: match traversal {
            Traversal::Plain => None,
            Traversal::Cached => Some(PathMemo::default()),
        },
        leaf_buffers: Vec::new(),
    };
    let numerator = ex.opponent_node(&outer.with_dice(DicePool::EMPTY), depth)?;
    Ok(ChanceValue { numerator, depth })
}

/// One turn path, stored inline.
#[derive(Clone, Copy)]
struct TurnPath {
    moves: [Move; 3],
    len: u8,
}

impl TurnPath {
    fn moves(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

type PathMemo = hashbrown::HashMap<GameState, Rc<[TurnPath]>, foldhash::fast::FixedState>;

/// The state of one expansion: the memo, telemetry, reusable buffers and the optional traversal cache.
struct Expansion<'a, M, T> {
    memo: &'a M,
    t: &'a mut T,
    us: Color,
    generator: TurnGenerator,
    /// The traversal cache's turn-generation memo (`None` when the traversal cache is off).
    memo_paths: Option<PathMemo>,
    /// Leaf buffers, one per nesting level, reused between rolls.
    leaf_buffers: Vec<Vec<GameState>>,
}

/// What replaying a roll's paths found.
enum Leaves {
    /// Some path captures the mover's opponent's king.
    KingCapture,
    /// Every path's leaf (after `end_turn`), deduplicated when the traversal cache is on.
    Leaves(Vec<GameState>),
}

impl<M: EvaluationMemo, T: ChanceTelemetry> Expansion<'_, M, T> {
    /// The opponent's chance node at `outer` (empty pool): numerator over 216 (depth 1) or 216² (depth 2).
    fn opponent_node(&mut self, outer: &GameState, depth: ChanceDepth) -> Result<i64, M::Error> {
        let mut sum = 0i64;
        for &(roll, weight) in ROLL_CLASSES.iter() {
            self.t.class_edge();
            let v = self.opponent_roll(&outer.with_dice(roll), depth)?;
            sum += weight as i64 * v;
        }
        Ok(sum)
    }

    /// The opponent's best reply to one roll, in the unit of a leaf value (1 at depth 1, 1/216 at depth 2).
    fn opponent_roll(&mut self, rolled: &GameState, depth: ChanceDepth) -> Result<i64, M::Error> {
        // The outer node's rolled positions are all distinct within one expansion: memoising them cannot hit.
        let paths = self.paths(rolled, false);
        let scale = match depth {
            ChanceDepth::One => 1,
            ChanceDepth::Two => ROLLS,
        };
        if paths.is_empty() {
            let mut pass = *rolled;
            pass.end_turn();
            return self.leaf_value(&pass, depth);
        }
        let leaves = match self.leaves(rolled, &paths) {
            Leaves::KingCapture => return Ok(LOSS_VALUE * scale),
            Leaves::Leaves(l) => l,
        };
        let mut best = i64::MAX;
        let mut result = Ok(());
        for leaf in &leaves {
            match self.leaf_value(leaf, depth) {
                Ok(v) => best = best.min(v),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.leaf_buffers.push(leaves);
        result.map(|()| best)
    }

    /// A leaf of the opponent's layer: our evaluation (depth 1) or our chance node (depth 2, numerator over 216).
    fn leaf_value(&mut self, leaf: &GameState, depth: ChanceDepth) -> Result<i64, M::Error> {
        match depth {
            ChanceDepth::One => Ok(self.memo.try_apply(leaf, self.us)? as i64),
            ChanceDepth::Two => self.our_node(leaf),
        }
    }

    /// Our chance node at `leaf` (we are to move, empty pool): numerator over 216.
    fn our_node(&mut self, leaf: &GameState) -> Result<i64, M::Error> {
        let mut sum = 0i64;
        for &(roll, weight) in ROLL_CLASSES.iter() {
            self.t.class_edge();
            let v = self.our_roll(&leaf.with_dice(roll))?;
            sum += weight as i64 * v;
        }
        Ok(sum)
    }

    /// Our best turn for one roll: the maximum of `score_path` over our legal paths.
    fn our_roll(&mut self, rolled: &GameState) -> Result<i64, M::Error> {
        // The same leaf recurs under several opponent rolls, so our rolled positions repeat: memoise them.
        let paths = self.paths(rolled, true);
        let memo = self.memo;
        if paths.is_empty() {
            // score_path with the empty path: the rolled position itself, from the mover's (our) perspective.
            return Ok(memo.try_apply(rolled, self.us)? as i64);
        }
        if self.memo_paths.is_none() {
            let mut best = i64::MIN;
            for path in paths.iter() {
                self.t.replay();
                let moves = path.moves();
                let last = moves[moves.len() - 1];
                let score = try_score_path(rolled, moves, |s, c| memo.try_apply(s, c))?;
                if T::COUNTING {
                    // score_path replays every move but a final king capture; count what it did.
                    let capture =
                        score == TERMINAL_WIN_SCORE && self.ends_in_capture(rolled, moves, last);
                    for _ in 0..moves.len() - capture as usize {
                        self.t.transition();
                    }
                }
                if score == TERMINAL_WIN_SCORE {
                    return Ok(score as i64);
                }
                best = best.max(score as i64);
            }
            return Ok(best);
        }
        let leaves = match self.leaves(rolled, &paths) {
            Leaves::KingCapture => return Ok(TERMINAL_WIN_SCORE as i64),
            Leaves::Leaves(l) => l,
        };
        let mut best = i64::MIN;
        let mut result = Ok(());
        for leaf in &leaves {
            match memo.try_apply(leaf, self.us) {
                Ok(v) => best = best.max(v as i64),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.leaf_buffers.push(leaves);
        result.map(|()| best)
    }

    /// Whether `moves` (from `rolled`) ends by capturing a king; only asked after a terminal score, so rare.
    fn ends_in_capture(&self, rolled: &GameState, moves: &[Move], last: Move) -> bool {
        let mut s = *rolled;
        for &m in &moves[..moves.len() - 1] {
            s.make_move(m);
        }
        captures_king(&s, last)
    }

    /// The legal turn paths of `rolled`, from the traversal cache when it is on and `memoise` is set.
    fn paths(&mut self, rolled: &GameState, memoise: bool) -> Rc<[TurnPath]> {
        if memoise
            && let Some(memo) = &self.memo_paths
            && let Some(p) = memo.get(rolled)
        {
            return Rc::clone(p);
        }
        let mut out = Vec::new();
        self.generator.for_each(rolled, &mut *self.t, |path, _| {
            let mut moves = [Move::from_bits(0); 3];
            moves[..path.len()].copy_from_slice(path);
            out.push(TurnPath {
                moves,
                len: path.len() as u8,
            });
        });
        let paths: Rc<[TurnPath]> = out.into();
        if memoise && let Some(memo) = &mut self.memo_paths {
            memo.insert(*rolled, Rc::clone(&paths));
        }
        paths
    }

    /// Replays every path from `rolled` and ends the turn; stops at the first path that captures a king.
    /// With the traversal cache on, equal leaves are kept once (first occurrence order).
    fn leaves(&mut self, rolled: &GameState, paths: &[TurnPath]) -> Leaves {
        let mut out = self.leaf_buffers.pop().unwrap_or_default();
        out.clear();
        for path in paths {
            self.t.replay();
            let moves = path.moves();
            let mut s = *rolled;
            let (&last, init) = moves
                .split_last()
                .expect("legal turn paths are never empty");
            for &m in init {
                s.make_move(m);
                self.t.transition();
            }
            if captures_king(&s, last) {
                self.leaf_buffers.push(out);
                return Leaves::KingCapture;
            }
            s.make_move(last);
            self.t.transition();
            s.end_turn();
            out.push(s);
        }
        if self.memo_paths.is_some() {
            dedup_in_order(&mut out);
        }
        Leaves::Leaves(out)
    }
}

/// Removes later duplicates, keeping first occurrences in order.
fn dedup_in_order(v: &mut Vec<GameState>) {
    if v.len() < 2 {
        return;
    }
    let mut seen: hashbrown::HashSet<GameState, foldhash::fast::FixedState> =
        hashbrown::HashSet::with_capacity_and_hasher(
            v.len(),
            foldhash::fast::FixedState::default(),
        );
    v.retain(|s| seen.insert(*s));
}
