//! The answer's sentence on playing strength: At a glance's speedups read as predicted Elo at the stated budget
//! ([`crate::strength`]), each worded against the declared margin by [`Verdict`]: "worth less than
//! ±M Elo" only when the whole interval lies inside ±M, a gain or a loss when it excludes 0, "undetermined" when
//! it holds 0 and reaches past the margin (or covers less than 95%).

use super::glance::{Glance, at_a_glance, with_predicted_elo};
use crate::answer::{Claim, ClaimFigure, Question};
use crate::evaluators::EvaluatorKind;
use crate::present::number::{count, ratio_interval};
use crate::record::Known;
use crate::section::SectionContext;
use crate::statistics::Interval;
use crate::strength::{Basis, MARGIN_ELO, Strength, elo_text};
use crate::verdict::Verdict;

/// The answer's question this file answers (its place 4 in the answer).
pub(crate) const STRENGTH: Question = Question {
    order: 4,
    words: "What is the speedup worth in playing strength?",
    declared: None,
};

/// A prediction's verdict against the margin.
fn verdict(p: &Interval) -> Verdict {
    Verdict::of(p, 0.0, MARGIN_ELO)
}

/// `worth less than ±5 Elo (+1 Elo [−3, +4])`, `a gain of +12 Elo [+2, +25]`, …
fn worded(p: &Interval) -> String {
    match verdict(p) {
        Verdict::WithinNoise => format!("worth less than ±{MARGIN_ELO:.0} Elo ({})", elo_text(p)),
        Verdict::Better => format!("a gain of {}", elo_text(p)),
        Verdict::Worse => format!("a loss of {}", elo_text(p)),
        Verdict::NoVerdict if p.level < crate::verdict::MIN_LEVEL => format!(
            "undetermined ({}, covering {:.0}% only)",
            elo_text(p),
            100.0 * p.level
        ),
        Verdict::NoVerdict => format!(
            "undetermined ({}: the interval holds 0 and reaches past ±{MARGIN_ELO:.0} Elo)",
            elo_text(p)
        ),
    }
}

/// The lead from the verdicts of every setting with a prediction.
fn lead(verdicts: &[Verdict]) -> String {
    let n = |v: Verdict| verdicts.iter().filter(|&&x| x == v).count();
    let (gains, losses, within, total) = (
        n(Verdict::Better),
        n(Verdict::Worse),
        n(Verdict::WithinNoise),
        verdicts.len(),
    );
    let undetermined = total - gains - losses - within;
    let of = format!("of {total} settings");
    match (gains, losses) {
        (0, 0) if within == total => {
            format!("Worth less than ±{MARGIN_ELO:.0} Elo in every one {of}")
        }
        (0, 0) => format!(
            "Undetermined in {undetermined} {of} (worth less than ±{MARGIN_ELO:.0} Elo in {within})"
        ),
        (g, 0) => format!("A measurable gain in {g} {of}"),
        (0, l) => format!("A measurable loss in {l} {of}"),
        (g, l) => format!("A measurable gain in {g} and a loss in {l} {of}"),
    }
}

/// The sentence from At a glance's rows (their `predicted_elo` filled) and the basis behind them: how the
/// settings' predictions fall against the margin, the setting worth the most and the default setting's.
/// `None` without a row that has a prediction (the synthetic `constant` evaluator's settings are no finding).
pub(crate) fn strength_worth(
    basis: &Basis,
    glance: &[Glance],
    default: (&str, &str),
) -> Option<Claim> {
    let real =
        |g: &&Glance| !Known::<EvaluatorKind>::parse(&g.evaluator).is(EvaluatorKind::Constant);
    let with: Vec<(&Glance, Interval)> = glance
        .iter()
        .filter(real)
        .filter_map(|g| Some((g, g.predicted_elo?)))
        .collect();
    let (best, p) = *with.iter().max_by(|a, b| a.1.point.total_cmp(&b.1.point))?;
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
    let verdicts: Vec<Verdict> = with.iter().map(|(_, p)| verdict(p)).collect();
    let (evaluator, traversal) = default;
    let defaults: Vec<String> = with
        .iter()
        .filter(|(g, _)| g.evaluator == evaluator && g.traversal == traversal)
        .map(|(g, p)| format!("{}: {}", g.scenario, worded(p)))
        .collect();
    let default_part = if defaults.is_empty() {
        String::new()
    } else {
        format!(
            "; with `{evaluator}` and the traversal cache {traversal} the fastest cache is, by family: {}",
            defaults.join(", ")
        )
    };
    let (lo, hi) = basis.curve.range();
    let answer = format!(
        "{}, against a margin of ±{MARGIN_ELO:.0} Elo declared in advance: at {}, the setting worth the most, {}, \
         is {}{default_part} (predicted Elo = Elo(N·speedup) − Elo(N) off the curve of Elo per doubling of \
         `{}` over {} to {} nodes, {} games per budget; at least 95% with the speedup's interval).",
        lead(&verdicts),
        basis.budget_words(),
        setting(best),
        worded(&p),
        basis.curve.bot,
        count(lo),
        count(hi),
        count(basis.curve.games),
    );
    let mut figures = vec![ClaimFigure::of(
        format!(
            "predicted Elo {}, {}, traversal {}, {}",
            best.scenario, best.evaluator, best.traversal, best.fastest_variant
        ),
        "Elo",
        &p,
    )];
    if let Ok(d) = basis
        .curve
        .predict(basis.budget(), &crate::statistics::Interval::exact(2.0))
    {
        figures.push(ClaimFigure::of(
            format!("Elo per doubling at {} nodes", basis.budget()),
            "Elo",
            &d,
        ));
    }
    Some(Claim::new(STRENGTH, &answer, figures))
}

