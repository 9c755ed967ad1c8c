//! `harness deadline --suite NAME|FILE --bot SPEC [--bot SPEC…] [--reference-depth D] [--seed S]
//! [--win-scale CP | --win-scale-from MATCH_DIR] [--out DIR]`:
//! deadline qualification of bots against an exact reference search. Parsing only; the work is in
//! [`crate::strength::deadline`].

use crate::outln;
use crate::record::Role;
use crate::strength::deadline::plan::DeadlinePlan;
use crate::strength::deadline::run::run as run_deadline;
use crate::strength::deadline::suite::SuiteSource;
use crate::strength::deadline::win_value::WinScale;
use crate::strength::match_runner::bot::BotSpec;
use engine::search::SearchDepth;
use std::path::PathBuf;

/// Arguments of `harness deadline`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The positions: a scenario family's roots (sparse, middlegame, …), `openings` (the match openings), or a
    /// file with one DFEN per line (blank lines and `#` comments skipped). Positions without dice get a seeded
    /// roll each.
    #[arg(long, value_name = "NAME|FILE")]
    pub(crate) suite: String,
    /// A bot, as `harness match --a` takes it (comma-separated key=value: depth, pruning, tt, scheme, cache,
    /// eval, tc); repeat for more bots.
    #[arg(long = "bot", required = true, value_name = "SPEC", value_parser = |s: &str| s.parse::<BotSpec>())]
    pub(crate) bots: Vec<BotSpec>,
    /// The depth every bot's moves are judged at (1, 2 or 3); default: each bot's depth + 1, at most 3.
    #[arg(long, value_name = "D")]
    pub(crate) reference_depth: Option<SearchDepth>,
    /// Seeds the roll of each position without dice (position i: pair_seed(seed, i)).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// The folder holding the family files and openings.json.
    #[arg(long, value_name = "DIR", default_value = "scenarios")]
    pub(crate) scenarios: PathBuf,
    /// The logistic scale (centipawns) that turns values into win probabilities for the loss in win probability
    /// [default: 3882, fitted on a recorded material match, see docs/deadline.md]
    #[arg(long, value_name = "CP", conflicts_with = "win_scale_from")]
    pub(crate) win_scale: Option<f64>,
    /// Fit the logistic scale on the games of this match run folder instead, as `harness match luck` does
    #[arg(long, value_name = "MATCH_DIR")]
    pub(crate) win_scale_from: Option<PathBuf>,
    /// Where the run folder deadline-<UTC> goes.
    #[arg(long, value_name = "DIR", default_value = "results-private")]
    pub(crate) out: PathBuf,
}

/// Runs the command: one line per bot on stdout.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    crate::record::check_output_folder("out", &args.out)?;
    let suite = SuiteSource::parse(&args.suite);
    let mut locations = vec![
        ("out", args.out.as_path(), Role::Output),
        ("scenarios", args.scenarios.as_path(), Role::Input),
    ];
    if let SuiteSource::File(file) = &suite {
        locations.push(("suite", file, Role::Input));
    }
    if let Some(dir) = &args.win_scale_from {
        locations.push(("win-scale-from", dir, Role::Input));
    }
    crate::record::check_apart(&locations)?;
    for bot in &args.bots {
        bot.check_tables("bot", None, 1)?;
    }
    let win_scale = match (args.win_scale, &args.win_scale_from) {
        (Some(cp), _) => WinScale::fixed(cp)?,
        (None, Some(dir)) => WinScale::fitted_on(dir)?,
        (None, None) => WinScale::default_scale(),
    };
    let plan = DeadlinePlan {
        win_scale,
        suite,
        scenarios_dir: args.scenarios,
        bots: args.bots,
        reference_depth: args.reference_depth,
        seed: args.seed,
    };
    let finished = run_deadline(&plan, &args.out)?;
    crate::status!("deadline: {}", finished.folder.display());
    for line in finished.lines {
        outln!("{line}");
    }
    Ok(())
}
