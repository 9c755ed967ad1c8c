//! Stage 3: time every setting with the timing kernel ([`crate::measure::kernel`]): the settings the answer reads
//! first and adaptively, the others in what is left ([`crate::measure::schedule`]); then each evaluator's cost
//! per call. Sessions are fresh `timing-rounds` processes of this executable, or samplers in this process where
//! the executable has no such child (a test binary).

use super::Group;
use crate::evaluators::EvaluatorKind;
use crate::experiments::Job;
use crate::experiments::job::{report_evaluator, report_traversal};
use crate::measure::child::{ChildSpec, child_session};
use crate::measure::kernel::{SessionTimes, half_width, setting_session};
use crate::measure::schedule::{Spent, run_schedule};
use crate::operation::Arm;
use crate::operation::evaluator_cost::{
    Calls, Plan as EvaluatorCostPlan, evaluator_ns_per_call, sampled_calls,
};
use crate::operation::timing::{arm_timings, speedup_over};
use crate::progress::Progress;
use crate::record::schema::TimingPlanRecord;
use crate::statistics::Interval;
use crate::status;
use anyhow::Result;
use engine::GameState;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::time::{Duration, Instant};

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
            let (dir, options) = (&job.scenarios_dir, arm_options(arms));
            let spec =
                ChildSpec::session(exe, dir, "expansion", family, &options, job.sample_ms, None)?;
            let wanted: Vec<_> = arms.iter().map(|a| a.key(family)).collect();
            child_session(&spec, &[wanted], seed, length)
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

