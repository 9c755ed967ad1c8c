//! The search stage's timing on the timing kernel ([`crate::measure::kernel`]), as the expansion stage times its
//! settings: per family two settings, each a group of arms timed root by root back to back in sessions (fresh
//! `timing-rounds` processes of this executable, or samplers in this process where it has none).
//!
//! - The **headline** setting: Star2 with the table, without and with the optimized cache (the comparison the
//!   answer declares), timed first and adaptively ([`crate::measure::schedule`]).
//! - The **all-arms** setting: every arm of the family, plain expectimax included, in what is left: each arm's
//!   time per pass and its speedup over plain expectimax, and every other cache speedup.

use super::sampler::{arm_words, family_roots, search_sampler, stage_table};
use crate::experiments::Job;
use crate::measure::child::{ChildSpec, child_session};
use crate::measure::kernel::{
    SessionTimes, flattened, half_width, setting_session, speedup, typical_time,
};
use crate::measure::schedule::{Schedule, Spent, run_schedule};
use crate::operation::sampled::Planting;
use crate::operation::search::{SearchArm, SearchRow};
use crate::progress::Progress;
use crate::record::ArmKey;
use crate::record::schema::TimingPlanRecord;
use crate::scenario::LoadedScenario;
use crate::statistics::Interval;
use anyhow::{Result, bail};
use engine::memo::CacheKind;
use engine::search::Pruning;
use std::time::{Duration, Instant};

/// The arms of the declared comparison: Star2 with the table, no cache, then the optimized cache.
pub(crate) const HEADLINE: [SearchArm; 2] = [
    SearchArm {
        pruning: Pruning::Star2,
        table: true,
        cache: CacheKind::None,
    },
    SearchArm {
        pruning: Pruning::Star2,
        table: true,
        cache: CacheKind::Optimized,
    },
];

/// What the timing gives one row (family x arm).
#[derive(Clone, Debug)]
pub(crate) struct RowTiming {
    /// Time of one pass over the family's roots: roots x the typical time per root (geometric mean over sessions,
    /// Student-t over sessions).
    pub time: Interval,
    /// time(plain expectimax) / time(this arm), paired per root.
    pub speedup: Option<Interval>,
    /// For an arm with a cache: time(the same pruning and table, no cache) / time(this arm), paired per root
    /// (from the headline setting for the declared arms).
    pub cache_speedup: Option<Interval>,
}

/// One setting: a family's arms timed against each other.
struct Setting {
    family: usize,
    arms: Vec<SearchArm>,
    headline: bool,
}

/// One session of a setting: a fresh sampler of its arms, rounds until `length` is spent (at least one).
fn session(
    job: &Job,
    scenario: &LoadedScenario,
    arms: &[SearchArm],
    seed: u64,
    length: Duration,
) -> Result<SessionTimes> {
    let start = Instant::now();
    let family = scenario.family.name();
    let take = job.quick.then_some(1);
    let words: Vec<String> = arms.iter().map(|&a| arm_words(a)).collect();
    match &job.timing_exe {
        Some(exe) => {
            let selection = ["--search-arm".into(), words.join(",")];
            let dir = &job.scenarios_dir;
            let spec =
                ChildSpec::session(exe, dir, "search", family, &selection, job.sample_ms, take)?;
            let eval = super::SEARCH_EVALUATOR.to_string();
            let wanted: Vec<ArmKey> = words
                .iter()
                .map(|w| ArmKey::new(family, "search", &eval, w))
                .collect();
            child_session(&spec, &[wanted], seed, length)
        }
        None => {
            let (depth, roots) = family_roots(scenario, take)?;
            let table = stage_table();
            let target = Duration::from_millis(job.sample_ms);
            let mut sampler = search_sampler(
                &roots,
                depth,
                arms,
                super::SEARCH_EVALUATOR,
                &table,
                target,
                &Planting::new(0.0),
            );
            setting_session(&mut sampler, arms.len(), seed, start, length)
        }
    }
}

/// `base / other` of a setting's sessions, by arm.
fn speedup_of(
    arms: &[SearchArm],
    sessions: &[SessionTimes],
    base: SearchArm,
    other: SearchArm,
) -> Option<Interval> {
    let find = |a: SearchArm| arms.iter().position(|&x| x == a);
    let (times, session) = flattened(sessions, arms.len());
    speedup(&times[find(base)?], &times[find(other)?], &session)
}

/// The settings of `families` families: per family the headline setting, then the all-arms one.
fn settings(families: usize) -> Vec<Setting> {
    let all = SearchArm::all();
    (0..families)
        .flat_map(|family| {
            [
                Setting {
                    family,
                    arms: HEADLINE.to_vec(),
                    headline: true,
                },
                Setting {
                    family,
                    arms: all.clone(),
                    headline: false,
                },
            ]
        })
        .collect()
}

