//! The main job's instruction step: every cache variant with the report's evaluator, the uncached and optimized
//! arms with each other selected evaluator, and the uncached arm with the constant evaluator (traversal cache on),
//! the family's first successor expanded once under callgrind, as count rows; with the lookups and misses of that
//! operation, each evaluator's break-even costs (see [`BreakEven`]).

use super::break_even::{BreakEven, BreakEvenInputs};
use crate::callgrind::{Children, MeasuredArm, measure_arms, valgrind_version};
use crate::evaluators::EvaluatorKind;
use crate::operation::Arm;
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::record::{ArmKey, CountRow, Metric};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::Path;

/// Count rows (`instructions_per_op`, `estimated_cycles_per_op`, raw totals, the operation's `callgrind_op_lookups`
/// and `callgrind_op_evaluator_calls`, and the optimized arm's `evaluator_instructions_per_call` and
/// `probe_instructions_per_lookup`) and a one-line status note that says how they were measured or why they are
/// missing.
///
/// Each family comes with a weight, the cost of its children relative to the others': the dearest family's go
/// first, so the last children to finish are short ones; results do not depend on the order.
pub(crate) fn instruction_rows(
    weighted_families: &[(&str, f64)],
    scenarios_dir: &Path,
    cache_sim: bool,
    caches: &[CacheKind],
    evaluators: &[EvaluatorKind],
    work: &Path,
    store: Option<&Path>,
) -> (Vec<CountRow>, String) {
    let Some(version) = valgrind_version() else {
        return (
            Vec::new(),
            "valgrind is not installed (or not on PATH), so no instruction counts were measured; install \
             valgrind (apt-get install valgrind) and run again."
                .into(),
        );
    };
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            return (
                Vec::new(),
                format!("cannot locate the harness executable: {e}"),
            );
        }
    };
    if let Err(e) = std::fs::create_dir_all(work) {
        return (
            Vec::new(),
            format!("{}: cannot create: {e}", work.display()),
        );
    }
    let children = Children {
        exe: &exe,
        scenarios_dir,
        work,
        store,
        cache_sim,
    };
    let plan = InstructionPlan::of(caches, evaluators);
    let (jobs, measured) = measure_plan(&plan, weighted_families, &children);
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for &(fam, _) in weighted_families {
        family_rows(fam, &plan, &jobs, &measured, &mut rows, &mut failures);
    }
    let note = status_note(&version, cache_sim, &plan, &measured, &failures);
    (rows, note)
}

/// One measured configuration: its family, cache, evaluator and whether its child simulated the caches.
type Job<'a> = (&'a str, CacheKind, EvaluatorKind, bool);

