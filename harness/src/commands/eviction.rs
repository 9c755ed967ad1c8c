//! `harness eviction`: the catalogue-eviction experiment, or any libCacheSim CSV trace (`--trace-in`) replayed
//! through every rule.
//!
//! Exit status: 0 done, 1 runtime failure, 2 bad input (the message names the option and the value, or the file and
//! line), 3 a replay that did not see its stream.

use crate::exit::Failure;
use crate::experiments::catalogue_eviction::PolicyKind;
use crate::experiments::catalogue_eviction::dice_trace::export_dice_traces;
use crate::experiments::catalogue_eviction::experiment::{Config, Control, default_policies};
use crate::experiments::catalogue_eviction::stream::{BoardPlan, EstimateRule};
use crate::experiments::catalogue_eviction::trace::Trace;
use crate::outln;
use crate::progress::Progress;
use crate::record::{RunFolder, RunMetadata};
use crate::values::{List, ValueError, list_of, positive};
use anyhow::Result;
use engine::domineering::Player;
use engine::names::UnknownName;
use std::path::{Path, PathBuf};

/// Arguments of `harness eviction`. Every option is parsed into its type by clap (a rejected value exits with
/// status 2, naming the option and the value); [`config`] checks only what spans options.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Number of seeds (one lookup stream each).
    #[arg(long, default_value_t = 10, value_parser = seed_count)]
    pub seeds: u64,
    /// First seed; seeds are FIRST, FIRST+1, ...
    #[arg(long, default_value_t = 1)]
    pub first_seed: u64,
    /// Budgets, comma-separated, or `default` (10,20,40,80 and a sweep up to the number of distinct keys).
    #[arg(long, default_value = "default", value_parser = budgets)]
    pub budgets: Budgets,
    /// Policies, comma-separated, or `all`; `aging_lfu` stands for every period of --aging-periods.
    #[arg(long, default_value = "all", value_parser = policies)]
    pub policies: Policies,
    /// Ageing periods K (lookups between halvings) for `aging_lfu`.
    #[arg(long, default_value = "10,30,50,100,300,1000,3000,10000,30000,100000", value_parser = periods)]
    pub aging_periods: List<u64>,
    /// Board plan ROWSxCOLS:GAMES,... (default: the original experiment's 650 games).
    #[arg(long, default_value = "4x5:200,5x5:200,6x6:150,7x7:100", value_parser = board_plan)]
    pub boards: BoardPlan,
    /// Move-choice estimate per region: mean_of_stops or opponent_stop.
    #[arg(long, default_value = "mean_of_stops", value_parser = |s: &str| s.trim().parse::<EstimateRule>())]
    pub estimate: EstimateRule,
    /// Region sizes looked up, MIN-MAX cells.
    #[arg(long, default_value = "2-8", value_parser = lookup_cells)]
    pub lookup_cells: LookupCells,
    /// Player moving first: left or right.
    #[arg(long, default_value = "left", value_parser = first_player)]
    pub first: Player,
    /// One-board-size controls ROWSxCOLS:GAMES,... each run on its own, or `none`.
    #[arg(long, default_value = "5x5:650,6x6:650", value_parser = controls)]
    pub controls: List<Control>,
    /// Budgets of the controls.
    #[arg(long, default_value = "10,20,40,80", value_parser = budget_list)]
    pub control_budgets: List<usize>,
    /// Worker threads (default: available cores).
    #[arg(long, value_parser = positive::<usize>)]
    pub threads: Option<usize>,
    /// Results folder (default: a new results-private/<UTC timestamp>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write the first seed's stream as CSV time,obj_id,board,game (libCacheSim csv reader).
    #[arg(long)]
    pub trace_out: Option<PathBuf>,
    /// Replay this libCacheSim CSV trace (an `obj_id` column; header optional) instead of playing games.
    #[arg(long)]
    pub trace_in: Option<PathBuf>,
    /// Write the dice-chess evaluation-lookup traces into this folder, four per scenario family (expansion with the
    /// traversal cache off and on, Star2 search with and without a TT; libCacheSim CSV
    /// time,obj_id,family,source,root,successor,depth; material evaluator).
    #[arg(long)]
    pub dice_trace_out: Option<PathBuf>,
    /// Scenario folder of the dice-chess traces (the report's game-search section and --dice-trace-out).
    #[arg(long, default_value = "scenarios")]
    pub scenarios: PathBuf,
    /// Skip the game-search section (the catalogue and dice-chess traces through every rule).
    #[arg(long)]
    pub no_game_search: bool,
    /// Report folder (index.md + charts), replaced as a whole.
    #[arg(long, default_value = "reports/eviction")]
    pub report_dir: PathBuf,
    /// Do not write the report.
    #[arg(long)]
    pub no_report: bool,
}

