//! `harness eviction`: the catalogue-eviction experiment, or any libCacheSim CSV trace (`--trace-in`) replayed
//! through every rule.
//!
//! Exit status: 0 done, 1 runtime failure, 2 bad input (the message names the option and the value, or the file and
//! line), 3 a replay that did not see its stream.

use crate::eviction::PolicyKind;
use crate::eviction::dice_trace::export_dice_traces;
use crate::eviction::experiment::{Config, Control, Summary, default_policies};
use crate::eviction::replay::StreamMismatch;
use crate::eviction::stream::{BoardPlan, EstimateRule};
use crate::eviction::trace::{Trace, TraceError};
use crate::exit::Failure;
use crate::outln;
use crate::progress::Progress;
use crate::record::{RunFolder, RunMetadata};
use crate::scenario::{Family, ScenarioError};
use anyhow::Result;
use engine::domineering::Player;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `harness eviction`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Number of seeds (one lookup stream each).
    #[arg(long, default_value_t = 10)]
    pub seeds: u64,
    /// First seed; seeds are FIRST, FIRST+1, ...
    #[arg(long, default_value_t = 1)]
    pub first_seed: u64,
    /// Budgets, comma-separated, or `default` (10,20,40,80 and a sweep up to the number of distinct keys).
    #[arg(long, default_value = "default")]
    pub budgets: String,
    /// Policies, comma-separated, or `all`; `aging_lfu` stands for every period of --aging-periods.
    #[arg(long, default_value = "all")]
    pub policies: String,
    /// Ageing periods K (lookups between halvings) for `aging_lfu`.
    #[arg(long, default_value = "10,30,50,100,300,1000,3000,10000,30000,100000")]
    pub aging_periods: String,
    /// Board plan ROWSxCOLS:GAMES,... (default: the original experiment's 650 games).
    #[arg(long, default_value = "4x5:200,5x5:200,6x6:150,7x7:100")]
    pub boards: String,
    /// Move-choice estimate per region: mean_of_stops or opponent_stop.
    #[arg(long, default_value = "mean_of_stops")]
    pub estimate: String,
    /// Region sizes looked up, MIN-MAX cells.
    #[arg(long, default_value = "2-8")]
    pub lookup_cells: String,
    /// Player moving first: left or right.
    #[arg(long, default_value = "left")]
    pub first: String,
    /// One-board-size controls ROWSxCOLS:GAMES,... each run on its own, or `none`.
    #[arg(long, default_value = "5x5:650,6x6:650")]
    pub controls: String,
    /// Budgets of the controls.
    #[arg(long, default_value = "10,20,40,80")]
    pub control_budgets: String,
    /// Worker threads (default: available cores).
    #[arg(long)]
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
    /// Report folder (index.md + charts).
    #[arg(long, default_value = "reports/eviction")]
    pub report_dir: PathBuf,
    /// Do not write the report.
    #[arg(long)]
    pub no_report: bool,
}

/// A value that parses but cannot be used: exit status 2, naming the option and the value.
#[derive(Debug, thiserror::Error)]
#[error("invalid value `{value}` for --{option}: {reason}")]
pub struct BadInput {
    /// The option, without dashes.
    pub option: &'static str,
    /// The value as given.
    pub value: String,
    /// What is wrong with it.
    pub reason: String,
}

fn bad(option: &'static str, value: &str, reason: impl Into<String>) -> anyhow::Error {
    BadInput {
        option,
        value: value.to_string(),
        reason: reason.into(),
    }
    .into()
}

/// The most entries a table over `u32` object ids can hold.
const MAX_BUDGET: usize = u32::MAX as usize;

/// Splits a comma-separated list strictly: no empty items, no item twice.
fn items<'a>(option: &'static str, s: &'a str) -> Result<Vec<&'a str>> {
    let mut out: Vec<&str> = Vec::new();
    for (i, x) in s.split(',').map(str::trim).enumerate() {
        if x.is_empty() {
            return Err(bad(option, s, format!("item {} is empty", i + 1)));
        }
        if out.contains(&x) {
            return Err(bad(option, s, format!("`{x}` is listed twice")));
        }
        out.push(x);
    }
    Ok(out)
}

