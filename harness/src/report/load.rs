//! Reading a run folder back into typed rows: `metadata.txt` and the results CSVs, each checked for what the report
//! needs, with errors that name the file, line and field.

use crate::record::schema::{
    BoundedCacheRecord, BreakEvenRecord, ProbeRow, SearchRecord, TtPressureRecord,
    read_bounded_cache, read_break_even, read_probes, read_search, read_tt_pressure,
};
use crate::record::schema::{IntervalTable, UnknownMetrics, read_intervals};
use crate::record::{ArmKey, Metric, MetricTable, SchemaError, is_partial, latest_complete_run};
use anyhow::{Context, Result, bail};
use engine::memo::CacheKind;
use std::path::{Path, PathBuf};

/// `probes.csv`: the optimized cache's probe-length histograms.
#[derive(Debug, Default, Clone)]
pub struct ProbeTable {
    rows: Vec<ProbeRow>,
    /// Scenario families in order of first appearance.
    pub scenarios: Vec<String>,
}

impl ProbeTable {
    /// Reads `path` (see [`read_probes`]).
    pub fn read(path: &Path) -> Result<ProbeTable, SchemaError> {
        let rows = read_probes(path)?;
        let mut scenarios: Vec<String> = Vec::new();
        for r in &rows {
            if !scenarios.contains(&r.key.scenario) {
                scenarios.push(r.key.scenario.clone());
            }
        }
        Ok(ProbeTable { rows, scenarios })
    }

    /// The histogram of `arm` as (probe length, lookups), lengths ascending.
    pub fn histogram(&self, arm: &ArmKey) -> Vec<(u64, u64)> {
        let mut h: Vec<(u64, u64)> = self
            .rows
            .iter()
            .filter(|r| r.key == *arm)
            .map(|r| (r.probe_length, r.lookups))
            .collect();
        h.sort_unstable();
        h
    }

    /// Total lookups of `arm` over all probe lengths.
    pub fn total(&self, arm: &ArmKey) -> u64 {
        self.histogram(arm).iter().map(|(_, n)| n).sum()
    }
}

/// Everything a report is made from.
#[derive(Debug, Clone)]
pub struct RunResults {
    /// The run folder.
    pub dir: PathBuf,
    /// `metadata.txt` as ordered key/value pairs.
    pub metadata: Vec<(String, String)>,
    /// `counts.csv` (deterministic: counters, and instruction counts when measured), exact integers.
    pub counts: MetricTable<i128>,
    /// `timings.csv`.
    pub timings: MetricTable<f64>,
    /// `intervals.csv`: every interval whole (empty for runs written before it existed, whose readers rebuild
    /// speedups from `timings.csv`).
    pub intervals: IntervalTable,
    /// `allocations.csv`, when the allocation profile ran.
    pub allocations: Option<MetricTable<f64>>,
    /// `probes.csv`, absent in runs made before it was collected.
    pub probes: Option<ProbeTable>,
    /// `search.csv`, absent when the search stage was skipped or in runs made before it existed.
    pub search: Option<Vec<SearchRecord>>,
    /// `bounded_cache.csv`, absent when the bounded-cache stage was skipped or in runs made before it existed.
    pub bounded_cache: Option<Vec<BoundedCacheRecord>>,
    /// `tt_pressure.csv`, absent when the TT-pressure slice was skipped or in runs made before it existed.
    pub tt_pressure: Option<Vec<TtPressureRecord>>,
    /// `break_even.csv`, absent when the break-even stage was skipped or in runs made before it existed.
    pub break_even: Option<Vec<BreakEvenRecord>>,
    /// `instructions-status.txt`: why instruction counts are absent or how they were measured.
    pub instructions_note: Option<String>,
}

