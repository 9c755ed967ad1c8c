//! Measuring the break-even map of one family x traversal setting: callgrind counts of one operation (the
//! family's first successor) give each cache variant's cost model, and the timing kernel's paired samples of the
//! same operation ([`crate::measure::kernel`], in fresh `timing-rounds` processes) give the measured speedup at
//! every evaluator rung.

use super::model::{CostModel, evaluator_cost};
use crate::callgrind::{Children, MeasuredArm, measure_arms, operation_states};
use crate::evaluators::EvaluatorKind;
use crate::experiments::expansion::arm_options;
use crate::experiments::instructions::main_job::deal;
use crate::measure::child::{ChildSpec, child_session};
use crate::measure::kernel::{SessionTimes, Sessions, flattened, speedup, typical_time};
use crate::operation::Arm;
use crate::operation::evaluator_cost::{
    Plan as EvaluatorCostPlan, evaluator_ns_per_call, sampled_calls,
};
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::record::schema::BreakEvenRecord;
use crate::scenario::LoadedScenario;
use anyhow::{Result, bail};
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::Path;

/// What one map covers and where its callgrind children run.
#[derive(Clone, Debug)]
pub(crate) struct MapSpec<'a> {
    /// The harness executable (it re-invokes itself as `callgrind-op`).
    pub exe: &'a Path,
    /// Folder of the frozen scenario files.
    pub scenarios_dir: &'a Path,
    /// Where callgrind writes its files.
    pub work: &'a Path,
    /// The store of earlier callgrind children's results (`None`: always run valgrind).
    pub store: Option<&'a Path>,
    /// Traversal cache on or off.
    pub traversal: Traversal,
    /// Cache variants (`none` is the baseline and skipped here).
    pub variants: &'a [CacheKind],
    /// Evaluator rungs (`constant` is the model's zero and skipped here).
    pub rungs: &'a [EvaluatorKind],
    /// The timing kernel's sessions.
    pub sessions: Sessions,
    /// How each rung's own cost per call is timed.
    pub evaluator_cost: EvaluatorCostPlan,
}

/// One family's map: a row per variant x rung (provenance columns empty; the caller fills them).
pub(crate) fn measure_map(scn: &LoadedScenario, spec: &MapSpec) -> Result<Vec<BreakEvenRecord>> {
    let (family, traversal) = (scn.family.name(), spec.traversal.name());
    let variants: Vec<CacheKind> = spec
        .variants
        .iter()
        .copied()
        .filter(|v| *v != CacheKind::None)
        .collect();
    let rungs: Vec<EvaluatorKind> = spec
        .rungs
        .iter()
        .copied()
        .filter(|r| *r != EvaluatorKind::Constant)
        .collect();
    let Counts {
        base,
        models,
        costs,
    } = count(scn, spec, &variants, &rungs)?;
    let lookups = base.lookups;

    // Timing: the uncached constant arm (ns per instruction), then per rung the uncached arm and every variant,
    // all timed back to back in every round so that drift hits them alike.
    let arm = |cache, eval| Arm {
        cache,
        eval,
        traversal: spec.traversal,
    };
    let mut arms = vec![arm(CacheKind::None, EvaluatorKind::Constant)];
    for &r in &rungs {
        arms.push(arm(CacheKind::None, r));
        arms.extend(variants.iter().map(|&v| arm(v, r)));
    }
    let sessions = time_arms(scn, spec, &arms)?;
    let (timed, session) = flattened(&sessions, arms.len());
    let typical = |i: usize| typical_time(&timed[i], &session).map_or(f64::NAN, |t| t.point);
    let constant_ns = typical(0);
    let ns_per_instruction = constant_ns / base.totals.ir as f64;

    let mut rows = Vec::new();
    let calls = sampled_calls(&operation_states(scn), scn.depth, spec.traversal);
    for (ri, (&rung, &e)) in rungs.iter().zip(&costs).enumerate() {
        let none_at = 1 + ri * (1 + variants.len());
        // Measured directly, as At a glance's: the difference of the two uncached arms' times carries both arms'
        // noise and read below zero.
        let Some(own) = evaluator_ns_per_call(&calls, rung, &spec.evaluator_cost) else {
            bail!("{family} traversal {traversal}: the operation evaluates nothing");
        };
        let evaluator_ns_per_call = own.point;
        for (vi, (&v, model)) in variants.iter().zip(&models).enumerate() {
            let at = none_at + 1 + vi;
            let Some(ratio) = speedup(&timed[none_at], &timed[at], &session) else {
                bail!("{family} traversal {traversal}: {v}/{rung} has no timed rounds");
            };
            rows.push(
                BreakEvenRecord {
                    scenario: family.to_owned(),
                    traversal: traversal.to_owned(),
                    variant: v.name().to_owned(),
                    evaluator: rung.to_string(),
                    lookups,
                    misses: model.misses,
                    operation_instructions: base.totals.ir,
                    probe_instructions_per_lookup: model.probe,
                    evaluator_instructions_per_call: e,
                    break_even_instructions_per_call: model.break_even(),
                    evaluator_ns_per_call,
                    ns_per_instruction,
                    predicted_speedup: model.speedup(e.max(0.0)),
                    ..BreakEvenRecord::default()
                }
                .with_measured(&ratio),
            );
        }
    }
    Ok(rows)
}

