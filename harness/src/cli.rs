//! Command-line interface of the `harness` binary. Each subcommand lives in its own file under `commands/`; the
//! validating value parsers they share live in [`crate::values`], apart from this module, so that commands
//! depend on the parsers without depending on the command list.

use crate::commands;
use crate::exit::EXIT_STATUS_HELP;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Benchmark and experiment harness for the caches that game search uses.
#[derive(Parser, Debug)]
#[command(name = "harness", version = crate::build_info::VERSION_LINE, about, after_help = EXIT_STATUS_HELP)]
pub(crate) struct Cli {
    /// Options of the main job (used when no subcommand is given).
    #[command(flatten)]
    pub main_job: commands::main_job::Args,
    /// What to do; without a command, the main job runs.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Print every legal turn path of a DFEN position.
    Turns(commands::turns::Args),
    /// Print key facts about a DFEN position (canonical DFEN, Zobrist key, evaluations, king-capture probability).
    Inspect(commands::inspect::Args),
    /// Score every legal turn path through a chosen evaluation cache.
    Score(commands::score::Args),
    /// Expand one outer successor's nested chance node.
    Expand(commands::expand::Args),
    /// Search one root (Star1/Star2 expectimax, transposition table, iterative deepening).
    Search(commands::search::Args),
    /// Freeze or verify the scenario files.
    Scenarios(commands::scenarios::Args),
    /// Write the Domineering component catalogue as TSV.
    Catalogue(commands::catalogue::Args),
    /// Measure the bounded evaluation cache against the unbounded one (nested expansion and search, every capacity).
    BoundedCache(commands::bounded_cache::Args),
    /// Run the catalogue-eviction experiment.
    Eviction(Box<commands::eviction::Args>),
    /// Transposition-table replacement schemes x sizes over one seeded self-play game, against an unbounded table.
    TtPressure(commands::tt_pressure::Args),
    /// Compare two engine revisions: build both, run their main jobs alternately, check counts, report ratios.
    Compare(crate::compare::args::Args),
    /// The break-even map: predicted and measured cache speedups over the evaluator ladder.
    BreakEven(commands::break_even::Args),
    /// Play two bots against each other in duplicate-dice pairs (SPRT, resume, shards), merge shards, freeze openings.
    Match(Box<commands::match_::Args>),
    /// The fixed search suite: `nodes=N nps=R` (nodes deterministic, speed measured) with the load average.
    Bench(commands::bench::Args),
    /// Qualify bots at their time controls: each move chosen on a position suite, valued by an exact deeper search.
    Deadline(commands::deadline::Args),
    /// Sequential probability ratio test of match results in normalized Elo (fishtest's pentanomial GSPRT).
    Sprt(commands::sprt::Args),
    /// Render `reports/index.md` and charts from a results folder (default: the latest run).
    Report(commands::report::Args),
    /// Internal: run one arm's operation once, for callgrind (see `harness::experiments::instructions`).
    #[command(hide = true)]
    CallgrindOp(crate::callgrind::child::Args),
    /// Internal: time short samples on request, for the timing kernel's sessions (`compare` and the main job's
    /// timed stages; see `harness::compare::round_child`).
    #[command(hide = true)]
    TimingRounds(crate::compare::round_child::Args),
}

/// The command line's definition, every subcommand's `--help` ending with the exit statuses too.
pub(crate) fn command() -> clap::Command {
    let mut cmd = Cli::command().after_help(format!(
        "The main job's experiments, in run order (`--skip NAME[,NAME]`; expansion always runs):\n{}\n\n\
         {EXIT_STATUS_HELP}",
        crate::experiments::stage_list()
    ));
    for (flag, names) in crate::experiments::skip_aliases() {
        let about = match names.as_slice() {
            [one] => crate::experiments::MAIN_JOB
                .iter()
                .find(|e| e.name() == *one)
                .map_or("", |e| e.about()),
            _ => "every experiment that runs child processes (callgrind, dhat)",
        };
        cmd = cmd.arg(
            clap::Arg::new(flag)
                .long(&flag[2..])
                .action(clap::ArgAction::SetTrue)
                .help(format!("Alias of `--skip {}`: {about}", names.join(","))),
        );
    }
    for sub in cmd.get_subcommands_mut() {
        *sub = std::mem::take(sub).after_help(EXIT_STATUS_HELP);
    }
    cmd
}

/// Parses the process's arguments with [`command`]; a usage error (status 2), `--help` or `--version` as `Err`.
pub(crate) fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    from_matches(&command().try_get_matches_from(args)?)
}

/// The command line from its matches, the `--skip-…` aliases joined to `--skip`.
fn from_matches(matches: &clap::ArgMatches) -> Result<Cli, clap::Error> {
    let mut cli = Cli::from_arg_matches(matches)?;
    for (flag, names) in crate::experiments::skip_aliases() {
        if matches.get_flag(flag) {
            cli.main_job.skip.0.extend(names);
        }
    }
    Ok(cli)
}

/// Runs a parsed command line; a scenario-file error that no command tagged gets its own class
/// ([`crate::scenario::classified`]).
pub(crate) fn run(cli: Cli) -> anyhow::Result<()> {
    dispatch(cli).map_err(crate::scenario::classified)
}

