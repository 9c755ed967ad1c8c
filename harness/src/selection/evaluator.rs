//! The evaluators a run can bind its caches to: the main job's subset of [`EvaluatorKind`].

use crate::evaluators::EvaluatorKind;
use engine::{Color, GameState};
use std::fmt;

/// What the `constant` evaluator returns for every position (recorded in the scenario headers).
pub const CONSTANT_SCORE: i32 = 0;

/// An evaluator choice: `material`, `constant` or `aggressive`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Evaluator {
    /// `evaluate_material`: cheap, and the frozen expected values use it.
    Material,
    /// [`CONSTANT_SCORE`] everywhere: the cheapest callback, so the cache's own cost dominates.
    Constant,
    /// `evaluate_aggressive`: the most expensive public evaluator.
    Aggressive,
}

impl Evaluator {
    /// Every evaluator, in report order.
    pub const ALL: [Evaluator; 3] = [
        Evaluator::Material,
        Evaluator::Constant,
        Evaluator::Aggressive,
    ];

    /// The command-line and CSV name.
    pub const fn name(self) -> &'static str {
        match self {
            Evaluator::Material => "material",
            Evaluator::Constant => "constant",
            Evaluator::Aggressive => "aggressive",
        }
    }

    /// The evaluator with this name.
    pub fn from_name(name: &str) -> Option<Evaluator> {
        Evaluator::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The callback.
    ///
    /// ```
    /// use harness::selection::Evaluator;
    /// let s = engine::GameState::from_dfen("k7/8/8/8/8/8/8/R6K w - - 0 1").unwrap();
    /// assert_eq!((Evaluator::Material.function())(&s, engine::Color::White), 500);
    /// assert_eq!((Evaluator::Constant.function())(&s, engine::Color::White), harness::selection::CONSTANT_SCORE);
    /// ```
    pub fn function(self) -> fn(&GameState, Color) -> i32 {
        self.kind().function()
    }

    /// The shared evaluator choice this is.
    pub const fn kind(self) -> EvaluatorKind {
        match self {
            Evaluator::Material => EvaluatorKind::Material,
            Evaluator::Constant => EvaluatorKind::Constant,
            Evaluator::Aggressive => EvaluatorKind::Aggressive,
        }
    }
}

impl fmt::Display for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
