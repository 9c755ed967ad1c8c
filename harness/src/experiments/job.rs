//! The main job's plan: what every experiment of a run reads, resolved from the command line once.

use crate::evaluators::EvaluatorKind;
use crate::measure::Plan;
use crate::record::UtcTimestamp;
use crate::scenario::Family;
use engine::chance::Traversal;
use engine::memo::CacheKind;
use std::path::PathBuf;
use std::time::Duration;

/// Everything the main job needs, resolved from the command line.
#[derive(Clone, Debug)]
pub struct Job {
    /// Scenario families, in report order.
    pub families: Vec<Family>,
    /// Cache variants.
    pub caches: Vec<CacheKind>,
    /// Evaluators.
    pub evaluators: Vec<EvaluatorKind>,
    /// Traversal modes.
    pub traversals: Vec<Traversal>,
    /// The timing plan.
    pub plan: Plan,
    /// Whether this is the short run (`--quick`: fewer eviction seeds too).
    pub quick: bool,
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

/// The timing plan of a full run (`quick = false`) or a short one, with the shuffle seeded by `seed`.
pub fn timing_plan(quick: bool, seed: u64) -> Plan {
    if quick {
        Plan {
            warm_up: Duration::from_millis(100),
            min_rounds: 5,
            max_rounds: 7,
            budget: Duration::from_millis(1500),
            sample_target: Duration::from_millis(8),
            seed,
        }
    } else {
        Plan {
            warm_up: Duration::from_millis(300),
            min_rounds: 6,
            max_rounds: 15,
            budget: Duration::from_secs(6),
            sample_target: Duration::from_millis(20),
            seed,
        }
    }
}

impl Job {
    /// Whether the experiment called `name` is skipped.
    pub(crate) fn skips(&self, name: &str) -> bool {
        self.skip.contains(&name)
    }
}
