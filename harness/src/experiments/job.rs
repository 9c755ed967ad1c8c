//! The main job's plan: what every experiment of a run reads, resolved from the command line once.

use crate::evaluators::EvaluatorKind;
use crate::measure::schedule::Schedule;
use crate::record::UtcTimestamp;
use crate::scenario::Family;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::PathBuf;
use std::time::Duration;

/// Everything the main job needs, resolved from the command line.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    /// Scenario families, in report order.
    pub families: Vec<Family>,
    /// Cache variants.
    pub caches: Vec<CacheKind>,
    /// Evaluators.
    pub evaluators: Vec<EvaluatorKind>,
    /// Traversal modes.
    pub traversals: Vec<Traversal>,
    /// The in-process timing plan of the evaluator's cost per call.
    pub plan: crate::operation::evaluator_cost::Plan,
    /// How the expansion stage's timing spends its budget ([`timing_schedule`]).
    pub schedule: Schedule,
    /// Target milliseconds of one kernel sample (fast successors repeat within it).
    pub sample_ms: u64,
    /// The executable whose `timing-rounds` child times each session in a fresh process; `None`: sessions sample
    /// in this process (an executable without that child, such as a test binary).
    pub timing_exe: Option<PathBuf>,
    /// Which selected cache variants are timed in which traversal setting (every one is counted and checked).
    pub race: Race,
    /// Whether this is the short run (`--quick`: fewer eviction seeds too).
    pub quick: bool,
    /// Whether the counting experiments run beside the timed ones (the default) rather than one at a time
    /// (`--one-at-a-time`); see [`crate::experiments::lanes`].
    pub overlap: bool,
    /// Folder of the frozen scenario files.
    pub scenarios_dir: PathBuf,
    /// Where run folders are created.
    pub out: PathBuf,
    /// Where the report goes.
    pub report_dir: PathBuf,
    /// The experiments not to run (names from [`crate::experiments::MAIN_JOB`]; never `expansion`).
    pub skip: Vec<&'static str>,
    /// The run's master seed.
    pub seed: u64,
    /// Folder for the dice-chess evaluation-lookup traces, if they are to be written.
    pub trace_out: Option<PathBuf>,
    /// The run's start time as recorded and used to name its folder; `None` = now. Fixed only by tests that
    /// start two runs "in the same second".
    pub start_time: Option<UtcTimestamp>,
}

/// The evaluator the report's tables and charts show, and so the one the instruction step, the probe lengths and
/// the allocation profiles measure with every cache variant: `material` when selected (or when nothing is), else
/// the first selected. The report picks the same one from the timings ([`crate::section::Slice::of_run`]).
pub(crate) fn report_evaluator(evaluators: &[EvaluatorKind]) -> EvaluatorKind {
    if evaluators.is_empty() || evaluators.contains(&EvaluatorKind::Material) {
        EvaluatorKind::Material
    } else {
        evaluators[0]
    }
}

/// The traversal setting the report's tables show, and so the one the allocation profiles measure and the default
/// run races the implementations in: `on` when selected (or when nothing is), else the first selected. The report
/// picks the same one from the timings ([`crate::section::Slice::of_run`]).
pub(crate) fn report_traversal(traversals: &[Traversal]) -> Traversal {
    if traversals.is_empty() || traversals.contains(&Traversal::Cached) {
        Traversal::Cached
    } else {
        traversals[0]
    }
}

/// Target milliseconds of one timing-kernel sample (fast successors repeat within it) in a full run or a short
/// one.
pub(crate) fn sample_ms(quick: bool) -> u64 {
    if quick { 2 } else { 5 }
}

