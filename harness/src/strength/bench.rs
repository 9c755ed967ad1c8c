//! `harness bench`: a fixed search suite, like the chess engines' bench. The default bot's search (its pruning,
//! table, cache and evaluator) chooses the turn in each of the first [`POSITIONS`] frozen openings (their rolls
//! included) at the fixed depth 2, the depth its moves mostly complete, each with a fresh memo and table, so the
//! node count is a property of the code alone (a change to the search shows as another count); the nodes per
//! second it took are this machine's speed under its present load, which is recorded beside it. The main job maps
//! its time control to a node budget with it ([`super::Basis::budget`]): nodes per move = nodes per second x the
//! time per move.

use super::Provenance;
use crate::record::RunMetadata;
use crate::strength::match_runner::bot::{BotSpec, Depth, TimeControl};
use crate::strength::match_runner::openings::Openings;
use engine::search::SearchDepth;
use serde::{Deserialize, Serialize};

/// The openings searched (the first of the frozen file, in order: all 128 of the shipped one).
pub(crate) const POSITIONS: usize = 128;

/// Passes over the positions (each search alike; enough work for a stable speed, about 30,000 nodes).
pub(crate) const PASSES: usize = 4;

/// A node cap far above what a depth-2 search of an opening takes, so it never binds (the count is the search's).
pub(crate) const CAP: u64 = 1_000_000;

/// The layout version of `bench.json`.
pub(crate) const BENCH_VERSION: u32 = 1;

/// `bench.json`: one bench measurement.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BenchRecord {
    pub format_version: u32,
    /// The bot searched (canonical spec).
    pub bot: String,
    /// Positions searched, each once per pass.
    pub positions: usize,
    pub passes: usize,
    /// Search nodes over the suite (deterministic: the same on any machine).
    pub nodes: u64,
    /// Nodes per second (measured: this machine under its load).
    pub nps: f64,
    /// Wall time of the searches.
    pub seconds: f64,
    pub provenance: Provenance,
}

impl BenchRecord {
    /// Nodes the bot searches per move in `ms` milliseconds at this speed (at least 1).
    pub(crate) fn nodes_per_move(&self, ms: u64) -> u64 {
        ((self.nps * ms as f64 / 1000.0).round() as u64).max(1)
    }

    /// `nodes=N nps=R load=1 5 15 machine=…`.
    pub(crate) fn line(&self) -> String {
        format!(
            "nodes={} nps={:.0} seconds={:.3} positions={} passes={} load_start={} load_end={} machine={}",
            self.nodes,
            self.nps,
            self.seconds,
            self.positions,
            self.passes,
            self.provenance.load_start.replace(' ', ","),
            self.provenance.load_end.replace(' ', ","),
            self.provenance.machine
        )
    }

    /// Checks what serde cannot; the error names the field.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.format_version != BENCH_VERSION {
            return Err(format!(
                "field `format_version`: {} (this build reads {BENCH_VERSION})",
                self.format_version
            ));
        }
        if !(self.nps.is_finite() && self.nps > 0.0) {
            return Err(format!(
                "field `nps`: {} is not a positive number",
                self.nps
            ));
        }
        Ok(())
    }
}

/// The suite's bot: the default spec at depth 2, capped at `nodes:`[`CAP`].
pub(crate) fn bot() -> BotSpec {
    BotSpec {
        depth: Depth::Fixed(SearchDepth::Two),
        tc: TimeControl::Nodes(CAP),
        ..BotSpec::default()
    }
}

/// Searches the first `positions` openings once each with `bot`; returns the nodes and the seconds they took.
pub(crate) fn search_suite(
    openings: &Openings,
    bot: &BotSpec,
    positions: usize,
) -> anyhow::Result<(u64, f64)> {
    let mut nodes = 0;
    let mut seconds = 0.0;
    for pair in 0..positions.min(openings.dfens.len()) as u64 {
        let (choice, s) = bot.choose_fresh(openings.for_pair(pair).1)?;
        seconds += s;
        nodes += choice.counters.nodes;
    }
    Ok((nodes, seconds))
}

/// Runs the shipped suite and records it with this machine's provenance.
pub(crate) fn run(openings: &Openings) -> anyhow::Result<BenchRecord> {
    let meta = RunMetadata::collect(0);
    let bot = bot();
    let load_start = super::load_average();
    let (mut nodes, mut seconds) = (0, 0.0);
    for _ in 0..PASSES {
        let (n, s) = search_suite(openings, &bot, POSITIONS)?;
        nodes += n;
        seconds += s;
    }
    let load_end = super::load_average();
    Ok(BenchRecord {
        format_version: BENCH_VERSION,
        bot: bot.to_string(),
        positions: POSITIONS.min(openings.dfens.len()),
        passes: PASSES,
        nodes,
        nps: nodes as f64 / seconds.max(1e-9),
        seconds,
        provenance: Provenance {
            machine: meta.machine(),
            started_utc: meta.started.to_string(),
            git_revision: meta.git_revision,
            rustc: meta.rustc,
            load_start,
            load_end,
            match_folder: String::new(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strength::match_runner::openings;

    #[test]
    fn the_suites_node_count_is_the_same_every_time_and_is_the_searchs_own() {
        let o = openings::tests::shipped_openings();
        let (a, _) = search_suite(&o, &bot(), 3).unwrap();
        let (b, _) = search_suite(&o, &bot(), 3).unwrap();
        assert_eq!(a, b);
        // The cap does not bind: a search to depth 2 takes the nodes it takes, not the budget.
        assert!(a > 3 && a < 3 * CAP, "{a}");
        // A shallower search counts fewer nodes on the same positions: the count is the search's, not the cap's.
        let shallower = BotSpec {
            depth: Depth::Fixed(SearchDepth::One),
            ..bot()
        };
        let (c, _) = search_suite(&o, &shallower, 3).unwrap();
        assert!(c < a, "{c} vs {a}");
    }

    #[test]
    fn a_time_per_move_maps_to_nodes_at_the_measured_speed() {
        let r = crate::strength::tests::basis().bench;
        assert_eq!(r.nodes_per_move(50), 700);
        assert_eq!(r.check(), Ok(()));
        assert!(
            r.line().starts_with("nodes=1000 nps=14000 "),
            "{}",
            r.line()
        );
        let bad = BenchRecord { nps: 0.0, ..r };
        assert!(bad.check().unwrap_err().contains("`nps`"));
    }
}
