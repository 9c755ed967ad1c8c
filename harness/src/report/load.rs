//! Reading a run folder back: `metadata.txt` and the tidy CSVs, with errors that name the file, line and field.

use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Columns every tidy results CSV must have (more are allowed).
pub const REQUIRED: [&str; 6] = [
    "scenario",
    "variant",
    "evaluator",
    "traversal",
    "metric",
    "value",
];

/// Where a figure belongs: scenario, variant, evaluator, traversal.
pub type Arm = (String, String, String, String);

/// One tidy CSV, indexed by arm and metric, remembering the order scenarios and variants first appeared in.
#[derive(Debug, Default, Clone)]
pub struct TidyTable {
    values: BTreeMap<(Arm, String), f64>,
    /// Scenario families in order of first appearance.
    pub scenarios: Vec<String>,
    /// Cache variants in order of first appearance.
    pub variants: Vec<String>,
    /// Evaluators in order of first appearance.
    pub evaluators: Vec<String>,
    /// Traversal modes in order of first appearance.
    pub traversals: Vec<String>,
}

fn remember(list: &mut Vec<String>, s: &str) {
    if !list.iter().any(|x| x == s) {
        list.push(s.to_owned());
    }
}

impl TidyTable {
    /// The value of `metric` for `arm`, if recorded.
    pub fn get(&self, arm: &Arm, metric: &str) -> Option<f64> {
        self.values.get(&(arm.clone(), metric.to_owned())).copied()
    }

    /// Whether any row carries `metric`.
    pub fn has_metric(&self, metric: &str) -> bool {
        self.values.keys().any(|(_, m)| m == metric)
    }

    /// Number of (arm, metric) values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when the table holds no value.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Parses CSV text; `path` only names the source in errors.
    pub fn parse(text: &str, path: &Path) -> Result<TidyTable> {
        let shown = path.display();
        let mut t = TidyTable::default();
        for r in tidy_records(text, path)? {
            let line = r.line;
            let raw = &r.value;
            let value: f64 = match raw.trim().parse::<f64>() {
                Ok(v) if v.is_finite() => v,
                _ => bail!("{shown}: line {line}: field `value`: `{raw}` is not a finite number"),
            };
            let (scenario, variant, evaluator, traversal) = &r.arm;
            if scenario.is_empty() || variant.is_empty() || r.metric.is_empty() {
                bail!("{shown}: line {line}: empty scenario, variant or metric");
            }
            remember(&mut t.scenarios, scenario);
            remember(&mut t.variants, variant);
            remember(&mut t.evaluators, evaluator);
            remember(&mut t.traversals, traversal);
            let metric = r.metric;
            if t.values.insert((r.arm, metric.clone()), value).is_some() {
                bail!("{shown}: line {line}: duplicate row for metric `{metric}` of this arm");
            }
        }
        Ok(t)
    }

    /// Reads and parses `path`.
    pub fn read(path: &Path) -> Result<TidyTable> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read results file", path.display()))?;
        TidyTable::parse(&text, path)
    }
}

/// One data row of a tidy results CSV, its value still as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TidyRecord {
    /// 1-based line number in the file (the header is line 1).
    pub line: usize,
    /// Scenario, variant, evaluator, traversal.
    pub arm: Arm,
    /// The metric.
    pub metric: String,
    /// The value text.
    pub value: String,
}

/// One data row of a results CSV: its line number and the requested columns' fields, in the order asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvRow {
    /// 1-based line number in the file (the header is line 1).
    pub line: usize,
    /// The required columns' fields.
    pub fields: Vec<String>,
    /// The optional columns' fields (`None` when the file lacks the column).
    pub optional: Vec<Option<String>>,
}

