//! The catalogue-eviction experiment's sentence of the answer: which online eviction rule keeps the most of the
//! Domineering catalogue's lookups at the headline budgets, by how many hit-rate points over LRU, and how far it
//! stays from Belady's offline optimum.

use super::glance::{BudgetFinding, at_a_glance};
use crate::answer::{Claim, ClaimFigure, Question, points_text};
use crate::present::number::decimal;
use crate::verdict::Verdict;

/// The answer's question this file answers (its place 6 in the answer).
pub(crate) const EVICTION_RULE: Question = Question {
    order: 6,
    words: "Which eviction rule wins, and by how much?",
    declared: None,
};

/// The sentence from the headline budgets' findings.
pub(crate) fn eviction_rule(findings: &[BudgetFinding]) -> Claim {
    let beats: Vec<&BudgetFinding> = findings
        .iter()
        .filter(|f| {
            f.over_lru
                .is_some_and(|d| Verdict::of(&d, 0.0, 0.0) == Verdict::Better)
        })
        .collect();
    let winners = crate::experiments::distinct(beats.iter().map(|f| format!("`{}`", f.best)));
    let per_budget: Vec<String> = findings
        .iter()
        .map(|f| {
            let lru = f.over_lru.map_or("LRU not run".to_owned(), |d| {
                format!("{} over LRU", points_text(&d))
            });
            let belady = f.under_belady.map_or(String::new(), |d| {
                format!(", {} pt short of Belady", decimal(100.0 * d.point.abs(), 1))
            });
            format!("{} entries `{}` {lru}{belady}", f.budget, f.best)
        })
        .collect();
    let lead = if beats.is_empty() {
        "No online rule beats LRU beyond its interval".to_owned()
    } else if beats.len() == findings.len() {
        format!(
            "{} beat LRU at every headline budget",
            winners.join(" and ")
        )
    } else {
        format!(
            "{} beat LRU at {} of {} headline budgets",
            winners.join(" and "),
            beats.len(),
            findings.len()
        )
    };
    let answer = format!(
        "{lead} (hit-rate points on the Domineering catalogue's lookups, paired per seed): {}.",
        per_budget.join("; ")
    );
    let figures = findings
        .iter()
        .filter_map(|f| {
            f.over_lru.map(|d| {
                ClaimFigure::of(
                    format!("{} minus lru at {} entries", f.best, f.budget),
                    "fraction",
                    &d,
                )
            })
        })
        .collect();
    Claim::new(EVICTION_RULE, &answer, figures)
}

/// The claim from the run folder's eviction results (read as its page reads them); none when the experiment was
/// skipped.
pub(crate) fn claims(ctx: &crate::section::SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
    let Some(outcome) = super::report::load(ctx.dir)? else {
        return Ok(Vec::new());
    };
    let findings = at_a_glance(&outcome.main, &outcome.policies);
    Ok(if findings.is_empty() {
        Vec::new()
    } else {
        vec![eviction_rule(&findings)]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::catalogue_eviction::spec::PolicyKind;
    use crate::statistics::Interval;

    fn finding(budget: usize, best: PolicyKind, over_lru: &[f64]) -> BudgetFinding {
        let d = Interval::mean(over_lru);
        BudgetFinding {
            budget,
            best,
            hit_rate: Interval::mean(&[0.94, 0.95]),
            over_lru: Some(d),
            under_belady: Some(Interval::mean(&[0.019, 0.021])),
        }
    }

    #[test]
    fn the_eviction_sentence_names_the_winner_only_when_its_gap_to_lru_excludes_zero() {
        let (win, tie) = ([0.001, 0.0012, 0.0011], [-0.001, 0.002, 0.0]);
        let cases = [
            (
                vec![(PolicyKind::Sieve, &win), (PolicyKind::S3Fifo, &win)],
                vec![
                    "by how much? `sieve` and `s3fifo` beat LRU at every headline budget",
                    "10 entries `sieve` +0.1 pt",
                    "(95%, n = 3) over LRU, 2.0 pt short of Belady",
                ],
            ),
            (
                vec![(PolicyKind::Sieve, &tie), (PolicyKind::S3Fifo, &win)],
                vec!["`s3fifo` beat LRU at 1 of 2 headline budgets"],
            ),
            (
                vec![(PolicyKind::Sieve, &tie)],
                vec!["? No online rule beats LRU beyond its interval"],
            ),
        ];
        for (rules, wanted) in cases {
            let findings: Vec<BudgetFinding> = rules
                .into_iter()
                .zip([10, 40])
                .map(|((k, d), b)| finding(b, k, d))
                .collect();
            let c = eviction_rule(&findings);
            for w in wanted {
                assert!(c.claim.contains(w), "{}", c.claim);
            }
        }
    }
}