/// A strict list of positive integers no larger than `max`.
fn positive_list(option: &'static str, s: &str, max: usize, what: &str) -> Result<Vec<usize>> {
    items(option, s)?
        .into_iter()
        .map(|x| {
            let v: u128 = x
                .parse()
                .map_err(|_| bad(option, s, format!("`{x}` is not a whole number")))?;
            if v == 0 {
                return Err(bad(option, s, format!("{what} 0: {what}s are at least 1")));
            }
            if v > max as u128 {
                return Err(bad(
                    option,
                    s,
                    format!("{what} {x} is above the largest possible, {max}"),
                ));
            }
            Ok(v as usize)
        })
        .collect()
}

fn budget_list(option: &'static str, s: &str) -> Result<Vec<usize>> {
    // Tables are sized by the keys actually seen (at most min(budget, distinct keys) entries), so any budget up to
    // the id space fits in memory; a larger one could never be filled by u32 ids.
    positive_list(option, s, MAX_BUDGET, "budget")
}

fn policies(s: &str, periods: &[u64]) -> Result<Vec<PolicyKind>> {
    if s.trim() == "all" {
        return Ok(default_policies(periods));
    }
    let mut v: Vec<PolicyKind> = Vec::new();
    for p in items("policies", s)? {
        let kinds = if p == "aging_lfu" {
            periods
                .iter()
                .map(|&period| PolicyKind::AgingLfu { period })
                .collect()
        } else {
            vec![
                p.parse::<PolicyKind>()
                    .map_err(|e| bad("policies", s, e.to_string()))?,
            ]
        };
        for k in kinds {
            if v.contains(&k) {
                return Err(bad("policies", s, format!("`{k}` is listed twice")));
            }
            v.push(k);
        }
    }
    Ok(v)
}

fn board_plan(option: &'static str, s: &str) -> Result<BoardPlan> {
    let plan: BoardPlan = s.parse().map_err(|e| bad(option, s, format!("{e:#}")))?;
    for b in &plan.0 {
        // Left needs two rows for a vertical domino, Right two columns for a horizontal one.
        if b.rows < 2 || b.cols < 2 {
            return Err(bad(
                option,
                s,
                format!(
                    "board {} is too small to play (both sides need at least 2 rows and 2 columns)",
                    b.board()
                ),
            ));
        }
    }
    Ok(plan)
}

/// Builds the experiment configuration from the command line.
pub fn config(args: &Args) -> Result<Config> {
    if args.seeds == 0 {
        return Err(bad("seeds", "0", "at least one seed"));
    }
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
    let periods: Vec<u64> = positive_list(
        "aging-periods",
        &args.aging_periods,
        u64::MAX as usize,
        "period",
    )?
    .into_iter()
    .map(|k| k as u64)
    .collect();
    let policies = policies(&args.policies, &periods)?;
    let budgets = if args.budgets.trim() == "default" {
        None
    } else {
        Some(budget_list("budgets", &args.budgets)?)
    };
    let cells = &args.lookup_cells;
    let (lo, hi) = cells
        .split_once('-')
        .ok_or_else(|| bad("lookup-cells", cells, "expected MIN-MAX, e.g. 2-8"))?;
    let cell = |x: &str| -> Result<u32> {
        x.trim().parse().map_err(|_| {
            bad(
                "lookup-cells",
                cells,
                format!("`{x}` is not a whole number"),
            )
        })
    };
    let (lo, hi) = (cell(lo)?, cell(hi)?);
    let first = match args.first.trim() {
        "left" | "Left" => Player::Left,
        "right" | "Right" => Player::Right,
        other => {
            return Err(bad("first", other, "expected left or right"));
        }
    };
    let controls = if args.controls.trim() == "none" {
        Vec::new()
    } else {
        items("controls", &args.controls)?
            .into_iter()
            .map(|x| {
                let plan = board_plan("controls", x)?;
                let b = plan.0[0];
                Ok(Control::single(b.rows, b.cols, b.games))
            })
            .collect::<Result<Vec<_>>>()?
    };
    let mut cfg = Config {
        seeds: (args.first_seed..=last_seed).collect(),
        budgets,
        policies,
        controls,
        control_budgets: budget_list("control-budgets", &args.control_budgets)?,
        trace_out: args.trace_out.clone(),
        report_dir: (!args.no_report).then(|| args.report_dir.clone()),
        game_search_scenarios: (!args.no_game_search).then(|| args.scenarios.clone()),
        command: std::iter::once("harness".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        ..Config::default()
    };
    cfg.stream.plan = board_plan("boards", &args.boards)?;
    cfg.stream.estimate = args
        .estimate
        .parse::<EstimateRule>()
        .map_err(|e| bad("estimate", &args.estimate, format!("{e:#}")))?;
    cfg.stream.min_lookup_cells = lo;
    cfg.stream.max_lookup_cells = hi;
    cfg.stream.first = first;
    if let Some(t) = args.threads {
        if t == 0 {
            return Err(bad("threads", "0", "at least 1"));
        }
        cfg.threads = t;
    }
    cfg.validate()
        .map_err(|e| bad("lookup-cells", cells, format!("{e:#}")))?;
    Ok(cfg)
}

/// A folder the run will write into: created now, so a path that is a file or cannot be made fails before work.
fn output_folder(option: &'static str, dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(bad(
            option,
            &dir.display().to_string(),
            "exists and is not a folder",
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        bad(
            option,
            &dir.display().to_string(),
            format!("cannot create the folder: {e}"),
        )
    })
}

