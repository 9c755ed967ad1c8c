//! The search experiment: every family's frozen roots searched one turn deeper than its expansion depth by every
//! pruning x transposition table x evaluation cache arm, parity against unpruned expectimax first; `search.csv`.

mod row;
pub(crate) use row::{SearchRecord, read_search};

mod claims;
pub(crate) mod findings;
mod run;
pub(crate) mod sampler;
pub(crate) mod section;
mod timing;

pub(crate) use run::SEARCH_EVALUATOR;
pub(crate) use run::run_search;

use super::{Experiment, MainRun};
use crate::answer::Claim;
use crate::section::{Section, SectionContext};

/// The search experiment (see the module docs).
pub(crate) struct Search;

impl Experiment for Search {
    fn questions(&self) -> &'static [crate::answer::Question] {
        &[claims::IN_SEARCH]
    }
    fn name(&self) -> &'static str {
        "search"
    }
    fn about(&self) -> &'static str {
        "Star1/Star2 search of every family's roots by pruning x TT x cache, parity first (search.csv)"
    }
    fn legacy_skip_flag(&self) -> Option<&'static str> {
        Some("--skip-search")
    }
    fn run(&self, run: &mut MainRun<'_>) -> anyhow::Result<()> {
        run_search(run.scenarios, run.job, run.meta, run.folder).map(|_| ())
    }
    fn section(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Option<Section>> {
        section::section(ctx).map(Some)
    }
    fn claims(&self, ctx: &SectionContext<'_>) -> anyhow::Result<Vec<Claim>> {
        claims::claims(ctx)
    }
}
