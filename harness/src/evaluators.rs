//! The one evaluator choice of every command, stage, CSV and benchmark: `material`, `constant`, `aggressive`,
//! `counter`, and the cost ladder's `mobility`, `network` and `work:N`. Its `Display` is the name the command line
//! takes and the CSVs' `evaluator` column records (`work:16`, never a bare `work`); `FromStr` reads it back. A
//! downstream binary's own evaluators join them by name ([`crate::registry`], [`EvaluatorKind::User`]).

use crate::registry::UserEvaluator;
use engine::eval::{
    AGGRESSIVE_BOUNDS, CONSTANT_BOUNDS, Evaluator, MATERIAL_BOUNDS, MATERIAL_TURN_BOUNDS,
    MAX_WORK_ROUNDS, MOBILITY_BOUNDS, NETWORK_BOUNDS, TurnBounds, ValueBounds, WORK_BOUNDS,
    evaluate_mobility, evaluate_network, evaluate_work,
};
use engine::{Color, GameState, evaluate_aggressive, evaluate_material};
use std::cell::Cell;
use std::fmt;
use std::str::FromStr;

/// What the `constant` evaluator returns for every position (recorded in the scenario headers).
pub(crate) const CONSTANT_SCORE: i32 = 0;

/// Which pure `(GameState, Color) -> i32` evaluator to use.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum EvaluatorKind {
    /// `engine::evaluate_material`: cheap, and the frozen expected values use it.
    Material,
    /// [`CONSTANT_SCORE`] everywhere: the cheapest callback, so the cache's own cost dominates.
    Constant,
    /// `engine::evaluate_aggressive`.
    Aggressive,
    /// [`counter_value`]: a cheap fold of the bitboards, so a cache's own cost dominates.
    Counter,
    /// `engine::eval::evaluate_mobility`: material, mobility, king safety, pawn structure.
    Mobility,
    /// `engine::eval::evaluate_network`: an NNUE-shaped network with fixed-seed weights, refreshed every call.
    Network,
    /// `engine::eval::evaluate_work` with this many rounds.
    Work(WorkRounds),
    /// An evaluator a downstream binary registered ([`crate::registry::Registry`]).
    User(UserEvaluator),
}

/// The rounds of `work:N`: a power of two from 1 to `MAX_WORK_ROUNDS` (a log grid is what a cost sweep needs,
/// and it keeps every `work:N` a plain function).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct WorkRounds(u32);

impl WorkRounds {
    /// Validated rounds; the error names the rule.
    pub fn new(n: u32) -> Result<WorkRounds, String> {
        if n.is_power_of_two() && n <= MAX_WORK_ROUNDS {
            Ok(WorkRounds(n))
        } else {
            Err(format!(
                "work:{n}: the rounds must be a power of two from 1 to {MAX_WORK_ROUNDS}"
            ))
        }
    }

    /// The number of rounds.
    pub(crate) const fn get(self) -> u32 {
        self.0
    }
}

/// `work:N` with N = 2^k, one plain function per k (so every kind is a `fn` pointer and the timed code calls
/// each the same way).
const WORK_FUNCTIONS: [fn(&GameState, Color) -> i32; 17] = [
    work::<1>,
    work::<2>,
    work::<4>,
    work::<8>,
    work::<16>,
    work::<32>,
    work::<64>,
    work::<128>,
    work::<256>,
    work::<512>,
    work::<1024>,
    work::<2048>,
    work::<4096>,
    work::<8192>,
    work::<16384>,
    work::<32768>,
    work::<65536>,
];

const _: () = assert!(1 << (WORK_FUNCTIONS.len() - 1) == MAX_WORK_ROUNDS);

fn work<const N: u32>(s: &GameState, c: Color) -> i32 {
    evaluate_work(s, c, N)
}

