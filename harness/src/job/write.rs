//! Stage 5: the run's files (`counts.csv`, `timings.csv`, `probes.csv`, `instructions-status.txt`,
//! `summary.json`) and the console tables.

use super::profile::Profiles;
use super::{Group, summary};
use crate::measure::Plan;
use crate::outln;
use crate::record::schema::{ProbeRow, write_probes, write_tidy};
use crate::record::{
    ArmKey, CountRow, Metric, MetricTable, Provenance, RunFolder, RunMetadata, TimingRow,
};
use crate::report::glance::Glance;
use crate::run::CountResult;
use crate::run::table::{Line, render, render_expansion};
use crate::run::timing::ArmTiming;
use crate::statistics::Interval;

/// The tables the files were written from (for the console summary).
pub struct Written {
    /// `counts.csv`'s rows.
    pub counts: MetricTable<i128>,
    /// `timings.csv`'s rows.
    pub timings: MetricTable<f64>,
}

/// Writes the CSVs into the run folder.
pub fn write_results(
    groups: &[Group<'_>],
    profiles: &Profiles,
    meta: &RunMetadata,
    folder: &RunFolder,
) -> anyhow::Result<Written> {
    let prov = Provenance::of(meta);
    let mut counts = Vec::new();
    let mut timings = Vec::new();
    for g in groups {
        for (i, (arm, r)) in g.counts.iter().enumerate() {
            let key = arm.key(g.scenario.family.name());
            counts.extend(counting_rows(&key, r));
            if let Some(t) = g.timings.get(i) {
                timings.extend(timing_rows(&key, t));
            }
        }
    }
    counts.extend(profiles.probes.iter().flat_map(|p| p.count_rows()));
    counts.extend(profiles.instruction_rows.iter().cloned());
    let probe_rows: Vec<ProbeRow> = profiles
        .probes
        .iter()
        .flat_map(|p| p.probe_rows())
        .collect();
    let path = |name: &str| folder.path().join(name);
    folder.write(
        "probes.csv",
        &write_probes(&probe_rows, &prov, &path("probes.csv"))?,
    )?;
    folder.write(
        "instructions-status.txt",
        profiles.instructions_note.as_bytes(),
    )?;
    folder.write(
        "counts.csv",
        &write_tidy(&counts, &prov, &path("counts.csv"))?,
    )?;
    folder.write(
        "timings.csv",
        &write_tidy(&timings, &prov, &path("timings.csv"))?,
    )?;
    Ok(Written {
        counts: MetricTable::from_rows(counts, &path("counts.csv")),
        timings: MetricTable::from_rows(timings, &path("timings.csv")),
    })
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

/// One timed arm's rows: [`Metric::TIMING`], then the speedups whose baseline was timed.
fn timing_rows(key: &ArmKey, t: &ArmTiming) -> Vec<TimingRow> {
    let mut pairs = vec![
        (Metric::NsPerOpMedian, t.ns_per_op.point),
        (Metric::NsPerOpCi95Low, t.ns_per_op.low),
        (Metric::NsPerOpCi95High, t.ns_per_op.high),
        (Metric::NsPerOpCiCoverage, t.ns_per_op.level),
        (Metric::Rounds, t.ns_per_op.n as f64),
        (Metric::PassesPerSample, t.passes_per_sample as f64),
    ];
    let speedups: [(&str, Option<Interval>); 2] =
        [("none", t.speedup_vs_none), ("tuple", t.speedup_vs_tuple)];
    for (base, s) in speedups {
        if let (Some(s), Some([m, lo, hi])) = (s, Metric::speedup_vs(base)) {
            pairs.extend([(m, s.point), (lo, s.low), (hi, s.high)]);
        }
    }
    TimingRow::rows(key, pairs)
}

/// Writes `summary.json` (keys documented in the README).
pub fn write_summary(
    glance: &[Glance],
    meta: &RunMetadata,
    folder: &RunFolder,
    stages: summary::StageHeadlines<'_>,
) -> anyhow::Result<()> {
    let json = summary::summary_json(glance, meta, stages)?;
    folder.write("summary.json", json.as_bytes())?;
    Ok(())
}

/// The compact console tables: counts and times per arm, expansion counters per family.
pub fn print_tables(groups: &[Group<'_>], plan: &Plan) {
    let mut lines = Vec::new();
    for g in groups {
        for (i, (arm, counts)) in g.counts.iter().enumerate() {
            lines.push(Line {
                scenario: g.scenario.family.name(),
                arm: *arm,
                counts,
                timing: g.timings.get(i),
            });
        }
    }
    outln!("{}", render(&lines));
    outln!("{}", render_expansion(&lines));
    outln!(
        "ns/op = one outer successor fully expanded with fresh caches: median of {}-{} interleaved rounds \
         (per group, by time budget), with a distribution-free 95% interval; speedup = time(none) / time(variant), \
         paired per round (> 1 = faster).",
        plan.min_rounds,
        plan.max_rounds
    );
}
