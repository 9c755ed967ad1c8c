//! The bounded-cache experiment: the bounded evaluation cache against the unbounded one, in nested expansion and
//! in search, at every capacity of the sweep; `bounded_cache.csv`.

mod row;
pub(crate) use row::{BoundedCacheRecord, read_bounded_cache};

pub(crate) mod findings;
mod run;
pub(crate) mod section;

pub(crate) use run::{BoundedStage, run_bounded_cache};

use super::{Experiment, MainRun};
use crate::section::{Section, SectionContext};

pub(crate) mod cache_arm;
pub(crate) mod capacities;
pub(crate) mod sweep;
pub(crate) mod workload;

pub(crate) use capacities::Capacities;
pub(crate) use sweep::Sweep;
pub(crate) use workload::{Invocations, Workload};

/// The bounded-cache experiment (see the module docs).
pub(crate) struct BoundedCache;

impl Experiment for BoundedCache {
    fn name(&self) -> &'static str {
        "bounded_cache"
    }
    fn about(&self) -> &'static str {
        "bounded evaluation cache vs unbounded, one family's first root, expansion and search, capacities 2^6 to \
         full (bounded_cache.csv)"
    }
    fn legacy_skip_flag(&self) -> Option<&'static str> {
        Some("--skip-bounded-cache")
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        let stage = BoundedStage::main_job_slice(run.job);
        let findings = run_bounded_cache(run.scenarios, &stage, run.meta, run.folder)?;
        run.headline("bounded_cache", &findings.glance())
    }
    fn section(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Option<Section>> {
        section::section(ctx).map(Some)
    }
}
