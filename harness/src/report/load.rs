//! Reading a run folder back into typed rows: `metadata.txt` and the results CSVs, each checked for what the report
//! needs, with errors that name the file, line and field.

use crate::record::schema::{
    IntervalTable, LEGACY_QUANTITIES, NS_PER_OP, ProbeTable, UnknownMetrics, legacy_rows,
};
use crate::record::{Metric, MetricTable, SchemaError, is_partial, latest_complete_run};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// The shared files of a run folder, which every section may read; each experiment's own files are read by its
/// section (see [`crate::experiments::Experiment::section`]).
#[derive(Debug, Clone)]
pub(crate) struct RunResults {
    pub dir: PathBuf,
    /// `metadata.txt` as ordered key/value pairs.
    pub metadata: Vec<(String, String)>,
    /// `counts.csv` (deterministic: counters, and instruction counts when measured), exact integers.
    pub counts: MetricTable<i128>,
    /// `timings.csv`.
    pub timings: MetricTable<f64>,
    /// `intervals.csv`: every interval whole (for runs written before it, built from `timings.csv`'s metric rows;
    /// see [`IntervalTable::of_run`]).
    pub intervals: IntervalTable,
    /// `allocations.csv`, when the allocation profile ran.
    pub allocations: Option<MetricTable<f64>>,
    /// `probes.csv`, absent in runs made before it was collected.
    pub probes: Option<ProbeTable>,
}

/// A run folder's `metadata.txt` as ordered key/value pairs (every run folder has one, a comparison's too).
pub(crate) fn read_metadata(dir: &Path) -> Result<Vec<(String, String)>> {
    let meta_path = dir.join("metadata.txt");
    if !meta_path.is_file() {
        bail!("{}: missing (every run folder has it)", meta_path.display());
    }
    let text = std::fs::read_to_string(&meta_path)
        .with_context(|| format!("{}: cannot read", meta_path.display()))?;
    let mut metadata = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            bail!(
                "{}: line {}: expected `key=value`, found `{line}`",
                meta_path.display(),
                i + 1
            );
        };
        metadata.push((k.trim().to_owned(), v.trim().to_owned()));
    }
    Ok(metadata)
}

impl RunResults {
    /// Loads a run folder. `counts.csv`, `timings.csv` and `metadata.txt` are required; `allocations.csv` and
    /// `probes.csv` are optional, but present means well-formed. Each file must hold every row the report needs
    /// (see [`RunResults::check_complete`]), so a file cut at a line boundary fails naming the missing row.
    pub(crate) fn load(dir: &Path) -> Result<RunResults> {
        if !dir.is_dir() {
            bail!(
                "{}: not a results folder (no such directory)",
                dir.display()
            );
        }
        if is_partial(dir) {
            bail!(
                "{}: an incomplete run folder (still being written, or its run failed)",
                dir.display()
            );
        }
        let metadata = read_metadata(dir)?;
        let counts = MetricTable::read(&dir.join("counts.csv"), UnknownMetrics::Skip)?;
        let timings = MetricTable::read(&dir.join("timings.csv"), UnknownMetrics::Skip)?;
        let optional = |name: &str| {
            let p = dir.join(name);
            p.exists().then_some(p)
        };
        let intervals = IntervalTable::of_run(dir, &timings)?;
        let allocations = optional("allocations.csv")
            .map(|p| MetricTable::read(&p, UnknownMetrics::Skip))
            .transpose()?;
        let probes = optional("probes.csv")
            .map(|p| ProbeTable::read(&p))
            .transpose()?;
        let results = RunResults {
            dir: dir.to_path_buf(),
            metadata,
            counts,
            timings,
            intervals,
            allocations,
            probes,
        };
        results.check_complete()?;
        Ok(results)
    }

