//! Which *-minimax pruning a chance search uses.

use std::fmt;
use std::str::FromStr;

/// Pruning of the chance search (Ballard's *-minimax family).
///
/// Every choice returns the identical root value; they differ only in how much of the tree they visit.
///
/// ```
/// use engine::search::Pruning;
/// assert_eq!("star2".parse::<Pruning>().unwrap(), Pruning::Star2);
/// assert_eq!(Pruning::None.to_string(), "none");
/// assert!("star3".parse::<Pruning>().unwrap_err().to_string().contains("none|star1|star2"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pruning {
    /// Plain expectimax: every roll class, every reply, in generation order.
    None,
    /// Star1: alpha-beta windows through chance nodes, bounding unsearched roll classes by the evaluator's
    /// declared value interval (widened by the terminal values that can occur below); roll classes by
    /// descending weight, replies and root candidates by a material pre-rank.
    Star1,
    /// Star2: Star1 plus a probing pass that values one reply per roll class (the pre-rank's best) before the
    /// full pass, so each roll class gets a one-sided bound from a real position instead of the declared one.
    Star2,
}

impl Pruning {
    /// Every choice, in the order above.
    pub const ALL: [Pruning; 3] = [Pruning::None, Pruning::Star1, Pruning::Star2];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            Pruning::None => "none",
            Pruning::Star1 => "star1",
            Pruning::Star2 => "star2",
        }
    }

    /// Whether windows, ordering and cutoffs are used at all.
    pub const fn prunes(self) -> bool {
        !matches!(self, Pruning::None)
    }
}

impl fmt::Display for Pruning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pruning name that is not one of `none|star1|star2`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown pruning {0:?}; expected one of none|star1|star2")]
pub struct UnknownPruning(pub String);

impl FromStr for Pruning {
    type Err = UnknownPruning;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Pruning::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownPruning(s.to_string()))
    }
}
