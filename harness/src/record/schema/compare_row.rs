//! The rows of `compare.csv`: one compared figure of `harness compare` (an arm and a measure, both sides' medians,
//! B's ratio over A with its interval and verdict), then the two sides' revisions and the shared provenance
//! columns. The numbers are written as `compare.csv` always wrote them: medians shortest, ratios to 6 decimals,
//! coverage to 4.

use super::csv_file::{CsvRecord, named};
use serde::{Deserialize, Serialize, Serializer};

/// Shortest text that reads back as the same number (`100`, `1843715.25`).
fn shortest<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(x)
}

/// Six decimals.
fn six<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{x:.6}"))
}

/// Four decimals.
fn four<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{x:.4}"))
}

/// One compared figure, as written to `compare.csv`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct CompareRecord {
    /// Scenario family.
    pub scenario: String,
    /// Cache variant.
    pub variant: String,
    /// Evaluator.
    pub evaluator: String,
    /// Traversal cache `on` or `off`.
    pub traversal: String,
    /// `time` or `instructions`.
    pub measure: String,
    /// The medians' unit (`ns` or `instructions`).
    pub unit: String,
    /// Median of side A's measurements.
    #[serde(serialize_with = "shortest")]
    pub a_median: f64,
    /// Median of side B's measurements.
    #[serde(serialize_with = "shortest")]
    pub b_median: f64,
    /// A / B, > 1 = B better.
    #[serde(serialize_with = "six")]
    pub a_over_b_median: f64,
    /// Lower end of the ratio's interval.
    #[serde(serialize_with = "six")]
    pub a_over_b_low: f64,
    /// Upper end of the ratio's interval.
    #[serde(serialize_with = "six")]
    pub a_over_b_high: f64,
    /// Pairs of runs the ratio comes from.
    pub pairs: u64,
    /// The interval's coverage level.
    #[serde(serialize_with = "four")]
    pub coverage: f64,
    /// Whether both sides repeated their figure exactly.
    pub exact: bool,
    /// The verdict in the comparison's words (`B faster`, `within noise`, ...).
    pub verdict: String,
    /// Side A as asked for, with its commit.
    pub revision_a: String,
    /// Side B as asked for, with its commit.
    pub revision_b: String,
    /// `host (cpu, N cores)`.
    pub machine: String,
    /// `rustc -V` of both builds and the flags they inherited.
    pub toolchain: String,
    /// The comparison's base seed.
    pub seed: u64,
    /// `rustc -V` of the harness that compared.
    pub rustc: String,
    /// Commit of the harness that compared, with `-dirty` when tracked files were modified.
    pub git_revision: String,
    /// Sessions (fresh process pairs) the time interval is taken over; 0 when it is not a session interval.
    #[serde(default)]
    pub sessions: u64,
    /// How the interval was computed (`student_t` over sessions, `paired_ratio` over pairs of runs, `exact`).
    #[serde(default)]
    pub interval_method: String,
}

impl CsvRecord for CompareRecord {
    const COLUMNS: &'static [&'static str] = &[
        "scenario",
        "variant",
        "evaluator",
        "traversal",
        "measure",
        "unit",
        "a_median",
        "b_median",
        "a_over_b_median",
        "a_over_b_low",
        "a_over_b_high",
        "pairs",
        "coverage",
        "exact",
        "verdict",
        "revision_a",
        "revision_b",
        "machine",
        "toolchain",
        "seed",
        "rustc",
        "git_revision",
        "sessions",
        "interval_method",
    ];
    const ADDED_LATER: &'static [&'static str] =
        &["rustc", "git_revision", "sessions", "interval_method"];

    fn check(&self) -> Result<(), (&'static str, String)> {
        named("scenario", &self.scenario)?;
        named("measure", &self.measure)?;
        named("verdict", &self.verdict)?;
        if !(0.0..=1.0).contains(&self.coverage) {
            return Err((
                "coverage",
                format!("{} is not a level from 0 to 1", self.coverage),
            ));
        }
        Ok(())
    }
}

super::provenance::provenance_columns!(CompareRecord);
