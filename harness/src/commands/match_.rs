//! `harness match`: two bots play duplicate-dice pairs from the frozen openings (`--resume`, `--shard`), `harness
//! match merge` counts several run folders as one match, `harness match openings` freezes or checks the openings,
//! `harness match work-odds` measures Elo per doubling.
//! Parsing only; the work is in [`crate::experiments::match_runner`].

use crate::exit::Failure;
use crate::experiments::match_runner::bot::BotSpec;
use crate::experiments::match_runner::openings::{self, OpeningParams};
use crate::experiments::match_runner::run::{Destination, play};
use crate::experiments::match_runner::settings::{MAX_GAMES, MatchSettings, Shard};
use crate::experiments::match_runner::stats::SprtBounds;
use crate::outln;
use std::path::PathBuf;

/// Arguments of `harness match`.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    /// `merge` or `openings`; without one, a match is played.
    #[command(subcommand)]
    pub action: Option<Action>,
    /// The match to play.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The subcommands of `harness match`.
#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Count the shards of one match as one match and print the final line; refuses (exit 2) any set of shards
    /// that is not exactly the whole match.
    Merge(MergeArgs),
    /// Play a match (or a work-odds match) as a Slurm job array of shards and a merge job, through sbatch.
    Submit(SubmitArgs),
    /// Check the openings file (it loads and its recorded parameters reproduce it), or freeze it anew.
    Openings(OpeningsArgs),
    /// Measure the luck of every roll in a match folder and print raw and luck-adjusted scores.
    Luck(LuckArgs),
    /// Elo per doubling: a bot at twice its per-move budget against itself, every game played (no SPRT stop).
    WorkOdds(WorkOddsArgs),
}

/// Options of `work-odds`.
#[derive(clap::Args, Debug)]
pub struct WorkOddsArgs {
    /// The bot, as --a of a match; it plays at its time control against itself at twice it (nodes:N, calls:N
    /// and ms:N[+INC] double every part).
    #[arg(long, value_name = "SPEC", value_parser = parse_spec)]
    pub(crate) bot: BotSpecArg,
    /// Games to play (even: pairs are games / 2).
    #[arg(long, default_value_t = 400)]
    pub(crate) games: u64,
    /// The match seed.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Pairs played at once (default: the available cores). Wall-clock controls play weaker when the cores are
    /// shared.
    #[arg(long, value_name = "N")]
    pub(crate) concurrency: Option<usize>,
    /// The openings file.
    #[arg(long, default_value = openings::DEFAULT_PATH)]
    pub(crate) openings: PathBuf,
    /// Where the match's run folder goes.
    #[arg(long, value_name = "DIR", default_value = "results-private")]
    pub(crate) out: PathBuf,
    /// Also write the measurement with its provenance to this file (the main job reads
    /// scenarios/strength/elo-per-doubling.json).
    #[arg(long, value_name = "FILE")]
    pub(crate) write: Option<PathBuf>,
}

/// Options of `luck`.
#[derive(clap::Args, Debug)]
pub struct LuckArgs {
    /// The match run folder.
    pub dir: PathBuf,
    /// The logistic scale in centipawns (default: fitted on the folder's games).
    #[arg(long, value_name = "CP", value_parser = parse_scale)]
    pub luck_scale: Option<f64>,
}

fn parse_scale(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("'{s}': a positive number of centipawns")),
    }
}

