//! What a deadline run does: the suite, the bots and the depth each bot's choices are judged at.

use super::suite::SuiteSource;
use super::win_value::WinScale;
use crate::exit::Failure;
use crate::strength::match_runner::bot::{BotSpec, Depth};
use engine::search::SearchDepth;
use std::path::PathBuf;

/// A deadline run's settings.
#[derive(Clone, Debug)]
pub(crate) struct DeadlinePlan {
    /// Where the positions come from.
    pub suite: SuiteSource,
    /// The folder holding the family files and `openings.json`.
    pub scenarios_dir: PathBuf,
    /// The bots, in command-line order (a repeated spec is refused).
    pub bots: Vec<BotSpec>,
    /// The reference depth for every bot; `None`: each bot's own ([`reference_depth`]).
    pub reference_depth: Option<SearchDepth>,
    /// Seeds the rolls of positions without dice.
    pub seed: u64,
    /// Turns values into win probabilities.
    pub win_scale: WinScale,
}

/// The depth `bot`'s choices are judged at: `fixed` when given, else one turn deeper than the bot searches,
/// capped at 3 (the deepest the engine searches), so a `depth=3` or `depth=id` bot is judged at 3 — there only
/// what its time control cut shows as loss.
pub(crate) fn reference_depth(bot: &BotSpec, fixed: Option<SearchDepth>) -> SearchDepth {
    fixed.unwrap_or(match bot.depth {
        Depth::Fixed(d) => SearchDepth::from_turns(d.turns() + 1).unwrap_or(SearchDepth::Three),
        Depth::Iterative => SearchDepth::Three,
    })
}

impl DeadlinePlan {
    /// Refuses a plan without bots or with a bot given twice (its rows would collide).
    pub(crate) fn check(&self) -> anyhow::Result<()> {
        if self.bots.is_empty() {
            return Err(Failure::BadInput.because("--bot: at least one bot is needed"));
        }
        for (i, b) in self.bots.iter().enumerate() {
            if self.bots[..i].contains(b) {
                return Err(Failure::BadInput.because(format!("--bot {b}: given twice")));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_reference_is_one_turn_deeper_capped_at_three() {
        let at = |s: &str| reference_depth(&s.parse().unwrap(), None);
        assert_eq!(at("depth=1"), SearchDepth::Two);
        assert_eq!(at("depth=2"), SearchDepth::Three);
        assert_eq!(at("depth=3"), SearchDepth::Three);
        assert_eq!(at("depth=id"), SearchDepth::Three);
        let fixed = reference_depth(&"depth=1".parse().unwrap(), Some(SearchDepth::One));
        assert_eq!(fixed, SearchDepth::One);
    }
}
