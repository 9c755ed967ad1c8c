//! The rows of `compare.csv`: one compared figure of `harness compare` (an arm and a measure, both sides' medians,
//! B's ratio over A with its interval and verdict), then the two sides' revisions and the shared provenance
//! columns. The numbers are written as `compare.csv` always wrote them: medians shortest, ratios to 6 decimals,
//! the level to 4. The ratio's interval is one column group (`a_over_b_*`); files written before it was one
//! (`coverage`, `sessions`, `interval_method`) read into it.

use crate::record::schema::interval_columns;
use crate::record::schema::{CsvRecord, named};
use crate::statistics::Method;
use serde::{Deserialize, Serialize, Serializer};

/// Shortest text that reads back as the same number (`100`, `1843715.25`).
fn shortest<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(x)
}

fn six<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{x:.6}"))
}

fn four<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{x:.4}"))
}

/// One compared figure, as written to `compare.csv`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct CompareRecord {
    pub scenario: String,
    pub variant: String,
    pub evaluator: String,
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
    #[serde(serialize_with = "four", alias = "coverage")]
    pub a_over_b_level: f64,
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
    /// What the interval is taken over: sessions (fresh process pairs) for `student_t`, else the pairs.
    #[serde(default)]
    pub a_over_b_n: u64,
    /// How the interval was computed (`student_t` over sessions, `paired_ratio` over pairs of runs, `exact`).
    #[serde(default, alias = "interval_method")]
    pub a_over_b_method: String,
    /// Files written before `a_over_b_n`: the sessions of a `student_t` interval (0 otherwise).
    #[serde(default, skip_serializing)]
    pub sessions: u64,
}

interval_columns!(CompareRecord {
    a_over_b, with_a_over_b: whole [a_over_b_median, a_over_b_low, a_over_b_high, a_over_b_level, a_over_b_n,
        a_over_b_method]
});

impl CsvRecord for CompareRecord {
    // `a_over_b_level` was `coverage` (serde's alias reads it).
    const ADDED_LATER: &'static [&'static str] = &[
        "a_over_b_level",
        "rustc",
        "git_revision",
        "a_over_b_n",
        "a_over_b_method",
    ];

    fn check(&self) -> Result<(), (&'static str, String)> {
        named("scenario", &self.scenario)?;
        named("measure", &self.measure)?;
        named("verdict", &self.verdict)?;
        if !(0.0..=1.0).contains(&self.a_over_b_level) {
            return Err((
                "a_over_b_level",
                format!("{} is not a level from 0 to 1", self.a_over_b_level),
            ));
        }
        if Method::from_name(&self.a_over_b_method).is_none() {
            return Err(("a_over_b_method", format!("`{}`", self.a_over_b_method)));
        }
        Ok(())
    }

    fn upgraded(mut self) -> Self {
        // Before the method was stored every interval was an order-statistic one over pairs of runs; before n
        // was, a session interval's n was `sessions` and any other's the pairs.
        if self.a_over_b_method.is_empty() {
            self.a_over_b_method = Method::PairedRatio.name().to_owned();
        }
        if self.a_over_b_n == 0 {
            self.a_over_b_n = if self.a_over_b_method == Method::StudentT.name() {
                self.sessions
            } else {
                self.pairs
            };
        }
        self
    }
}

crate::record::schema::provenance_columns!(CompareRecord);
