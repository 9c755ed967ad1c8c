//! The expansion experiment's sentences of the answer: does the optimized cache pay in the default setting, from
//! what evaluator cost and hit rate it pays, and how much of its reuse the traversal cache already takes. Each
//! sentence is built from typed inputs (testable by hand), which [`claims`] reads from the run's shared tables.

use super::glance::speedup_of;
use crate::answer::{Claim, ClaimFigure, PaysIn, Question, in_families, ratio_text};
use crate::evaluators::EvaluatorKind;
use crate::present::number::{instructions, percent};
use crate::record::{ArmKey, Known, Metric};
use crate::section::{SectionContext, hit_rate};
use crate::statistics::Interval;
use crate::verdict::Verdict;
use engine::chance::Traversal;
use engine::memo::CacheKind;

/// The default setting's speedups of the optimized cache over no cache, per family.
pub(crate) fn default_pays(
    evaluator: &str,
    traversal: &str,
    speedups: &[(String, Interval)],
) -> Claim {
    let PaysIn {
        lead,
        groups,
        paying,
        n,
    } = PaysIn::of(speedups, "Only in some families");
    let answer = format!(
        "{lead}: with the `{evaluator}` evaluator and the traversal cache {traversal}, the optimized cache pays {} \
         (speedup = time with no cache / time with it): {groups}.",
        in_families(paying, n)
    );
    let figures = speedups
        .iter()
        .map(|(f, s)| ClaimFigure::of(format!("speedup {f}"), "x", s))
        .collect();
    Claim::new(Question::DefaultPays, &answer, figures)
}

/// One family's instruction costs of the optimized cache with the default evaluator (callgrind, traversal on).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct InstructionCost {
    /// Family.
    pub family: String,
    /// p: instructions one lookup adds.
    pub probe: f64,
    /// e: instructions one call of the default evaluator costs.
    pub evaluator: f64,
    /// The family's hit rate with the traversal cache on.
    pub hit_rate: f64,
}

impl InstructionCost {
    /// The evaluator cost from which the cache saves instructions at this hit rate: p / h.
    pub(crate) fn break_even_cost(&self) -> f64 {
        if self.hit_rate > 0.0 {
            self.probe / self.hit_rate
        } else {
            f64::INFINITY
        }
    }

    /// The hit rate from which the cache saves instructions with this evaluator: p / e (above 1: never).
    pub(crate) fn break_even_hit_rate(&self) -> f64 {
        self.probe / self.evaluator
    }
}

