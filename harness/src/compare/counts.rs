//! A run's `counts.csv` read exactly (values as written, no float rounding), and the agreement check between runs:
//! an engine change may make the harness faster or slower, never give other values or counts.

use crate::record::tidy::COUNTING_PASS_METRICS;
use crate::report::load::{Arm, tidy_records};
use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// The rows of one `counts.csv`, keyed by arm and metric, values kept as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExactCounts {
    /// Where the rows came from (for messages).
    pub path: PathBuf,
    rows: BTreeMap<(Arm, String), String>,
}

impl ExactCounts {
    /// Parses CSV text; `path` only names the source in errors.
    pub fn parse(text: &str, path: &Path) -> Result<ExactCounts> {
        let shown = path.display();
        let mut rows = BTreeMap::new();
        for r in tidy_records(text, path)? {
            let (line, value) = (r.line, r.value.trim().to_owned());
            if value.parse::<i128>().is_err() {
                bail!("{shown}: line {line}: field `value`: `{value}` is not an integer");
            }
            let metric = r.metric;
            if rows.insert((r.arm, metric.clone()), value).is_some() {
                bail!("{shown}: line {line}: duplicate row for metric `{metric}` of this arm");
            }
        }
        Ok(ExactCounts {
            path: path.to_path_buf(),
            rows,
        })
    }

    /// Reads and parses `path`.
    pub fn read(path: &Path) -> Result<ExactCounts> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read results file", path.display()))?;
        ExactCounts::parse(&text, path)
    }

    /// The value of `metric` for `arm` as a number, if recorded.
    pub fn get(&self, arm: &Arm, metric: &str) -> Option<f64> {
        self.rows
            .get(&(arm.clone(), metric.to_owned()))
            .and_then(|v| v.parse::<i128>().ok())
            .map(|v| v as f64)
    }

    /// Arms that carry `metric`, in key order.
    pub fn arms_with(&self, metric: &str) -> Vec<Arm> {
        self.rows
            .keys()
            .filter(|(_, m)| m == metric)
            .map(|(a, _)| a.clone())
            .collect()
    }

    fn agreement_rows(&self) -> impl Iterator<Item = (&(Arm, String), &String)> {
        self.rows
            .iter()
            .filter(|((_, m), _)| COUNTING_PASS_METRICS.contains(&m.as_str()))
    }
}

/// The first disagreement between two runs' counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// Scenario, variant, evaluator, traversal.
    pub arm: Arm,
    /// The metric.
    pub metric: String,
    /// Value in the reference run (`absent` when missing).
    pub reference: String,
    /// Value in the other run (`absent` when missing).
    pub other: String,
    /// The two files.
    pub files: (PathBuf, PathBuf),
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (s, v, e, t) = &self.arm;
        write!(
            f,
            "counts differ: scenario `{s}`, variant `{v}`, evaluator `{e}`, traversal `{t}`, metric `{}`: {} in {} \
             but {} in {}",
            self.metric,
            self.reference,
            self.files.0.display(),
            self.other,
            self.files.1.display()
        )
    }
}

/// Checks that `other` has exactly the reference's counting-pass rows ([`COUNTING_PASS_METRICS`]: same arms, metrics
/// and values; instruction counts and other measurement rows may differ); returns how many rows agree, or the first
/// disagreement.
pub fn check_agreement(
    reference: &ExactCounts,
    other: &ExactCounts,
) -> Result<usize, Box<Disagreement>> {
    let absent = || "absent".to_string();
    let ours: BTreeMap<_, _> = reference.agreement_rows().collect();
    let theirs: BTreeMap<_, _> = other.agreement_rows().collect();
    let mismatch = |key: &(Arm, String), r: Option<&&String>, o: Option<&&String>| {
        Box::new(Disagreement {
            arm: key.0.clone(),
            metric: key.1.clone(),
            reference: r.map_or_else(absent, |v| (*v).clone()),
            other: o.map_or_else(absent, |v| (*v).clone()),
            files: (reference.path.clone(), other.path.clone()),
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

    const HEADER: &str = "scenario,variant,evaluator,traversal,metric,value,machine\n";

    fn counts(body: &str, name: &str) -> ExactCounts {
        ExactCounts::parse(&format!("{HEADER}{body}"), Path::new(name)).unwrap()
    }

    #[test]
    fn equal_counts_agree_and_instruction_rows_may_differ() {
        let a = counts(
            "s,none,material,on,evaluator_calls,10,m\ns,none,material,on,instructions_per_op,500,m\n",
            "a.csv",
        );
        let b = counts(
            "s,none,material,on,evaluator_calls,10,x\ns,none,material,on,instructions_per_op,400,x\n",
            "b.csv",
        );
        assert_eq!(check_agreement(&a, &b), Ok(1));
        assert_eq!(
            a.get(
                &("s".into(), "none".into(), "material".into(), "on".into()),
                "instructions_per_op"
            ),
            Some(500.0)
        );
    }

    #[test]
    fn a_different_value_is_named_with_both_files() {
        let a = counts("s,optimized,material,on,cache_hits,7,m\n", "a.csv");
        let b = counts("s,optimized,material,on,cache_hits,8,m\n", "b.csv");
        let d = check_agreement(&a, &b).unwrap_err();
        assert_eq!((d.reference.as_str(), d.other.as_str()), ("7", "8"));
        let text = d.to_string();
        assert!(text.contains("cache_hits") && text.contains("a.csv") && text.contains("b.csv"));
    }

    #[test]
    fn a_missing_row_on_either_side_disagrees() {
        let a = counts("s,none,material,on,entries,0,m\n", "a.csv");
        let b = counts(
            "s,none,material,on,entries,0,m\nt,none,material,on,entries,0,m\n",
            "b.csv",
        );
        assert_eq!(check_agreement(&a, &b).unwrap_err().reference, "absent");
        assert_eq!(check_agreement(&b, &a).unwrap_err().other, "absent");
    }

    #[test]
    fn large_values_compare_exactly() {
        // Above 2^53 a float comparison would call these equal.
        let a = counts(
            "s,none,material,on,value_numerator_sum,9007199254740993,m\n",
            "a.csv",
        );
        let b = counts(
            "s,none,material,on,value_numerator_sum,9007199254740992,m\n",
            "b.csv",
        );
        assert!(check_agreement(&a, &b).is_err());
    }

    #[test]
    fn malformed_files_name_line_and_field() {
        let e = ExactCounts::parse(
            &format!("{HEADER}s,none,material,on,entries,x1,m\n"),
            Path::new("c.csv"),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("c.csv: line 2") && e.contains("`value`"), "{e}");
        let e = ExactCounts::parse("scenario,variant\n", Path::new("c.csv"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("missing column `evaluator`"), "{e}");
    }
}
