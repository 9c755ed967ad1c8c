//! A question answered family by family from its declared comparisons ([`super::DECLARED`]): each family's
//! verdict under Holm's step-down over the question's families ([`crate::verdict::holm`]), worded "pays",
//! "costs", "within noise" or "not shown" with the effect as a size and its interval, beside the exact
//! instruction ratio of the same two configurations; where time and instructions point opposite ways, the
//! getrusage figures of both configurations say what else differed (or that nothing was measured).

use super::ClaimFigure;
use crate::present::number::{count, decimal, percent, ratio_interval, time_ns};
use crate::record::{ArmKey, Metric, MetricTable};
use crate::statistics::Interval;
use crate::verdict::{Judged, SHOWN, Verdict, holm};

/// What one configuration spent per operation over its timed samples (getrusage).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Usage {
    /// User CPU time, ns.
    pub user_ns: f64,
    /// System CPU time, ns.
    pub sys_ns: f64,
    pub minor_faults: f64,
    pub major_faults: f64,
}

/// One family's declared comparison: a configuration with the cache against the same without it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FamilyComparison {
    pub family: String,
    /// time without / time with, > 1 = the cache pays.
    pub speedup: Interval,
    /// instructions without / with (callgrind, exact), > 1 = fewer with the cache; `None` where not counted.
    pub instructions: Option<f64>,
    /// getrusage of (without, with) the cache; `None` where the timing did not record it.
    pub usage: Option<(Usage, Usage)>,
}

/// A question's families judged together: the sentence's lead and body, and the figures it states.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FamilyAnswer {
    /// "Yes" (every family pays), "No" (every family decided, none pays), `some` (every family decided, some
    /// pay), or "Not shown (widest interval: …)" when a family is undecided.
    pub lead: String,
    /// How many families pay.
    pub paying: usize,
    pub n: usize,
    /// The families grouped by verdict with their sizes, then the intervals' levels, then where time and
    /// instructions disagree.
    pub body: String,
    /// Per family its speedup at the level it was judged at and its instruction ratio (exact).
    pub figures: Vec<ClaimFigure>,
}

/// The change in time with the cache, `1 / speedup − 1` (> 0: more time), ends swapped to stay ordered.
fn time_change(s: &Interval) -> (f64, f64, f64) {
    (1.0 / s.point - 1.0, 1.0 / s.high - 1.0, 1.0 / s.low - 1.0)
}

/// A signed percentage with one decimal: `+2.1%`, `−0.4%`.
pub(crate) fn signed_percent(x: f64) -> String {
    if !x.is_finite() {
        return crate::present::number::MISSING.to_owned();
    }
    let t = decimal(100.0 * x, 1);
    match t.strip_prefix('-') {
        Some(abs) => format!("−{abs}%"),
        None => format!("+{t}%"),
    }
}

/// The size of a judged comparison in time: "costs 2.1% [1.3%, 2.9%]" (more time with the cache), "pays 9.1%
/// [5.0%, 12.6%]" (less time), otherwise the signed change with its interval, "+0.3% [−0.4%, +0.9%]".
pub(crate) fn size(verdict: Verdict, s: &Interval) -> String {
    let (p, lo, hi) = time_change(s);
    match verdict {
        Verdict::Worse => format!("{} [{}, {}]", percent(p), percent(lo), percent(hi)),
        Verdict::Better => format!("{} [{}, {}]", percent(-p), percent(-hi), percent(-lo)),
        _ => format!(
            "{} [{}, {}]",
            signed_percent(p),
            signed_percent(lo),
            signed_percent(hi)
        ),
    }
}

impl Usage {
    /// `arm`'s getrusage figures from `timings.csv`; `None` where the timing did not record them.
    pub(crate) fn of(timings: &MetricTable<f64>, arm: &ArmKey) -> Option<Usage> {
        let t = |m: Metric| timings.get(arm, m);
        Some(Usage {
            user_ns: t(Metric::UserNsPerOp)?,
            sys_ns: t(Metric::SysNsPerOp)?,
            minor_faults: t(Metric::MinorFaultsPerOp)?,
            major_faults: t(Metric::MajorFaultsPerOp)?,
        })
    }
}