impl RunResults {
    /// Loads a run folder. `counts.csv`, `timings.csv` and `metadata.txt` are required; `allocations.csv` and
    /// `probes.csv` are optional, but present means well-formed. Each file must hold every row the report needs
    /// (see [`RunResults::check_complete`]), so a file cut at a line boundary fails naming the missing row.
    pub fn load(dir: &Path) -> Result<RunResults> {
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
        let counts = MetricTable::read(&dir.join("counts.csv"), UnknownMetrics::Skip)?;
        let timings = MetricTable::read(&dir.join("timings.csv"), UnknownMetrics::Skip)?;
        let optional = |name: &str| {
            let p = dir.join(name);
            p.exists().then_some(p)
        };
        let intervals = optional("intervals.csv")
            .map(|p| read_intervals(&p))
            .transpose()?
            .unwrap_or_default();
        let allocations = optional("allocations.csv")
            .map(|p| MetricTable::read(&p, UnknownMetrics::Skip))
            .transpose()?;
        let probes = optional("probes.csv")
            .map(|p| ProbeTable::read(&p))
            .transpose()?;
        let search = optional("search.csv")
            .map(|p| read_search(&p))
            .transpose()?;
        let bounded_cache = optional("bounded_cache.csv")
            .map(|p| read_bounded_cache(&p))
            .transpose()?;
        let tt_pressure = optional("tt_pressure.csv")
            .map(|p| read_tt_pressure(&p))
            .transpose()?;
        let break_even = optional("break_even.csv")
            .map(|p| read_break_even(&p))
            .transpose()?;
        let instructions_note = std::fs::read_to_string(dir.join("instructions-status.txt"))
            .ok()
            .map(|s| s.trim().to_owned());
        let results = RunResults {
            dir: dir.to_path_buf(),
            metadata,
            counts,
            timings,
            intervals,
            allocations,
            probes,
            search,
            bounded_cache,
            tt_pressure,
            break_even,
            instructions_note,
        };
        results.check_complete()?;
        Ok(results)
    }

    /// The rows the report needs, present together:
    /// - every arm with counting-pass rows has all of them, and every such arm was timed (the main job times every
    ///   arm it counts);
    /// - every timed arm has every timing figure, and every arm with probe, growth, instruction, callgrind
    ///   operation or allocation rows has the whole set;
    /// - `probes.csv`'s histogram of each arm adds up to its `probe_lookups` count.
    pub fn check_complete(&self) -> Result<(), SchemaError> {
        let c = &self.counts;
        c.require_complete(&Metric::COUNTING_PASS, "counting-pass")?;
        c.require_complete(&Metric::PROBES, "probe")?;
        c.require_complete(&Metric::GROWTH, "growth")?;
        c.require_complete(&Metric::INSTRUCTIONS, "instruction")?;
        c.require_complete(&Metric::CALLGRIND_OPERATION, "callgrind operation")?;
        // Runs that record the measured operation's counts do so for every measured arm.
        if c.has_metric(Metric::CallgrindOpLookups) {
            for arm in c.arms_with(Metric::InstructionsTotal) {
                if c.exact(&arm, Metric::CallgrindOpLookups).is_none() {
                    return Err(SchemaError::Incomplete {
                        path: c.path.clone(),
                        message: format!(
                            "{arm} has instruction rows but no `callgrind_op_lookups` row"
                        ),
                    });
                }
            }
        }
        self.timings.require_complete(&Metric::TIMING, "timing")?;
        for base in [CacheKind::None, CacheKind::Tuple] {
            if let Some(set) = Metric::speedup_vs(base) {
                self.timings.require_complete(&set, "speedup")?;
            }
        }
        if let Some(a) = &self.allocations {
            a.require_complete(&Metric::ALLOCATION, "allocation")?;
        }
        for arm in c.arms_with(Metric::EvaluatorCalls) {
            if self.timings.exact(&arm, Metric::NsPerOpMedian).is_none() {
                return Err(SchemaError::Incomplete {
                    path: self.timings.path.clone(),
                    message: format!("{arm} was counted but has no timing rows"),
                });
            }
        }
        for arm in self.timings.arms_with(Metric::NsPerOpMedian) {
            if c.exact(&arm, Metric::EvaluatorCalls).is_none() {
                return Err(SchemaError::Incomplete {
                    path: c.path.clone(),
                    message: format!("{arm} was timed but has no counting-pass rows"),
                });
            }
        }
        if let Some(p) = &self.probes {
            let path = self.dir.join("probes.csv");
            for arm in c.arms_with(Metric::ProbeLookups) {
                let want = c.exact(&arm, Metric::ProbeLookups).unwrap_or(0);
                let got = p.total(&arm) as i128;
                if got != want {
                    return Err(SchemaError::Incomplete {
                        path,
                        message: format!(
                            "{arm}: the histogram counts {got} lookups but counts.csv records {want} (`probe_lookups`)"
                        ),
                    });
                }
            }
        }
        Ok(())
    }

    /// A metadata value (`unknown` when absent).
    pub fn meta(&self, key: &str) -> &str {
        self.metadata
            .iter()
            .find(|(k, _)| k == key)
            .map_or("unknown", |(_, v)| v.as_str())
    }
}

/// The latest complete run folder under `base` (`.partial` folders are ignored).
pub fn latest_run(base: &Path) -> Result<PathBuf> {
    latest_complete_run(base)
        .with_context(|| format!("{}: cannot list results folders", base.display()))?
        .with_context(|| {
            format!(
                "{}: no complete run folder with counts.csv; run `cargo run --release` first",
                base.display()
            )
        })
}