/// The `timing-rounds` options selecting `arms` (the child announces every combination of their caches,
/// evaluators and traversal settings).
pub(crate) fn arm_options(arms: &[Arm]) -> [String; 6] {
    let list = |f: &dyn Fn(&Arm) -> String| {
        let mut v: Vec<String> = Vec::new();
        for w in arms.iter().map(f) {
            if !v.contains(&w) {
                v.push(w);
            }
        }
        v.join(",")
    };
    [
        "--cache".into(),
        list(&|a| a.cache.name().to_owned()),
        "--eval".into(),
        list(&|a| a.eval.to_string()),
        "--traversal".into(),
        list(&|a| a.traversal.name().to_owned()),
    ]
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

/// One setting: arms of one group timed against each other.
struct Setting {
    /// The group's index.
    group: usize,
    /// The arms, in the group's order.
    arms: Vec<Arm>,
    /// Whether the answer reads it (timed first and adaptively).
    headline: bool,
}

/// Whether `arms` hold the pair the answer judges: no cache and the optimized cache.
fn judged(arms: &[Arm]) -> bool {
    arms.iter().any(|x| x.cache == CacheKind::None)
        && arms.iter().any(|x| x.cache == CacheKind::Optimized)
}

/// The judged pair's speedup, time(no cache) / time(optimized cache), over a setting's sessions.
fn judged_speedup(arms: &[Arm], sessions: &[SessionTimes]) -> Option<Interval> {
    speedup_over(arms, sessions, CacheKind::None, CacheKind::Optimized)
}

/// The arms each group times: those `job.race` times in their traversal setting, in the group's order.
fn timed_arms(groups: &[Group<'_>], job: &Job) -> Vec<Vec<Arm>> {
    groups
        .iter()
        .map(|g| {
            g.counts
                .iter()
                .map(|(a, _)| *a)
                .filter(|a| job.race.times(a.cache, a.traversal))
                .collect()
        })
        .collect()
}

/// The settings: each group's arms, and for a group the answer reads with more arms than the two it judges,
/// those two alone first (timed adaptively; the group's other arms then time in the group's own setting).
fn settings(arms: &[Vec<Arm>], job: &Job) -> Vec<Setting> {
    let (eval, traversal) = (
        report_evaluator(&job.evaluators),
        report_traversal(&job.traversals),
    );
    let reads =
        |k: usize| judged(&arms[k]) && arms[k][0].eval == eval && arms[k][0].traversal == traversal;
    let setting = |group: usize, arms: Vec<Arm>, headline: bool| Setting {
        group,
        arms,
        headline,
    };
    let mut settings = Vec::new();
    for (k, group) in arms.iter().enumerate() {
        let pair: Vec<Arm> = group
            .iter()
            .copied()
            .filter(|a| matches!(a.cache, CacheKind::None | CacheKind::Optimized))
            .collect();
        if reads(k) && pair.len() < group.len() {
            settings.push(setting(k, pair, true));
            settings.push(setting(k, group.clone(), false));
        } else {
            settings.push(setting(k, group.clone(), reads(k)));
        }
    }
    settings
}

/// Times every setting by `job.schedule` (the headline ones first and adaptively), a progress bar counting the
/// sessions; what each setting spent, in `settings` order.
fn time_settings(
    settings: &[Setting],
    groups: &[Group<'_>],
    states: &[Vec<GameState>],
    job: &Job,
) -> Result<Vec<Spent>> {
    let headline: Vec<bool> = settings.iter().map(|s| s.headline).collect();
    let progress = Progress::counting("timing", "sessions");
    let families: Vec<&str> = groups.iter().map(|g| g.scenario.family.name()).collect();
    let depths: Vec<_> = groups.iter().map(|g| g.scenario.depth).collect();
    let run = |i: usize, s: usize, length: Duration| {
        let Setting { group: k, arms, .. } = &settings[i];
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
    let judge = |i: usize, s: &[SessionTimes]| judged_speedup(&settings[i].arms, s);
    let spent = run_schedule(&headline, &job.schedule, &run, &judge)?;
    progress.finish("done");
    Ok(spent)
}

/// The plan's record of one setting of `family`: its arms, what it spent and why it stopped, and the judged
/// pair's half-width when the setting holds the pair and the width is finite.
fn plan_record(family: &str, setting: &Setting, spent: &Spent) -> TimingPlanRecord {
    let arms = &setting.arms;
    let width = judged_speedup(arms, &spent.sessions).map(|i| 100.0 * half_width(&i));
    TimingPlanRecord {
        stage: "expansion".into(),
        scenario: family.to_owned(),
        evaluator: arms[0].eval.to_string(),
        traversal: arms[0].traversal.name().to_owned(),
        variants: arms
            .iter()
            .map(|a| a.cache.name())
            .collect::<Vec<_>>()
            .join(";"),
        headline: setting.headline,
        judged: if judged(arms) {
            "none/optimized".into()
        } else {
            String::new()
        },
        sessions: spent.sessions.len() as u64,
        rounds: spent.sessions.iter().map(|s| s.rounds.len() as u64).sum(),
        seconds: spent.seconds,
        half_width_percent: width.filter(|w| w.is_finite()),
        stop: spent.stop.name().to_owned(),
        ..TimingPlanRecord::default()
    }
}

/// Puts each group's timings in its arms' order and measures its evaluator's cost per call (over the evaluations
/// of the operation callgrind counts), except for `constant`, whose cost is the zero every other evaluator's is
/// measured against.
fn fill_evaluator_costs(groups: &mut [Group<'_>], arms: &[Vec<Arm>], plan: &EvaluatorCostPlan) {
    // One sample per family and traversal setting, shared by its evaluators' groups.
    let mut samples: Vec<((&str, Traversal), Calls)> = Vec::new();
    for (k, g) in groups.iter_mut().enumerate() {
        g.timings
            .sort_by_key(|t| arms[k].iter().position(|a| *a == t.arm));
        let arm0 = arms[k][0];
        if arm0.eval != EvaluatorKind::Constant {
            let key = (g.scenario.family.name(), arm0.traversal);
            let at = match samples.iter().position(|(k, _)| *k == key) {
                Some(at) => at,
                None => {
                    let states = crate::callgrind::operation_states(g.scenario);
                    let calls = sampled_calls(&states, g.scenario.depth, arm0.traversal);
                    samples.push((key, calls));
                    samples.len() - 1
                }
            };
            g.evaluator_ns_per_call = evaluator_ns_per_call(&samples[at].1, arm0.eval, plan);
        }
    }
}

/// Fills every group's timings (the variants `job.race` times in its traversal setting) and its evaluator's cost
/// per call (not for `constant`, whose cost is the zero every other evaluator's is measured against); the plan's
/// records (without provenance).
pub(crate) fn time_groups(groups: &mut [Group<'_>], job: &Job) -> Result<Vec<TimingPlanRecord>> {
    let start = Instant::now();
    let arms = timed_arms(groups, job);
    let states: Vec<Vec<GameState>> = groups.iter().map(|g| g.states()).collect();
    let settings = settings(&arms, job);
    let spent = time_settings(&settings, groups, &states, job)?;
    let mut plan = Vec::new();
    for (setting, spent) in settings.iter().zip(&spent) {
        let timed = arm_timings(&setting.arms, &spent.sessions);
        merge_timings(&mut groups[setting.group].timings, timed);
        plan.push(plan_record(
            groups[setting.group].scenario.family.name(),
            setting,
            spent,
        ));
    }
    fill_evaluator_costs(groups, &arms, &job.plan);
    status!(
        "timed {} settings in {:.1} s",
        groups.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(plan)
}