/// `--budgets`: the default schedule, or these budgets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Budgets {
    /// `default`: 10,20,40,80 and a sweep up to the number of distinct keys.
    Default,
    These(Vec<usize>),
}

/// `--policies`: every rule, or these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Policies {
    /// `all`: [`default_policies`].
    All,
    /// The rules listed, in order.
    These(Vec<PolicyChoice>),
}

/// One item of `--policies`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PolicyChoice {
    /// `aging_lfu`: ageing LFU at every period of `--aging-periods`.
    AgingSweep,
    One(PolicyKind),
}

/// `--lookup-cells MIN-MAX`: the region sizes looked up (checked against the boards by [`Config::validate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LookupCells {
    /// Smallest region looked up, in cells.
    pub min: u32,
    /// Largest region looked up, in cells.
    pub max: u32,
}

/// A value that parses but cannot be used with the other options: exit status 2, naming the option and the value.
fn bad(option: &'static str, value: &str, reason: impl std::fmt::Display) -> anyhow::Error {
    Failure::BadInput.because(format!("invalid value `{value}` for --{option}: {reason}"))
}

/// The most entries a table over `u32` object ids can hold.
const MAX_BUDGET: usize = u32::MAX as usize;

/// A positive integer no larger than `max` (the `what` names it in the message).
fn at_most(x: &str, max: u64, what: &str) -> Result<u64, String> {
    let v = positive::<u64>(x).map_err(|e| format!("{what} {e}"))?;
    if v > max {
        return Err(format!("{what} {x} is above the largest possible, {max}"));
    }
    Ok(v)
}

/// `--seeds`.
fn seed_count(s: &str) -> Result<u64, String> {
    positive::<u64>(s).map_err(|e| format!("at least one seed: {e}"))
}

/// `--control-budgets` and the items of `--budgets`.
fn budget_list(s: &str) -> Result<Vec<usize>, ValueError> {
    // Tables are sized by the keys actually seen (at most min(budget, distinct keys) entries), so any budget up to
    // the id space fits in memory; a larger one could never be filled by u32 ids.
    list_of(s, |x| {
        at_most(x, MAX_BUDGET as u64, "budget").map(|b| b as usize)
    })
}

/// `--budgets`.
fn budgets(s: &str) -> Result<Budgets, ValueError> {
    if s.trim() == "default" {
        return Ok(Budgets::Default);
    }
    budget_list(s).map(Budgets::These)
}

/// `--aging-periods`.
fn periods(s: &str) -> Result<Vec<u64>, ValueError> {
    list_of(s, |x| positive::<u64>(x).map_err(|e| format!("period {e}")))
}

/// `--policies`.
fn policies(s: &str) -> Result<Policies, ValueError> {
    if s.trim() == "all" {
        return Ok(Policies::All);
    }
    list_of(s, |p| match p {
        "aging_lfu" => Ok(PolicyChoice::AgingSweep),
        _ => p.parse::<PolicyKind>().map(PolicyChoice::One),
    })
    .map(Policies::These)
}

/// `--boards` and each item of `--controls`: a plan whose every board both players can play on.
fn board_plan(s: &str) -> Result<BoardPlan, String> {
    let plan: BoardPlan = s.parse().map_err(|e| format!("{e:#}"))?;
    for b in &plan.0 {
        // Left needs two rows for a vertical domino, Right two columns for a horizontal one.
        if b.rows < 2 || b.cols < 2 {
            return Err(format!(
                "board {} is too small to play (both sides need at least 2 rows and 2 columns)",
                b.board()
            ));
        }
    }
    Ok(plan)
}

/// `--controls`.
fn controls(s: &str) -> Result<Vec<Control>, ValueError> {
    if s.trim() == "none" {
        return Ok(Vec::new());
    }
    list_of(s, |x| {
        let b = board_plan(x)?.0[0];
        Ok::<_, String>(Control::single(b.rows, b.cols, b.games))
    })
}

/// `--lookup-cells`.
fn lookup_cells(s: &str) -> Result<LookupCells, String> {
    let (lo, hi) = s
        .split_once('-')
        .ok_or_else(|| "expected MIN-MAX, e.g. 2-8".to_owned())?;
    let cell = |x: &str| -> Result<u32, String> {
        x.trim()
            .parse()
            .map_err(|_| format!("`{x}` is not a whole number"))
    };
    Ok(LookupCells {
        min: cell(lo)?,
        max: cell(hi)?,
    })
}

/// `--first`.
fn first_player(s: &str) -> Result<Player, UnknownName> {
    match s.trim() {
        "left" | "Left" => Ok(Player::Left),
        "right" | "Right" => Ok(Player::Right),
        _ => Err(UnknownName::new("first player", s, &["left", "right"])),
    }
}