impl EvaluatorKind {
    /// Every kind without a parameter, in report order (`work:N` takes one; see [`EvaluatorKind::Work`]).
    pub(crate) const ALL: [EvaluatorKind; 6] = [
        EvaluatorKind::Material,
        EvaluatorKind::Constant,
        EvaluatorKind::Aggressive,
        EvaluatorKind::Counter,
        EvaluatorKind::Mobility,
        EvaluatorKind::Network,
    ];

    /// The main job's default evaluators: the frozen scenarios' two plus the dearest public one (the ladder's
    /// dearer rungs belong to the break-even stage, which measures them on a short grid).
    pub(crate) const MAIN_JOB: [EvaluatorKind; 3] = [
        EvaluatorKind::Material,
        EvaluatorKind::Constant,
        EvaluatorKind::Aggressive,
    ];

    /// `work:N` with these rounds, when N is a valid round count.
    pub(crate) fn work(rounds: u32) -> Result<EvaluatorKind, String> {
        WorkRounds::new(rounds).map(EvaluatorKind::Work)
    }

    /// The name without the rounds of `work:N` (private: every name a person or a CSV sees is `Display`'s).
    fn base_name(self) -> &'static str {
        match self {
            EvaluatorKind::Material => "material",
            EvaluatorKind::Constant => "constant",
            EvaluatorKind::Aggressive => "aggressive",
            EvaluatorKind::Counter => "counter",
            EvaluatorKind::Mobility => "mobility",
            EvaluatorKind::Network => "network",
            EvaluatorKind::Work(_) => "work",
            EvaluatorKind::User(u) => u.get().name(),
        }
    }

    /// Whether a downstream binary registered this evaluator.
    pub const fn is_user(self) -> bool {
        matches!(self, EvaluatorKind::User(_))
    }

    /// The declared interval every value of this evaluator lies in (Star1 and Star2 rely on it).
    pub fn bounds(self) -> ValueBounds {
        match self {
            EvaluatorKind::Material => MATERIAL_BOUNDS,
            EvaluatorKind::Aggressive => AGGRESSIVE_BOUNDS,
            // `counter_value` folds to an i32 shifted right once, so it lies in [-2^30, 2^30 - 1] for either
            // perspective (the bitwise NOT of that interval is itself).
            EvaluatorKind::Counter => ValueBounds::new(-(1 << 30), (1 << 30) - 1),
            EvaluatorKind::Constant => CONSTANT_BOUNDS,
            EvaluatorKind::Mobility => MOBILITY_BOUNDS,
            EvaluatorKind::Network => NETWORK_BOUNDS,
            EvaluatorKind::Work(_) => WORK_BOUNDS,
            EvaluatorKind::User(u) => u.get().value_bounds(),
        }
    }

    /// The evaluator's declared turn bounds, if it has any (only `material` does): what lets Star1 and Star2 bound
    /// the last ply's chance nodes from the position before the roll.
    pub fn turn_bounds(self) -> Option<TurnBounds> {
        match self {
            EvaluatorKind::Material => Some(MATERIAL_TURN_BOUNDS),
            EvaluatorKind::User(u) => u.get().turn_bounds(),
            _ => None,
        }
    }

    /// The evaluator as a plain function.
    pub fn function(self) -> fn(&GameState, Color) -> i32 {
        match self {
            EvaluatorKind::Material => evaluate_material,
            EvaluatorKind::Aggressive => evaluate_aggressive,
            EvaluatorKind::Counter => counter_value,
            EvaluatorKind::Constant => |_, _| CONSTANT_SCORE,
            EvaluatorKind::Mobility => evaluate_mobility,
            EvaluatorKind::Network => evaluate_network,
            EvaluatorKind::Work(n) => WORK_FUNCTIONS[n.get().ilog2() as usize],
            EvaluatorKind::User(u) => u.function(),
        }
    }
}

/// `work:N`'s names, indexed like [`WORK_FUNCTIONS`] (so [`Evaluator::name`] can lend one).
const WORK_NAMES: [&str; 17] = [
    "work:1",
    "work:2",
    "work:4",
    "work:8",
    "work:16",
    "work:32",
    "work:64",
    "work:128",
    "work:256",
    "work:512",
    "work:1024",
    "work:2048",
    "work:4096",
    "work:8192",
    "work:16384",
    "work:32768",
    "work:65536",
];