/// How the expansion stage's timing spends its budget: the settings the answer reads (per family, no cache against
/// the optimized cache with the report's evaluator and traversal setting, nothing else in the setting) first,
/// adaptively, in short sessions until within ±1.5%, or decided against ±1% within ±2% (`--quick`: ±4%), for at
/// most 55% (`--quick`: 85%) of the budget and 80 sessions (`--quick`: 30) each; every other setting then gets 3
/// sessions of one round, and the rest of the budget goes session by session to the setting that has spent the
/// least time ([`crate::measure::schedule`]). Up to `streams` sessions run side by side: beside the counting
/// experiments one, and more once they are done ([`crate::measure::kernel::pull_streams`]).
pub(crate) fn timing_schedule(quick: bool, streams: usize) -> Schedule {
    if quick {
        Schedule {
            budget: Duration::from_secs(14),
            headline_share: 0.85,
            session: Duration::from_millis(150),
            min_sessions: 3,
            max_sessions: 30,
            other_sessions: 3,
            half_width: 0.015,
            decided_half_width: 0.04,
            streams,
        }
    } else {
        Schedule {
            budget: Duration::from_secs(95),
            headline_share: 0.55,
            session: Duration::from_millis(250),
            min_sessions: 4,
            max_sessions: 80,
            other_sessions: 3,
            half_width: 0.015,
            decided_half_width: 0.02,
            streams,
        }
    }
}

/// How the search stage's timing spends its budget ([`crate::experiments::search`]): per family the declared
/// comparison (Star2 with the table, without and with the optimized cache) first and adaptively, until within
/// ±1.5% or decided within ±3% (`--quick`: ±4%); then every arm of each family in what is left.
pub(crate) fn search_schedule(quick: bool, streams: usize) -> Schedule {
    Schedule {
        budget: Duration::from_secs(if quick { 5 } else { 9 }),
        headline_share: 0.85,
        session: Duration::from_millis(if quick { 200 } else { 300 }),
        min_sessions: if quick { 3 } else { 4 },
        max_sessions: if quick { 12 } else { 30 },
        other_sessions: 3,
        half_width: 0.015,
        decided_half_width: if quick { 0.04 } else { 0.03 },
        streams,
    }
}

/// Which cache variants the expansion stage times. Every selected variant is counted and checked for parity in
/// every group; timing is what costs (a group's rounds scale with its variants, and a traversal-off round of the
/// large families is a second or more), so by default the race between the implementations is run in one traversal
/// setting, and the other times only what its question needs: no cache against the optimized cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Race {
    /// Every selected variant in every group (a `--cache` list named on the command line).
    Everywhere,
    /// Every selected variant in this traversal setting; no cache and the optimized cache in the other (the
    /// default run: the setting is `on`, the default, when selected).
    At(Traversal),
    /// No cache and the optimized cache in every group (`--quick` without `--cache`).
    Nowhere,
}

impl Race {
    /// The default run's race: in the traversal setting `on` when selected, else the first selected.
    pub(crate) fn default_for(traversals: &[Traversal]) -> Race {
        Race::At(report_traversal(traversals))
    }

    /// Whether the variant `cache` is timed in the traversal setting `traversal`.
    pub(crate) fn times(self, cache: CacheKind, traversal: Traversal) -> bool {
        let headline = matches!(cache, CacheKind::None | CacheKind::Optimized);
        match self {
            Race::Everywhere => true,
            Race::At(t) => headline || traversal == t,
            Race::Nowhere => headline,
        }
    }
}

impl Job {
    /// The evaluators the expansion stage counts and times: the selected ones, then `constant` when it is not
    /// among them but another is. Its uncached time is the baseline of every evaluator's cost per call and its
    /// cached times of every break-even per call (At a glance), so a run of one evaluator (a user's, say) has
    /// those figures without naming `constant`; it then shows as its own row, as in the default run.
    pub(crate) fn timed_evaluators(&self) -> Vec<EvaluatorKind> {
        let mut out = self.evaluators.clone();
        if !out.is_empty() && !out.contains(&EvaluatorKind::Constant) {
            out.push(EvaluatorKind::Constant);
        }
        out
    }

    /// Whether the experiment called `name` is skipped.
    pub(crate) fn skips(&self, name: &str) -> bool {
        self.skip.contains(&name)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn times_examples() {
        use crate::experiments::Race;
        use engine::chance::Traversal;
        use engine::memo::CacheKind;
        let race = Race::At(Traversal::Cached);
        assert!(race.times(CacheKind::Fx, Traversal::Cached));
        assert!(!race.times(CacheKind::Fx, Traversal::Plain));
        assert!(race.times(CacheKind::Optimized, Traversal::Plain));
        assert!(!Race::Nowhere.times(CacheKind::Tuple, Traversal::Cached));
        assert!(Race::Everywhere.times(CacheKind::Tuple, Traversal::Plain));
    }
}
