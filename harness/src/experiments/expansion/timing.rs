//! Stage 3: time every setting with the timing kernel ([`crate::measure::kernel`]): the settings the answer reads
//! first and adaptively, the others in what is left ([`crate::measure::schedule`]); then each evaluator's cost
//! per call. Sessions are fresh `timing-rounds` processes of this executable, or samplers in this process where
//! the executable has no such child (a test binary).

use super::Group;
use crate::evaluators::EvaluatorKind;
use crate::experiments::Job;
use crate::experiments::job::{report_evaluator, report_traversal};
use crate::measure::Plan;
use crate::measure::child::{ChildSpec, child_session};
use crate::measure::kernel::{SessionTimes, half_width, setting_session};
use crate::measure::schedule::run_schedule;
use crate::operation::Arm;
use crate::operation::evaluator_cost::evaluator_ns_per_call;
use crate::operation::timing::{arm_timings, speedup_over};
use crate::progress::Progress;
use crate::record::schema::TimingPlanRecord;
use crate::status;
use anyhow::Result;
use engine::GameState;
use engine::memo::CacheKind;
use std::time::{Duration, Instant};

/// The evaluator-cost plan: the group's rounds, a tenth of its budget and half its warm-up (a pass over the
/// evaluations is a small part of an expansion, and the expansion just timed has warmed the evaluator).
fn short(plan: &Plan) -> Plan {
    Plan {
        budget: plan.budget / 10,
        warm_up: plan.warm_up / 2,
        ..*plan
    }
}

/// One session of a setting: a fresh sampler of its arms (a child process, or this process's), rounds until
/// `length` is spent (at least one), the arms timed back to back per successor in an order drawn from `seed`.
fn session(
    job: &Job,
    family: &str,
    states: &[GameState],
    depth: engine::chance::ChanceDepth,
    arms: &[Arm],
    seed: u64,
    length: Duration,
) -> Result<SessionTimes> {
    let start = Instant::now();
    match &job.timing_exe {
        Some(exe) => {
            let list = |f: &dyn Fn(&Arm) -> String| {
                let mut v: Vec<String> = arms.iter().map(f).collect();
                v.dedup();
                v.join(",")
            };
            let args: Vec<std::ffi::OsString> = [
                "--scenario".into(),
                family.to_owned(),
                "--cache".into(),
                list(&|a| a.cache.name().to_owned()),
                "--eval".into(),
                list(&|a| a.eval.to_string()),
                "--traversal".into(),
                list(&|a| a.traversal.name().to_owned()),
                "--sample-ms".into(),
                job.sample_ms.to_string(),
                "--with-usage".into(),
                "--scenarios-dir".into(),
                job.scenarios_dir.display().to_string(),
            ]
            .into_iter()
            .map(Into::into)
            .collect();
            let spec = ChildSpec {
                exe: exe.clone(),
                cwd: std::env::current_dir()?,
                label: format!("timing-rounds ({family})"),
                args,
                by_successor: true,
                planted: None,
            };
            let wanted: Vec<_> = arms.iter().map(|a| a.key(family)).collect();
            child_session(&spec, &wanted, seed, length)
        }
        None => {
            let each: Vec<_> = arms.iter().map(|&a| (states, depth, a)).collect();
            let planting = crate::operation::sampled::Planting::new(0.0);
            let target = Duration::from_millis(job.sample_ms);
            let mut sampler = crate::operation::sampled::Successors::new(&each, target, &planting);
            setting_session(&mut sampler, arms.len(), seed, start, length)
        }
    }
}

/// Adds a setting's timings to its group's: an arm already timed (in the group's judged pair, timed first) keeps
/// its time and its speedup over `none` from that setting and takes only its speedup over `tuple` from the later
/// one, where `tuple` was timed.
fn merge_timings(
    into: &mut Vec<crate::operation::timing::ArmTiming>,
    timed: Vec<crate::operation::timing::ArmTiming>,
) {
    for t in timed {
        match into.iter_mut().find(|x| x.arm == t.arm) {
            Some(x) => x.speedup_vs_tuple = x.speedup_vs_tuple.or(t.speedup_vs_tuple),
            None => into.push(t),
        }
    }
}

