//! The catalogue-eviction experiment: a Domineering component catalogue under a memory budget, every eviction
//! rule replayed on the same lookup stream (one access loop, each policy a file of small hooks), findings over
//! seeds, and its own report (`<report-dir>/eviction/`, rendered from its results folder); in the main job its CSVs
//! go into the run folder and the main report renders the page.

mod run;

pub use run::{export_traces, run_eviction};

use super::{Experiment, MainRun};

pub mod aging_lfu;
pub mod arc;
pub mod belady;
pub mod cache;
mod claims;
pub mod clock;
pub mod dice_trace;
pub mod experiment;
pub mod fifo;
pub mod findings;
pub mod game_search;
pub mod glance;
pub mod heap;
pub mod lfu;
pub mod lirs;
pub mod lists;
pub mod lru;
pub mod mrc;
pub mod policy;
pub mod replay;
pub mod report;
pub mod s3fifo;
pub mod sieve;
pub mod spec;
pub mod static_sets;
pub mod stream;
pub mod trace;
pub mod trace_experiment;
pub mod two_q;
pub mod unbounded;
pub mod wtinylfu;

pub use experiment::{Config, run};
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
pub const EVICTION_SUBFOLDER: &str = "eviction";

#[cfg(test)]
mod policy_tests;

#[cfg(test)]
mod experiment_tests;
