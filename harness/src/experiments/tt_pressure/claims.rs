//! The TT-pressure experiment's sentence of the answer: from what table size the replacement scheme stops
//! mattering (the schemes' nodes searched within [`MATTERS_ABOVE`] of each other).

use super::findings::{MATTERS_ABOVE, TtPressureFindings};
use crate::answer::{Claim, ClaimFigure, Question};
use crate::present::number::{count, percent};

/// The answer's question this file answers (its place 7 in the answer).
pub(crate) const TT_SCHEME: Question = Question {
    order: 7,
    words: "From what size does the TT replacement scheme stop mattering?",
    declared: None,
};

/// The sentence from the sweep's findings.
pub(crate) fn tt_scheme(f: &TtPressureFindings) -> Claim {
    let apart = |s: &super::SizeSpread| {
        format!(
            "at 2^{} `{}` searches {} more nodes than `{}`",
            s.log2,
            s.worst.0,
            percent(s.extra_nodes),
            s.best.0
        )
    };
    let held = format!(
        "an unbounded table held {} entries at the end of the {}-move game",
        count(f.unbounded_entries),
        f.moves
    );
    let answer = match (f.matters_up_to, f.largest_extra()) {
        (None, _) | (_, None) => format!(
            "It does not matter at any size measured: from 2^{} entries up the schemes search within {} of each \
             other's nodes ({held}).",
            f.sizes.first().map_or(0, |s| s.log2),
            percent(MATTERS_ABOVE)
        ),
        (Some(k), Some(largest)) => match f.sizes.iter().find(|s| s.log2 > k) {
            Some(next) => format!(
                "From 2^{} entries (the next size measured): up to 2^{k} entries the schemes are more than {} apart \
                 in nodes searched, and {}; from 2^{} they are within {} ({held}).",
                next.log2,
                percent(MATTERS_ABOVE),
                apart(largest),
                next.log2,
                percent(MATTERS_ABOVE)
            ),
            None => format!(
                "It matters at every size measured, up to 2^{k} entries: the schemes are more than {} apart in nodes \
                 searched, and {} ({held}).",
                percent(MATTERS_ABOVE),
                apart(largest)
            ),
        },
    };
    let figures = f
        .sizes
        .iter()
        .map(|s| {
            ClaimFigure::exact(
                format!(
                    "extra nodes of the worst scheme over the best at 2^{}",
                    s.log2
                ),
                "fraction",
                s.extra_nodes,
            )
        })
        .collect();
    Claim::new(TT_SCHEME, &answer, figures)
}

/// The claim from the run folder's `tt_pressure.csv`; none when the slice was skipped.
pub(crate) fn claims(ctx: &crate::section::SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
    let Some(path) = ctx.optional("tt_pressure.csv") else {
        return Ok(Vec::new());
    };
    let rows = crate::experiments::tt_pressure::read_tt_pressure(&path)?;
    Ok(TtPressureFindings::of(&rows)
        .map(|f| tt_scheme(&f))
        .into_iter()
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::tt_pressure::SizeSpread;
    use crate::present::assert_contains;

    fn findings(extra: &[(u8, f64)]) -> TtPressureFindings {
        let sizes: Vec<SizeSpread> = extra
            .iter()
            .map(|&(log2, e)| SizeSpread {
                log2,
                under_pressure: log2 < 11,
                best: ("two_deep".into(), 1.0),
                worst: ("aged".into(), 1.0 + e),
                extra_nodes: e,
                extra_calls: e,
                decisions_equal: (5, 5),
            })
            .collect();
        TtPressureFindings {
            unbounded_entries: 2443,
            moves: 8,
            depth_turns: 3,
            matters_up_to: sizes
                .iter()
                .rev()
                .find(|s| s.extra_nodes > MATTERS_ABOVE)
                .map(|s| s.log2),
            sizes,
            all_decisions_equal: true,
        }
    }

    #[test]
    fn the_size_sentence_moves_with_the_spread() {
        for (extra, parts) in [
            (
                &[(6, 0.241), (10, 0.055), (14, 0.002)][..],
                &[
                    "? From 2^14 entries (the next size measured): up to 2^10",
                    "at 2^6 `aged` searches 24.1% more nodes than `two_deep`",
                ][..],
            ),
            (
                &[(6, 0.241), (10, 0.01), (14, 0.002)],
                &["? From 2^10 entries"],
            ),
            (
                &[(6, 0.02), (10, 0.01)],
                &["? It does not matter at any size measured: from 2^6"],
            ),
            (
                &[(6, 0.3), (10, 0.2)],
                &["? It matters at every size measured, up to 2^10"],
            ),
        ] {
            assert_contains(&tt_scheme(&findings(extra)).claim, parts);
        }
        let c = tt_scheme(&findings(&[(6, 0.3), (10, 0.2)]));
        assert_eq!(c.figures.len(), 2);
    }
}
