//! The bounded-cache stage: the sweep over the chosen families and workloads into `bounded_cache.csv`, its table
//! and at-a-glance lines on the console. The main job runs a short slice ([`BoundedStage::main_job_slice`]);
//! `harness bounded-cache` the full sweep.

use crate::exit::Failure;
use crate::experiments::Job;
use crate::experiments::bounded_cache::findings::BoundedFindings;
use crate::experiments::bounded_cache::sweep::{SAMPLE_MS, count_sweep, records};
use crate::experiments::bounded_cache::{Capacities, Invocations, Sweep, Workload};
use crate::measure::kernel::Sessions;
use crate::record::schema::write_records;
use crate::record::{Provenance, RunFolder, RunMetadata};
use crate::scenario::{Family, LoadedScenario};
use crate::{outln, status};
use anyhow::Result;
use engine::memo::BoundedPolicy;
use std::time::Instant;

/// What the stage measures.
#[derive(Clone, Debug)]
pub(crate) struct BoundedStage {
    /// Families (of those loaded).
    pub families: Vec<Family>,
    pub workloads: Vec<Workload>,
    /// The sweep: rules, capacities, roots, timing.
    pub sweep: Sweep,
}

impl BoundedStage {
    /// The main job's slice, a few seconds on two cores: one family's first root (`transposition-rich`, or the
    /// first of the job's families when it leaves it out), both workloads, both rules, every capacity from 2^6 to
    /// full, the job's short sessions.
    pub(crate) fn main_job_slice(job: &Job) -> BoundedStage {
        let families = &job.families;
        let family = if families.contains(&Family::TranspositionRich) || families.is_empty() {
            Family::TranspositionRich
        } else {
            families[0]
        };
        BoundedStage {
            families: vec![family],
            workloads: Workload::ALL.to_vec(),
            sweep: Sweep {
                policies: BoundedPolicy::ALL.to_vec(),
                capacities: Capacities::default(),
                first: Some(1),
                sessions: Sessions::of(job.quick, SAMPLE_MS, job.seed),
                timing_exe: job.timing_exe.clone(),
                scenarios_dir: job.scenarios_dir.clone(),
            },
        }
    }
}

/// Runs the stage and writes `bounded_cache.csv` into `folder`; a parity failure is a [`Failure::Mismatch`]
/// (nothing written).
pub(crate) fn run_bounded_cache(
    scenarios: &[LoadedScenario],
    stage: &BoundedStage,
    meta: &RunMetadata,
    folder: &RunFolder,
) -> Result<BoundedFindings> {
    let start = Instant::now();
    let mut invocations = Vec::new();
    for &workload in &stage.workloads {
        for s in scenarios
            .iter()
            .filter(|s| stage.families.contains(&s.family))
        {
            invocations.push(Invocations::of(s, workload, stage.sweep.first)?);
        }
    }
    status!(
        "bounded cache: {} workload x family groups, rules {:?}, capacities 2^{}",
        invocations.len(),
        stage
            .sweep
            .policies
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>(),
        stage.sweep.capacities
    );
    let counted = match count_sweep(&invocations, &stage.sweep) {
        Ok(c) => c,
        Err(e) => {
            return Err(Failure::Mismatch.because(format!(
                "{e}\nbounded-cache parity failed: no result file was kept"
            )));
        }
    };
    let records = records(&invocations, &counted, &stage.sweep, &Provenance::of(meta))?;
    let path = folder.path().join("bounded_cache.csv");
    folder.write("bounded_cache.csv", &write_records(records.clone(), &path)?)?;
    let findings = BoundedFindings::of(&records);
    outln!("{}", findings.table().plain());
    for line in findings.glance_lines() {
        outln!("{line}");
    }
    status!(
        "bounded-cache stage finished in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(findings)
}
