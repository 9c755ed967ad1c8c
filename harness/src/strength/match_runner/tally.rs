//! Counts from A's side: games won, drawn and lost, and the pentanomial of pair scores; the final line.

use super::record::GameLine;
use crate::statistics::sprt::{Pentanomial, SprtBounds, SprtStatus, sprt_pentanomial};

/// Counts over complete pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub pairs: u64,
    /// A's wins, draws, losses over games.
    pub wdl: [u64; 3],
    pub penta: Pentanomial,
    /// Pairs whose two games are the same turns (rolls and moves): the bots chose alike in every position.
    pub same_turn_pairs: u64,
}

impl Tally {
    /// Adds one pair (its two games, game 0 first); `None` when a result is not one of the three.
    pub(crate) fn add(&mut self, games: &[GameLine; 2]) -> Option<()> {
        let (first, second) = (games[0].score_of_a()?, games[1].score_of_a()?);
        for s in [first, second] {
            self.wdl[2 - s.half_points()] += 1;
        }
        self.penta.add_pair(first, second);
        self.pairs += 1;
        self.same_turn_pairs += u64::from(games[0].turns == games[1].turns);
        Some(())
    }

    /// Whether the match is void so far: in every pair (at least one) both bots played the same turns, so the
    /// games cannot tell them apart and no Elo figure of it is a finding.
    pub(crate) fn void(&self) -> bool {
        self.pairs > 0 && self.same_turn_pairs == self.pairs
    }

    pub(crate) fn sprt(&self, bounds: &SprtBounds) -> SprtStatus {
        sprt_pentanomial(&self.penta, bounds)
    }

    /// `pairs=… games=… w=… d=… l=… penta=LL,LD,DD,DW,WW` followed by the SPRT fields, then
    /// `same_turn_pairs=… void=true|false`.
    pub(crate) fn final_line(&self, bounds: &SprtBounds) -> String {
        let [w, d, l] = self.wdl;
        format!(
            "pairs={} games={} w={w} d={d} l={l} penta={} {} same_turn_pairs={} void={}",
            self.pairs,
            2 * self.pairs,
            self.penta_text(),
            self.sprt(bounds).fields(),
            self.same_turn_pairs,
            self.void()
        )
    }

    /// `LL,LD,DD,DW,WW`.
    fn penta_text(&self) -> String {
        self.penta.counts.map(|c| c.to_string()).join(",")
    }

    /// The progress line's counts and SPRT: `W/D/L …/…/… penta …, nElo … ± …, LLR … in [lower, upper]`.
    pub(crate) fn brief(&self, bounds: &SprtBounds) -> String {
        let [w, d, l] = self.wdl;
        let s = self.sprt(bounds);
        format!(
            "W/D/L {w}/{d}/{l} penta {}; nElo {:.1} ± {:.1}, LLR {:.2} in [{:.2}, {:.2}]",
            self.penta_text(),
            s.nelo.point,
            (s.nelo.high - s.nelo.low) / 2.0,
            s.llr,
            s.lower,
            s.upper
        )
    }
}
