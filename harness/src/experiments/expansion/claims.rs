//! The expansion experiment's sentences of the answer: does the optimized cache pay in the default setting, from
//! what evaluator cost and hit rate it pays, and how much of its reuse the traversal cache already takes. Each
//! sentence is built from typed inputs (testable by hand), which [`claims`] reads from the run's shared tables.

use crate::answer::{
    Claim, ClaimFigure, FamilyAnswer, FamilyComparison, Question, Usage, by_family, in_families,
    signed_percent,
};
use crate::evaluators::EvaluatorKind;
use crate::present::number::{instructions, percent, ratio_interval};
use crate::record::schema::SPEEDUP_VS_NONE;
use crate::record::{ArmKey, Known, Metric};
use crate::section::{SectionContext, hit_rate};
use crate::verdict::Verdict;
use engine::chance::Traversal;
use engine::memo::CacheKind;

/// The answer's question this file answers (its place 1 in the answer).
pub(crate) const DEFAULT_PAYS: Question = Question {
    order: 1,
    words: "Does the evaluation cache pay with the default evaluator and settings?",
    declared: Some(
        "in each family, the optimized cache against no cache with the `material` evaluator and the \
               traversal cache on (expansion timings)",
    ),
};

/// The answer's question this file answers (its place 2 in the answer).
pub(crate) const PAYS_FROM: Question = Question {
    order: 2,
    words: "From what evaluator cost and hit rate does it pay?",
    declared: None,
};

/// The answer's question this file answers (its place 5 in the answer).
pub(crate) const TRAVERSAL_REUSE: Question = Question {
    order: 5,
    words: "How much of the reuse does the traversal cache already take?",
    declared: None,
};

/// The declared comparison's families ([`crate::answer::DECLARED`]): the optimized cache against no cache with
/// `evaluator` and the traversal cache `traversal`; `declared` is false when the run did not time the declared
/// setting and the sentence answers for the one it did (then exploratory, and it says so).
pub(crate) fn default_pays(
    evaluator: &str,
    traversal: &str,
    comparisons: &[FamilyComparison],
    declared: bool,
) -> Claim {
    let FamilyAnswer {
        lead,
        paying,
        n,
        body,
        figures,
    } = by_family(comparisons, "Only in some families");
    let exploratory = if declared {
        ""
    } else {
        " (exploratory: the declared comparison, `material` with the traversal cache on, was not timed)"
    };
    let answer = format!(
        "{lead}: with the `{evaluator}` evaluator and the traversal cache {traversal}{exploratory}, the optimized \
         cache is shown to pay {}: {body}.",
        in_families(paying, n)
    );
    Claim::new(DEFAULT_PAYS, &answer, figures)
}

/// One family's instruction costs of the optimized cache with the default evaluator (callgrind, traversal on).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct InstructionCost {
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

/// One setting (evaluator and traversal cache) other than the declared one: the optimized cache against no cache
/// in each family, judged alone (exploratory).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Setting {
    pub evaluator: String,
    /// Traversal cache `on` or `off`.
    pub traversal: String,
    /// Per family.
    pub families: Vec<FamilyComparison>,
}

impl Setting {
    fn words(&self) -> String {
        format!(
            "`{}` and the traversal cache {}",
            self.evaluator, self.traversal
        )
    }
}

/// "measured and exploratory …, the optimized cache pays with `aggressive` and the traversal cache off in all 6
/// families (a 1.20x [1.10, 1.30] (instructions −3.1%), …); in no family with …": the settings where it pays,
/// named, each family beside its instruction ratio where callgrind counted it.
fn exploratory_settings(settings: &[Setting], figures: &mut Vec<ClaimFigure>) -> String {
    let mut paying = Vec::new();
    let mut none = Vec::new();
    for setting in settings {
        let pays: Vec<String> = setting
            .families
            .iter()
            .filter(|c| Verdict::of_ratio(&c.speedup) == Verdict::Better)
            .map(|c| {
                let s = &c.speedup;
                let ir = c.instructions.map_or(String::new(), |r| {
                    format!(" (instructions {})", signed_percent(1.0 / r - 1.0))
                });
                format!(
                    "{} {}{ir}",
                    c.family,
                    ratio_interval(s.point, s.low, s.high)
                )
            })
            .collect();
        if pays.is_empty() {
            none.push(setting.words());
        } else {
            paying.push(format!(
                "with {} {} ({})",
                setting.words(),
                in_families(pays.len(), setting.families.len()),
                pays.join(", ")
            ));
        }
        for c in &setting.families {
            figures.push(ClaimFigure::of(
                format!(
                    "speedup {}, evaluator {}, traversal {}",
                    c.family, setting.evaluator, setting.traversal
                ),
                "x",
                &c.speedup,
            ));
        }
    }
    let mut text = String::from(
        "measured and exploratory (each family's verdict alone at 95%, not corrected for multiplicity), the \
         optimized cache pays ",
    );
    if paying.is_empty() {
        text.push_str(&format!("in no family with {}", none.join(" or ")));
    } else {
        text.push_str(&paying.join(", "));
        if !none.is_empty() {
            text.push_str(&format!(", and in no family with {}", none.join(" or ")));
        }
    }
    text
}

