//! The answer's sentence on playing strength: At a glance's speedups read as predicted Elo at the time control
//! Elo per doubling was measured at ([`crate::experiments::strength`]).

use super::glance::{Glance, at_a_glance, with_predicted_elo};
use crate::answer::{Claim, ClaimFigure, Question};
use crate::evaluators::EvaluatorKind;
use crate::experiments::strength::{EloPerDoubling, PredictedElo, Strength, signed_elo};
use crate::present::number::ratio_interval;
use crate::record::Known;
use crate::section::SectionContext;

/// The sentence from At a glance's rows (their `predicted_elo` filled) and the measurement behind them: the
/// setting worth the most, whether its interval clears 0, and the default setting's. `None` without a row that
/// has a prediction (the synthetic `constant` evaluator's settings are no finding and are left out).
pub(crate) fn strength_worth(
    per_doubling: &EloPerDoubling,
    glance: &[Glance],
    default: (&str, &str),
) -> Option<Claim> {
    let real =
        |g: &&Glance| !Known::<EvaluatorKind>::parse(&g.evaluator).is(EvaluatorKind::Constant);
    let with: Vec<(&Glance, PredictedElo)> = glance
        .iter()
        .filter(real)
        .filter_map(|g| Some((g, g.predicted_elo?)))
        .collect();
    let (best, p) = *with
        .iter()
        .max_by(|a, b| a.1.median.total_cmp(&b.1.median))?;
    let at = per_doubling.tc_words();
    let lead = if p.low > 0.0 {
        "A measurable gain"
    } else {
        "Nothing measurable"
    };
    let setting = |g: &Glance| {
        let sp = &g.speedup_vs_none;
        format!(
            "the {} cache with `{}` ({}, traversal cache {}; speedup {})",
            g.fastest_variant,
            g.evaluator,
            g.scenario,
            g.traversal,
            ratio_interval(sp.point, sp.low, sp.high)
        )
    };
    let clears = if p.low > 0.0 {
        "its interval lies above 0"
    } else {
        "even its interval holds 0"
    };
    let (evaluator, traversal) = default;
    let defaults: Vec<f64> = with
        .iter()
        .filter(|(g, _)| g.evaluator == evaluator && g.traversal == traversal)
        .map(|(_, p)| p.median)
        .collect();
    let default_range = match (
        defaults.iter().copied().reduce(f64::min),
        defaults.iter().copied().reduce(f64::max),
    ) {
        // Rounded to whole Elo, a range whose ends print alike is one figure.
        (Some(lo), Some(hi)) if defaults.len() > 1 && signed_elo(lo) == signed_elo(hi) => format!(
            "; with `{evaluator}` and the traversal cache {traversal} the fastest cache is worth about {} Elo in \
             each of {} families",
            signed_elo(lo),
            defaults.len()
        ),
        (Some(lo), Some(hi)) if defaults.len() > 1 => format!(
            "; with `{evaluator}` and the traversal cache {traversal} the fastest cache is worth from {} to {} Elo \
             over {} families",
            signed_elo(lo),
            signed_elo(hi),
            defaults.len()
        ),
        _ => String::new(),
    };
    let e = per_doubling.interval();
    let answer = format!(
        "{lead}: at {at}, doubling the time per move is worth {} Elo [{}, {}] (95%, n = {} games of `{}` against \
         itself at twice the time); the largest predicted gain, {}, is about {}, and {clears}{default_range} \
         (predicted Elo = log2(speedup) x Elo per doubling, the interval from both intervals' ends).",
        signed_elo(e.point),
        signed_elo(e.low),
        signed_elo(e.high),
        crate::present::number::count(e.n as u64),
        per_doubling.bot,
        setting(best),
        p.text()
    );
    let figures = vec![
        ClaimFigure::of(
            format!("Elo per doubling at {}", per_doubling.tc),
            "Elo",
            &e,
        ),
        ClaimFigure {
            name: format!(
                "predicted Elo {}, {}, traversal {}, {}",
                best.scenario, best.evaluator, best.traversal, best.fastest_variant
            ),
            unit: "Elo",
            value: p.median,
            low: p.low,
            high: p.high,
            // Both intervals cover together at least this often when they are independent.
            level: e.level * best.speedup_vs_none.level,
            n: e.n,
            method: "interval_product",
        },
    ];
    Some(Claim::new(Question::Strength, &answer, figures))
}