/// Reads a results CSV by column name: every `required` column must be in the header (any order, more allowed);
/// `optional` columns may be absent. `path` only names the source in errors, which give the line and the column.
pub fn csv_rows(
    text: &str,
    path: &Path,
    required: &[&str],
    optional: &[&str],
) -> Result<Vec<CsvRow>> {
    let shown = path.display();
    let mut reader = csv::ReaderBuilder::new().from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .with_context(|| format!("{shown}: line 1: unreadable header"))?
        .clone();
    let position = |name: &str| headers.iter().position(|h| h == name);
    let col = required
        .iter()
        .map(|name| {
            position(name).with_context(|| format!("{shown}: line 1: missing column `{name}`"))
        })
        .collect::<Result<Vec<usize>>>()?;
    let opt_col: Vec<Option<usize>> = optional.iter().map(|n| position(n)).collect();
    let mut out = Vec::new();
    for (n, record) in reader.records().enumerate() {
        let line = n + 2;
        let record = record.with_context(|| format!("{shown}: line {line}: malformed CSV"))?;
        let fields = col
            .iter()
            .zip(required)
            .map(|(&c, name)| {
                record
                    .get(c)
                    .map(str::to_owned)
                    .with_context(|| format!("{shown}: line {line}: field `{name}` is missing"))
            })
            .collect::<Result<Vec<String>>>()?;
        let optional = opt_col
            .iter()
            .map(|c| c.and_then(|c| record.get(c)).map(str::to_owned))
            .collect();
        out.push(CsvRow {
            line,
            fields,
            optional,
        });
    }
    Ok(out)
}

/// Reads the rows of a tidy results CSV (the [`REQUIRED`] columns, in any order, more allowed); `path` only names
/// the source in errors, which give its line and the missing column or field.
pub fn tidy_records(text: &str, path: &Path) -> Result<Vec<TidyRecord>> {
    Ok(csv_rows(text, path, &REQUIRED, &[])?
        .into_iter()
        .map(|r| {
            let mut f = r.fields.into_iter();
            let mut next = || f.next().unwrap_or_default();
            TidyRecord {
                line: r.line,
                arm: (next(), next(), next(), next()),
                metric: next(),
                value: next(),
            }
        })
        .collect())
}

/// `probes.csv`: the optimized cache's probe-length histograms, one row per scenario x probe length.
#[derive(Debug, Default, Clone)]
pub struct ProbeTable {
    /// (scenario, evaluator, traversal, probe length, lookups), in file order.
    rows: Vec<(Arm, u64, u64)>,
    /// Scenario families in order of first appearance.
    pub scenarios: Vec<String>,
}

impl ProbeTable {
    /// Columns `probes.csv` must have (more are allowed).
    const REQUIRED: [&str; 5] = [
        "scenario",
        "evaluator",
        "traversal",
        "probe_length",
        "lookups",
    ];

    /// Parses CSV text; `path` only names the source in errors.
    pub fn parse(text: &str, path: &Path) -> Result<ProbeTable> {
        let shown = path.display();
        let mut t = ProbeTable::default();
        for r in csv_rows(text, path, &Self::REQUIRED, &["variant"])? {
            let line = r.line;
            let number = |i: usize| -> Result<u64> {
                let raw = &r.fields[i];
                raw.trim().parse::<u64>().with_context(|| {
                    format!(
                        "{shown}: line {line}: field `{}`: `{raw}` is not a non-negative integer",
                        Self::REQUIRED[i]
                    )
                })
            };
            let scenario = r.fields[0].as_str();
            if scenario.is_empty() {
                bail!("{shown}: line {line}: empty scenario");
            }
            let variant = r.optional[0].as_deref().unwrap_or("optimized");
            let arm = (
                scenario.to_owned(),
                variant.to_owned(),
                r.fields[1].clone(),
                r.fields[2].clone(),
            );
            let (len, lookups) = (number(3)?, number(4)?);
            if t.rows.iter().any(|(a, l, _)| *a == arm && *l == len) {
                bail!("{shown}: line {line}: duplicate row for probe length {len} of this arm");
            }
            remember(&mut t.scenarios, scenario);
            t.rows.push((arm, len, lookups));
        }
        Ok(t)
    }

