//! The expansion experiment's rows: `counts.csv` (counting pass and probe counts), `timings.csv`,
//! `intervals.csv`, `probes.csv`, and its console tables.

use super::Group;
use crate::operation::CountResult;
use crate::operation::probes::FamilyProbes;
use crate::operation::table::{Line, render, render_expansion};
use crate::operation::timing::ArmTiming;
use crate::outln;
use crate::record::schema::{
    EVALUATOR_NS_PER_CALL, IntervalRow, NS_PER_OP, ProbeRow, SPEEDUP_VS_NONE, SPEEDUP_VS_TUPLE,
    TimingPlanRecord, write_probes, write_records,
};
use crate::record::{ArmKey, CountRow, Metric, Provenance, RunFolder, RunMetadata, TimingRow};
use engine::memo::CacheKind;

/// The expansion experiment's rows of `counts.csv` (counting pass), `timings.csv` and `intervals.csv`.
pub(crate) fn expansion_rows(
    groups: &[Group<'_>],
) -> (Vec<CountRow>, Vec<TimingRow>, Vec<IntervalRow>) {
    let mut counts = Vec::new();
    let mut timings = Vec::new();
    let mut intervals = Vec::new();
    for g in groups {
        for (arm, r) in &g.counts {
            let key = arm.key(g.scenario.family.name());
            counts.extend(counting_rows(&key, r));
            if let Some(t) = g.timing(arm) {
                timings.extend(timing_rows(&key, t));
                intervals.extend(interval_rows(&key, t));
            }
            if arm.cache == CacheKind::None
                && let Some(e) = g.evaluator_ns_per_call
            {
                intervals.push(IntervalRow {
                    key: key.clone(),
                    quantity: EVALUATOR_NS_PER_CALL.to_owned(),
                    interval: e,
                });
            }
        }
    }
    (counts, timings, intervals)
}

/// One timed arm's intervals, whole: time per operation and the speedups whose baseline was timed.
fn interval_rows(key: &ArmKey, t: &ArmTiming) -> Vec<IntervalRow> {
    let quantities = [
        (NS_PER_OP, Some(t.ns_per_op)),
        (SPEEDUP_VS_NONE, t.speedup_vs_none),
        (SPEEDUP_VS_TUPLE, t.speedup_vs_tuple),
    ];
    quantities
        .into_iter()
        .filter_map(|(quantity, i)| {
            Some(IntervalRow {
                key: key.clone(),
                quantity: quantity.to_owned(),
                interval: i?,
            })
        })
        .collect()
}

/// Adds a timed stage's plan to `timing_plan.csv` (one row per setting): the expansion stage writes it first,
/// the search stage adds its rows.
pub(crate) fn append_plan(
    plan: Vec<TimingPlanRecord>,
    meta: &RunMetadata,
    folder: &RunFolder,
) -> anyhow::Result<()> {
    let prov = Provenance::of(meta);
    let path = folder.path().join("timing_plan.csv");
    let mut rows: Vec<TimingPlanRecord> = if path.exists() {
        crate::record::schema::read_records(&path)?
            .into_iter()
            .map(|r| r.record)
            .collect()
    } else {
        Vec::new()
    };
    rows.extend(plan.into_iter().map(|r| r.with_provenance(&prov)));
    folder.write("timing_plan.csv", &write_records(rows, &path)?)?;
    Ok(())
}

/// Writes `probes.csv` from the optimized cache's probe statistics; returns their `counts.csv` rows.
pub(crate) fn write_probes_file(
    probes: &[FamilyProbes],
    meta: &RunMetadata,
    folder: &RunFolder,
) -> anyhow::Result<Vec<CountRow>> {
    let rows: Vec<ProbeRow> = probes.iter().flat_map(|p| p.probe_rows()).collect();
    let path = folder.path().join("probes.csv");
    folder.write(
        "probes.csv",
        &write_probes(&rows, &Provenance::of(meta), &path)?,
    )?;
    Ok(probes.iter().flat_map(|p| p.count_rows()).collect())
}

/// The counting pass's rows, in [`Metric::COUNTING_PASS`] order.
fn counting_rows(key: &ArmKey, r: &CountResult) -> Vec<CountRow> {
    let values: [i128; Metric::COUNTING_PASS.len()] = [
        r.values.len() as i128,
        r.values.iter().map(|&v| v as i128).sum(),
        r.memo.evaluator_calls as i128,
        r.memo.cache_hits as i128,
        r.memo.entry_count as i128,
        r.chance.generation.geometry as i128,
        r.chance.class_edges as i128,
        r.chance.generation.transitions as i128,
        r.chance.replays as i128,
        r.chance.generation.emissions as i128,
    ];
    CountRow::rows(key, Metric::COUNTING_PASS.into_iter().zip(values))
}

/// One timed arm's `timings.csv` rows: its counts and usage (its intervals go to `intervals.csv` alone).
fn timing_rows(key: &ArmKey, t: &ArmTiming) -> Vec<TimingRow> {
    let mut pairs = vec![
        (Metric::Rounds, t.rounds as f64),
        (Metric::Sessions, t.ns_per_op.n as f64),
    ];
    if let Some(u) = t.usage {
        pairs.extend([
            (Metric::UserNsPerOp, u.user_ns),
            (Metric::SysNsPerOp, u.sys_ns),
            (Metric::MinorFaultsPerOp, u.minor_faults),
            (Metric::MajorFaultsPerOp, u.major_faults),
        ]);
    }
    TimingRow::rows(key, pairs)
}

/// The compact console tables: counts and times per arm, expansion counters per family.
pub(crate) fn print_tables(groups: &[Group<'_>]) {
    let mut lines = Vec::new();
    for g in groups {
        for (arm, counts) in &g.counts {
            lines.push(Line {
                scenario: g.scenario.family.name(),
                arm: *arm,
                counts,
                timing: g.timing(arm),
            });
        }
    }
    outln!("{}", render(&lines));
    outln!("{}", render_expansion(&lines));
    outln!(
        "ns/op = one successor fully expanded with fresh caches: geometric mean over sessions (fresh timing \
         processes) with a 95% Student-t interval over sessions; speedup = time(none) / time(variant) from samples \
         of one successor taken back to back in a seeded order (> 1 = faster); sessions, rounds and why each \
         setting's timing stopped: timing_plan.csv."
    );
}
