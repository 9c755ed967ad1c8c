//! What the experiments of one main-job run share: the job, the verified scenarios, the run folder, the rows of
//! the run's shared tidy files (`counts.csv`, `timings.csv`) and each experiment's findings for At a glance and
//! `summary.json`.

use crate::experiments::Job;
use crate::record::schema::{BreakEvenRecord, IntervalRow};
use crate::record::{CountRow, RunFolder, RunMetadata, TimingRow};
use crate::scenario::LoadedScenario;
use std::sync::Arc;

/// One main-job run in progress.
pub(crate) struct MainRun<'a> {
    /// The job as the command line resolved it.
    pub job: &'a Job,
    /// The verified scenarios, in family order.
    pub scenarios: &'a [LoadedScenario],
    /// The run's metadata (seed, machine, git state: read once).
    pub meta: &'a RunMetadata,
    /// The run folder (`.partial` while the run writes).
    pub folder: &'a RunFolder,
    /// Rows of `counts.csv`, in the order the experiments add them.
    pub counts: Vec<CountRow>,
    /// Rows of `timings.csv`.
    pub timings: Vec<TimingRow>,
    /// Rows of `intervals.csv`.
    pub intervals: Vec<IntervalRow>,
    /// What the experiments found, for At a glance and `summary.json`.
    pub findings: Findings,
    /// Whether the run's correctness check has passed: the counting lane waits for it
    /// ([`crate::experiments::lanes`]).
    pub(crate) checked: Arc<super::lanes::Checked>,
}

/// What the experiments found that other parts of the run read; `None` where it did not run.
#[derive(Default)]
pub(crate) struct Findings {
    /// The experiments' headlines: each a top-level key of `summary.json` ([`MainRun::headline`]).
    pub(crate) headlines: std::collections::BTreeMap<&'static str, serde_json::Value>,
    /// The break-even map's short grid (At a glance reads its break-evens).
    pub break_even: Option<Vec<BreakEvenRecord>>,
    /// How the expansion stage's timing ran (mode, load averages, lanes).
    pub(crate) timing: Option<crate::measure::usage::TimingConditions>,
}

impl<'a> MainRun<'a> {
    /// A run with no rows or findings yet.
    pub(crate) fn new(
        job: &'a Job,
        scenarios: &'a [LoadedScenario],
        meta: &'a RunMetadata,
        folder: &'a RunFolder,
    ) -> MainRun<'a> {
        MainRun {
            job,
            scenarios,
            meta,
            folder,
            counts: Vec::new(),
            timings: Vec::new(),
            intervals: Vec::new(),
            findings: Findings::default(),
            checked: Arc::default(),
        }
    }

    /// Sets `key` of `summary.json` to an experiment's headline (documented in docs/results.md with the
    /// experiment).
    pub(crate) fn headline(
        &mut self,
        key: &'static str,
        value: &impl serde::Serialize,
    ) -> anyhow::Result<()> {
        self.findings
            .headlines
            .insert(key, serde_json::to_value(value)?);
        Ok(())
    }

    /// Says that the run's correctness check (the expansion's parity) has passed, so the work that does not wait
    /// for the timings may start beside them.
    pub(crate) fn checks_passed(&self) {
        self.checked.set(true);
    }
}