/// A file the run will write: its folder must exist (or be creatable) and the path must not be a folder.
fn output_file(option: &'static str, file: &Path) -> Result<()> {
    if file.is_dir() {
        return Err(bad(option, &file.display().to_string(), "is a folder"));
    }
    match file.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(parent) => output_folder(option, parent),
        None => Ok(()),
    }
}

/// Runs the command: bad input exits 2 before any work, a replay that saw another stream exits 3
/// (`harness::exit::Failure` classes; `main` prints the message and sets the status).
pub fn run(args: Args) -> Result<ExitCode> {
    run_checked(&args).map_err(classify)?;
    Ok(ExitCode::SUCCESS)
}

fn classify(e: anyhow::Error) -> anyhow::Error {
    let scenario = e
        .chain()
        .find_map(|c| c.downcast_ref::<ScenarioError>())
        .map(ScenarioError::failure);
    if let Some(class) = scenario {
        class.tag(e)
    } else if e.downcast_ref::<BadInput>().is_some() || e.downcast_ref::<TraceError>().is_some() {
        Failure::BadInput.tag(e)
    } else if e
        .chain()
        .any(|c| c.downcast_ref::<StreamMismatch>().is_some())
    {
        Failure::Mismatch.tag(e)
    } else {
        e
    }
}

fn run_checked(args: &Args) -> Result<()> {
    let cfg = config(args)?;
    if let Some(dir) = &args.out {
        output_folder("out", dir)?;
    }
    if let Some(file) = &args.trace_out {
        output_file("trace-out", file)?;
    }
    if let Some(dir) = &args.dice_trace_out {
        output_folder("dice-trace-out", dir)?;
    }
    if let Some(dir) = &cfg.report_dir
        && args.trace_in.is_none()
    {
        output_folder("report-dir", dir)?;
    }
    let game_search = cfg.game_search_scenarios.is_some() && args.trace_in.is_none();
    if (args.dice_trace_out.is_some() || game_search) && !args.scenarios.is_dir() {
        return Err(bad(
            "scenarios",
            &args.scenarios.display().to_string(),
            "is not a folder (give --scenarios DIR, or --no-game-search)",
        ));
    }
    let trace = match &args.trace_in {
        Some(path) => Some(Trace::read(path)?),
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
        let files = export_dice_traces(&args.scenarios, &Family::ALL, dir)?;
        for f in &files {
            outln!("dice-chess trace: {}", f.display());
        }
    }
    match trace {
        Some(trace) => run_trace(&cfg, &trace, &out)?,
        None => {
            run_experiment(&cfg, &out)?;
        }
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
    let outcome = crate::eviction::trace_experiment::run_trace(
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

/// Runs the experiment into `out` with a progress bar and prints its short summary (shared with the main job).
pub fn run_experiment(cfg: &Config, out: &Path) -> Result<Summary> {
    outln!(
        "eviction: seeds {:?} (rand_pcg Pcg64Mcg), boards {}, {} policies, results in {}",
        cfg.seeds,
        cfg.stream.plan,
        cfg.policies.len(),
        out.display()
    );
    let progress = Progress::new("eviction", 0);
    let summary = crate::eviction::run(cfg, out, &progress);
    progress.clear();
    let summary = summary?;
    for line in &summary.lines {
        outln!("{line}");
    }
    outln!("results: {}", summary.csv.display());
    if let Some(r) = &summary.report {
        outln!("report: {}", r.display());
    }
    Ok(summary)
}