/// The policies of `--policies`, `aging_lfu` expanded to every period; a rule named twice (an `aging_lfu_kK` that
/// the sweep also runs) is refused.
fn expand_policies(selected: &Policies, periods: &[u64]) -> Result<Vec<PolicyKind>> {
    let choices = match selected {
        Policies::All => return Ok(default_policies(periods)),
        Policies::These(choices) => choices,
    };
    let given = || {
        choices
            .iter()
            .map(|c| match c {
                PolicyChoice::AgingSweep => "aging_lfu".to_owned(),
                PolicyChoice::One(k) => k.to_string(),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut v: Vec<PolicyKind> = Vec::new();
    for choice in choices {
        let kinds = match *choice {
            PolicyChoice::AgingSweep => periods
                .iter()
                .map(|&period| PolicyKind::AgingLfu { period })
                .collect(),
            PolicyChoice::One(k) => vec![k],
        };
        for k in kinds {
            if v.contains(&k) {
                return Err(bad("policies", &given(), format!("`{k}` is listed twice")));
            }
            v.push(k);
        }
    }
    Ok(v)
}

/// Builds the experiment configuration from the command line.
pub(crate) fn config(args: &Args) -> Result<Config> {
    let last_seed = args.first_seed.checked_add(args.seeds - 1).ok_or_else(|| {
        bad(
            "seeds",
            &args.seeds.to_string(),
            format!(
                "seeds {} to {} + {} - 1 run past the largest seed, {}",
                args.first_seed,
                args.first_seed,
                args.seeds,
                u64::MAX
            ),
        )
    })?;
    let mut cfg = Config {
        seeds: (args.first_seed..=last_seed).collect(),
        budgets: match &args.budgets {
            Budgets::Default => None,
            Budgets::These(b) => Some(b.clone()),
        },
        policies: expand_policies(&args.policies, &args.aging_periods)?,
        controls: args.controls.clone(),
        control_budgets: args.control_budgets.clone(),
        trace_out: args.trace_out.clone(),
        report_dir: (!args.no_report).then(|| args.report_dir.clone()),
        game_search_scenarios: (!args.no_game_search).then(|| args.scenarios.clone()),
        command: std::iter::once("harness".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        ..Config::default()
    };
    cfg.stream.plan = args.boards.clone();
    cfg.stream.estimate = args.estimate;
    cfg.stream.min_lookup_cells = args.lookup_cells.min;
    cfg.stream.max_lookup_cells = args.lookup_cells.max;
    cfg.stream.first = args.first;
    if let Some(t) = args.threads {
        cfg.threads = t;
    }
    let cells = args.lookup_cells;
    cfg.validate().map_err(|e| {
        bad(
            "lookup-cells",
            &format!("{}-{}", cells.min, cells.max),
            format!("{e:#}"),
        )
    })?;
    Ok(cfg)
}

/// No output location is, holds or lies inside another location or an input ([`crate::record::check_apart`]).
fn check_apart_all(args: &Args, report_dir: Option<&Path>) -> Result<()> {
    use crate::record::Role::{Input, Output};
    let out = args.out.as_deref().unwrap_or(Path::new("results-private"));
    let mut locations = vec![("out", out, Output), ("scenarios", &*args.scenarios, Input)];
    let optional = [
        ("trace-out", args.trace_out.as_deref(), Output),
        ("dice-trace-out", args.dice_trace_out.as_deref(), Output),
        ("report-dir", report_dir, Output),
        ("trace-in", args.trace_in.as_deref(), Input),
    ];
    locations.extend(
        optional
            .into_iter()
            .filter_map(|(o, p, r)| Some((o, p?, r))),
    );
    crate::record::check_apart(&locations)
}

/// Runs the command: bad input exits 2 before any work, a replay that saw another stream exits 3
/// (`crate::exit::Failure` classes; `main` prints the message and sets the status).
pub(crate) fn run(args: Args) -> Result<()> {
    let args = &args;
    let cfg = config(args)?;
    if let Some(dir) = &args.out {
        crate::record::check_output_folder("out", dir)?;
    }
    if let Some(file) = &args.trace_out {
        crate::record::check_output_file("trace-out", file)?;
    }
    if let Some(dir) = &args.dice_trace_out {
        crate::record::check_output_folder("dice-trace-out", dir)?;
    }
    if let Some(dir) = &cfg.report_dir
        && args.trace_in.is_none()
    {
        // The report replaces its folder whole.
        crate::record::check_replaceable_folder("report-dir", dir)?;
    }
    check_apart_all(
        args,
        cfg.report_dir
            .as_deref()
            .filter(|_| args.trace_in.is_none()),
    )?;
    let game_search = cfg.game_search_scenarios.is_some() && args.trace_in.is_none();
    if (args.dice_trace_out.is_some() || game_search) && !args.scenarios.is_dir() {
        return Err(bad(
            "scenarios",
            &args.scenarios.display().to_string(),
            "is not a folder (give --scenarios DIR, or --no-game-search)",
        ));
    }
    let trace = match &args.trace_in {
        Some(path) => Some(Trace::read(path).map_err(|e| Failure::BadInput.tag(e))?),
        None => None,
    };
    // A run folder of its own is written as `.partial` and renamed when complete, like the main job's.
    let (out, folder) = match &args.out {
        Some(dir) => (dir.clone(), None),
        None => {
            let seed = cfg.seeds.first().copied().unwrap_or(0);
            let folder =
                RunFolder::reserve(Path::new("results-private"), &RunMetadata::collect(seed))?;
            (folder.path().to_path_buf(), Some(folder))
        }
    };
    let t = std::time::Instant::now();
    if let Some(dir) = &args.dice_trace_out {
        let files = export_dice_traces(&args.scenarios, &[], dir)?;
        for f in &files {
            outln!("dice-chess trace: {}", f.display());
        }
    }
    match trace {
        Some(trace) => run_trace(&cfg, &trace, &out)?,
        None => run_experiment(&cfg, &out)?,
    }
    if let Some(folder) = folder {
        outln!("results folder: {}", folder.finish()?.display());
    }
    outln!("done in {:.1} s", t.elapsed().as_secs_f64());
    Ok(())
}

fn run_trace(cfg: &Config, trace: &Trace, out: &Path) -> Result<()> {
    outln!(
        "eviction: trace {} ({} lookups, {} distinct objects), {} policies, results in {}",
        trace.source.display(),
        trace.keys.len(),
        trace.universe,
        cfg.policies.len(),
        out.display()
    );
    let progress = Progress::new("eviction", 0);
    let outcome = crate::experiments::catalogue_eviction::trace_experiment::run_trace(
        trace,
        &cfg.policies,
        cfg.budgets.as_deref(),
        cfg.threads,
        out,
        &progress,
    );
    progress.clear();
    let outcome = outcome?;
    for r in &outcome.rows {
        outln!(
            "{:>18} at {:>8}: hit rate {:5.1}%",
            r.policy,
            r.budget,
            r.hit_rate * 100.0
        );
    }
    outln!("results: {}", outcome.csv.display());
    outln!(
        "LRU miss-ratio curve (every budget): {}",
        outcome.mrc_csv.display()
    );
    Ok(())
}

/// Runs the experiment into `out` with a progress bar and prints its short summary.
fn run_experiment(cfg: &Config, out: &Path) -> Result<()> {
    outln!(
        "eviction: seeds {:?} (rand_pcg Pcg64Mcg), boards {}, {} policies, results in {}",
        cfg.seeds,
        cfg.stream.plan,
        cfg.policies.len(),
        out.display()
    );
    let progress = Progress::new("eviction", 0);
    let summary = crate::experiments::catalogue_eviction::run(cfg, out, &progress);
    progress.clear();
    let summary = summary?;
    for line in &summary.lines {
        outln!("{line}");
    }
    outln!("results: {}", summary.csv.display());
    if let Some(r) = &summary.report {
        outln!("report: {}", r.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::experiments::catalogue_eviction::Config;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: super::Args,
    }

    /// The configuration of `harness eviction EXTRA`: a value clap refuses, or one `config` refuses across options.
    fn parse(extra: &[&str]) -> anyhow::Result<Config> {
        let mut argv = vec!["eviction"];
        argv.extend_from_slice(extra);
        super::config(&Cli::try_parse_from(argv)?.args)
    }

    #[test]
    fn command_line_defaults_and_errors() {
        let c = parse(&[]).unwrap();
        assert_eq!(c.seeds, (1..=10).collect::<Vec<_>>());
        assert_eq!(c.stream.plan.games(), 650);
        assert_eq!(c.policies.len(), 24);
        assert_eq!(c.controls.len(), 2);
        let c = parse(&[
            "--policies",
            "lru,aging_lfu",
            "--aging-periods",
            "50,500",
            "--seeds",
            "3",
        ])
        .unwrap();
        assert_eq!(c.policies.len(), 3);
        assert_eq!(c.seeds, vec![1, 2, 3]);
        let e = parse(&["--policies", "lru,clock_pro"]).unwrap_err();
        assert!(format!("{e:#}").contains("clock_pro"), "{e:#}");
        let e = parse(&["--budgets", "10,0"]).unwrap_err();
        assert!(
            format!("{e:#}").contains("budget '0': must be at least 1"),
            "{e:#}"
        );
        let e = parse(&["--boards", "4x5:200,5x5"]).unwrap_err();
        assert!(format!("{e:#}").contains("item 2"), "{e:#}");
        let e = parse(&["--lookup-cells", "2-9"]).unwrap_err();
        assert!(format!("{e:#}").contains("9 cells"), "{e:#}");
    }
}
