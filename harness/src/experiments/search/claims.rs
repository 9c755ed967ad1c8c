//! The search experiment's sentence of the answer: does the evaluation cache pay inside the search, with Star2
//! pruning and the transposition table on (the strongest search the harness runs)?

use crate::answer::{Claim, ClaimFigure, PaysIn, Question, in_families};
use crate::statistics::Interval;

/// The sentence from the cache's speedup inside the search, per family.
pub(crate) fn in_search(speedups: &[(String, Interval)]) -> Claim {
    let PaysIn {
        lead,
        groups,
        paying,
        n,
    } = PaysIn::of(speedups, "In some families");
    let answer = format!(
        "{lead}: searched with Star2 pruning and the transposition table, the optimized cache pays {} \
         (speedup = time without it / time with it): {groups}.",
        in_families(paying, n)
    );
    let figures = speedups
        .iter()
        .map(|(f, s)| ClaimFigure::of(format!("search speedup {f}"), "x", s))
        .collect();
    Claim::new(Question::InSearch, &answer, figures)
}

/// The claim from the run folder's `search.csv`; none when the stage was skipped.
pub(crate) fn claims(ctx: &crate::section::SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
    let Some(rows) = super::section::rows(ctx.dir)? else {
        return Ok(Vec::new());
    };
    let speedups = super::findings::SearchFindings::of(&rows).cache_speedups();
    Ok(if speedups.is_empty() {
        Vec::new()
    } else {
        vec![in_search(&speedups)]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::Method;

    #[test]
    fn the_search_sentence_follows_the_verdicts() {
        let s = |low: f64, high: f64| Interval {
            point: (low + high) / 2.0,
            low,
            high,
            level: 0.97,
            n: 7,
            method: Method::PairedRatio,
        };
        let c = in_search(&[("a".into(), s(0.73, 0.80)), ("b".into(), s(0.92, 1.02))]);
        assert!(
            c.claim.starts_with("Does it pay inside the search? No: "),
            "{}",
            c.claim
        );
        assert!(
            c.claim.contains("costs in a 0.765x") && c.claim.contains("no verdict in b"),
            "{}",
            c.claim
        );
        let c = in_search(&[("a".into(), s(1.05, 1.10)), ("b".into(), s(0.92, 1.02))]);
        assert!(
            c.claim.contains("? In some families: ") && c.claim.contains("pays in 1 of 2"),
            "{}",
            c.claim
        );
    }
}