fn dispatch(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => commands::main_job::run(cli.main_job),
        Some(Command::Turns(a)) => commands::turns::run(a),
        Some(Command::Inspect(a)) => commands::inspect::run(a),
        Some(Command::Score(a)) => commands::score::run(a),
        Some(Command::Expand(a)) => commands::expand::run(a),
        Some(Command::Search(a)) => commands::search::run(a),
        Some(Command::Scenarios(a)) => commands::scenarios::run(a),
        Some(Command::Catalogue(a)) => commands::catalogue::run(a),
        Some(Command::BoundedCache(a)) => commands::bounded_cache::run(a),
        Some(Command::Eviction(a)) => commands::eviction::run(*a),
        Some(Command::Report(a)) => commands::report::run(a),
        Some(Command::Match(a)) => commands::match_::run(*a),
        Some(Command::Sprt(a)) => commands::sprt::run(a),
        Some(Command::Bench(a)) => commands::bench::run(a),
        Some(Command::Deadline(a)) => commands::deadline::run(a),
        Some(Command::BreakEven(a)) => commands::break_even::run(a),
        Some(Command::Compare(a)) => commands::compare::run(a),
        Some(Command::TtPressure(a)) => commands::tt_pressure::run(a),
        Some(Command::CallgrindOp(a)) => crate::callgrind::child::run(a),
        Some(Command::TimingRounds(a)) => crate::compare::round_child::run(a),
    }
}

/// The whole command line of `harness` with `registry`'s evaluators selectable by name wherever `--eval` is
/// accepted: the `main` of the `harness` binary and of a downstream one (see `docs/your-evaluator.md`, or
/// [`crate::harness_main!`]). The registry is installed before parsing, and the child processes the harness starts
/// re-execute this same binary, so they know the evaluators too.
pub fn main_with(registry: crate::registry::Registry) -> Result<(), crate::exit::Failure> {
    main_with_args(registry, std::env::args_os())
}

/// [`main_with`] on the command line `args` (the program name first) instead of the process's own: a downstream
/// crate's tests run a command in their own process this way.
pub fn main_with_args<I, T>(
    registry: crate::registry::Registry,
    args: I,
) -> Result<(), crate::exit::Failure>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use crate::exit::Failure;
    registry.install();
    let cli = match parse(args) {
        Ok(cli) => cli,
        // Usage errors are bad input; `--help` and `--version` print to stdout and succeed, or fail if lost.
        Err(err) => {
            return match err.print() {
                Ok(()) if err.exit_code() == 0 => Ok(()),
                Ok(()) => Err(Failure::BadInput),
                Err(_) => Err(Failure::Runtime),
            };
        }
    };
    // The signal thread starts before any other thread; the callgrind child forks its arms and must stay
    // single-threaded (its parent kills its whole process group instead).
    if !matches!(cli.command, Some(Command::CallgrindOp(_))) {
        crate::children::install();
    }
    let outcome = run(cli);
    crate::children::wait_if_stopping();
    let outcome = outcome.map_err(|err| {
        complain(&crate::exit::message(&err));
        Failure::of(&err)
    });
    // A reader that went away (`| head`) wanted no more: the command's own status stands. Any other failure
    // (a full disk, `/dev/full`) lost output someone asked for, so a run that would have succeeded fails with 1.
    match crate::console::failure() {
        Some(kind) if kind != std::io::ErrorKind::BrokenPipe => {
            complain(&format!("output lost: standard output failed ({kind})"));
            outcome.and(Err(Failure::Runtime))
        }
        _ => outcome,
    }
}

/// `error: …` on stderr; a failing stderr is ignored (there is nowhere left to report it).
fn complain(message: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "error: {message}");
}

#[cfg(test)]
mod docs_usage_tests;

#[cfg(test)]
mod tests {
    use super::*;

    fn skipped(args: &[&str]) -> Vec<&'static str> {
        let matches = command()
            .try_get_matches_from(
                [
                    "harness",
                    "--scenarios-dir",
                    concat!(env!("CARGO_MANIFEST_DIR"), "/../scenarios"),
                ]
                .into_iter()
                .chain(args.iter().copied()),
            )
            .unwrap();
        from_matches(&matches).unwrap().main_job.job().unwrap().skip
    }

    #[test]
    fn each_skip_alias_skips_what_its_experiments_declare() {
        assert_eq!(skipped(&[]), Vec::<&str>::new());
        assert_eq!(skipped(&["--skip-search"]), ["search"]);
        assert_eq!(
            skipped(&["--skip-profiles"]),
            ["instructions", "break_even", "allocations"]
        );
        assert_eq!(
            skipped(&["--skip-eviction", "--skip", "search,catalogue_eviction"]),
            ["search", "catalogue_eviction"]
        );
        let help = command().render_long_help().to_string();
        for flag in [
            "--skip-tt-pressure",
            "--skip-bounded-cache",
            "--skip-break-even",
        ] {
            assert!(help.contains(flag), "{flag} missing from --help");
        }
        // Every subcommand's help ends with the exit statuses too.
        let cmd = command();
        let turns = cmd.find_subcommand("turns").unwrap();
        assert!(
            turns
                .get_after_help()
                .unwrap()
                .to_string()
                .contains("2 bad input")
        );
    }
}
