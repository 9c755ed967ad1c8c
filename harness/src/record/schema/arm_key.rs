//! The one key of every result row: scenario family x cache variant x evaluator x traversal mode.

use super::Known;
use crate::arm::ExpansionArm;
use crate::evaluators::EvaluatorKind;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::fmt;

/// Which arm a figure belongs to, by the names the CSVs record.
///
/// The fields are names rather than enums on purpose: `harness compare` and `harness report` read run folders made
/// by other revisions, whose families, variants or evaluators this build may not know; such an arm must still load
/// (and show as `absent` on the other side) instead of failing the whole file. Runs of this build produce keys only
/// through `ExpansionArm::key`, from the typed arm; logic reads the names back typed through the accessors
/// ([`ArmKey::arm`], [`ArmKey::variant`], ...), never by comparing text.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ArmKey {
    /// Scenario family (`sparse`, ...).
    pub scenario: String,
    /// Cache variant (`none`, `tuple`, ...).
    pub variant: String,
    /// Evaluator (`material`, `constant`, `aggressive`).
    pub evaluator: String,
    /// Traversal cache `on` or `off`.
    pub traversal: String,
}

impl ArmKey {
    /// A key from its four names.
    pub fn new(scenario: &str, variant: &str, evaluator: &str, traversal: &str) -> ArmKey {
        ArmKey {
            scenario: scenario.to_owned(),
            variant: variant.to_owned(),
            evaluator: evaluator.to_owned(),
            traversal: traversal.to_owned(),
        }
    }

    /// The same scenario, evaluator and traversal with another cache variant.
    pub(crate) fn with_variant(&self, variant: CacheKind) -> ArmKey {
        ArmKey {
            variant: variant.name().to_owned(),
            ..self.clone()
        }
    }

    /// The cache variant, typed when this build knows it.
    pub(crate) fn variant(&self) -> Known<CacheKind> {
        Known::parse(&self.variant)
    }

    /// The evaluator, typed when this build knows it.
    pub(crate) fn evaluator(&self) -> Known<EvaluatorKind> {
        Known::parse(&self.evaluator)
    }

    /// The traversal mode, typed when this build knows it.
    pub(crate) fn traversal(&self) -> Known<Traversal> {
        Known::parse(&self.traversal)
    }

    /// The typed arm, `None` when any of its three names is one this build does not know.
    pub fn arm(&self) -> Option<ExpansionArm> {
        Some(ExpansionArm {
            cache: self.variant().known()?,
            eval: self.evaluator().known()?,
            traversal: self.traversal().known()?,
        })
    }
}

impl ExpansionArm {
    /// The results key of this arm on family `scenario`: the names the CSVs record.
    pub fn key(self, scenario: &str) -> ArmKey {
        ArmKey::new(
            scenario,
            self.cache.name(),
            &self.eval.to_string(),
            self.traversal.name(),
        )
    }
}

/// Checks the four key columns of a results row, in key order: each names something (`Err((column, message))` for the first
/// empty one).
pub(super) fn check_key_columns(names: [&str; 4]) -> Result<(), (&'static str, String)> {
    for (column, text) in ["scenario", "variant", "evaluator", "traversal"]
        .into_iter()
        .zip(names)
    {
        if text.trim().is_empty() {
            return Err((column, "empty".into()));
        }
    }
    Ok(())
}

impl fmt::Display for ArmKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "scenario `{}`, variant `{}`, evaluator `{}`, traversal `{}`",
            self.scenario, self.variant, self.evaluator, self.traversal
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_reads_its_names_typed() {
        let arm = ExpansionArm {
            cache: CacheKind::Fx,
            eval: "work:16".parse().unwrap(),
            traversal: Traversal::Plain,
        };
        let key = arm.key("sparse");
        assert_eq!(key.arm(), Some(arm));
        assert!(key.variant().is(CacheKind::Fx));
        assert_eq!(
            key.with_variant(CacheKind::Tuple).arm(),
            Some(arm.with_cache(CacheKind::Tuple))
        );
        let arm = ExpansionArm {
            cache: CacheKind::Optimized,
            eval: EvaluatorKind::Material,
            traversal: Traversal::Cached,
        };
        let key = ArmKey::new("sparse", "optimized", "material", "on");
        assert_eq!(arm.key("sparse"), key);
    }

    #[test]
    fn an_older_runs_unknown_names_read_as_other_and_the_arm_as_absent() {
        let key = ArmKey::new("sparse", "btree", "nnue", "on");
        assert_eq!(key.variant(), Known::Other("btree".into()));
        assert_eq!(key.evaluator(), Known::Other("nnue".into()));
        assert!(key.traversal().is(Traversal::Cached));
        assert_eq!(key.arm(), None);
        assert_eq!(key.variant().to_string(), "btree");
        assert_eq!(
            ArmKey::new("sparse", "none", "material", "on").to_string(),
            "scenario `sparse`, variant `none`, evaluator `material`, traversal `on`"
        );
    }
}