/// Options of a match.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Bot A: comma-separated key=value (depth, pruning, tt, scheme, cache, eval, tc); keys not given default to
    /// depth=2,pruning=star2,tt=16,scheme=depth,cache=optimized,eval=material,tc=nodes:20000.
    #[arg(long, required = true, value_name = "SPEC", value_parser = parse_spec)]
    pub(crate) a: Option<BotSpecArg>,
    /// Bot B, as --a.
    #[arg(long, required = true, value_name = "SPEC", value_parser = parse_spec)]
    pub(crate) b: Option<BotSpecArg>,
    /// The most games (even: pairs are games / 2); the SPRT may stop earlier.
    #[arg(long, default_value_t = 1000)]
    pub(crate) games: u64,
    /// The match seed; pair p's rolls come from a seed derived from it and p.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Pairs played at once (default: the available cores). Records do not depend on it.
    #[arg(long, value_name = "N")]
    pub(crate) concurrency: Option<usize>,
    /// Play only the pairs with index = K - 1 (mod N); merge the shards with `harness match merge`.
    #[arg(long, value_name = "K/N", value_parser = |s: &str| s.parse::<Shard>())]
    pub(crate) shard: Option<Shard>,
    /// Continue the match in this run folder (its settings must agree with these).
    #[arg(long, value_name = "DIR")]
    pub(crate) resume: Option<PathBuf>,
    /// SPRT: nElo of H0.
    #[arg(long, default_value_t = SprtBounds::default().elo0, allow_hyphen_values = true)]
    pub(crate) elo0: f64,
    /// SPRT: nElo of H1.
    #[arg(long, default_value_t = SprtBounds::default().elo1, allow_hyphen_values = true)]
    pub(crate) elo1: f64,
    /// SPRT: false-positive rate.
    #[arg(long, default_value_t = SprtBounds::default().alpha)]
    pub(crate) alpha: f64,
    /// SPRT: false-negative rate.
    #[arg(long, default_value_t = SprtBounds::default().beta)]
    pub(crate) beta: f64,
    /// The openings file.
    #[arg(long, default_value = openings::DEFAULT_PATH)]
    pub(crate) openings: PathBuf,
    /// Where the run folder goes.
    #[arg(long, value_name = "DIR", default_value = "results-private")]
    pub(crate) out: PathBuf,
    /// After the match, measure each roll's luck and add `adj_score=… variance_reduction=…` to the final line.
    #[arg(long)]
    pub(crate) luck: bool,
    /// With --luck: the logistic scale in centipawns (default: fitted on the match's games).
    #[arg(long, value_name = "CP", value_parser = parse_scale, requires = "luck")]
    pub(crate) luck_scale: Option<f64>,
    /// Stop on the SPRT of luck-adjusted pair scores, their luck at this fixed logistic scale in centipawns (the
    /// final line adds adj_llr and adj_verdict; implies --luck at this scale).
    #[arg(long, value_name = "CP", value_parser = parse_scale, conflicts_with = "luck_scale")]
    pub(crate) luck_sprt: Option<f64>,
}

/// A parsed `--a`/`--b` (opaque outside the match runner).
#[derive(Clone, Debug)]
pub(crate) struct BotSpecArg(BotSpec);

fn parse_spec(s: &str) -> Result<BotSpecArg, String> {
    s.parse().map(BotSpecArg)
}

/// Options of `merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The run folders.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Also write the union as one match run folder under this folder (for `harness report`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Options of `submit`.
#[derive(clap::Args, Debug)]
pub struct SubmitArgs {
    /// The number of shards: array tasks, each playing --shard K/N.
    #[arg(long, value_name = "N")]
    pub shards: u64,
    /// Return when the merge job has ended, with its exit status, and print the merged final line.
    #[arg(long)]
    pub wait: bool,
    /// The Slurm partition of every job.
    #[arg(long, value_name = "P")]
    pub partition: Option<String>,
    /// The time limit of every job (sbatch --time).
    #[arg(long, value_name = "T")]
    pub time: Option<String>,
    /// CPUs per task (default: the task's --concurrency, else 1).
    #[arg(long, value_name = "C")]
    pub cpus_per_task: Option<usize>,
    /// Where the scripts, the logs, each shard's shard-K/ and merged/ go (may also come after the options).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// The options of `harness match`, or `work-odds` and its options, as for one run (no --shard, --resume).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        required = true,
        value_name = "OPTIONS"
    )]
    pub task: Vec<String>,
}

/// Options of `openings`.
#[derive(clap::Args, Debug)]
pub struct OpeningsArgs {
    /// Regenerate the file from the default parameters (else: check it).
    #[arg(long)]
    pub freeze: bool,
    /// The openings file.
    #[arg(long, default_value = openings::DEFAULT_PATH)]
    pub file: PathBuf,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.action {
        Some(Action::Merge(m)) => {
            if let Some(out) = &m.out {
                crate::record::check_output_folder("out", out)?;
            }
            let (line, folder) =
                crate::experiments::match_runner::merge::merge(&m.dirs, m.out.as_deref())?;
            if let Some(folder) = folder {
                crate::status!("match merge: {}", folder.display());
            }
            outln!("{line}");
        }
        Some(Action::Openings(o)) => {
            if o.freeze {
                let n = openings::freeze(&o.file, &OpeningParams::DEFAULT)?;
                outln!("openings: {n} written to {}", o.file.display());
            } else {
                let loaded = openings::load(&o.file)?;
                let again = openings::generate(&loaded.params)
                    .map_err(|e| Failure::BadInput.because(format!("{}: {e}", o.file.display())))?;
                if again != loaded.dfens {
                    return Err(Failure::Mismatch.because(format!(
                        "{}: the recorded parameters do not reproduce the openings",
                        o.file.display()
                    )));
                }
                outln!(
                    "openings: {} in {} load and reproduce",
                    loaded.dfens.len(),
                    o.file.display()
                );
            }
        }
        Some(Action::Luck(l)) => {
            let s = crate::experiments::match_runner::luck::apply(&l.dir, l.luck_scale)?;
            outln!(
                "pairs={} raw_score={} {} luck_scale={} mean_abs_luck_cp={}",
                s.pairs,
                s.raw_score,
                s.line(),
                s.scale,
                s.mean_abs_luck_cp
            );
        }
        Some(Action::WorkOdds(w)) => work_odds(w)?,
        Some(Action::Submit(s)) => submit(s)?,
        None => play_match(args.play)?,
    }
    Ok(())
}

