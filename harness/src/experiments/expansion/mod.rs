//! The expansion experiment: every family x cache variant x evaluator x traversal cache, counted with parity
//! checks first (values equal the frozen values and each other), then timed with the variants interleaved, and
//! the optimized cache's probe lengths (`probes.csv`). Its rows are the core of `counts.csv` and `timings.csv`.

mod claims;
pub(crate) mod glance;
mod parity;
mod rows;
pub(crate) mod section;
mod timing;
mod worth;

pub(crate) use parity::Group;
pub(crate) use rows::append_plan;
pub(crate) use timing::arm_options;

use super::{Experiment, MainRun};
use crate::answer::Claim;
use crate::section::{Section, SectionContext};

/// The expansion experiment (see the module docs).
pub(crate) struct Expansion;

impl Experiment for Expansion {
    fn questions(&self) -> &'static [crate::answer::Question] {
        &[
            claims::DEFAULT_PAYS,
            claims::PAYS_FROM,
            worth::STRENGTH,
            claims::TRAVERSAL_REUSE,
        ]
    }
    fn name(&self) -> &'static str {
        "expansion"
    }
    fn about(&self) -> &'static str {
        "nested chance expansion: every family x cache x evaluator x traversal, parity then paired timing in fresh processes"
    }
    fn read_by_compare(&self) -> bool {
        true
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let mut groups = parity::count_with_parity(run.scenarios, run.job)?;
        run.checks_passed();
        let before = crate::measure::usage::load_average();
        let clock = crate::measure::usage::CpuClock::now();
        let plan = timing::time_groups(&mut groups, run.job)?;
        let after = crate::measure::usage::load_average();
        let other_load =
            clock.and_then(|c| Some(crate::measure::usage::CpuClock::now()?.other_cores_since(&c)));
        run.findings.timing = Some(crate::measure::usage::TimingConditions {
            mode: if run.job.quick { "quick" } else { "default" },
            load_before: before,
            load_after: after,
            other_load,
            timing: super::lanes::timing_mode(run.job),
            timing_streams: run.job.schedule.streams,
            timing_sessions: if run.job.timing_exe.is_some() {
                "processes"
            } else {
                "in-process"
            },
            timings_unreliable: crate::measure::usage::unreliable(other_load, run.meta.cores),
        });
        rows::append_plan(plan, run.meta, run.folder)?;
        let (counts, timings, intervals) = rows::expansion_rows(&groups);
        run.counts.extend(counts);
        run.timings.extend(timings);
        run.intervals.extend(intervals);
        let probes = super::instructions::probe_families(
            run.scenarios,
            super::job::report_evaluator(&run.job.evaluators),
        )?;
        run.counts
            .extend(rows::write_probes_file(&probes, run.meta, run.folder)?);
        rows::print_tables(&groups);
        Ok(())
    }
    fn section(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Option<Section>> {
        section::section(ctx).map(Some)
    }
    fn claims(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
        let mut out = claims::claims(ctx);
        out.extend(worth::claims(ctx)?);
        Ok(out)
    }
}
