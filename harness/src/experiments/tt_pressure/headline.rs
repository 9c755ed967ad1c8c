//! The TT-pressure slice's headline: `summary.json`'s `tt_pressure` (absent when the stage was skipped).

use serde::Serialize;

/// The TT-pressure slice's headline in `summary.json` (absent when the stage was skipped).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub(crate) struct TtPressureHeadline {
    /// Moves of the fixed game.
    pub moves: u64,
    /// Depth in full turns.
    pub depth_turns: u8,
    /// Entries the unbounded table held at the end.
    pub unbounded_entries: u64,
    /// The sizes swept (log2 entries).
    pub sizes_log2: Vec<u8>,
    /// The largest size at which the schemes are more than 5% apart in nodes (`null`: never).
    pub scheme_matters_up_to_log2: Option<u8>,
    /// The worst scheme's extra nodes over the best at the smallest size, in percent.
    pub smallest_size_extra_nodes_percent: f64,
    /// The largest such extra at any size, in percent.
    pub largest_extra_nodes_percent: f64,
    /// Whether every arm made every root decision (value and path) the unbounded table made.
    pub all_decisions_equal: bool,
    /// Wall time of the stage.
    pub seconds: f64,
}

impl TtPressureHeadline {
    /// The headline of a finished stage.
    pub(crate) fn of(outcome: &super::TtPressureOutcome) -> TtPressureHeadline {
        let f = &outcome.findings;
        let pct = |s: Option<&super::SizeSpread>| s.map_or(0.0, |s| 100.0 * s.extra_nodes);
        TtPressureHeadline {
            moves: f.moves,
            depth_turns: f.depth_turns,
            unbounded_entries: f.unbounded_entries,
            sizes_log2: f.sizes.iter().map(|s| s.log2).collect(),
            scheme_matters_up_to_log2: f.matters_up_to,
            smallest_size_extra_nodes_percent: pct(f.tightest()),
            largest_extra_nodes_percent: pct(f.largest_extra()),
            all_decisions_equal: f.all_decisions_equal,
            seconds: outcome.seconds,
        }
    }
}