/// The sentence from the run folder: its copy of Elo per doubling and At a glance as the report computes it.
pub(crate) fn claims(ctx: &SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
    let strength = Strength::of_run(ctx.dir)?;
    let Some(basis) = strength.measured() else {
        return Ok(Vec::new());
    };
    let mut glance = at_a_glance(ctx.counts, ctx.timings, ctx.intervals);
    with_predicted_elo(&mut glance, &strength);
    let slice = crate::section::Slice::pick(ctx.timings);
    Ok(
        strength_worth(basis, &glance, (&slice.evaluator, &slice.traversal))
            .into_iter()
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::assert_contains;
    use crate::strength::tests::basis;

    /// A setting whose speedup interval covers 97% (as 6 timing rounds' [min, max] nearly does), so the curve
    /// is read at 98% and the prediction covers at least 95%.
    fn row(evaluator: &str, scenario: &str, point: f64, low: f64, high: f64) -> Glance {
        let mut g =
            crate::experiments::expansion::glance::sample(evaluator, scenario, point, low, high);
        g.speedup_vs_none.level = 0.97;
        g
    }

    fn claim_with(b: Basis, rows: Vec<Glance>) -> String {
        let mut rows = rows;
        with_predicted_elo(&mut rows, &Strength::Measured(Box::new(b.clone())));
        strength_worth(&b, &rows, ("material", "on")).unwrap().claim
    }

    /// The rows' predictions off the test basis: at 700 nodes, where a doubling is worth about +22 Elo ± 40.
    fn claim(rows: Vec<Glance>) -> String {
        claim_with(basis(), rows)
    }

    /// A curve known to ±4 Elo per doubling: +20 at every budget.
    fn precise() -> Basis {
        use crate::strength::curve::tests::{curve, point};
        Basis {
            curve: curve(vec![
                point(250, 20.0, 4.0),
                point(500, 20.0, 4.0),
                point(1000, 20.0, 4.0),
            ]),
            ..basis()
        }
    }

    #[test]
    fn a_speedup_whose_interval_lies_inside_the_margin_is_worth_less_than_it() {
        // 1.005x [1.001, 1.01]: a fraction of an Elo, the interval well inside ±5.
        let c = claim(vec![row("material", "a", 1.005, 1.001, 1.01)]);
        assert!(
            c.starts_with(
                "What is the speedup worth in playing strength? Worth less than ±5 Elo in every one of 1 settings"
            ),
            "{c}"
        );
        assert_contains(&c, &["is worth less than ±5 Elo (0 Elo [0, +1])"]);
        assert_contains(&c, &["at 50 ms per move ≈ 700 nodes on m (cpu, 2 cores)"]);
    }

    #[test]
    fn a_speedup_whose_interval_holds_zero_and_passes_the_margin_is_undetermined() {
        // The same point with a speedup interval across 1 that reaches past ±5 Elo: the wording flips.
        let c = claim(vec![row("material", "a", 1.005, 0.8, 1.25)]);
        assert_contains(
            &c,
            &["? Undetermined in 1 of 1 settings (worth less than ±5 Elo in 0)"],
        );
        assert_contains(&c, &["undetermined (0 Elo [−"]);
        assert_contains(&c, &["the interval holds 0 and reaches past ±5 Elo"]);
    }

    #[test]
    fn a_speedup_whose_interval_excludes_zero_is_a_gain_or_a_loss() {
        // 1.9x [1.85, 1.95] at 700 nodes: most of a doubling, the curve's interval there clear of 0.
        let c = claim_with(
            precise(),
            vec![
                row("aggressive", "a", 1.9, 1.85, 1.95),
                row("constant", "a", 4.0, 3.0, 5.0),
            ],
        );
        assert_contains(&c, &["? A measurable gain in 1 of 1 settings"]);
        assert_contains(
            &c,
            &["`aggressive` (a, traversal cache on; speedup 1.90x [1.85, 1.95]), is a gain of +"],
        );
        // The same speedup off the wide curve: the interval holds 0 and the wording flips.
        let c = claim(vec![row("aggressive", "a", 1.9, 1.85, 1.95)]);
        assert_contains(&c, &["? Undetermined in 1 of 1 settings"]);
        let c = claim_with(precise(), vec![row("material", "a", 0.55, 0.52, 0.58)]);
        assert_contains(&c, &["? A measurable loss in 1 of 1 settings"]);
        assert_contains(&c, &["by family: a: a loss of −"]);
        let c = claim_with(
            precise(),
            vec![
                row("material", "a", 0.55, 0.52, 0.58),
                row("aggressive", "b", 1.9, 1.85, 1.95),
            ],
        );
        assert_contains(
            &c,
            &["? A measurable gain in 1 and a loss in 1 of 2 settings"],
        );
    }

    #[test]
    fn without_a_prediction_there_is_no_sentence() {
        let mut rows = vec![row("material", "a", 1.1, 1.0, 1.2)];
        assert!(strength_worth(&basis(), &rows, ("material", "on")).is_none());
        // Off the curve (8x at 700 nodes reaches 5,600): no prediction either.
        rows[0] = row("material", "a", 8.0, 7.0, 9.0);
        with_predicted_elo(&mut rows, &Strength::Measured(Box::new(basis())));
        assert!(rows[0].predicted_elo.is_none());
    }
}
