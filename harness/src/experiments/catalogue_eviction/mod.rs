//! The catalogue-eviction experiment: a Domineering component catalogue under a memory budget, every eviction
//! rule replayed on the same lookup stream (one access loop, each policy a file of small hooks), findings over
//! seeds, and its own report (`<report-dir>/eviction/`, rendered from its results folder); in the main job its CSVs
//! go into the run folder and the main report renders the page.

mod row;
pub(crate) use row::{
    BestTenRecord, EvictionControlRecord, EvictionRecord, GameSearchRecord, LruMrcRecord,
    StreamRecord, TraceRunRecord,
};

mod run;

pub(crate) use run::{export_traces, run_eviction};

use super::{Experiment, MainRun};

pub(crate) mod aging_lfu;
pub(crate) mod arc;
pub(crate) mod belady;
pub(crate) mod cache;
mod claims;
pub(crate) mod clock;
pub(crate) mod dice_trace;
pub(crate) mod experiment;
pub(crate) mod fifo;
pub(crate) mod findings;
pub(crate) mod game_search;
pub(crate) mod glance;
pub(crate) mod heap;
pub(crate) mod lfu;
pub(crate) mod lirs;
pub(crate) mod lists;
pub(crate) mod lru;
pub(crate) mod mrc;
pub(crate) mod policy;
pub(crate) mod replay;
pub(crate) mod report;
pub(crate) mod s3fifo;
pub(crate) mod sieve;
pub(crate) mod spec;
pub(crate) mod static_sets;
pub(crate) mod stream;
pub(crate) mod trace;
pub(crate) mod trace_experiment;
pub(crate) mod two_q;
pub(crate) mod unbounded;
pub(crate) mod wtinylfu;

pub(crate) use experiment::{Config, run};
pub use spec::PolicyKind;

/// The catalogue-eviction experiment (see the module docs).
pub(crate) struct CatalogueEviction;

impl Experiment for CatalogueEviction {
    fn questions(&self) -> &'static [crate::answer::Question] {
        &[claims::EVICTION_RULE]
    }
    fn name(&self) -> &'static str {
        "catalogue_eviction"
    }
    fn measures_time(&self) -> bool {
        false
    }
    fn about(&self) -> &'static str {
        "Domineering catalogue under a memory budget, eviction rules compared (10 seeds and the game-search traces; with --quick 3 seeds, no game-search traces)"
    }
    fn legacy_skip_flag(&self) -> Option<&'static str> {
        Some("--skip-eviction")
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        run_eviction(run.job, run.folder)
    }
    // Its own page, `eviction/index.md`, which the main report's header points to, rendered from the run folder.
    fn section(
        &self,
        ctx: &crate::section::SectionContext<'_>,
    ) -> anyhow::Result<Option<crate::section::Section>> {
        report::section(ctx)
    }
    // Its sentence of the answer is read from `eviction.csv`.
    fn claims(
        &self,
        ctx: &crate::section::SectionContext<'_>,
    ) -> anyhow::Result<Vec<crate::answer::Claim>> {
        claims::claims(ctx)
    }
}

/// The subfolder of the main report that holds this experiment's page.
pub(crate) const EVICTION_SUBFOLDER: &str = "eviction";

#[cfg(test)]
mod policy_tests;

#[cfg(test)]
mod experiment_tests;