/// Runs the children of `plan` over the families and returns every configuration with its measurement, in the
/// same order.
fn measure_plan<'a>(
    plan: &InstructionPlan,
    weighted_families: &[(&'a str, f64)],
    children: &Children<'_>,
) -> (Vec<Job<'a>>, Vec<Result<MeasuredArm, String>>) {
    let cache_sim = children.cache_sim;
    // A child measures several of a family's arms in turn (valgrind's start-up and the scenario loading cost about
    // half a second per child, as much as a small family's window); the dear families' arms are dealt to several
    // children so the cores stay balanced (see [`children_of`]). The children run on every core the main job's
    // timed lane leaves free ([`crate::parallel`]): each is a deterministic count, so running them side by side,
    // or beside the timings, changes no figure, only the wall time.
    let arm = |&(cache, eval): &(CacheKind, EvaluatorKind)| Arm {
        cache,
        eval,
        traversal: Traversal::Cached,
    };
    // The cache simulation (estimated cycles, misses) only where the report shows it: the report's evaluator with
    // every variant. The other evaluators' arms and the constant one feed instruction figures only.
    let simulated: Vec<Arm> = plan
        .arms
        .iter()
        .filter(|(_, e)| *e == plan.principal)
        .map(arm)
        .collect();
    let counted_only: Vec<Arm> = plan
        .arms
        .iter()
        .filter(|(_, e)| *e != plan.principal)
        .map(arm)
        .collect();
    let sets = [
        ArmSet {
            arms: &simulated,
            cost: if cache_sim { 2.0 } else { 1.0 },
        },
        ArmSet {
            arms: &counted_only,
            cost: 1.0,
        },
    ];
    let counting = Children {
        cache_sim: false,
        ..*children
    };
    let threads = crate::parallel::cores();
    let pieces = children_of(weighted_families, &sets, threads);
    let progress = Progress::new("instructions", pieces.len() as u64);
    // Set 0 is the simulated one (when the run simulates at all): the children's options and the rows follow it.
    let simulates = |set: usize| cache_sim && set == 0;
    let per_piece = parallel_map(&pieces, threads, &progress, |(fam, set, share)| {
        progress.set_message((*fam).to_owned());
        let how = if simulates(*set) { children } else { &counting };
        Ok(measure_arms(how, fam, share).map_err(|e| format!("{fam}: {e:#}")))
    })
    .unwrap_or_else(|e| vec![Err(format!("{e:#}")); pieces.len()]);
    progress.finish("done");
    let mut jobs: Vec<Job<'a>> = Vec::new();
    let mut measured: Vec<Result<MeasuredArm, String>> = Vec::new();
    for ((fam, set, share), result) in pieces.iter().zip(per_piece) {
        jobs.extend(
            share
                .iter()
                .map(|a| (*fam, a.cache, a.eval, simulates(*set))),
        );
        match result {
            Ok(ms) => measured.extend(ms.into_iter().map(Ok)),
            Err(e) => measured.extend(share.iter().map(|_| Err(e.clone()))),
        }
    }
    (jobs, measured)
}

/// The count rows of `fam`'s measured configurations and, where the configurations they need were measured, its
/// break-even rows; a failure to measure, or lookups that differ where they must agree, goes to `failures`.
fn family_rows(
    fam: &str,
    plan: &InstructionPlan,
    jobs: &[Job<'_>],
    measured: &[Result<MeasuredArm, String>],
    rows: &mut Vec<CountRow>,
    failures: &mut Vec<String>,
) {
    let mut measured_here: Vec<(CacheKind, EvaluatorKind, MeasuredArm)> = Vec::new();
    for (&(f, cache, eval, simulated), m) in jobs.iter().zip(measured) {
        if f != fam {
            continue;
        }
        match m {
            Ok(m) => {
                rows.extend(arm_rows(fam, cache, eval, m, simulated));
                measured_here.push((cache, eval, *m));
            }
            Err(e) => failures.push(e.clone()),
        }
    }
    let find = |cache: CacheKind, eval: EvaluatorKind| {
        measured_here
            .iter()
            .find(|(c, e, _)| *c == cache && *e == eval)
            .map(|(_, _, m)| *m)
    };
    let Some(nc) = find(CacheKind::None, EvaluatorKind::Constant) else {
        return;
    };
    // Each evaluator's cost against the constant one, and each of its cached arms' probe cost: one break-even per
    // measured variant (At a glance reads the fastest one's).
    for &(cache, eval) in plan
        .arms
        .iter()
        .filter(|(c, e)| *c != CacheKind::None && *e != EvaluatorKind::Constant)
    {
        let (Some(ne), Some(ve)) = (find(CacheKind::None, eval), find(cache, eval)) else {
            continue;
        };
        if ne.lookups != ve.lookups || nc.lookups != ve.lookups {
            failures.push(format!(
                "{fam}: lookups differ between the break-even configurations (none/{eval} {}, none/constant {}, \
                 {}/{eval} {}); no break-even figures",
                ne.lookups,
                nc.lookups,
                cache.name(),
                ve.lookups
            ));
        } else if let Some(b) = BreakEven::derive(&BreakEvenInputs {
            none_evaluator: ne.totals.ir as f64,
            none_constant: nc.totals.ir as f64,
            cached_evaluator: ve.totals.ir as f64,
            lookups: ve.lookups as f64,
            misses: ve.evaluator_calls as f64,
        }) {
            let key = row_key(fam, cache, eval);
            for (metric, value) in [
                (Metric::EvaluatorInstructionsPerCall, b.evaluator),
                (Metric::ProbeInstructionsPerLookup, b.probe),
            ] {
                rows.push(CountRow {
                    key: key.clone(),
                    metric,
                    value: value.round() as i128,
                });
            }
        }
    }
}

/// The one-line status note: how the counts were measured, how many were reused, which configurations failed.
fn status_note(
    version: &str,
    cache_sim: bool,
    plan: &InstructionPlan,
    measured: &[Result<MeasuredArm, String>],
    failures: &[String],
) -> String {
    let mut note = format!(
        "Measured with {version} (callgrind, {}, collection toggled on the measured operation only{}; \
         {}; traversal cache on; one operation = the first successor of each family).",
        if cache_sim {
            format!(
                "--cache-sim=yes for evaluator {} (the estimated cycles the report shows), --cache-sim=no for the \
                 other configurations (instructions only, at about half the time)",
                plan.principal
            )
        } else {
            "--cache-sim=no: instructions only, no estimated cycles (a --quick run leaves the cache simulation out, \
             which halves the children's time)"
                .to_owned()
        },
        if cache_sim {
            crate::callgrind::window_note()
        } else {
            ""
        },
        plan.describe()
    );
    let reused = measured
        .iter()
        .filter(|m| m.as_ref().is_ok_and(|m| m.reused))
        .count();
    if reused > 0 {
        note.push_str(&format!(
            " {reused} of {} configurations' counts were reused from an earlier run of the same child (same binary, \
             scenario file, valgrind and arguments: `.cache/callgrind/` in the output folder).",
            measured.len()
        ));
    }
    if !failures.is_empty() {
        note.push_str(&format!(" Failed configurations: {}", failures.join("; ")));
    }
    note
}

/// A set of arms measured the same way, with what one of them costs relative to another set's (a child that
/// simulates the caches takes about twice as long as one that counts instructions only).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ArmSet<'a> {
    pub arms: &'a [Arm],
    /// The cost of one arm relative to the other sets' (only ratios matter).
    pub cost: f64,
}

/// One child of the instruction step: a family, the index of its arm set and its share of that set's arms.
pub(crate) type Child<'a> = (&'a str, usize, Vec<Arm>);

