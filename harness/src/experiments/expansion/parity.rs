//! Stage 2: the counting pass of every arm, and parity (every variant agrees) before anything is timed.

use crate::exit::Failure;
use crate::experiments::Job;
use crate::operation::timing::ArmTiming;
use crate::operation::{Arm, CountResult, check_parity, count_family};
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::scenario::LoadedScenario;
use crate::status;
use engine::GameState;
use std::time::Instant;

/// One family x evaluator x traversal group: its arms' counting passes and, once timed, their timings.
pub(crate) struct Group<'a> {
    /// The family.
    pub scenario: &'a LoadedScenario,
    /// One counting pass per cache variant.
    pub counts: Vec<(Arm, CountResult)>,
    /// One timing per timed cache variant (in `counts` order; the job's [`crate::experiments::Race`] says which
    /// are timed), empty until timed.
    pub timings: Vec<ArmTiming>,
    /// The group's evaluator alone, ns per call over the evaluations of the uncached operation callgrind counts
    /// (`None` until timed).
    pub evaluator_ns_per_call: Option<crate::statistics::Interval>,
}

impl Group<'_> {
    /// The timing of `arm`, if it was timed.
    pub(crate) fn timing(&self, arm: &Arm) -> Option<&ArmTiming> {
        self.timings.iter().find(|t| t.arm == *arm)
    }

    /// The family's successor states.
    pub(crate) fn states(&self) -> Vec<GameState> {
        self.scenario.successors.iter().map(|s| s.state).collect()
    }
}

/// Counts every arm and checks parity per group; a parity failure is a [`Failure::Mismatch`].
pub(crate) fn count_with_parity<'a>(
    scenarios: &'a [LoadedScenario],
    job: &Job,
) -> anyhow::Result<Vec<Group<'a>>> {
    let start = Instant::now();
    let evaluators = job.timed_evaluators();
    let group_count = scenarios.len() * evaluators.len() * job.traversals.len();
    let progress = Progress::new("parity", (group_count * job.caches.len()) as u64);
    let mut groups = Vec::new();
    let threads = crate::parallel::cores();
    for scn in scenarios {
        let states: Vec<GameState> = scn.successors.iter().map(|s| s.state).collect();
        let dfens: Vec<String> = scn.successors.iter().map(|s| s.state.to_dfen()).collect();
        // Every arm of the family is counted first, on every core at once (counting passes are deterministic and
        // nothing is timed meanwhile); parity is then checked group by group in order.
        let arms: Vec<Arm> = evaluators
            .iter()
            .flat_map(|&eval| {
                job.traversals.iter().flat_map(move |&traversal| {
                    job.caches.iter().map(move |&cache| Arm {
                        cache,
                        eval,
                        traversal,
                    })
                })
            })
            .collect();
        progress.set_message(scn.family.to_string());
        let mut counted = parallel_map(&arms, threads, &progress, |&arm| {
            Ok((arm, count_family(&states, scn.depth, arm)))
        })?
        .into_iter();
        for &eval in &evaluators {
            let frozen: Option<Vec<i64>> = scn
                .successors
                .iter()
                .map(|s| s.expected.get(&eval).copied())
                .collect();
            let mut first_values: Option<Vec<i64>> = None;
            for _ in &job.traversals {
                let counts: Vec<(Arm, CountResult)> =
                    counted.by_ref().take(job.caches.len()).collect();
                let reference = match (&frozen, &first_values) {
                    (Some(f), _) => Some(("the frozen expected value", f.as_slice())),
                    (None, Some(v)) => Some(("the other traversal mode", v.as_slice())),
                    (None, None) => None,
                };
                if let Err(e) = check_parity(scn.family.name(), &counts, reference, &dfens) {
                    progress.abandon();
                    return Err(Failure::Mismatch.because(format!(
                        "{e}\nparity failed: nothing was timed and no result file was written"
                    )));
                }
                if first_values.is_none() {
                    first_values = counts.first().map(|(_, r)| r.values.clone());
                }
                groups.push(Group {
                    scenario: scn,
                    counts,
                    timings: Vec::new(),
                    evaluator_ns_per_call: None,
                });
            }
        }
    }
    progress.finish("all variants agree");
    status!(
        "parity: {} arms agree ({:.1} s)",
        group_count * job.caches.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(groups)
}
