//! A run's `counts.csv` read exactly (integers as written, no float rounding), and the agreement check between
//! runs: an engine change may make the harness faster or slower, never give other values or counts.

use crate::record::schema::UnknownMetrics;
use crate::record::{ArmKey, Metric, MetricTable, SchemaError};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The rows of one `counts.csv`, keyed by arm and metric, values exact.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ExactCounts {
    table: MetricTable<i128>,
}

impl ExactCounts {
    /// Reads `path`. Metrics this build does not know are left out: the other revision may record more, and only
    /// the counting-pass metrics take part in the agreement check.
    pub(crate) fn read(path: &Path) -> Result<ExactCounts, SchemaError> {
        Ok(ExactCounts {
            table: MetricTable::read(path, UnknownMetrics::Skip)?,
        })
    }

    /// Where the rows came from.
    pub(crate) fn path(&self) -> &Path {
        &self.table.path
    }

    /// The value of `metric` for `arm` as a number, if recorded.
    pub(crate) fn get(&self, arm: &ArmKey, metric: Metric) -> Option<f64> {
        self.table.get(arm, metric)
    }

    fn agreement_rows(&self) -> BTreeMap<(ArmKey, Metric), i128> {
        self.table
            .iter()
            .filter(|(_, m, _)| Metric::COUNTING_PASS.contains(m))
            .map(|(a, m, v)| ((a.clone(), m), v))
            .collect()
    }
}

/// The first disagreement between two runs' counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Disagreement {
    pub arm: ArmKey,
    pub metric: Metric,
    /// Value in the reference run (`absent` when missing).
    pub reference: String,
    /// Value in the other run (`absent` when missing).
    pub other: String,
    /// The two files.
    pub files: (PathBuf, PathBuf),
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "counts differ: {}, metric `{}`: {} in {} but {} in {}",
            self.arm,
            self.metric,
            self.reference,
            self.files.0.display(),
            self.other,
            self.files.1.display()
        )
    }
}

/// Checks that `other` has exactly the reference's counting-pass rows ([`Metric::COUNTING_PASS`]: same arms,
/// metrics and values; instruction counts and other measurement rows may differ); returns how many rows agree, or
/// the first disagreement.
pub(crate) fn check_agreement(
    reference: &ExactCounts,
    other: &ExactCounts,
) -> Result<usize, Box<Disagreement>> {
    let ours = reference.agreement_rows();
    let theirs = other.agreement_rows();
    let show = |v: Option<&i128>| v.map_or_else(|| "absent".to_string(), i128::to_string);
    let mismatch = |key: &(ArmKey, Metric), r: Option<&i128>, o: Option<&i128>| {
        Box::new(Disagreement {
            arm: key.0.clone(),
            metric: key.1,
            reference: show(r),
            other: show(o),
            files: (reference.path().to_path_buf(), other.path().to_path_buf()),
        })
    };
    for (key, value) in &ours {
        let o = theirs.get(key);
        if o != Some(value) {
            return Err(mismatch(key, Some(value), o));
        }
    }
    if let Some((key, value)) = theirs.iter().find(|(k, _)| !ours.contains_key(*k)) {
        return Err(mismatch(key, None, Some(value)));
    }
    Ok(ours.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str =
        "scenario,variant,evaluator,traversal,metric,value,machine,rustc,git_revision,seed\n";

    fn counts(body: &str, name: &str) -> (ExactCounts, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        let body: String = body.lines().map(|l| format!("{l},rustc,abc,1\n")).collect();
        std::fs::write(&path, format!("{HEADER}{body}")).unwrap();
        (ExactCounts::read(&path).unwrap(), dir)
    }

    /// Checks the counts file of body `b` against that of body `a`.
    fn agree(a: &str, b: &str) -> Result<usize, Box<Disagreement>> {
        let ((a, _da), (b, _db)) = (counts(a, "a.csv"), counts(b, "b.csv"));
        check_agreement(&a, &b)
    }

    #[test]
    fn equal_counts_agree_and_instruction_rows_may_differ() {
        let (a, _da) = counts(
            "s,none,material,on,evaluator_calls,10,m\ns,none,material,on,instructions_per_op,500,m\n",
            "a.csv",
        );
        let (b, _db) = counts(
            "s,none,material,on,evaluator_calls,10,x\ns,none,material,on,instructions_per_op,400,x\n",
            "b.csv",
        );
        assert_eq!(check_agreement(&a, &b), Ok(1));
        let arm = ArmKey::new("s", "none", "material", "on");
        assert_eq!(a.get(&arm, Metric::InstructionsPerOp), Some(500.0));
    }

    #[test]
    fn a_different_value_is_named_with_both_files() {
        let d = agree(
            "s,optimized,material,on,cache_hits,7,m\n",
            "s,optimized,material,on,cache_hits,8,m\n",
        )
        .unwrap_err();
        assert_eq!((d.reference.as_str(), d.other.as_str()), ("7", "8"));
        let text = d.to_string();
        assert!(text.contains("cache_hits") && text.contains("a.csv") && text.contains("b.csv"));
    }

    #[test]
    fn a_missing_row_on_either_side_disagrees() {
        let (a, b) = (
            "s,none,material,on,entries,0,m\n",
            "s,none,material,on,entries,0,m\nt,none,material,on,entries,0,m\n",
        );
        assert_eq!(agree(a, b).unwrap_err().reference, "absent");
        assert_eq!(agree(b, a).unwrap_err().other, "absent");
    }

    #[test]
    fn large_values_compare_exactly() {
        // Above 2^53 a float comparison would call these equal.
        let a = "s,none,material,on,value_numerator_sum,9007199254740993,m\n";
        assert!(agree(a, &a.replace("993", "992")).is_err());
    }

    #[test]
    fn unknown_metrics_of_another_revision_are_left_out() {
        let a = "s,none,material,on,entries,0,m\ns,none,material,on,a_future_metric,5,m\n";
        assert_eq!(agree(a, "s,none,material,on,entries,0,m\n"), Ok(1));
    }
}
