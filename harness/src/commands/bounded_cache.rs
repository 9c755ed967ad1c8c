//! `harness bounded-cache`: the bounded evaluation cache against the unbounded one, in nested expansion and in
//! search, at every capacity of `--capacities`, into a run folder's `bounded_cache.csv`.
//!
//! Exit status: 0 done, 1 runtime failure, 2 bad input (an option value, a scenario file, the output folder), 3 a
//! bounded cache that returned another value than the unbounded one.

use crate::experiments::bounded_cache::sweep::SAMPLE_MS;
use crate::experiments::bounded_cache::{BoundedStage, run_bounded_cache};
use crate::experiments::bounded_cache::{Capacities, Sweep, Workload};
use crate::measure::kernel::Sessions;
use crate::outln;
use crate::record::{RunFolder, RunMetadata};
use crate::scenario::{Family, load_dir};
use crate::values::{List, families, list};
use engine::memo::BoundedPolicy;
use std::path::PathBuf;

/// Arguments of `harness bounded-cache`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Scenario families (comma-separated, each once); `all` is every family file of `--scenarios-dir`.
    #[arg(long, value_parser = families, default_value = Family::EVERY)]
    pub scenario: List<Family>,
    /// Workloads (comma-separated, each once): expansion,search.
    #[arg(long, value_parser = list::<Workload>, default_value = Workload::ALL_NAMES)]
    pub workload: List<Workload>,
    /// Replacement rules (comma-separated, each once): direct,clock.
    #[arg(long, value_parser = list::<BoundedPolicy>, default_value = BoundedPolicy::ALL_NAMES)]
    pub policy: List<BoundedPolicy>,
    /// Capacities as powers of two: LO..HI, LO..FULL, LO..FULL+N, N or FULL (FULL = the smallest power of two
    /// holding the unbounded cache's largest working set, per family and workload; FULL+N = N doublings more).
    #[arg(long, default_value = "6..FULL")]
    pub capacities: Capacities,
    /// Fewer, shorter timing sessions (as the main job's `--quick`) and only each family's first root.
    #[arg(long)]
    pub quick: bool,
    /// Folder holding the frozen scenario files.
    #[arg(long, default_value = "scenarios")]
    pub scenarios_dir: PathBuf,
    /// Where the run folder `<UTC timestamp>/` is created.
    #[arg(long, default_value = "results-private")]
    pub out: PathBuf,
    /// Seed of the timing order shuffle (printed and recorded).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs the sweep.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    crate::record::check_output_folder("out", &args.out)?;
    // Every core counts with a table of its own, all slots allocated up front.
    if let Some(slots) = args.capacities.largest_explicit() {
        let bytes = slots
            .saturating_mul(crate::experiments::bounded_cache::cache_arm::bounded_bytes_per_slot())
            .saturating_mul(crate::parallel::cores() as u64);
        crate::values::check_memory("capacities", &args.capacities.to_string(), bytes)?;
    }
    let scenarios = load_dir(&args.scenarios_dir, &args.scenario)?;
    let meta = RunMetadata::collect(args.seed);
    let folder = RunFolder::reserve(&args.out, &meta)?;
    outln!(
        "bounded cache: seed {} | {} | {} | git {}",
        meta.seed,
        meta.machine(),
        meta.rustc,
        crate::revision::shown_revision(&meta.git_revision)
    );
    let stage = BoundedStage {
        families: scenarios.iter().map(|s| s.family).collect(),
        workloads: args.workload.clone(),
        sweep: Sweep {
            policies: args.policy.clone(),
            capacities: args.capacities,
            first: args.quick.then_some(1),
            sessions: Sessions::of(args.quick, SAMPLE_MS, args.seed),
            timing_exe: std::env::current_exe()
                .ok()
                .filter(|exe| crate::compare::interleaved::has_round_child(exe)),
            scenarios_dir: args.scenarios_dir.clone(),
        },
    };
    match run_bounded_cache(&scenarios, &stage, &meta, &folder) {
        Ok(_) => {
            outln!("results: {}", folder.finish()?.display());
            Ok(())
        }
        Err(e) => {
            folder.discard();
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn bad_capacities_and_policies_are_usage_errors_naming_the_option() {
        let parse = |args: &[&str]| {
            harness_args(args)
                .map(|_| ())
                .map_err(|e| (e.exit_code(), e.to_string()))
        };
        let (code, msg) = parse(&["--capacities", "9..8"]).unwrap_err();
        assert_eq!(code, 2);
        assert!(
            msg.contains("--capacities") && msg.contains("9..8"),
            "{msg}"
        );
        let (code, msg) = parse(&["--policy", "lru"]).unwrap_err();
        assert_eq!(code, 2);
        assert!(
            msg.contains("--policy") && msg.contains("direct, clock"),
            "{msg}"
        );
        assert!(parse(&["--capacities", "4..FULL+1", "--workload", "search"]).is_ok());
    }

    /// The subcommand's own parser (a command must not depend on the command list in `cli`).
    fn harness_args(args: &[&str]) -> Result<clap::ArgMatches, clap::Error> {
        let mut argv = vec!["bounded-cache"];
        argv.extend_from_slice(args);
        <super::Args as clap::Args>::augment_args(clap::Command::new("bounded-cache"))
            .try_get_matches_from(argv)
    }
}
