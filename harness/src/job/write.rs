//! The run's shared files, written once every experiment has added its rows: `counts.csv`, `timings.csv`,
//! `intervals.csv`, `summary.json`.

use super::summary;
use crate::experiments::expansion::glance::Glance;
use crate::experiments::{Findings, MainRun};
use crate::record::schema::{IntervalTable, write_intervals, write_tidy};
use crate::record::{MetricTable, Provenance, RunFolder, RunMetadata};

/// The tables the files were written from (for the console summary).
pub(crate) struct Written {
    /// `counts.csv`'s rows.
    pub counts: MetricTable<i128>,
    /// `timings.csv`'s rows.
    pub timings: MetricTable<f64>,
    /// `intervals.csv`'s rows.
    pub intervals: IntervalTable,
}

/// Writes the run's shared tidy files, `counts.csv` and `timings.csv`, from the rows the experiments added.
pub(crate) fn write_results(run: MainRun<'_>) -> anyhow::Result<(Written, Findings)> {
    let prov = Provenance::of(run.meta);
    let path = |name: &str| run.folder.path().join(name);
    run.folder.write(
        "counts.csv",
        &write_tidy(&run.counts, &prov, &path("counts.csv"))?,
    )?;
    run.folder.write(
        "timings.csv",
        &write_tidy(&run.timings, &prov, &path("timings.csv"))?,
    )?;
    run.folder.write(
        "intervals.csv",
        &write_intervals(&run.intervals, &prov, &path("intervals.csv"))?,
    )?;
    let written = Written {
        counts: MetricTable::from_rows(run.counts, &path("counts.csv")),
        timings: MetricTable::from_rows(run.timings, &path("timings.csv")),
        intervals: IntervalTable::from_rows(run.intervals),
    };
    Ok((written, run.findings))
}

/// Writes `summary.json` (keys documented in docs/results.md).
pub(crate) fn write_summary(
    answer: &[crate::answer::Claim],
    glance: &[Glance],
    meta: &RunMetadata,
    folder: &RunFolder,
    stages: summary::StageHeadlines<'_>,
) -> anyhow::Result<()> {
    let json = summary::summary_json(answer, glance, meta, stages)?;
    folder.write("summary.json", json.as_bytes())?;
    Ok(())
}