/// Times every setting by `plan` (the headline ones first and adaptively), a progress bar counting the sessions;
/// what each setting spent, in `settings` order.
fn time_settings(
    settings: &[Setting],
    scenarios: &[LoadedScenario],
    job: &Job,
    plan: &Schedule,
) -> Result<Vec<Spent>> {
    let headline: Vec<bool> = settings.iter().map(|s| s.headline).collect();
    let progress = Progress::counting("search timing", "sessions");
    let run = |k: usize, s: usize, length: Duration| {
        let setting = &settings[k];
        progress.set_message(scenarios[setting.family].family.name().to_owned());
        let seed = job
            .seed
            .wrapping_add((1 << 62) | ((k as u64) << 40) | ((s as u64) << 32));
        let t = session(job, &scenarios[setting.family], &setting.arms, seed, length);
        progress.inc(1);
        t
    };
    let judge =
        |k: usize, s: &[SessionTimes]| speedup_of(&settings[k].arms, s, HEADLINE[0], HEADLINE[1]);
    let spent = run_schedule(&headline, plan, &run, &judge)?;
    progress.finish("done");
    Ok(spent)
}

/// One row's timing: its time per pass from its family's all-arms setting, its speedup over plain expectimax
/// there, and its cache speedup (from the headline setting for the declared arms).
fn row_timing(
    row: &SearchRow,
    scenarios: &[LoadedScenario],
    settings: &[Setting],
    spent: &[Spent],
) -> Result<RowTiming> {
    let all = SearchArm::all();
    let family = scenarios
        .iter()
        .position(|s| s.family.name() == row.family)
        .expect("every row's family was timed");
    let at = |headline: bool| {
        settings
            .iter()
            .position(|s| s.family == family && s.headline == headline)
            .expect("two settings per family")
    };
    let (every, declared) = (at(false), at(true));
    let sessions = &spent[every].sessions;
    let (times, session) = flattened(sessions, all.len());
    let i = all.iter().position(|&a| a == row.arm).expect("every arm");
    let roots = row.results.len().max(1) as f64;
    let Some(per_root) = typical_time(&times[i], &session) else {
        bail!(
            "search timing: {} {} has no round",
            row.family,
            row.arm.label()
        );
    };
    let uncached = SearchArm {
        cache: CacheKind::None,
        ..row.arm
    };
    let cache_speedup = match row.arm.cache {
        CacheKind::None => None,
        _ if HEADLINE.contains(&row.arm) => {
            speedup_of(&HEADLINE, &spent[declared].sessions, uncached, row.arm)
        }
        _ => speedup_of(&all, sessions, uncached, row.arm),
    };
    Ok(RowTiming {
        time: per_root.scaled(roots),
        speedup: speedup_of(&all, sessions, SearchArm::PLAIN, row.arm),
        cache_speedup,
    })
}

/// The plan's record of one setting of `scenario`: its arms, what it spent and why it stopped, and the judged
/// comparison's half-width when finite.
fn plan_record(scenario: &LoadedScenario, setting: &Setting, spent: &Spent) -> TimingPlanRecord {
    let width = judge_width(&setting.arms, &spent.sessions);
    TimingPlanRecord {
        stage: "search".into(),
        scenario: scenario.family.name().to_owned(),
        evaluator: super::SEARCH_EVALUATOR.to_string(),
        traversal: String::new(),
        variants: setting
            .arms
            .iter()
            .map(|a| a.label())
            .collect::<Vec<_>>()
            .join(";"),
        headline: setting.headline,
        judged: format!("{}/{}", HEADLINE[0].label(), HEADLINE[1].label()),
        sessions: spent.sessions.len() as u64,
        rounds: spent.sessions.iter().map(|s| s.rounds.len() as u64).sum(),
        seconds: spent.seconds,
        half_width_percent: width,
        stop: spent.stop.name().to_owned(),
        ..TimingPlanRecord::default()
    }
}

/// Times every family's arms by `plan`: one [`RowTiming`] per row of `rows` (the counting pass's, family by
/// family, every arm of [`SearchArm::all`] in each), and the plan's records (without provenance).
pub(crate) fn time_search(
    scenarios: &[LoadedScenario],
    rows: &[SearchRow],
    job: &Job,
    plan: &Schedule,
) -> Result<(Vec<RowTiming>, Vec<TimingPlanRecord>)> {
    let settings = settings(scenarios.len());
    let spent = time_settings(&settings, scenarios, job, plan)?;
    let mut timings = Vec::with_capacity(rows.len());
    for row in rows {
        timings.push(row_timing(row, scenarios, &settings, &spent)?);
    }
    let records = settings
        .iter()
        .zip(&spent)
        .map(|(s, spent)| plan_record(&scenarios[s.family], s, spent))
        .collect();
    Ok((timings, records))
}

/// The judged comparison's 95% half-width in percent (log scale), when finite.
fn judge_width(arms: &[SearchArm], sessions: &[SessionTimes]) -> Option<f64> {
    speedup_of(arms, sessions, HEADLINE[0], HEADLINE[1])
        .map(|i| 100.0 * half_width(&i))
        .filter(|w| w.is_finite())
}