/// Every built-in evaluator and every registered one is an [`Evaluator`]: its `Display` name, its function, its
/// declared bounds.
impl Evaluator for EvaluatorKind {
    fn name(&self) -> &str {
        match *self {
            EvaluatorKind::Work(n) => WORK_NAMES[n.get().ilog2() as usize],
            other => other.base_name(),
        }
    }
    #[inline]
    fn evaluate(&self, state: &GameState, perspective: Color) -> i32 {
        (self.function())(state, perspective)
    }
    fn bounds(&self) -> Option<ValueBounds> {
        Some(EvaluatorKind::bounds(*self))
    }
    fn turn_bounds(&self) -> Option<TurnBounds> {
        EvaluatorKind::turn_bounds(*self)
    }
}

impl fmt::Display for EvaluatorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvaluatorKind::Work(n) => write!(f, "work:{}", n.get()),
            other => f.write_str(other.base_name()),
        }
    }
}

impl FromStr for EvaluatorKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if let Some(rounds) = s.strip_prefix("work:") {
            let n = rounds
                .parse::<u32>()
                .map_err(|e| format!("work:{rounds}: the rounds are not a whole number ({e})"))?;
            return WorkRounds::new(n).map(EvaluatorKind::Work);
        }
        EvaluatorKind::ALL
            .into_iter()
            .find(|k| k.base_name() == s)
            .or_else(|| crate::registry::find(s).map(EvaluatorKind::User))
            .ok_or_else(|| {
                engine::names::UnknownName::new("evaluator", s, crate::registry::accepted())
                    .to_string()
            })
    }
}

/// The `counter` evaluator's value: the eight bitboards, flags, en-passant targets and full-move number folded to
/// an `i32`, signed by perspective. A pure function of the key (never of call order), mailbox excluded.
#[inline]
pub fn counter_value(state: &GameState, perspective: Color) -> i32 {
    let mut acc = state.en_passant().0
        ^ u64::from(state.flags().0)
        ^ u64::from(state.full_move_number()) << 32;
    for bb in state.bitboards() {
        acc = acc.rotate_left(7) ^ bb.0;
    }
    let folded = (acc ^ acc >> 32) as u32 as i32 >> 1;
    match perspective {
        Color::White => folded,
        Color::Black => !folded,
    }
}

/// An evaluator that counts its own calls (the cache-independent ground truth for `evaluator_calls`).
#[derive(Debug)]
pub struct CountingEvaluator {
    kind: EvaluatorKind,
    calls: Cell<u64>,
}

impl CountingEvaluator {
    /// A counter at zero.
    pub fn new(kind: EvaluatorKind) -> Self {
        CountingEvaluator {
            kind,
            calls: Cell::new(0),
        }
    }

    /// Evaluates and counts.
    #[inline]
    pub fn evaluate(&self, state: &GameState, perspective: Color) -> i32 {
        self.calls.set(self.calls.get() + 1);
        match self.kind {
            EvaluatorKind::Material => evaluate_material(state, perspective),
            EvaluatorKind::Aggressive => evaluate_aggressive(state, perspective),
            EvaluatorKind::Counter => counter_value(state, perspective),
            EvaluatorKind::Constant => CONSTANT_SCORE,
            EvaluatorKind::Mobility => evaluate_mobility(state, perspective),
            EvaluatorKind::Network => evaluate_network(state, perspective),
            EvaluatorKind::Work(_) | EvaluatorKind::User(_) => {
                (self.kind.function())(state, perspective)
            }
        }
    }

