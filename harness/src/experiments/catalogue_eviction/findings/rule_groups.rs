//! The rule groups the miss-ratio charts are split by: every rule run lands on some chart, each chart has at most
//! [`MAX_SERIES`] lines, and every chart carries the same references (LRU, Belady, unbounded) so the groups compare.

use crate::experiments::catalogue_eviction::spec::PolicyKind;
use crate::plot::MAX_SERIES;

/// The references drawn on every group's chart, when they were run.
pub(crate) const REFERENCES: [PolicyKind; 3] =
    [PolicyKind::Lru, PolicyKind::Belady, PolicyKind::Unbounded];

/// One chart's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RuleGroup {
    /// File-stem suffix: `recency`, `ageing_1`, ...
    pub stem: String,
    /// Title words: `recency rules`, `ageing LFU (1 of 2)`, ...
    pub title: String,
    /// The group's own rules, then the references, in drawing order.
    pub rules: Vec<PolicyKind>,
}

/// The group names and members before filtering by what was run (the test checks that every rule has a group).
fn members(policies: &[PolicyKind]) -> Vec<(&'static str, &'static str, Vec<PolicyKind>)> {
    use PolicyKind::*;
    let ageing: Vec<PolicyKind> = policies
        .iter()
        .copied()
        .filter(|k| matches!(k, AgingLfu { .. }))
        .collect();
    vec![
        ("recency", "recency rules", vec![Sieve, Clock, Fifo]),
        (
            "frequency",
            "frequency rules",
            vec![Lfu, WTinyLfu, LfuUnprotected],
        ),
        ("ageing", "ageing LFU", ageing),
        ("adaptive", "adaptive rules", vec![Arc, S3Fifo, TwoQ, Lirs]),
        ("fixed", "fixed tables", vec![BestN, FirstN]),
    ]
}

/// The chart groups for the rules in `policies`, in chart order; a group too large for one chart is split into
/// numbered parts.
pub(crate) fn mrc_groups(policies: &[PolicyKind]) -> Vec<RuleGroup> {
    let references: Vec<PolicyKind> = REFERENCES
        .into_iter()
        .filter(|k| policies.contains(k))
        .collect();
    let groups = members(policies);
    // Every reference is its own line when no group rule was run, so LRU alone still gets a chart.
    if groups
        .iter()
        .all(|g| g.2.iter().all(|k| !policies.contains(k)))
    {
        return vec![RuleGroup {
            stem: "references".into(),
            title: "reference rules".into(),
            rules: references,
        }]
        .into_iter()
        .filter(|g| !g.rules.is_empty())
        .collect();
    }
    let room = MAX_SERIES - references.len();
    let mut out = Vec::new();
    for (stem, title, rules) in groups {
        let rules: Vec<PolicyKind> = rules.into_iter().filter(|k| policies.contains(k)).collect();
        let parts = rules.len().div_ceil(room);
        for (i, chunk) in rules.chunks(room).enumerate() {
            let (stem, title) = if parts > 1 {
                (
                    format!("{stem}_{}", i + 1),
                    format!("{title} ({} of {parts})", i + 1),
                )
            } else {
                (stem.to_string(), title.to_string())
            };
            out.push(RuleGroup {
                stem,
                title,
                rules: chunk.iter().chain(&references).copied().collect(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::catalogue_eviction::experiment::{
        DEFAULT_AGING_PERIODS, default_policies,
    };

    #[test]
    fn every_rule_run_is_on_a_chart_of_at_most_eight_lines_with_the_references() {
        let mut policies = default_policies(&DEFAULT_AGING_PERIODS);
        policies.push(PolicyKind::LfuUnprotected);
        let groups = mrc_groups(&policies);
        for k in &policies {
            assert!(
                groups.iter().any(|g| g.rules.contains(k)),
                "{k} is on no chart"
            );
        }
        for g in &groups {
            assert!(g.rules.len() <= MAX_SERIES, "{g:?}");
            for r in REFERENCES {
                assert!(g.rules.contains(&r), "{} lacks {r}", g.stem);
            }
        }
        let stems: Vec<&str> = groups.iter().map(|g| g.stem.as_str()).collect();
        assert_eq!(
            stems,
            [
                "recency",
                "frequency",
                "ageing_1",
                "ageing_2",
                "adaptive",
                "fixed"
            ]
        );
    }

    #[test]
    fn mrc_groups_examples_and_references_alone_make_one_chart() {
        use PolicyKind::*;
        let g = mrc_groups(&[Lru, Unbounded]);
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].rules, [Lru, Unbounded]);
        assert!(mrc_groups(&[]).is_empty());
        let g = mrc_groups(&[Lru, Lfu, Fifo, Belady]);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].rules, [Fifo, Lru, Belady]);
        assert_eq!(g[1].stem, "frequency");
    }
}