/// From what evaluator cost and hit rate the cache pays: the instruction break-even of the default evaluator per
/// family, and the settings other than the declared one where the optimized cache pays, measured (exploratory).
pub(crate) fn pays_from(
    evaluator: &str,
    costs: &[InstructionCost],
    exploratory: &[Setting],
) -> Claim {
    let mut parts = Vec::new();
    let mut figures = Vec::new();
    if !costs.is_empty() {
        parts.push(instruction_break_even(evaluator, costs, &mut figures));
    }
    if !exploratory.is_empty() {
        parts.push(exploratory_settings(exploratory, &mut figures));
    }
    if parts.is_empty() {
        return Claim::not_measured(PAYS_FROM);
    }
    let mut answer = parts.join("; ");
    answer.push('.');
    let mut chars = answer.chars();
    let answer = chars.next().map_or(String::new(), |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    });
    Claim::new(PAYS_FROM, &answer, figures)
}

/// The instruction break-even of `evaluator` over the families of `costs` (not empty): the evaluator cost from
/// which the cache pays, the hit rate it needs, and the families whose hit rate clears it; pushes each family's
/// break-even cost and hit rate onto `figures`.
fn instruction_break_even(
    evaluator: &str,
    costs: &[InstructionCost],
    figures: &mut Vec<ClaimFigure>,
) -> String {
    let e = costs[0].evaluator;
    let by_cost = |a: &&InstructionCost, b: &&InstructionCost| {
        a.break_even_cost().total_cmp(&b.break_even_cost())
    };
    let cheapest = costs.iter().min_by(by_cost).expect("costs is not empty");
    let dearest = costs.iter().max_by(by_cost).expect("costs is not empty");
    let saving: Vec<&str> = costs
        .iter()
        .filter(|c| c.hit_rate > c.break_even_hit_rate())
        .map(|c| c.family.as_str())
        .collect();
    let needs = needed_hit_rate(costs);
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
    let claim = format!(
        "counted in instructions (callgrind), where an evaluation costs more than a lookup's cost divided by \
         the hit rate: {range}; `{evaluator}` costs {}, so it {needs}, and the families' hit rates clear \
         that {}{}",
        instructions(e),
        in_families(saving.len(), costs.len()),
        if saving.is_empty() {
            String::new()
        } else {
            format!(" ({})", saving.join(", "))
        }
    );
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
    claim
}

/// The hit rate the cache needs to save instructions, over the families where some hit rate suffices, and in how
/// many families none does.
fn needed_hit_rate(costs: &[InstructionCost]) -> String {
    let mut reachable: Vec<&InstructionCost> = costs
        .iter()
        .filter(|c| c.break_even_hit_rate() < 1.0)
        .collect();
    reachable.sort_by(|a, b| a.break_even_hit_rate().total_cmp(&b.break_even_hit_rate()));
    let never = costs.len() - reachable.len();
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
    format!("{from}{never}")
}

/// One family's hit rate of the optimized cache with the traversal cache off and on.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reuse {
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
    Claim::new(TRAVERSAL_REUSE, &answer, figures)
}

