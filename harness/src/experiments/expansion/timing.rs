//! Stage 3: time every group, its cache variants interleaved.

use super::Group;
use crate::evaluators::EvaluatorKind;
use crate::experiments::Race;
use crate::experiments::expansion::operation::Arm;
use crate::experiments::expansion::operation::evaluator_cost::evaluator_ns_per_call;
use crate::experiments::expansion::operation::timing::time_group;
use crate::measure::Plan;
use crate::progress::Progress;
use crate::status;
use std::time::Instant;

/// The evaluator-cost plan: the group's rounds, a tenth of its budget and half its warm-up (a pass over the
/// evaluations is a small part of an expansion, and the expansion just timed has warmed the evaluator).
fn short(plan: &Plan) -> Plan {
    Plan {
        budget: plan.budget / 10,
        warm_up: plan.warm_up / 2,
        ..*plan
    }
}

/// Fills every group's timings (the variants `race` times in its traversal setting) and its evaluator's cost per
/// call (not for `constant`, whose cost is the zero every other evaluator's is measured against).
pub(crate) fn time_groups(groups: &mut [Group<'_>], plan: &Plan, race: Race) {
    let start = Instant::now();
    let progress = Progress::new("timing", groups.len() as u64);
    for g in groups.iter_mut() {
        let (arm0, _) = g.counts[0];
        progress.set_message(format!(
            "{} {} traversal {}",
            g.scenario.family,
            arm0.eval,
            arm0.traversal.name()
        ));
        let arms: Vec<Arm> = g
            .counts
            .iter()
            .map(|(a, _)| *a)
            .filter(|a| race.times(a.cache, a.traversal))
            .collect();
        let states = g.states();
        g.timings = time_group(&states, g.scenario.depth, &arms, plan);
        if arm0.eval != EvaluatorKind::Constant {
            g.evaluator_ns_per_call = evaluator_ns_per_call(
                &states,
                g.scenario.depth,
                arm0.traversal,
                arm0.eval,
                &short(plan),
            );
        }
        progress.inc(1);
    }
    progress.finish("done");
    status!(
        "timed {} groups in {:.1} s",
        groups.len(),
        start.elapsed().as_secs_f64()
    );
}
