//! The break-even experiment: predicted (from callgrind counts) and measured cache speedups over evaluators of
//! increasing cost; the main job runs a short grid on the first family (`break_even.csv`), `harness break-even`
//! the full map.

pub(crate) mod findings;
mod run;
pub(crate) mod section;

pub(crate) use run::{BreakEvenGrid, full_ladder, run_break_even, short_grid};

use super::{Experiment, MainRun};
use crate::measure::kernel::Sessions;
use crate::section::{Section, SectionContext};

pub(crate) mod map;
pub(crate) mod model;

pub(crate) use map::{MapSpec, measure_map};
pub(crate) use model::CostModel;

/// The break-even experiment (see the module docs).
pub(crate) struct BreakEven;

/// `summary.json`'s key of the map's break-evens per variant.
const MAP_KEY: &str = "break_even_map";

impl Experiment for BreakEven {
    fn runs_children(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "break_even"
    }
    fn about(&self) -> &'static str {
        "break-even map, short grid: first family, traversal cache on, optimized cache, evaluators material and \
         work:64 (break_even.csv; callgrind)"
    }
    fn legacy_skip_flag(&self) -> Option<&'static str> {
        Some("--skip-break-even")
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let job = run.job;
        let sessions = Sessions::of(job.quick, job.sample_ms, job.seed);
        let grid = short_grid(&job.traversals, sessions, job.plan);
        let prov = crate::record::Provenance::of(run.meta);
        let first = &run.scenarios[..run.scenarios.len().min(1)];
        let expansion = crate::record::schema::IntervalTable::from_rows(run.intervals.clone());
        let found = run_break_even(
            first,
            &run.job.scenarios_dir,
            &grid,
            &prov,
            run.folder.path(),
            &expansion,
            Some(&crate::callgrind::count_cache::folder_under(&run.job.out)),
        )?;
        // `break_even_map` is in every `summary.json`, empty when the map was not measured.
        let map = found.as_ref().map_or(&[][..], |f| &f.break_evens[..]);
        run.headline(MAP_KEY, &map)?;
        run.findings.break_even = found.map(|f| f.rows);
        Ok(())
    }
    fn skipped(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        run.headline(MAP_KEY, &[(); 0])
    }
    fn section(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Option<Section>> {
        section::section(ctx).map(Some)
    }
}