/// Times `arms` on the operation callgrind counts ([`operation_states`]): `spec.sessions` fresh `timing-rounds`
/// processes, every arm one side of one group.
fn time_arms(scn: &LoadedScenario, spec: &MapSpec, arms: &[Arm]) -> Result<Vec<SessionTimes>> {
    let family = scn.family.name();
    let first = Some(operation_states(scn).len());
    let (dir, ms) = (spec.scenarios_dir, spec.sessions.sample_ms);
    let options = arm_options(arms);
    let child = ChildSpec::session(spec.exe, dir, "break-even", family, &options, ms, first)?;
    let wanted: Vec<_> = arms.iter().map(|a| a.key(family)).collect();
    spec.sessions
        .run(&|seed, length| child_session(&child, std::slice::from_ref(&wanted), seed, length))
}

/// The counted side of one map: the uncached constant arm, each variant's cost model, each rung's instructions
/// per call.
struct Counts {
    base: MeasuredArm,
    models: Vec<CostModel>,
    costs: Vec<f64>,
}

/// Every count of one map, on every core at once (deterministic counts: running them side by side changes no
/// figure, and nothing is timed meanwhile).
fn count(
    scn: &LoadedScenario,
    spec: &MapSpec,
    variants: &[CacheKind],
    rungs: &[EvaluatorKind],
) -> Result<Counts> {
    let family = scn.family.name();
    let traversal = spec.traversal.name();
    let children = Children {
        exe: spec.exe,
        scenarios_dir: spec.scenarios_dir,
        work: spec.work,
        store: spec.store,
        // The map reads instruction counts only: no cache simulation, which would double each child's time.
        cache_sim: false,
    };
    // Every count first, on every core at once (deterministic counts: running them side by side changes no figure,
    // and nothing is timed meanwhile): the uncached constant arm, each variant with the constant evaluator, the
    // uncached arm at each rung.
    let mut jobs = vec![(CacheKind::None, EvaluatorKind::Constant)];
    jobs.extend(variants.iter().map(|&v| (v, EvaluatorKind::Constant)));
    jobs.extend(rungs.iter().map(|&r| (CacheKind::None, r)));
    // One child per core, each measuring its share of the arms in turn (every arm in a process of its own forked
    // after the loading, so the split changes no count; valgrind's start-up is paid once per child).
    let threads = crate::parallel::cores();
    let arms: Vec<Arm> = jobs
        .iter()
        .map(|&(cache, eval)| Arm {
            cache,
            eval,
            traversal: spec.traversal,
        })
        .collect();
    // Dealt round-robin, so the dear rungs at the end of the list spread over the children.
    let shares = deal(&arms, threads);
    let per_share = parallel_map(
        &shares,
        threads,
        &Progress::hidden(),
        |share| -> Result<Vec<MeasuredArm>> { measure_arms(&children, family, share) },
    )?;
    let counted: Vec<MeasuredArm> = (0..arms.len())
        .map(|i| per_share[i % threads][i / threads])
        .collect();
    let base = counted[0];
    let lookups = base.lookups;
    let same_lookups = |m: &MeasuredArm, what: String| -> Result<()> {
        if m.lookups != lookups {
            bail!(
                "{family} traversal {traversal}: {what} made {} lookups, the uncached constant arm {lookups}",
                m.lookups
            );
        }
        Ok(())
    };
    let mut models = Vec::new();
    for (&v, m) in variants.iter().zip(&counted[1..]) {
        same_lookups(m, format!("{v}"))?;
        let Some(model) =
            CostModel::derive(base.totals.ir, m.totals.ir, lookups, m.evaluator_calls)
        else {
            bail!("{family} traversal {traversal}: the operation makes no evaluation lookups");
        };
        models.push(model);
    }
    let mut costs = Vec::new();
    for (&r, m) in rungs.iter().zip(&counted[1 + variants.len()..]) {
        same_lookups(m, format!("none/{r}"))?;
        costs.push(evaluator_cost(m.totals.ir, base.totals.ir, lookups));
    }

    Ok(Counts {
        base,
        models,
        costs,
    })
}