/// The optimized cache against no cache in one evaluator and traversal setting, per family: the speedup, the
/// instruction ratio where callgrind counted both arms, and both arms' getrusage figures where the timing
/// recorded them.
fn comparisons(
    ctx: &SectionContext<'_>,
    evaluator: &str,
    traversal: &str,
) -> Vec<FamilyComparison> {
    ctx.timings
        .scenarios
        .iter()
        .filter_map(|s| {
            let arm = |v: CacheKind| ArmKey::new(s, v.name(), evaluator, traversal);
            let (with, without) = (arm(CacheKind::Optimized), arm(CacheKind::None));
            let speedup = ctx.intervals.get(&with, SPEEDUP_VS_NONE)?;
            let ir = |a: &ArmKey| {
                ctx.counts
                    .get(a, Metric::InstructionsPerOp)
                    .filter(|x| *x > 0.0)
            };
            Some(FamilyComparison {
                family: s.clone(),
                speedup,
                instructions: ir(&without).zip(ir(&with)).map(|(a, b)| a / b),
                usage: Usage::of(ctx.timings, &without).zip(Usage::of(ctx.timings, &with)),
            })
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
    // The declared setting where the run timed it, else the one it timed (whose sentence says it is exploratory).
    let slice = &crate::section::Slice::pick(ctx.timings);
    let declared = Known::<EvaluatorKind>::parse(&slice.evaluator).is(EvaluatorKind::Material)
        && Known::<Traversal>::parse(&slice.traversal).is(Traversal::Cached);
    let mut out = Vec::new();
    let default = comparisons(ctx, &slice.evaluator, &slice.traversal);
    if !default.is_empty() {
        out.push(default_pays(
            &slice.evaluator,
            &slice.traversal,
            &default,
            declared,
        ));
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
    // Every other real setting, exploratory: the synthetic `constant` evaluator measures the cache's own cost.
    let mut exploratory = Vec::new();
    for e in &ctx.timings.evaluators {
        if Known::<EvaluatorKind>::parse(e).is(EvaluatorKind::Constant) {
            continue;
        }
        for t in &ctx.timings.traversals {
            if *e == slice.evaluator && *t == slice.traversal {
                continue;
            }
            let families = comparisons(ctx, e, t);
            if !families.is_empty() {
                exploratory.push(Setting {
                    evaluator: e.clone(),
                    traversal: t.clone(),
                    families,
                });
            }
        }
    }
    if !costs.is_empty() || !exploratory.is_empty() {
        out.push(pays_from(&slice.evaluator, &costs, &exploratory));
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
    use crate::present::assert_contains;
    use crate::statistics::Interval;

    fn ratio(low: f64, high: f64) -> Interval {
        crate::present::paired((low + high) / 2.0, low, high, 0.98, 15)
    }

    /// A family's comparison: a Student-t interval over 40 sessions, `exp(ln point ± h)`, no instruction count.
    fn fam(family: &str, point: f64, h: f64) -> FamilyComparison {
        FamilyComparison {
            family: family.into(),
            speedup: Interval::log_symmetric(point, h, 40),
            instructions: None,
            usage: None,
        }
    }

    #[test]
    fn the_default_setting_sentence_says_yes_or_no_only_when_every_family_is_decided() {
        let sentence = |c: &[FamilyComparison]| default_pays("material", "on", c, true).claim;
        let cost = [fam("a", 0.92, 0.02), fam("b", 0.97, 0.005)];
        let pay = [fam("a", 1.10, 0.02), fam("b", 1.03, 0.005)];
        for (families, parts) in [
            // Sizes in time: 1 / 0.92 − 1 = 8.7% more time, with the interval Holm judged it at.
            (
                cost.to_vec(),
                &[
                    "? No: with the `material`",
                    "is shown to pay in neither of 2 families",
                    "costs in a 8.7% [",
                    " and b 3.1% [",
                    "intervals 97.5%, n = 40",
                ][..],
            ),
            (
                pay.to_vec(),
                &["? Yes: ", "pay in both families: pays in a 9.1% ["],
            ),
            (
                vec![cost[0].clone(), pay[1].clone()],
                &["? Only in some families: ", "pay in 1 of 2"],
            ),
            // Within noise is decided: no family pays, so No.
            (
                vec![fam("a", 1.0, 0.003), cost[0].clone()],
                &["? No: ", "within noise in a +0.0% [−0.3%, +0.3%]"],
            ),
            // One family undecided: Not shown, with the widest interval, whatever the others say.
            (
                vec![pay[0].clone(), fam("b", 0.95, 0.2)],
                &[
                    "? Not shown (widest interval: b, speedup 0.950x [0.77",
                    "not shown in b +5.3% [",
                ],
            ),
        ] {
            assert_contains(&sentence(&families), parts);
        }
        // Run without the declared setting: said exploratory.
        assert_contains(
            &default_pays("aggressive", "off", &pay, false).claim,
            &["(exploratory: the declared"],
        );
        assert_eq!(default_pays("material", "on", &pay, true).figures.len(), 2);
    }

    #[test]
    fn time_and_instructions_that_disagree_are_said_with_the_measured_cause_or_its_absence() {
        // The cache costs 8.7% time but saves 1% of the instructions.
        let mut a = fam("a", 0.92, 0.02);
        a.instructions = Some(1.0 / 0.99);
        let claim = |a: &FamilyComparison| {
            default_pays("material", "on", std::slice::from_ref(a), true).claim
        };
        assert_contains(
            &claim(&a),
            &[
                "costs in a 8.7% [",
                "(instructions −1.0%)",
                "time and instructions disagree in a (costs 8.7% time, −1.0% instructions): no cause measured",
            ],
        );
        let usage = |sys_ns: f64, minor: f64| Usage {
            user_ns: 1000.0,
            sys_ns,
            minor_faults: minor,
            major_faults: 0.0,
        };
        a.usage = Some((usage(40.0, 0.02), usage(90.0, 0.35)));
        assert_contains(
            &claim(&a),
            &[
                "the slower side had more system time and minor faults (getrusage per operation, without → with the cache: user time 1.00 µs → 1.00 µs, system time 40.0 ns → 90.0 ns, minor faults 0.0200 → 0.350, major faults 0 → 0)",
            ],
        );
        a.usage = Some((usage(40.0, 0.02), usage(40.0, 0.02)));
        assert_contains(
            &claim(&a),
            &["none of user time, system time or page faults is more than 5% higher"],
        );
        // Instructions that agree (1% more with the cache) raise no note.
        a.instructions = Some(1.0 / 1.01);
        let c = claim(&a);
        assert!(
            !c.contains("disagree") && c.contains("(instructions +1.0%)"),
            "{c}"
        );
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
        let two = |a_hits| {
            pays_from(
                "material",
                &[cost("a", 90.0, a_hits), cost("b", 150.0, 0.02)],
                &[],
            )
            .claim
        };
        let c = two(0.8);
        assert_contains(
            &c,
            &[
                "at least 72.6% hits (a) and never",
                "never pays at any hit rate in 1 of 2 families",
                "clear that in 1 of 2 families (a)",
                "from 112 instructions per call (a, 80.0% hits) to 7.50 k (b, 2.0%)",
            ],
        );
        assert!(!c.contains("72.6% (a)"), "{c}");
        assert_contains(&two(0.5), &["clear that in neither of 2 families."]);
        // A run of one family reads one figure, not a range from it to itself.
        let c = pays_from("material", &[cost("a", 90.0, 0.8)], &[]).claim;
        assert_contains(
            &c,
            &[
                "at 112 instructions per call (a, 80.0% hits)",
                "needs at least 72.6% hits (a),",
                "clear that in its one family (a)",
            ],
        );
        assert!(!c.contains(" to "), "{c}");
        let dear = |low, high| {
            let mut a = fam("a", 1.0, 0.0);
            a.speedup = ratio(low, high);
            a.instructions = Some(1.02);
            let s = Setting {
                evaluator: "aggressive".into(),
                traversal: "off".into(),
                families: vec![a],
            };
            pays_from("material", &[], &[s]).claim
        };
        assert_contains(
            &dear(1.05, 1.10),
            &[
                "exploratory (each family's verdict alone at 95%",
                "pays with `aggressive` and the traversal cache off in its one family (a 1.08x [1.05, 1.10] \
                 (instructions −2.0%))",
            ],
        );
        assert_contains(
            &dear(0.90, 0.95),
            &["pays in no family with `aggressive` and the traversal cache off."],
        );
        assert_eq!(
            pays_from("material", &[], &[]).claim,
            Claim::not_measured(PAYS_FROM).claim
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
        assert_contains(
            &c.claim,
            &["? Most of it: ", "a 94.6% → 81.2%", "in 2 of 3 families"],
        );
        let c = traversal_reuse(&[r("a", 0.946, 0.812), r("b", 0.592, 0.5)]);
        assert_contains(&c.claim, &["? Less than half of it in every family: "]);
        assert_eq!(c.figures.len(), 4);
    }
}