/// A getrusage figure: its name, without and with the cache, and how it is written.
type Row = (&'static str, f64, f64, fn(f64) -> String);

/// What else differed between two configurations that time and instructions rank oppositely: which getrusage
/// figures are more than 5% higher on the slower side, with both sides' figures; "no cause measured" without them.
/// `usage` is (without, with) the cache; `with_is_slower` says which side the timing found slower.
pub(crate) fn measured_cause(usage: Option<(Usage, Usage)>, with_is_slower: bool) -> String {
    let Some((without, with)) = usage else {
        return "no cause measured".to_owned();
    };
    let row = |name, figure: fn(&Usage) -> f64, show: fn(f64) -> String| -> Row {
        (name, figure(&without), figure(&with), show)
    };
    let rows = [
        row("user time", |u| u.user_ns, time_ns),
        row("system time", |u| u.sys_ns, time_ns),
        row("minor faults", |u| u.minor_faults, per_op),
        row("major faults", |u| u.major_faults, per_op),
    ];
    let higher: Vec<&str> = rows
        .iter()
        .filter(|&&(_, without, with, _)| {
            let (slow, fast) = if with_is_slower {
                (with, without)
            } else {
                (without, with)
            };
            slow > fast * 1.05 && slow > 0.0
        })
        .map(|r| r.0)
        .collect();
    let figures: Vec<String> = rows
        .iter()
        .map(|(name, a, b, show)| format!("{name} {} → {}", show(*a), show(*b)))
        .collect();
    let lead = if higher.is_empty() {
        "none of user time, system time or page faults is more than 5% higher on the slower side"
            .to_owned()
    } else {
        format!(
            "the slower side had more {}",
            crate::present::words::and_list(&higher)
        )
    };
    format!(
        "{lead} (getrusage per operation, without → with the cache: {})",
        figures.join(", ")
    )
}

/// `played (costs 9.8% time, −0.5% instructions): …`: why time and instructions disagree, from getrusage.
fn disagreement(c: &FamilyComparison, j: &Judged, instructions: f64) -> String {
    let cause = measured_cause(c.usage, j.verdict == Verdict::Worse);
    format!(
        "{} ({} {} time, {} instructions): {cause}",
        c.family,
        j.verdict.label(&SHOWN),
        size(j.verdict, &j.interval)
            .split(" [")
            .next()
            .unwrap_or_default(),
        signed_percent(1.0 / instructions - 1.0)
    )
}

/// A count per operation with three significant digits (`0.0213`, `3.10`, `1.20 k`).
fn per_op(x: f64) -> String {
    if x.abs() >= 1000.0 {
        count(x.round() as u64)
    } else {
        crate::present::number::ratio(x)
            .trim_end_matches('x')
            .to_owned()
    }
}

/// The answer over `comparisons` (a question's families); `some` leads when every family is decided and some
/// but not all pay.
pub(crate) fn by_family(comparisons: &[FamilyComparison], some: &str) -> FamilyAnswer {
    let judged = holm(
        &comparisons
            .iter()
            .map(|c| c.speedup)
            .collect::<Vec<Interval>>(),
    );
    let paying = judged
        .iter()
        .filter(|j| j.verdict == Verdict::Better)
        .count();
    FamilyAnswer {
        lead: lead(comparisons, &judged, paying, some),
        paying,
        n: comparisons.len(),
        body: body(comparisons, &judged),
        figures: figures(comparisons, &judged),
    }
}

/// The answer's lead: "Not shown" naming the family with the widest undecided interval, else "Yes" when every
/// family pays, "No" when none does, `some` otherwise.
fn lead(comparisons: &[FamilyComparison], judged: &[Judged], paying: usize, some: &str) -> String {
    let n = comparisons.len();
    let widest = comparisons
        .iter()
        .zip(judged)
        .filter(|(_, j)| j.verdict == Verdict::NoVerdict)
        .max_by(|a, b| width(&a.1.interval).total_cmp(&width(&b.1.interval)));
    match widest {
        Some((c, j)) => format!(
            "Not shown (widest interval: {}, speedup {})",
            c.family,
            ratio_interval(j.interval.point, j.interval.low, j.interval.high)
        ),
        None if paying == n => "Yes".to_owned(),
        None if paying == 0 => "No".to_owned(),
        None => some.to_owned(),
    }
}

/// The answer's body: the families grouped by verdict, the intervals' levels, and where time and instructions
/// disagree.
fn body(comparisons: &[FamilyComparison], judged: &[Judged]) -> String {
    let n = comparisons.len();
    let groups = verdict_groups(comparisons, judged);
    let levels = super::intervals_note(judged.iter().map(|j| &j.interval)).unwrap_or_default();
    let counted = if comparisons.iter().any(|c| c.instructions.is_some()) {
        "; instructions exact (callgrind)"
    } else {
        "; no instruction counts for these configurations"
    };
    let disagree: Vec<String> = comparisons
        .iter()
        .zip(judged)
        .filter_map(|(c, j)| {
            let r = c.instructions?;
            let opposite = (j.verdict == Verdict::Better && r < 1.0)
                || (j.verdict == Verdict::Worse && r > 1.0);
            opposite.then(|| disagreement(c, j, r))
        })
        .collect();
    let mut body = format!(
        "{} (time per operation with the cache against without it; intervals {levels}, each at the level Holm's \
         step-down over {} judged it at{counted})",
        groups.join("; "),
        if n == 1 {
            "1 family".to_owned()
        } else {
            format!("{n} families")
        }
    );
    if !disagree.is_empty() {
        body.push_str(&format!(
            "; time and instructions disagree in {}",
            disagree.join("; in ")
        ));
    }
    body
}

/// One phrase per verdict that some family has, in the order pays, costs, within noise, not shown: the verdict and
/// its families with their effect sizes and instruction changes.
fn verdict_groups(comparisons: &[FamilyComparison], judged: &[Judged]) -> Vec<String> {
    let mut groups = Vec::new();
    for v in [
        Verdict::Better,
        Verdict::Worse,
        Verdict::WithinNoise,
        Verdict::NoVerdict,
    ] {
        let in_group: Vec<String> = comparisons
            .iter()
            .zip(judged)
            .filter(|(_, j)| j.verdict == v)
            .map(|(c, j)| {
                let ir = c.instructions.map_or(String::new(), |r| {
                    format!(" (instructions {})", signed_percent(1.0 / r - 1.0))
                });
                format!("{} {}{ir}", c.family, size(v, &j.interval))
            })
            .collect();
        if !in_group.is_empty() {
            groups.push(format!(
                "{} in {}",
                v.label(&SHOWN),
                crate::present::words::and_list(&in_group)
            ));
        }
    }
    groups
}

/// Each family's speedup, and its exact instruction ratio where it has one.
fn figures(comparisons: &[FamilyComparison], judged: &[Judged]) -> Vec<ClaimFigure> {
    comparisons
        .iter()
        .zip(judged)
        .flat_map(|(c, j)| {
            std::iter::once(ClaimFigure::of(
                format!("speedup {}", c.family),
                "x",
                &j.interval,
            ))
            .chain(
                c.instructions
                    .map(|r| ClaimFigure::exact(format!("instruction ratio {}", c.family), "x", r)),
            )
        })
        .collect()
}

/// An interval's width in logarithms (how many-fold its ends are apart); infinite without a positive low end.
fn width(i: &Interval) -> f64 {
    if i.low > 0.0 {
        (i.high / i.low).ln()
    } else {
        f64::INFINITY
    }
}