/// The children of the instruction step, dearest first: each family's arms of each set, dealt round-robin to as many
/// children as their cost needs. A family's arms cost about the same (its weight, the evaluations its operation
/// makes, times the set's cost), so a family's set gets one child per `total / (2 · threads)` of cost, at most one
/// per arm: with at least about twice as many children as cores, dearest first, the last to finish are short and
/// no core idles long; with fewer, each child saves one valgrind start-up per arm it holds.
pub(crate) fn children_of<'a>(
    weighted_families: &[(&'a str, f64)],
    sets: &[ArmSet<'_>],
    threads: usize,
) -> Vec<Child<'a>> {
    let cost_of =
        |w: f64, set: &ArmSet<'_>, arms: usize| w.max(0.0) * set.cost.max(0.0) * arms as f64;
    let total: f64 = weighted_families
        .iter()
        .flat_map(|&(_, w)| sets.iter().map(move |set| cost_of(w, set, set.arms.len())))
        .sum();
    let per_child = total / (2 * threads.max(1)) as f64;
    let mut pieces: Vec<(Child<'a>, f64)> = Vec::new();
    for &(fam, w) in weighted_families {
        for (i, set) in sets.iter().enumerate().filter(|(_, s)| !s.arms.is_empty()) {
            let cost = cost_of(w, set, set.arms.len());
            let n = if per_child > 0.0 {
                ((cost / per_child).ceil() as usize).clamp(1, set.arms.len())
            } else {
                1
            };
            for share in deal(set.arms, n) {
                let c = cost_of(w, set, share.len());
                pieces.push(((fam, i, share), c));
            }
        }
    }
    // Stable: equal costs keep the families' order.
    pieces.sort_by(|a, b| b.1.total_cmp(&a.1));
    pieces.into_iter().map(|(child, _)| child).collect()
}

/// `items` dealt round-robin to `n` shares (fewer when there are fewer items): item `i` goes to share `i % n`, at
/// position `i / n`, so consecutive items (a family's dearer arms, a ladder's dearer rungs) spread over the shares.
pub(crate) fn deal<T: Copy>(items: &[T], n: usize) -> Vec<Vec<T>> {
    let n = n.max(1);
    (0..n.min(items.len()))
        .map(|k| items.iter().skip(k).step_by(n).copied().collect())
        .collect()
}

/// The arms one family's instruction step measures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct InstructionPlan {
    /// The report's evaluator, measured with every cache variant.
    pub principal: EvaluatorKind,
    /// The other selected evaluators (not `constant`), each measured without a cache and with the optimized one:
    /// the two arms its break-even needs, so each further evaluator adds two children, not one per variant.
    pub others: Vec<EvaluatorKind>,
    /// (cache, evaluator) in run order: the principal's, the others', then the uncached constant arm.
    pub arms: Vec<(CacheKind, EvaluatorKind)>,
}

impl InstructionPlan {
    /// The plan of a run of `caches` x `evaluators`; the principal is the report's evaluator
    /// ([`crate::experiments::job::report_evaluator`]).
    pub(crate) fn of(caches: &[CacheKind], evaluators: &[EvaluatorKind]) -> InstructionPlan {
        let principal = crate::experiments::job::report_evaluator(evaluators);
        let others: Vec<EvaluatorKind> = evaluators
            .iter()
            .copied()
            .filter(|&e| e != principal && e != EvaluatorKind::Constant)
            .collect();
        let mut arms: Vec<(CacheKind, EvaluatorKind)> =
            caches.iter().map(|&c| (c, principal)).collect();
        for &e in &others {
            arms.extend([(CacheKind::None, e), (CacheKind::Optimized, e)]);
        }
        if !arms.contains(&(CacheKind::None, EvaluatorKind::Constant)) {
            arms.push((CacheKind::None, EvaluatorKind::Constant));
        }
        InstructionPlan {
            principal,
            others,
            arms,
        }
    }

    /// What the plan measures, for the status note.
    pub(crate) fn describe(&self) -> String {
        let principal: Vec<&str> = self
            .arms
            .iter()
            .filter(|(_, e)| *e == self.principal)
            .map(|(c, _)| c.name())
            .collect();
        let mut s = if principal.len() == CacheKind::ALL.len() {
            format!("every cache variant with evaluator {}", self.principal)
        } else {
            format!("{} with evaluator {}", principal.join(", "), self.principal)
        };
        if !self.others.is_empty() {
            let names: Vec<String> = self.others.iter().map(|e| e.to_string()).collect();
            s.push_str(&format!(
                ", no cache and the optimized cache with {}",
                names.join(", ")
            ));
        }
        if self.principal != EvaluatorKind::Constant {
            s.push_str(", and no cache with the constant evaluator");
        }
        s
    }
}

fn row_key(fam: &str, cache: CacheKind, eval: EvaluatorKind) -> ArmKey {
    crate::operation::Arm {
        cache,
        eval,
        traversal: engine::chance::Traversal::Cached,
    }
    .key(fam)
}

/// The count rows of one measured arm; the cache-simulation rows (estimated cycles, L1 and LL misses) only when
/// the child simulated the caches.
fn arm_rows(
    fam: &str,
    cache: CacheKind,
    eval: EvaluatorKind,
    m: &MeasuredArm,
    cache_sim: bool,
) -> Vec<CountRow> {
    let key = row_key(fam, cache, eval);
    let t = &m.totals;
    let n = m.successors.max(1) as i128;
    let mut pairs = vec![
        (Metric::InstructionsTotal, t.ir as i128),
        (Metric::InstructionsPerOp, (t.ir as i128 + n / 2) / n),
    ];
    if cache_sim {
        pairs.extend([
            (
                Metric::EstimatedCyclesPerOp,
                (t.estimated_cycles() as i128 + n / 2) / n,
            ),
            (Metric::L1MissesTotal, t.l1_misses as i128),
            (Metric::LlMissesTotal, t.ll_misses as i128),
        ]);
    }
    pairs.extend([
        (Metric::CallgrindOpSuccessors, m.successors as i128),
        (Metric::CallgrindOpLookups, m.lookups as i128),
        (Metric::CallgrindOpEvaluatorCalls, m.evaluator_calls as i128),
    ]);
    CountRow::rows(&key, pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_of_examples() {
        let arm = |cache| Arm {
            cache,
            eval: EvaluatorKind::Material,
            traversal: Traversal::Cached,
        };
        let arms = [
            arm(CacheKind::None),
            arm(CacheKind::Optimized),
            arm(CacheKind::Fx),
        ];
        // One dear family and two cheap ones on two cores: the dear one's arms go to three children.
        let set = [ArmSet {
            arms: &arms,
            cost: 1.0,
        }];
        let children = children_of(&[("small", 1.0), ("dear", 100.0), ("tiny", 0.5)], &set, 2);
        let names: Vec<(&str, usize)> = children.iter().map(|(f, _, a)| (*f, a.len())).collect();
        assert_eq!(
            names,
            [
                ("dear", 1),
                ("dear", 1),
                ("dear", 1),
                ("small", 3),
                ("tiny", 3)
            ]
        );
    }

    #[test]
    fn deal_examples() {
        assert_eq!(deal(&[0, 1, 2, 3, 4], 2), [vec![0, 2, 4], vec![1, 3]]);
        assert_eq!(deal(&[7], 3), [vec![7]]);
    }

    #[test]
    fn of_examples() {
        let p = InstructionPlan::of(
            &CacheKind::ALL,
            &[EvaluatorKind::Aggressive, EvaluatorKind::Material],
        );
        assert_eq!(
            (p.principal, &p.others[..]),
            (EvaluatorKind::Material, &[EvaluatorKind::Aggressive][..])
        );
        assert_eq!(p.arms.len(), CacheKind::ALL.len() + 2 + 1);
        assert_eq!(
            p.arms.last(),
            Some(&(CacheKind::None, EvaluatorKind::Constant))
        );
    }
}