    /// Calls so far.
    pub fn calls(&self) -> u64 {
        self.calls.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::ACCEPTED;

    #[test]
    fn the_accepted_list_names_every_kind_and_the_work_rule() {
        let (names, rule) = ACCEPTED.split_at(EvaluatorKind::ALL.len());
        assert_eq!(names, EvaluatorKind::ALL.map(EvaluatorKind::base_name));
        assert_eq!(
            rule,
            [format!(
                "work:N with N a power of two from 1 to {MAX_WORK_ROUNDS}"
            )]
        );
    }

    fn every_kind() -> Vec<EvaluatorKind> {
        let work = (0..=MAX_WORK_ROUNDS.ilog2())
            .map(|k| EvaluatorKind::Work(WorkRounds::new(1 << k).unwrap()));
        EvaluatorKind::ALL.into_iter().chain(work).collect()
    }

    #[test]
    fn the_names_older_runs_recorded_are_unchanged() {
        // `reports/` and `harness compare` read run folders written before the ladder joined this type.
        for (kind, name) in [
            (EvaluatorKind::Material, "material"),
            (EvaluatorKind::Constant, "constant"),
            (EvaluatorKind::Aggressive, "aggressive"),
            (EvaluatorKind::Counter, "counter"),
            (EvaluatorKind::work(64).unwrap(), "work:64"),
        ] {
            assert_eq!(kind.to_string(), name);
            assert_eq!(name.parse::<EvaluatorKind>(), Ok(kind));
        }
        assert_eq!(EvaluatorKind::work(16).unwrap().to_string(), "work:16");
    }

    #[test]
    fn names_round_trip_and_bad_rounds_are_refused_with_the_rule() {
        for kind in every_kind() {
            assert_eq!(kind.to_string().parse::<EvaluatorKind>(), Ok(kind));
        }
        for bad in [
            "work:0",
            "work:3",
            "work:131072",
            "work:-1",
            "work:x",
            "work:",
            "work",
        ] {
            let err = bad.parse::<EvaluatorKind>().unwrap_err();
            assert!(err.contains("work"), "{bad}: {err}");
        }
        assert!(
            "work:3"
                .parse::<EvaluatorKind>()
                .unwrap_err()
                .contains("power of two from 1 to 65536")
        );
        assert!(
            "nnue"
                .parse::<EvaluatorKind>()
                .unwrap_err()
                .contains("material, constant, aggressive, counter, mobility, network, work:N")
        );
    }

    #[test]
    fn the_function_and_the_counting_evaluator_agree_with_the_engine() {
        let s = GameState::from_dfen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 NBQ",
        )
        .unwrap();
        for kind in every_kind() {
            let counting = CountingEvaluator::new(kind);
            for c in [Color::White, Color::Black] {
                let expected = match kind {
                    EvaluatorKind::Mobility => evaluate_mobility(&s, c),
                    EvaluatorKind::Network => evaluate_network(&s, c),
                    EvaluatorKind::Work(n) => evaluate_work(&s, c, n.get()),
                    _ => (kind.function())(&s, c),
                };
                assert_eq!((kind.function())(&s, c), expected, "{kind}");
                assert_eq!(counting.evaluate(&s, c), expected, "{kind}");
            }
            assert_eq!(counting.calls(), 2);
            assert_eq!(Evaluator::name(&kind), kind.to_string());
            assert_eq!(Evaluator::value_bounds(&kind), kind.bounds());
        }
        let b = EvaluatorKind::Counter.bounds();
        assert!(b.contains(i32::MIN >> 2) && b.contains(i32::MAX >> 2));
        assert!(EvaluatorKind::Material.turn_bounds().is_some());
        assert!(EvaluatorKind::Aggressive.turn_bounds().is_none());
        let s = GameState::from_dfen("k7/8/8/8/8/8/8/R6K w - - 0 1").unwrap();
        assert_eq!((EvaluatorKind::Material.function())(&s, Color::White), 500);
        assert_eq!(
            (EvaluatorKind::Constant.function())(&s, Color::White),
            CONSTANT_SCORE
        );
        let s = GameState::from_dfen("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP").unwrap();
        assert_eq!(
            counter_value(&s, Color::White),
            counter_value(&s, Color::White)
        );
        assert_ne!(
            counter_value(&s, Color::White),
            counter_value(&s, Color::Black)
        );
    }
}