/// The sentence from the run folder: its copy of Elo per doubling and At a glance as the report computes it.
pub(crate) fn claims(ctx: &SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
    let strength = Strength::of_run(ctx.dir)?;
    let Some(m) = strength.measured() else {
        return Ok(Vec::new());
    };
    let mut glance = at_a_glance(ctx.counts, ctx.timings, ctx.intervals);
    with_predicted_elo(&mut glance, &strength);
    let slice = crate::section::Slice::pick(ctx.timings);
    Ok(
        strength_worth(m, &glance, (&slice.evaluator, &slice.traversal))
            .into_iter()
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::strength::tests::record;

    fn row(evaluator: &str, scenario: &str, point: f64, low: f64, high: f64) -> Glance {
        crate::experiments::expansion::glance::sample(evaluator, scenario, point, low, high)
    }

    fn predicted(rows: Vec<Glance>) -> Vec<Glance> {
        let mut rows = rows;
        with_predicted_elo(&mut rows, &Strength::Measured(Box::new(record())));
        rows
    }

    #[test]
    fn the_sentence_names_the_largest_gain_and_flips_when_its_interval_holds_zero() {
        // Elo per doubling 40 [20, 60]: a 2x [1.5, 2.5] speedup is worth +40 [+12, +79].
        let rows = predicted(vec![
            row("material", "a", 0.95, 0.94, 0.96),
            row("aggressive", "a", 2.0, 1.5, 2.5),
            row("constant", "a", 4.0, 3.0, 5.0),
        ]);
        let c = strength_worth(&record(), &rows, ("material", "on")).unwrap();
        assert!(
            c.claim.starts_with(
                "What is the speedup worth in playing strength? A measurable gain: at 50 ms per move"
            ),
            "{}",
            c.claim
        );
        assert!(
            c.claim.contains(
                "the optimized cache with `aggressive` (a, traversal cache on; speedup 2.00x"
            ) && c.claim.contains(
                "2.00x [1.50, 2.50]), is about +40 Elo [+12, +79], and its interval lies above 0"
            ),
            "{}",
            c.claim
        );
        // One default setting: its range would repeat it; two give "from … to …".
        assert!(!c.claim.contains("over 1 families"), "{}", c.claim);
        let two = predicted(vec![
            row("material", "a", 0.95, 0.94, 0.96),
            row("material", "b", 1.1, 1.05, 1.15),
            row("aggressive", "a", 2.0, 1.5, 2.5),
        ]);
        let c = strength_worth(&record(), &two, ("material", "on")).unwrap();
        assert!(
            c.claim
                .contains("is worth from −3 to +6 Elo over 2 families"),
            "{}",
            c.claim
        );
        assert_eq!(c.figures.len(), 2);
        // Two families whose gains round alike read as one figure, not "from +0 to +0".
        let alike = predicted(vec![
            row("material", "a", 1.001, 0.99, 1.01),
            row("material", "b", 1.002, 0.99, 1.01),
            row("aggressive", "a", 2.0, 1.5, 2.5),
        ]);
        let c = strength_worth(&record(), &alike, ("material", "on")).unwrap();
        assert!(
            c.claim
                .contains("is worth about 0 Elo in each of 2 families"),
            "{}",
            c.claim
        );
        // The same rows with the gain's interval across 1: nothing measurable.
        let rows = predicted(vec![
            row("material", "a", 0.95, 0.94, 0.96),
            row("aggressive", "a", 1.1, 0.9, 1.3),
        ]);
        let c = strength_worth(&record(), &rows, ("material", "on")).unwrap();
        assert!(
            c.claim.contains("? Nothing measurable: ")
                && c.claim.contains("even its interval holds 0"),
            "{}",
            c.claim
        );
        // No prediction at all (no measurement): no sentence.
        let bare = vec![row("material", "a", 1.1, 1.0, 1.2)];
        assert!(strength_worth(&record(), &bare, ("material", "on")).is_none());
    }
}