    /// The rows the report needs, present together:
    /// - every arm with counting-pass rows has all of them, and its setting (family x evaluator x traversal) was
    ///   timed (the main job times every setting it counts, with the variants of its [`crate::experiments::Race`]);
    /// - every timed arm has every timing figure, and every arm with probe, growth, instruction, callgrind
    ///   operation or allocation rows has the whole set;
    /// - `probes.csv`'s histogram of each arm adds up to its `probe_lookups` count.
    pub(crate) fn check_complete(&self) -> Result<(), SchemaError> {
        let c = &self.counts;
        let incomplete = |path: &Path, message: String| {
            let path = path.to_path_buf();
            Err(SchemaError::Incomplete { path, message })
        };
        c.require_complete(&Metric::COUNTING_PASS, "counting-pass")?;
        c.require_complete(&Metric::PROBES, "probe")?;
        c.require_complete(&Metric::GROWTH, "growth")?;
        c.require_complete(&Metric::INSTRUCTIONS, "instruction")?;
        c.require_complete(&Metric::CACHE_SIMULATION, "cache-simulation")?;
        c.require_complete(&Metric::CALLGRIND_OPERATION, "callgrind operation")?;
        // Runs that record the measured operation's counts do so for every measured arm.
        if c.has_metric(Metric::CallgrindOpLookups) {
            for arm in c.arms_with(Metric::InstructionsTotal) {
                if c.exact(&arm, Metric::CallgrindOpLookups).is_none() {
                    let message =
                        format!("{arm} has instruction rows but no `callgrind_op_lookups` row");
                    return incomplete(&c.path, message);
                }
            }
        }
        // Runs before `intervals.csv` hold each timing interval as metric rows, all three or none. In every layout
        // a timed arm has a round count and its time per operation.
        for rows in LEGACY_QUANTITIES.map(legacy_rows) {
            self.timings.require_complete(&rows, "timing")?;
        }
        let timed = self.timings.arms_with(Metric::Rounds);
        let legacy = self.timings.arms_with(Metric::NsPerOpMedian);
        let no_rounds = legacy.iter().find(|a| !timed.contains(a));
        let no_time = || {
            timed
                .iter()
                .find(|a| self.intervals.get(a, NS_PER_OP).is_none())
        };
        if let Some(arm) = no_rounds.or_else(no_time) {
            let message =
                format!("{arm} has timing rows but no `rounds` row or no `{NS_PER_OP}` interval");
            return incomplete(&self.timings.path, message);
        }
        if let Some(a) = &self.allocations {
            a.require_complete(&Metric::ALLOCATION, "allocation")?;
        }
        // Every counted setting was timed; which of its variants were is the run's race (by default the five
        // implementations with the traversal cache on, no cache and optimized with it off), so a counted variant
        // may lack timings only where another variant of its setting has them.
        for arm in c.arms_with(Metric::EvaluatorCalls) {
            let setting_timed = timed.iter().any(|t| {
                (&t.scenario, &t.evaluator, &t.traversal)
                    == (&arm.scenario, &arm.evaluator, &arm.traversal)
            });
            if !setting_timed {
                let message = format!("{arm} was counted but its setting has no timing rows");
                return incomplete(&self.timings.path, message);
            }
        }
        for arm in timed {
            if c.exact(&arm, Metric::EvaluatorCalls).is_none() {
                return incomplete(
                    &c.path,
                    format!("{arm} was timed but has no counting-pass rows"),
                );
            }
        }
        if let Some(p) = &self.probes {
            for arm in c.arms_with(Metric::ProbeLookups) {
                let want = c.exact(&arm, Metric::ProbeLookups).unwrap_or(0);
                let got = p.total(&arm) as i128;
                if got != want {
                    let message = format!(
                        "{arm}: the histogram counts {got} lookups but counts.csv records {want} (`probe_lookups`)"
                    );
                    return incomplete(&self.dir.join("probes.csv"), message);
                }
            }
        }
        Ok(())
    }

    /// A metadata value (`unknown` when absent).
    pub(crate) fn meta(&self, key: &str) -> &str {
        self.metadata
            .iter()
            .find(|(k, _)| k == key)
            .map_or("unknown", |(_, v)| v.as_str())
    }
}

/// The latest complete run folder under `base` (`.partial` folders are ignored).
pub(crate) fn latest_run(base: &Path) -> Result<PathBuf> {
    // Interrupted and incomplete runs are never picked; they are named so that a user looking for one knows.
    for (dir, what) in crate::record::partial_runs(base) {
        crate::status!("note: {} not reported ({what})", dir.display());
    }
    latest_complete_run(base)
        .with_context(|| format!("{}: cannot list results folders", base.display()))?
        .with_context(|| {
            format!(
                "{}: no complete run folder with counts.csv; run `cargo run --release` first",
                base.display()
            )
        })
}