/// From what evaluator cost and hit rate the cache pays: the instruction break-even of the default evaluator per
/// family, and the measured verdicts of the dearer evaluators (traversal cache on).
pub(crate) fn pays_from(
    evaluator: &str,
    costs: &[InstructionCost],
    dearer: &[(String, Vec<(String, Interval)>)],
) -> Claim {
    let mut parts = Vec::new();
    let mut figures = Vec::new();
    if !costs.is_empty() {
        let e = costs[0].evaluator;
        let by_cost = |a: &&InstructionCost, b: &&InstructionCost| {
            a.break_even_cost().total_cmp(&b.break_even_cost())
        };
        let cheapest = costs.iter().min_by(by_cost).expect("costs is not empty");
        let dearest = costs.iter().max_by(by_cost).expect("costs is not empty");
        let mut reachable: Vec<&InstructionCost> = costs
            .iter()
            .filter(|c| c.break_even_hit_rate() < 1.0)
            .collect();
        reachable.sort_by(|a, b| a.break_even_hit_rate().total_cmp(&b.break_even_hit_rate()));
        let never = costs.len() - reachable.len();
        let saving: Vec<&str> = costs
            .iter()
            .filter(|c| c.hit_rate > c.break_even_hit_rate())
            .map(|c| c.family.as_str())
            .collect();
        let from = match (reachable.first(), reachable.last()) {
            (Some(a), Some(b)) if a.family == b.family => format!(
                "needs at least {} hits ({})",
                percent(a.break_even_hit_rate()),
                a.family
            ),
            (Some(a), Some(b)) => format!(
                "needs at least {} hits ({}) to {} ({})",
                percent(a.break_even_hit_rate()),
                a.family,
                percent(b.break_even_hit_rate()),
                b.family
            ),
            _ => "needs more than every hit rate".to_owned(),
        };
        let never = if never > 0 {
            format!(
                " and never pays at any hit rate {} (a lookup costs more than the call it saves)",
                in_families(never, costs.len())
            )
        } else {
            String::new()
        };
        // One family gives one figure, not a range.
        let range = if cheapest.family == dearest.family {
            format!(
                "at {} instructions per call ({}, {} hits)",
                instructions(cheapest.break_even_cost()),
                cheapest.family,
                percent(cheapest.hit_rate)
            )
        } else {
            format!(
                "from {} instructions per call ({}, {} hits) to {} ({}, {})",
                instructions(cheapest.break_even_cost()),
                cheapest.family,
                percent(cheapest.hit_rate),
                instructions(dearest.break_even_cost()),
                dearest.family,
                percent(dearest.hit_rate)
            )
        };
        parts.push(format!(
            "counted in instructions (callgrind), where an evaluation costs more than a lookup's cost divided by \
             the hit rate: {range}; `{evaluator}` costs {}, so it {from}{never}, and the families' hit rates clear \
             that {}{}",
            instructions(e),
            in_families(saving.len(), costs.len()),
            if saving.is_empty() {
                String::new()
            } else {
                format!(" ({})", saving.join(", "))
            }
        ));
        for c in costs {
            figures.push(ClaimFigure::exact(
                format!("break-even instructions per call {}", c.family),
                "instructions",
                c.break_even_cost(),
            ));
            figures.push(ClaimFigure::exact(
                format!("break-even hit rate {}", c.family),
                "fraction",
                c.break_even_hit_rate(),
            ));
        }
    }
    for (name, speedups) in dearer {
        let paying: Vec<String> = speedups
            .iter()
            .filter(|(_, s)| Verdict::of_ratio(s) == Verdict::Better)
            .map(|(f, s)| format!("{f} {}", ratio_text(s)))
            .collect();
        parts.push(format!(
            "measured, the dearer `{name}` evaluator pays {}{}",
            in_families(paying.len(), speedups.len()),
            if paying.is_empty() {
                String::new()
            } else {
                format!(" ({})", paying.join(", "))
            }
        ));
        figures.extend(
            speedups
                .iter()
                .map(|(f, s)| ClaimFigure::of(format!("speedup {f}, evaluator {name}"), "x", s)),
        );
    }
    if parts.is_empty() {
        return Claim::not_measured(Question::PaysFrom);
    }
    let mut answer = parts.join("; ");
    answer.push('.');
    let mut chars = answer.chars();
    let answer = chars.next().map_or(String::new(), |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    });
    Claim::new(Question::PaysFrom, &answer, figures)
}

/// One family's hit rate of the optimized cache with the traversal cache off and on.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reuse {
    /// Family.
    pub family: String,
    /// Hit rate with the traversal cache off.
    pub off: f64,
    /// Hit rate with it on.
    pub on: f64,
}

/// How much of the evaluation cache's reuse the traversal cache takes: the hit rate with it off and on.
pub(crate) fn traversal_reuse(rows: &[Reuse]) -> Claim {
    let n = rows.len();
    // "Most" of a family's reuse: the traversal cache leaves the evaluation cache less than half its hit rate.
    let most = rows.iter().filter(|r| r.on < r.off / 2.0).count();
    let lead = if 2 * most > n {
        "Most of it"
    } else if most == 0 {
        "Less than half of it in every family"
    } else {
        "Most of it in some families"
    };
    let list: Vec<String> = rows
        .iter()
        .map(|r| format!("{} {} → {}", r.family, percent(r.off), percent(r.on)))
        .collect();
    let answer = format!(
        "{lead}: switching the traversal cache on takes the optimized cache's hit rate (its hits / lookups over the \
         family) from off to on: {}; it keeps less than half its hit rate {}.",
        list.join(", "),
        in_families(most, n)
    );
    let figures = rows
        .iter()
        .flat_map(|r| {
            [
                ClaimFigure::exact(
                    format!("hit rate {}, traversal off", r.family),
                    "fraction",
                    r.off,
                ),
                ClaimFigure::exact(
                    format!("hit rate {}, traversal on", r.family),
                    "fraction",
                    r.on,
                ),
            ]
        })
        .collect();
    Claim::new(Question::TraversalReuse, &answer, figures)
}

