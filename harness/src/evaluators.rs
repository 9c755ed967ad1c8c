//! The evaluator choice shared by the CLI and the benchmarks: `material`, `aggressive`, `counter`, `constant`.

use engine::{Color, GameState, evaluate_aggressive, evaluate_material};
use std::cell::Cell;
use std::fmt;
use std::str::FromStr;

/// Which pure `(GameState, Color) -> i32` evaluator to use.
///
/// ```
/// use harness::evaluators::EvaluatorKind;
/// assert_eq!("counter".parse::<EvaluatorKind>().unwrap(), EvaluatorKind::Counter);
/// assert!("nnue".parse::<EvaluatorKind>().unwrap_err().contains("material|aggressive|counter|constant"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EvaluatorKind {
    /// `engine::evaluate_material`.
    Material,
    /// `engine::evaluate_aggressive`.
    Aggressive,
    /// [`counter_value`]: a cheap fold of the bitboards, so a cache's own cost dominates.
    Counter,
    /// Always 0.
    Constant,
}

impl EvaluatorKind {
    /// Every kind.
    pub const ALL: [EvaluatorKind; 4] = [
        EvaluatorKind::Material,
        EvaluatorKind::Aggressive,
        EvaluatorKind::Counter,
        EvaluatorKind::Constant,
    ];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            EvaluatorKind::Material => "material",
            EvaluatorKind::Aggressive => "aggressive",
            EvaluatorKind::Counter => "counter",
            EvaluatorKind::Constant => "constant",
        }
    }

    /// The evaluator as a plain function.
    pub fn function(self) -> fn(&GameState, Color) -> i32 {
        match self {
            EvaluatorKind::Material => evaluate_material,
            EvaluatorKind::Aggressive => evaluate_aggressive,
            EvaluatorKind::Counter => counter_value,
            EvaluatorKind::Constant => |_, _| 0,
        }
    }
}

impl fmt::Display for EvaluatorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EvaluatorKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        EvaluatorKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown evaluator {s:?}; expected one of material|aggressive|counter|constant"
                )
            })
    }
}

/// The `counter` evaluator's value: the eight bitboards, flags, en-passant targets and full-move number folded to
/// an `i32`, signed by perspective. A pure function of the key (never of call order), mailbox excluded.
///
/// ```
/// use engine::{Color, GameState};
/// use harness::evaluators::counter_value;
/// let s = GameState::from_dfen("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1 PP").unwrap();
/// assert_eq!(counter_value(&s, Color::White), counter_value(&s, Color::White));
/// assert_ne!(counter_value(&s, Color::White), counter_value(&s, Color::Black));
/// ```
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
            EvaluatorKind::Constant => 0,
        }
    }

    /// Calls so far.
    pub fn calls(&self) -> u64 {
        self.calls.get()
    }
}
