//! `harness eviction`: the catalogue-eviction experiment (issue 6).

use crate::eviction::PolicyKind;
use crate::eviction::experiment::{Config, Control, Summary, default_policies};
use crate::eviction::stream::{BoardPlan, EstimateRule};
use crate::record::{RunFolder, RunMetadata};
use anyhow::{Context, Result, bail, ensure};
use engine::domineering::Player;
use indicatif::{ProgressBar, ProgressStyle};
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
    /// Board plan ROWSxCOLS:GAMES,... (default: the essay's 650 games).
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
    /// Report folder (index.md + charts).
    #[arg(long, default_value = "reports/eviction")]
    pub report_dir: PathBuf,
    /// Do not write the report.
    #[arg(long)]
    pub no_report: bool,
}

fn list<T>(what: &str, s: &str, parse: impl Fn(&str) -> Result<T>) -> Result<Vec<T>> {
    s.split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .enumerate()
        .map(|(i, x)| parse(x).with_context(|| format!("--{what}: item {} `{x}`", i + 1)))
        .collect()
}

fn number<T: std::str::FromStr>(x: &str) -> Result<T>
where
    T::Err: std::error::Error + Send + Sync + 'static,
{
    Ok(x.parse::<T>()?)
}

/// Builds the experiment configuration from the command line.
pub fn config(args: &Args) -> Result<Config> {
    ensure!(args.seeds >= 1, "--seeds: at least one seed");
    let periods = list("aging-periods", &args.aging_periods, number::<u64>)?;
    ensure!(
        periods.iter().all(|&k| k >= 1),
        "--aging-periods: periods are at least 1"
    );
    let policies = if args.policies.trim() == "all" {
        default_policies(&periods)
    } else {
        let mut v = Vec::new();
        for p in list("policies", &args.policies, |x| Ok(x.to_string()))? {
            if p == "aging_lfu" {
                v.extend(
                    periods
                        .iter()
                        .map(|&period| PolicyKind::AgingLfu { period }),
                );
            } else {
                v.push(p.parse::<PolicyKind>().context("--policies")?);
            }
        }
        v.dedup();
        v
    };
    let budgets = if args.budgets.trim() == "default" {
        None
    } else {
        Some(list("budgets", &args.budgets, number::<usize>)?)
    };
    let (lo, hi) = args
        .lookup_cells
        .split_once('-')
        .context("--lookup-cells: expected MIN-MAX, e.g. 2-8")?;
    let first = match args.first.trim() {
        "left" | "Left" => Player::Left,
        "right" | "Right" => Player::Right,
        other => bail!("--first: `{other}` is not left or right"),
    };
    let controls = if args.controls.trim() == "none" {
        Vec::new()
    } else {
        list("controls", &args.controls, |x| {
            let plan: BoardPlan = x.parse()?;
            let b = plan.0[0];
            Ok(Control::single(b.rows, b.cols, b.games))
        })?
    };
    let mut cfg = Config {
        seeds: (args.first_seed..args.first_seed + args.seeds).collect(),
        budgets,
        policies,
        controls,
        control_budgets: list("control-budgets", &args.control_budgets, number::<usize>)?,
        trace_out: args.trace_out.clone(),
        report_dir: (!args.no_report).then(|| args.report_dir.clone()),
        command: std::iter::once("harness".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" "),
        ..Config::default()
    };
    cfg.stream.plan = args.boards.parse().context("--boards")?;
    cfg.stream.estimate = args
        .estimate
        .parse::<EstimateRule>()
        .context("--estimate")?;
    cfg.stream.min_lookup_cells = lo.trim().parse().context("--lookup-cells: MIN")?;
    cfg.stream.max_lookup_cells = hi.trim().parse().context("--lookup-cells: MAX")?;
    cfg.stream.first = first;
    if let Some(t) = args.threads {
        ensure!(t >= 1, "--threads: at least 1");
        cfg.threads = t;
    }
    cfg.validate()?;
    Ok(cfg)
}

/// Runs the command.
pub fn run(args: Args) -> Result<ExitCode> {
    let cfg = config(&args)?;
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
    let summary = run_experiment(&cfg, &out)?;
    if let Some(folder) = folder {
        println!("results folder: {}", folder.finish()?.display());
    }
    println!("done in {:.1} s", summary.elapsed.as_secs_f64());
    Ok(ExitCode::SUCCESS)
}

/// Runs the experiment into `out` with a progress bar and prints its short summary (shared with the main job).
pub fn run_experiment(cfg: &Config, out: &Path) -> Result<Summary> {
    println!(
        "eviction: seeds {:?} (rand_pcg Pcg64Mcg), boards {}, {} policies, results in {}",
        cfg.seeds,
        cfg.stream.plan,
        cfg.policies.len(),
        out.display()
    );
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{msg:24} [{bar:40}] {pos}/{len} ({elapsed})")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let summary = crate::eviction::run(cfg, out, &bar)?;
    for line in &summary.lines {
        println!("{line}");
    }
    println!("results: {}", summary.csv.display());
    if let Some(r) = &summary.report {
        println!("report: {}", r.display());
    }
    Ok(summary)
}