/// Fills every group's timings (the variants `job.race` times in its traversal setting) and its evaluator's cost
/// per call (not for `constant`, whose cost is the zero every other evaluator's is measured against); the plan's
/// records (without provenance).
pub(crate) fn time_groups(groups: &mut [Group<'_>], job: &Job) -> Result<Vec<TimingPlanRecord>> {
    let start = Instant::now();
    let arms: Vec<Vec<Arm>> = groups
        .iter()
        .map(|g| {
            g.counts
                .iter()
                .map(|(a, _)| *a)
                .filter(|a| job.race.times(a.cache, a.traversal))
                .collect()
        })
        .collect();
    let states: Vec<Vec<GameState>> = groups.iter().map(|g| g.states()).collect();
    let judged = |a: &[Arm]| {
        a.iter().any(|x| x.cache == CacheKind::None)
            && a.iter().any(|x| x.cache == CacheKind::Optimized)
    };
    let (eval, traversal) = (
        report_evaluator(&job.evaluators),
        report_traversal(&job.traversals),
    );
    // The settings: each group's arms, and for a group the answer reads with more arms than the two it judges,
    // those two alone first (timed adaptively; the group's other arms then time in the group's own setting).
    let reads =
        |k: usize| judged(&arms[k]) && arms[k][0].eval == eval && arms[k][0].traversal == traversal;
    let mut settings: Vec<(usize, Vec<Arm>, bool)> = Vec::new();
    for (k, group) in arms.iter().enumerate() {
        let pair: Vec<Arm> = group
            .iter()
            .copied()
            .filter(|a| matches!(a.cache, CacheKind::None | CacheKind::Optimized))
            .collect();
        if reads(k) && pair.len() < group.len() {
            settings.push((k, pair, true));
            settings.push((k, group.clone(), false));
        } else {
            settings.push((k, group.clone(), reads(k)));
        }
    }
    let headline: Vec<bool> = settings.iter().map(|s| s.2).collect();
    let progress = Progress::counting("timing", "sessions");
    let families: Vec<&str> = groups.iter().map(|g| g.scenario.family.name()).collect();
    let depths: Vec<_> = groups.iter().map(|g| g.scenario.depth).collect();
    let run = |i: usize, s: usize, length: Duration| {
        let (k, arms, _) = &settings[i];
        progress.set_message(format!(
            "{} {} traversal {}",
            families[*k],
            arms[0].eval,
            arms[0].traversal.name()
        ));
        let seed = job
            .seed
            .wrapping_add(((i as u64) << 40) | ((s as u64) << 32));
        let t = session(
            job,
            families[*k],
            &states[*k],
            depths[*k],
            arms,
            seed,
            length,
        );
        progress.inc(1);
        t
    };
    let judge = |i: usize, s: &[SessionTimes]| {
        speedup_over(&settings[i].1, s, CacheKind::None, CacheKind::Optimized)
    };
    let spent = run_schedule(&headline, &job.schedule, &run, &judge)?;
    progress.finish("done");
    let mut plan = Vec::new();
    for (i, (k, arms, headline)) in settings.iter().enumerate() {
        let timed = arm_timings(arms, &spent[i].sessions);
        merge_timings(&mut groups[*k].timings, timed);
        let width = judge(i, &spent[i].sessions).map(|i| 100.0 * half_width(&i));
        plan.push(TimingPlanRecord {
            stage: "expansion".into(),
            scenario: families[*k].to_owned(),
            evaluator: arms[0].eval.to_string(),
            traversal: arms[0].traversal.name().to_owned(),
            variants: arms
                .iter()
                .map(|a| a.cache.name())
                .collect::<Vec<_>>()
                .join(";"),
            headline: *headline,
            judged: if judged(arms) {
                "none/optimized".into()
            } else {
                String::new()
            },
            sessions: spent[i].sessions.len() as u64,
            rounds: spent[i]
                .sessions
                .iter()
                .map(|s| s.rounds.len() as u64)
                .sum(),
            seconds: spent[i].seconds,
            half_width_percent: width.filter(|w| w.is_finite()),
            stop: spent[i].stop.name().to_owned(),
            ..TimingPlanRecord::default()
        });
    }
    for (k, g) in groups.iter_mut().enumerate() {
        g.timings
            .sort_by_key(|t| arms[k].iter().position(|a| *a == t.arm));
        let arm0 = arms[k][0];
        if arm0.eval != EvaluatorKind::Constant {
            g.evaluator_ns_per_call = evaluator_ns_per_call(
                &states[k],
                g.scenario.depth,
                arm0.traversal,
                arm0.eval,
                &short(&job.plan),
            );
        }
    }
    status!(
        "timed {} settings in {:.1} s",
        groups.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(plan)
}