    /// Reads and parses `path`.
    pub fn read(path: &Path) -> Result<ProbeTable> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read results file", path.display()))?;
        ProbeTable::parse(&text, path)
    }

    /// The histogram of `arm` as (probe length, lookups), lengths ascending.
    pub fn histogram(&self, arm: &Arm) -> Vec<(u64, u64)> {
        let mut h: Vec<(u64, u64)> = self
            .rows
            .iter()
            .filter(|(a, _, _)| a == arm)
            .map(|&(_, len, n)| (len, n))
            .collect();
        h.sort_unstable();
        h
    }
}

/// Everything a report is made from.
#[derive(Debug, Clone)]
pub struct RunResults {
    /// The run folder.
    pub dir: PathBuf,
    /// `metadata.txt` as ordered key/value pairs.
    pub metadata: Vec<(String, String)>,
    /// `counts.csv` (deterministic: counters, and instruction counts when measured).
    pub counts: TidyTable,
    /// `timings.csv`.
    pub timings: TidyTable,
    /// `allocations.csv`, when the allocation profile ran.
    pub allocations: Option<TidyTable>,
    /// `probes.csv`, absent in runs made before it was collected.
    pub probes: Option<ProbeTable>,
    /// `instructions-status.txt`: why instruction counts are absent or how they were measured.
    pub instructions_note: Option<String>,
}

impl RunResults {
    /// Loads a run folder. `counts.csv`, `timings.csv` and `metadata.txt` are required; `allocations.csv` and
    /// `probes.csv` are optional, but present means well-formed.
    pub fn load(dir: &Path) -> Result<RunResults> {
        if !dir.is_dir() {
            bail!(
                "{}: not a results folder (no such directory)",
                dir.display()
            );
        }
        let need = |name: &str| -> Result<PathBuf> {
            let p = dir.join(name);
            if !p.is_file() {
                bail!("{}: missing (every run folder has it)", p.display());
            }
            Ok(p)
        };
        let meta_path = need("metadata.txt")?;
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
        let counts = TidyTable::read(&need("counts.csv")?)?;
        let timings = TidyTable::read(&need("timings.csv")?)?;
        let alloc_path = dir.join("allocations.csv");
        let allocations = if alloc_path.exists() {
            Some(TidyTable::read(&alloc_path)?)
        } else {
            None
        };
        let probes_path = dir.join("probes.csv");
        let probes = if probes_path.exists() {
            Some(ProbeTable::read(&probes_path)?)
        } else {
            None
        };
        let note_path = dir.join("instructions-status.txt");
        let instructions_note = std::fs::read_to_string(&note_path)
            .ok()
            .map(|s| s.trim().to_owned());
        Ok(RunResults {
            dir: dir.to_path_buf(),
            metadata,
            counts,
            timings,
            allocations,
            probes,
            instructions_note,
        })
    }

    /// A metadata value (`unknown` when absent).
    pub fn meta(&self, key: &str) -> &str {
        self.metadata
            .iter()
            .find(|(k, _)| k == key)
            .map_or("unknown", |(_, v)| v.as_str())
    }
}

/// The newest run folder under `base` (folder names are UTC timestamps, so the greatest name is the latest).
pub fn latest_run(base: &Path) -> Result<PathBuf> {
    let entries = std::fs::read_dir(base)
        .with_context(|| format!("{}: cannot list results folders", base.display()))?;
    let mut best: Option<PathBuf> = None;
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() && p.join("counts.csv").is_file() && best.as_ref().is_none_or(|b| p > *b) {
            best = Some(p);
        }
    }
    best.with_context(|| {
        format!(
            "{}: no run folder with counts.csv; run `cargo run --release` first",
            base.display()
        )
    })
}