/// The optimized cache's speedups over no cache in one evaluator and traversal setting, per family.
fn speedups(ctx: &SectionContext<'_>, evaluator: &str, traversal: &str) -> Vec<(String, Interval)> {
    ctx.timings
        .scenarios
        .iter()
        .filter_map(|s| {
            let arm = ArmKey::new(s, CacheKind::Optimized.name(), evaluator, traversal);
            Some((
                s.clone(),
                speedup_of(ctx.timings, ctx.intervals, &arm, CacheKind::None)?,
            ))
        })
        .collect()
}

/// The family's hit rate of `arm` from the counting pass.
fn family_hit_rate(ctx: &SectionContext<'_>, arm: &ArmKey) -> Option<f64> {
    Some(hit_rate(
        ctx.counts.get(arm, Metric::EvaluatorCalls)?,
        ctx.counts.get(arm, Metric::CacheHits)?,
    ))
}

/// The expansion experiment's claims, read from the run's shared tables.
pub(crate) fn claims(ctx: &SectionContext<'_>) -> Vec<Claim> {
    // The default setting as the timings have it (a run that timed only other evaluators answers for those).
    let slice = &crate::section::Slice::pick(ctx.timings);
    let mut out = Vec::new();
    let default = speedups(ctx, &slice.evaluator, &slice.traversal);
    if !default.is_empty() {
        out.push(default_pays(&slice.evaluator, &slice.traversal, &default));
    }
    let on = Traversal::Cached.name().to_owned();
    let costs: Vec<InstructionCost> = ctx
        .counts
        .scenarios
        .iter()
        .filter_map(|s| {
            // Callgrind measures the report's evaluator under the optimized cache with the traversal cache on.
            let arm = ArmKey::new(s, CacheKind::Optimized.name(), &slice.evaluator, &on);
            Some(InstructionCost {
                family: s.clone(),
                probe: ctx.counts.get(&arm, Metric::ProbeInstructionsPerLookup)?,
                evaluator: ctx.counts.get(&arm, Metric::EvaluatorInstructionsPerCall)?,
                hit_rate: family_hit_rate(ctx, &arm)?,
            })
        })
        .collect();
    let dearer: Vec<(String, Vec<(String, Interval)>)> = ctx
        .timings
        .evaluators
        .iter()
        .filter(|e| {
            **e != slice.evaluator && !Known::<EvaluatorKind>::parse(e).is(EvaluatorKind::Constant)
        })
        .map(|e| (e.clone(), speedups(ctx, e, &on)))
        .filter(|(_, s)| !s.is_empty())
        .collect();
    if !costs.is_empty() || !dearer.is_empty() {
        out.push(pays_from(&slice.evaluator, &costs, &dearer));
    }
    let off = Traversal::Plain.name().to_owned();
    let reuse: Vec<Reuse> = ctx
        .counts
        .scenarios
        .iter()
        .filter_map(|s| {
            let arm = |t: &str| ArmKey::new(s, CacheKind::Optimized.name(), &slice.evaluator, t);
            Some(Reuse {
                family: s.clone(),
                off: family_hit_rate(ctx, &arm(&off))?,
                on: family_hit_rate(ctx, &arm(&on))?,
            })
        })
        .collect();
    if !reuse.is_empty() {
        out.push(traversal_reuse(&reuse));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statistics::Method;

    fn ratio(low: f64, high: f64) -> Interval {
        Interval {
            point: (low + high) / 2.0,
            low,
            high,
            level: 0.98,
            n: 15,
            method: Method::PairedRatio,
        }
    }

    #[test]
    fn the_default_setting_sentence_follows_the_verdicts() {
        let cost = [
            ("a".to_owned(), ratio(0.90, 0.95)),
            ("b".to_owned(), ratio(0.96, 0.98)),
        ];
        let c = default_pays("material", "on", &cost);
        assert!(c.claim.contains("? No: "), "{}", c.claim);
        assert!(
            c.claim.contains("pays in neither of 2 families"),
            "{}",
            c.claim
        );
        assert!(c.claim.contains("costs in a 0.925x"), "{}", c.claim);
        assert_eq!(c.figures.len(), 2);
        let pay = [
            ("a".to_owned(), ratio(1.05, 1.10)),
            ("b".to_owned(), ratio(1.02, 1.04)),
        ];
        let c = default_pays("material", "on", &pay);
        assert!(
            c.claim.contains("? Yes: ") && c.claim.contains("pays in both families"),
            "{}",
            c.claim
        );
        let mixed = [cost[0].clone(), pay[1].clone()];
        let c = default_pays("material", "on", &mixed);
        assert!(c.claim.contains("Only in some families") && c.claim.contains("pays in 1 of 2"));
    }

    fn cost(family: &str, probe: f64, hit_rate: f64) -> InstructionCost {
        InstructionCost {
            family: family.into(),
            probe,
            evaluator: 124.0,
            hit_rate,
        }
    }

    #[test]
    fn the_break_even_sentence_follows_the_hit_rates_and_the_dearer_evaluators() {
        // p / e = 90 / 124 = 72.6%: a hit rate of 80% clears it, 50% does not; p = 150 > e never pays.
        let c = pays_from(
            "material",
            &[cost("a", 90.0, 0.8), cost("b", 150.0, 0.02)],
            &[],
        );
        assert!(
            c.claim.contains("at least 72.6% hits (a) and never") && !c.claim.contains("72.6% (a)"),
            "{}",
            c.claim
        );
        assert!(
            c.claim
                .contains("never pays at any hit rate in 1 of 2 families"),
            "{}",
            c.claim
        );
        assert!(
            c.claim.contains("clear that in 1 of 2 families (a)"),
            "{}",
            c.claim
        );
        assert!(
            c.claim
                .contains("from 112 instructions per call (a, 80.0% hits) to 7.50 k (b, 2.0%)"),
            "{}",
            c.claim
        );
        let c = pays_from(
            "material",
            &[cost("a", 90.0, 0.5), cost("b", 150.0, 0.02)],
            &[],
        );
        assert!(
            c.claim.contains("clear that in neither of 2 families."),
            "{}",
            c.claim
        );
        // A run of one family reads one figure, not a range from it to itself.
        let c = pays_from("material", &[cost("a", 90.0, 0.8)], &[]);
        assert!(
            c.claim
                .contains("at 112 instructions per call (a, 80.0% hits)")
                && c.claim.contains("needs at least 72.6% hits (a),")
                && c.claim.contains("clear that in its one family (a)")
                && !c.claim.contains(" to "),
            "{}",
            c.claim
        );
        let dear = |low, high| {
            vec![(
                "aggressive".to_owned(),
                vec![("a".to_owned(), ratio(low, high))],
            )]
        };
        let c = pays_from("material", &[], &dear(1.05, 1.10));
        assert!(
            c.claim
                .contains("`aggressive` evaluator pays in its one family (a 1.08x"),
            "{}",
            c.claim
        );
        let c = pays_from("material", &[], &dear(0.90, 0.95));
        assert!(
            c.claim.contains("pays in no family (1 measured)."),
            "{}",
            c.claim
        );
        assert_eq!(
            pays_from("material", &[], &[]).claim,
            Claim::not_measured(Question::PaysFrom).claim
        );
    }

    #[test]
    fn the_reuse_sentence_says_most_only_when_the_hit_rate_halves() {
        let r = |family: &str, off, on| Reuse {
            family: family.into(),
            off,
            on,
        };
        let c = traversal_reuse(&[
            r("a", 0.946, 0.812),
            r("b", 0.592, 0.035),
            r("c", 0.66, 0.24),
        ]);
        assert!(c.claim.contains("? Most of it: "), "{}", c.claim);
        assert!(c.claim.contains("a 94.6% → 81.2%"), "{}", c.claim);
        assert!(c.claim.contains("in 2 of 3 families"), "{}", c.claim);
        let c = traversal_reuse(&[r("a", 0.946, 0.812), r("b", 0.592, 0.5)]);
        assert!(
            c.claim.contains("? Less than half of it in every family: "),
            "{}",
            c.claim
        );
        assert_eq!(c.figures.len(), 4);
    }
}
