//! Stage 3: time every group, its cache variants interleaved.

use super::Group;
use crate::experiments::expansion::operation::Arm;
use crate::experiments::expansion::operation::timing::time_group;
use crate::measure::Plan;
use crate::progress::Progress;
use crate::status;
use std::time::Instant;

/// Fills every group's timings.
pub(crate) fn time_groups(groups: &mut [Group<'_>], plan: &Plan) {
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
        let arms: Vec<Arm> = g.counts.iter().map(|(a, _)| *a).collect();
        g.timings = time_group(&g.states(), g.scenario.depth, &arms, plan);
        progress.inc(1);
    }
    progress.finish("done");
    status!(
        "timed {} groups in {:.1} s",
        groups.len(),
        start.elapsed().as_secs_f64()
    );
}