/// `--games`: even, at least one pair and at most [`MAX_GAMES`].
fn check_games(games: u64) -> anyhow::Result<()> {
    if games < 2 || !games.is_multiple_of(2) || games > MAX_GAMES {
        return Err(Failure::BadInput.because(format!(
            "--games {games}: must be even, at least 2 (a match plays pairs) and at most {MAX_GAMES}"
        )));
    }
    Ok(())
}

/// `--concurrency`: at least 1 and at most the threads this process may run on (which honours a Slurm task's
/// CPU set), its default.
fn concurrency_of(given: Option<usize>) -> anyhow::Result<usize> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    match given {
        Some(n) if n == 0 || n > threads => Err(Failure::BadInput.because(format!(
            "--concurrency {n}: must be at least 1 and at most {threads}, the threads this process may run on"
        ))),
        Some(n) => Ok(n),
        None => Ok(threads),
    }
}

/// Takes `--out DIR` (or `--out=DIR`) out of the task's options.
fn take_out(task: &mut Vec<String>) -> Option<PathBuf> {
    let i = task
        .iter()
        .position(|a| a == "--out" || a.starts_with("--out="))?;
    let flag = task.remove(i);
    match flag.strip_prefix("--out=") {
        Some(v) => Some(v.into()),
        None if i < task.len() => Some(task.remove(i).into()),
        None => None,
    }
}

fn submit(mut s: SubmitArgs) -> anyhow::Result<()> {
    use crate::experiments::match_runner::submit::{self, Plan};
    let bad = |msg: String| Failure::BadInput.because(format!("match submit: {msg}"));
    let out = match (s.out.take(), take_out(&mut s.task)) {
        (Some(_), Some(_)) => return Err(bad("--out given twice".into())),
        (Some(o), None) | (None, Some(o)) => o,
        (None, None) => return Err(bad("--out DIR is required".into())),
    };
    for own in ["--shard", "--resume"] {
        if s.task
            .iter()
            .any(|a| a == own || a.starts_with(&format!("{own}=")))
        {
            return Err(bad(format!(
                "{own} is for one run; submit gives every task its own --shard K/N and --out"
            )));
        }
    }
    let workdir = std::env::current_dir()?;
    let out = workdir.join(out);
    // The options are checked as task 1 will read them, before anything is written or submitted.
    let mut argv: Vec<String> = vec!["harness match".into()];
    argv.extend(s.task.iter().cloned());
    argv.extend(["--shard".into(), format!("1/{}", s.shards.max(1))]);
    argv.extend(["--out".into(), out.join("shard-1").display().to_string()]);
    let command = <Args as clap::Args>::augment_args(clap::Command::new("harness match"));
    let parsed = command
        .try_get_matches_from(&argv)
        .and_then(|m| <Args as clap::FromArgMatches>::from_arg_matches(&m))
        .map_err(|e| bad(format!("the task's options: {}", e.render())))?;
    let (games, concurrency) = match parsed {
        Args { action: None, play } => (play.games, play.concurrency),
        Args {
            action: Some(Action::WorkOdds(w)),
            ..
        } => (w.games, w.concurrency),
        _ => return Err(bad("the task must be a match or `work-odds`".into())),
    };
    check_games(games)?;
    if s.shards == 0 || s.shards > games / 2 {
        return Err(bad(format!(
            "--shards {}: must be at least 1 and at most the {} pairs of --games {games}",
            s.shards,
            games / 2
        )));
    }
    let cpus = s.cpus_per_task.or(concurrency).unwrap_or(1);
    if cpus == 0 || concurrency.is_some_and(|c| c > cpus) {
        return Err(bad(format!(
            "--cpus-per-task {cpus}: must be at least 1 and at least the task's --concurrency"
        )));
    }
    crate::record::check_output_folder("out", &out)?;
    let plan = Plan {
        shards: s.shards,
        task: s.task,
        out,
        workdir,
        binary: std::env::current_exe()?.canonicalize()?,
        partition: s.partition,
        time: s.time,
        cpus_per_task: cpus,
    };
    let jobs = submit::submit(&plan)?;
    crate::status!(
        "match submit: job {} plays {} shards into {}/shard-K; job {} merges them into {}/merged once all \
         succeed; scripts and logs in {}",
        jobs.shards_job,
        plan.shards,
        plan.out.display(),
        jobs.merge_job,
        plan.out.display(),
        plan.out.display()
    );
    if !s.wait {
        outln!(
            "shards_job={} merge_job={}",
            jobs.shards_job,
            jobs.merge_job
        );
        return Ok(());
    }
    submit::wait(&plan, &jobs)?;
    let summary = crate::experiments::match_runner::run::SUMMARY_FILE;
    let merged = crate::record::complete_folders(&plan.out.join("merged"), "match-", |p| {
        p.join(crate::experiments::match_runner::run::SUMMARY_FILE)
            .is_file()
    })?
    .pop()
    .ok_or_else(|| Failure::Runtime.because("match submit: the merge left no folder"))?;
    let line = std::fs::read_to_string(merged.join(summary))?;
    crate::status!("match submit: merged into {}", merged.display());
    outln!("{}", line.trim_end());
    Ok(())
}

