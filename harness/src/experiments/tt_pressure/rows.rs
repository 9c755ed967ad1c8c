//! The sweep's results as `tt_pressure.csv` rows, every ratio relative to the unbounded arm.

use super::{ArmResult, Config, FixedGame, TableArm};
use crate::experiments::tt_pressure::TtPressureRecord;
use crate::record::Provenance;

/// One row per arm, in sweep order; `None` when the results hold no unbounded arm or it did no work.
pub(crate) fn records(
    results: &[ArmResult],
    game: &FixedGame,
    config: &Config,
    prov: &Provenance,
) -> Option<Vec<TtPressureRecord>> {
    let base = results.iter().find(|r| r.arm == TableArm::Unbounded)?;
    let (base_nodes, base_calls) = (base.counters.nodes, base.counters.evaluator_calls);
    if base_nodes == 0 || base_calls == 0 {
        return None;
    }
    let rows = results
        .iter()
        .map(|r| {
            let c = &r.counters;
            TtPressureRecord {
                scheme: r.arm.rule_name().to_string(),
                size_log2: r.arm.log2(),
                capacity_entries: r.capacity.map(|c| c as u64),
                occupied_entries: r.occupied as u64,
                unbounded_entries: game.unbounded_entries as u64,
                start_dfen: config.start.to_dfen(),
                depth_turns: config.depth.turns(),
                moves: r.moves as u64,
                nodes: c.nodes,
                leaves: c.leaves,
                evaluator_calls: c.evaluator_calls,
                tt_probes: c.tt_probes,
                tt_hits: c.tt_hits,
                tt_cutoffs: c.tt_cutoffs,
                tt_stores: c.tt_stores,
                tt_overwrites: c.tt_overwrites,
                time_ns: r.elapsed.as_nanos() as u64,
                decisions_equal: r.decisions_equal as u64,
                nodes_vs_unbounded: c.nodes as f64 / base_nodes as f64,
                evaluator_calls_vs_unbounded: c.evaluator_calls as f64 / base_calls as f64,
                machine: String::new(),
                rustc: String::new(),
                git_revision: String::new(),
                seed: config.seed,
            }
            .with_provenance(prov)
        })
        .collect();
    Some(rows)
}
