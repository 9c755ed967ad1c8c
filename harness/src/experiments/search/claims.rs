//! The search experiment's sentence of the answer: does the evaluation cache pay inside the search, with Star2
//! pruning and the transposition table on (the strongest search the harness runs)?

use crate::answer::{Claim, FamilyAnswer, FamilyComparison, Question, by_family, in_families};

/// The answer's question this file answers (its place 3 in the answer).
pub(crate) const IN_SEARCH: Question = Question {
    order: 3,
    words: "Does it pay inside the search?",
    declared: Some(
        "in each family, Star2 pruning with the transposition table and the optimized cache against the \
               same search without the cache (search timings)",
    ),
};

/// The sentence from the declared comparison's speedups inside the search ([`crate::answer::DECLARED`]), per
/// family: Star2 + TT with the optimized cache against it without.
pub(crate) fn in_search(comparisons: &[FamilyComparison]) -> Claim {
    let FamilyAnswer {
        lead,
        paying,
        n,
        body,
        figures,
    } = by_family(comparisons, "In some families");
    let answer = format!(
        "{lead}: searched with Star2 pruning and the transposition table, the optimized cache is shown to pay {}: \
         {body}.",
        in_families(paying, n)
    );
    let figures = figures
        .into_iter()
        .map(|mut f| {
            f.name = format!("search {}", f.name);
            f
        })
        .collect();
    Claim::new(IN_SEARCH, &answer, figures)
}

/// The claim from the run folder's `search.csv`; none when the stage was skipped.
pub(crate) fn claims(ctx: &crate::section::SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
    let Some(rows) = super::section::rows(ctx.dir)? else {
        return Ok(Vec::new());
    };
    let comparisons: Vec<FamilyComparison> = super::findings::SearchFindings::of(&rows)
        .cache_speedups()
        .into_iter()
        .map(|(family, speedup)| FamilyComparison {
            family,
            speedup,
            instructions: None,
            usage: None,
        })
        .collect();
    Ok(if comparisons.is_empty() {
        Vec::new()
    } else {
        vec![in_search(&comparisons)]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::assert_contains;
    use crate::statistics::Interval;

    #[test]
    fn the_search_sentence_follows_the_verdicts() {
        let s = |family: &str, point: f64, h: f64| FamilyComparison {
            family: family.into(),
            speedup: Interval::log_symmetric(point, h, 12),
            instructions: None,
            usage: None,
        };
        let c = in_search(&[s("a", 0.77, 0.03), s("b", 0.97, 0.05)]);
        assert!(
            c.claim.starts_with(
                "Does it pay inside the search? Not shown (widest interval: b, speedup 0.970x"
            ),
            "{}",
            c.claim
        );
        assert_contains(&c.claim, &["costs in a 29.9% [", "not shown in b +3.1% ["]);
        assert_contains(
            &c.claim,
            &["no instruction counts for these configurations"],
        );
        let c = in_search(&[s("a", 0.77, 0.03), s("b", 0.97, 0.005)]);
        assert_contains(&c.claim, &["? No: ", "pay in neither of 2"]);
        let c = in_search(&[s("a", 1.08, 0.03), s("b", 0.97, 0.005)]);
        assert_contains(&c.claim, &["? In some families: ", "pay in 1 of 2"]);
        assert_eq!(c.figures[0].name, "search speedup a");
    }
}