fn work_odds(w: WorkOddsArgs) -> anyhow::Result<()> {
    use crate::experiments::match_runner::work_odds;
    check_games(w.games)?;
    let concurrency = concurrency_of(w.concurrency)?;
    crate::record::check_output_folder("out", &w.out)?;
    if let Some(file) = &w.write {
        if file.is_dir() {
            return Err(Failure::BadInput.because(format!(
                "--write {}: is a folder, not a file",
                file.display()
            )));
        }
        if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
            crate::record::check_output_folder("write", parent)?;
        }
    }
    let BotSpecArg(bot) = w.bot;
    let (a, b) = work_odds::sides(bot);
    let settings = MatchSettings {
        a,
        b,
        seed: w.seed,
        games: w.games,
        shard: Shard::ALL,
        openings: openings::load(&w.openings).map_err(|e| e.context("--openings"))?,
        bounds: SprtBounds::default(),
        luck_sprt: None,
        sprt_stops: false,
    };
    let record = work_odds::measure(&settings, &w.out, concurrency)?;
    crate::status!(
        "work odds: {} at {} against itself at twice it: {} Elo per doubling [{}, {}] (95%, n = {} games)",
        record.bot,
        record.tc,
        crate::experiments::strength::signed_elo(record.elo.point),
        crate::experiments::strength::signed_elo(record.elo.low),
        crate::experiments::strength::signed_elo(record.elo.high),
        record.elo.n
    );
    if let Some(file) = &w.write {
        if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)?;
        }
        record.write(file)?;
        crate::status!("work odds: written to {}", file.display());
    }
    outln!("{}", work_odds::final_line(&record));
    Ok(())
}

fn play_match(p: PlayArgs) -> anyhow::Result<()> {
    let (Some(BotSpecArg(a)), Some(BotSpecArg(b))) = (p.a, p.b) else {
        return Err(Failure::BadInput.because("--a and --b are required"));
    };
    check_games(p.games)?;
    let concurrency = concurrency_of(p.concurrency)?;
    let bounds = SprtBounds {
        elo0: p.elo0,
        elo1: p.elo1,
        alpha: p.alpha,
        beta: p.beta,
    };
    bounds
        .check()
        .map_err(|e| Failure::BadInput.because(format!("SPRT bounds: {e}")))?;
    let settings = MatchSettings {
        a,
        b,
        seed: p.seed,
        games: p.games,
        shard: p.shard.unwrap_or(Shard::ALL),
        openings: openings::load(&p.openings).map_err(|e| e.context("--openings"))?,
        bounds,
        luck_sprt: p.luck_sprt,
        sprt_stops: true,
    };
    let destination = match &p.resume {
        Some(dir) => Destination::Resume(dir),
        None => {
            crate::record::check_output_folder("out", &p.out)?;
            Destination::New(&p.out)
        }
    };
    let finished = play(&settings, destination, concurrency)?;
    crate::status!("match: {}", finished.folder.display());
    let mut line = finished.line;
    if p.luck || p.luck_sprt.is_some() {
        let scale = p.luck_scale.or(p.luck_sprt);
        let s = crate::experiments::match_runner::luck::apply(&finished.folder, scale)?;
        crate::status!(
            "match: luck at scale {:.0} cp: raw score {:.4}, adjusted {:.4}, variance / {:.2}",
            s.scale,
            s.raw_score,
            s.adj_score,
            s.variance_reduction
        );
        line = format!("{line} {}", s.line());
        crate::record::write_atomic(
            &finished
                .folder
                .join(crate::experiments::match_runner::run::SUMMARY_FILE),
            format!("{line}\n").as_bytes(),
        )?;
    }
    outln!("{line}");
    Ok(())
}
