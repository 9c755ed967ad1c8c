//! `harness match`: two bots play duplicate-dice pairs from the frozen openings (`--resume`, `--shard`), `harness
//! match merge` counts several run folders as one match, `harness match openings` freezes or checks the openings,
//! `harness match work-odds` measures Elo per doubling.
//! Parsing only; the work is in [`crate::strength::match_runner`].

use crate::exit::Failure;
use crate::outln;
use crate::record::Role;
use crate::statistics::sprt::SprtBounds;
use crate::strength::match_runner::bot::{BotSpec, TimeControl};
use crate::strength::match_runner::openings::{self, OpeningParams};
use crate::strength::match_runner::run::{Destination, SUMMARY_FILE, play};
use crate::strength::match_runner::settings::{MAX_GAMES, MatchSettings, Shard};
use std::path::PathBuf;

/// Arguments of `harness match`.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(crate) struct Args {
    /// `merge` or `openings`; without one, a match is played.
    #[command(subcommand)]
    pub action: Option<Action>,
    /// The match to play.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The subcommands of `harness match`.
#[derive(clap::Subcommand, Debug)]
pub(crate) enum Action {
    /// Count the shards of one match as one match and print the final line; refuses (exit 2) any set of shards
    /// that is not exactly the whole match.
    Merge(MergeArgs),
    /// Play a match (or a work-odds match) as a Slurm job array of shards and a merge job, through sbatch.
    Submit(SubmitArgs),
    /// Check the openings file (it loads and its recorded parameters reproduce it), or freeze it anew.
    Openings(OpeningsArgs),
    /// Measure the luck of every roll in a match folder and print raw and luck-adjusted scores.
    Luck(LuckArgs),
    /// Elo per doubling: a bot at twice its per-move budget against itself, every game played (no SPRT stop);
    /// with --budgets, the curve over node budgets.
    WorkOdds(WorkOddsArgs),
    /// A speedup's worth: the bot at nodes:round(N·S) against itself at nodes:N, predicted off the curve and
    /// measured.
    Worth(WorthArgs),
}

/// Options of `work-odds`.
#[derive(clap::Args, Debug)]
pub(crate) struct WorkOddsArgs {
    /// The bot, as --a of a match; it plays at its time control against itself at twice it (nodes:N, calls:N
    /// and ms:N[+INC] double every part). With --budgets, give no tc: each budget N sets nodes:N.
    #[arg(long, value_name = "SPEC", value_parser = parse_spec)]
    pub(crate) bot: BotSpecArg,
    /// The curve: one match per node budget N (the bot at nodes:2N against itself at nodes:N), each in
    /// DIR/budget-N/ as an ordinary match folder, resumed if it is there (a complete one is only read).
    #[arg(long, value_name = "N,N,...", value_delimiter = ',', value_parser = parse_budget)]
    pub(crate) budgets: Option<Vec<u64>>,
    /// Games to play (per budget; even: pairs are games / 2).
    #[arg(long, default_value_t = 400)]
    pub(crate) games: u64,
    /// The match seed (every budget's).
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Pairs played at once (default: the available cores). Wall-clock controls play weaker when the cores are
    /// shared.
    #[arg(long, value_name = "N")]
    pub(crate) concurrency: Option<usize>,
    /// Play only the pairs with index = K - 1 (mod N) of every budget; merge each budget's shards with `harness
    /// match merge --out DIR/budget-N` and run the curve again to read them.
    #[arg(long, value_name = "K/N", value_parser = |s: &str| s.parse::<Shard>())]
    pub(crate) shard: Option<Shard>,
    /// The openings file.
    #[arg(long, default_value = openings::DEFAULT_PATH)]
    pub(crate) openings: PathBuf,
    /// Where the match's run folder goes (with --budgets: the folder holding budget-N/).
    #[arg(long, value_name = "DIR", default_value = "results-private")]
    pub(crate) out: PathBuf,
    /// With --budgets: also write the curve with its provenance to this file (the main job reads
    /// scenarios/strength/elo-per-doubling.json).
    #[arg(
        long,
        value_name = "FILE",
        requires = "budgets",
        conflicts_with = "shard"
    )]
    pub(crate) write: Option<PathBuf>,
}

/// Options of `worth`.
#[derive(clap::Args, Debug)]
pub(crate) struct WorthArgs {
    /// The speedup S (> 0; > 1 = faster): the bot at nodes:round(N·S) plays itself at nodes:N.
    #[arg(long, value_name = "S", value_parser = |s: &str| positive(s, " (> 1 = faster)"), allow_hyphen_values = true)]
    pub(crate) speedup: f64,
    /// The node budget N the speedup is worth something at.
    #[arg(long, value_name = "N", value_parser = parse_budget, allow_hyphen_values = true)]
    pub(crate) budget: u64,
    /// Games to play (even; every game is played).
    #[arg(long, default_value_t = 400)]
    pub(crate) games: u64,
    /// The bot without tc (default: the default spec).
    #[arg(long, value_name = "SPEC", value_parser = parse_spec)]
    pub(crate) bot: Option<BotSpecArg>,
    /// The match seed.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Pairs played at once (default: the available cores).
    #[arg(long, value_name = "N")]
    pub(crate) concurrency: Option<usize>,
    /// The curve the prediction is read from.
    #[arg(
        long,
        value_name = "FILE",
        default_value = "scenarios/strength/elo-per-doubling.json"
    )]
    pub(crate) curve: PathBuf,
    /// The openings file.
    #[arg(long, default_value = openings::DEFAULT_PATH)]
    pub(crate) openings: PathBuf,
    /// Where the match's run folder goes.
    #[arg(long, value_name = "DIR", default_value = "results-private")]
    pub(crate) out: PathBuf,
}

fn parse_budget(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n > 0 && n <= u64::MAX / 2 => Ok(n),
        _ => Err(format!(
            "'{s}': a positive whole number of nodes (at most {})",
            u64::MAX / 2
        )),
    }
}

/// A finite number above 0; `what` names it in the message.
fn positive(s: &str, what: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("'{s}': a positive number{what}")),
    }
}

/// Options of `luck`.
#[derive(clap::Args, Debug)]
pub(crate) struct LuckArgs {
    /// The match run folder.
    pub dir: PathBuf,
    /// The logistic scale in centipawns (default: fitted on the folder's games).
    #[arg(long, value_name = "CP", value_parser = parse_scale)]
    pub luck_scale: Option<f64>,
}

fn parse_scale(s: &str) -> Result<f64, String> {
    positive(s, " of centipawns")
}

/// Options of a match.
#[derive(clap::Args, Debug)]
pub(crate) struct PlayArgs {
    /// Bot A: comma-separated key=value (depth, pruning, tt, scheme, cache, eval, tc); keys not given default to
    /// depth=id,pruning=star2,tt=16,scheme=depth,cache=optimized,eval=material,tc=nodes:20000.
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

/// A parsed `--a`/`--b` (opaque outside the match runner), and whether the spec gave a time control.
#[derive(Clone, Debug)]
pub(crate) struct BotSpecArg(BotSpec, bool);

fn parse_spec(s: &str) -> Result<BotSpecArg, String> {
    let has_tc = s
        .split(',')
        .any(|item| item.split_once('=').is_some_and(|(k, _)| k.trim() == "tc"));
    s.parse().map(|b| BotSpecArg(b, has_tc))
}

/// A bot whose time control the command sets: a spec that gives one is bad input naming `option`.
fn without_tc(option: &str, arg: Option<BotSpecArg>) -> anyhow::Result<BotSpec> {
    match arg {
        Some(BotSpecArg(_, true)) => {
            Err(Failure::BadInput
                .because(format!("--{option}: give no tc (the node budgets set it)")))
        }
        Some(BotSpecArg(b, false)) => Ok(b),
        None => Ok(BotSpec::default()),
    }
}

/// Options of `merge`.
#[derive(clap::Args, Debug)]
pub(crate) struct MergeArgs {
    /// The run folders.
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Also write the union as one match run folder under this folder (for `harness report`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Options of `submit`.
#[derive(clap::Args, Debug)]
pub(crate) struct SubmitArgs {
    /// The number of shards: array tasks, each playing --shard K/N.
    #[arg(long, value_name = "N")]
    pub shards: u64,
    /// Return when the merge job has ended, with its exit status, and print the merged final line (a curve: its
    /// lines).
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
pub(crate) struct OpeningsArgs {
    /// Regenerate the file from the default parameters (else: check it).
    #[arg(long)]
    pub freeze: bool,
    /// The openings file.
    #[arg(long, default_value = openings::DEFAULT_PATH)]
    pub file: PathBuf,
}

/// Runs the command.
pub(crate) fn run(args: Args) -> anyhow::Result<()> {
    match args.action {
        Some(Action::Merge(m)) => {
            if let Some(out) = &m.out {
                crate::record::check_output_folder("out", out)?;
                let mut locations = vec![("out", out.as_path(), Role::Output)];
                locations.extend(m.dirs.iter().map(|d| ("<DIRS>", d.as_path(), Role::Input)));
                crate::record::check_apart(&locations)?;
            }
            let (line, folder) =
                crate::strength::match_runner::merge::merge(&m.dirs, m.out.as_deref())?;
            if let Some(folder) = folder {
                crate::status!("match merge: {}", folder.display());
            }
            outln!("{line}");
        }
        Some(Action::Openings(o)) => {
            if o.freeze {
                crate::record::check_output_file("file", &o.file)?;
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
            let s = crate::strength::match_runner::luck::apply(&l.dir, l.luck_scale)?;
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
        Some(Action::Worth(w)) => worth(w)?,
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

/// The task of `match submit`: its `--out` (made absolute) and its options parsed as a run of the whole match
/// reads them (a curve's shard tasks drop `--write`, which the merge job's reading of the curve does), checked
/// before anything is written or submitted.
fn submit_task(s: &mut SubmitArgs, workdir: &std::path::Path) -> anyhow::Result<(PathBuf, Args)> {
    use crate::strength::match_runner::submit::take_option;
    let bad = |msg: String| Failure::BadInput.because(format!("match submit: {msg}"));
    let out = match (s.out.take(), take_option(&mut s.task, "out")) {
        (Some(_), Some(_)) => return Err(bad("--out given twice".into())),
        (Some(o), None) => o,
        (None, Some(o)) => o.into(),
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
    let out = workdir.join(out);
    let mut argv: Vec<String> = vec!["harness match".into()];
    argv.extend(s.task.iter().cloned());
    argv.extend(["--out".into(), out.join("shard-1").display().to_string()]);
    let command = <Args as clap::Args>::augment_args(clap::Command::new("harness match"));
    let parsed = command
        .try_get_matches_from(&argv)
        .and_then(|m| <Args as clap::FromArgMatches>::from_arg_matches(&m))
        .map_err(|e| bad(format!("the task's options: {}", e.render())))?;
    let (games, concurrency) = match &parsed {
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
    let cpus = *s.cpus_per_task.get_or_insert(concurrency.unwrap_or(1));
    if cpus == 0 || concurrency.is_some_and(|c| c > cpus) {
        return Err(bad(format!(
            "--cpus-per-task {cpus}: must be at least 1 and at least the task's --concurrency"
        )));
    }
    crate::record::check_output_folder("out", &out)?;
    if let Some(Action::WorkOdds(WorkOddsArgs {
        write: Some(file), ..
    })) = &parsed.action
    {
        crate::record::check_output_file("write", file)?;
    }
    Ok((out, parsed))
}

fn submit(mut s: SubmitArgs) -> anyhow::Result<()> {
    use crate::strength::match_runner::submit::{self, Plan};
    let workdir = std::env::current_dir()?;
    let (out, parsed) = submit_task(&mut s, &workdir)?;
    let curve = match parsed.action {
        Some(Action::WorkOdds(w)) if w.budgets.is_some() => Some(w),
        _ => None,
    };
    let plan = Plan {
        shards: s.shards,
        task: s.task,
        out,
        workdir,
        binary: std::env::current_exe()?.canonicalize()?,
        partition: s.partition,
        time: s.time,
        cpus_per_task: s.cpus_per_task.unwrap_or(1),
        budgets: curve
            .as_ref()
            .and_then(|w| w.budgets.clone())
            .unwrap_or_default(),
    };
    let jobs = submit::submit(&plan)?;
    let (shards_job, merge_job, out) = (&jobs.shards_job, &jobs.merge_job, plan.out.display());
    crate::status!(
        "match submit: job {shards_job} plays {} shards into {out}/shard-K; job {merge_job} merges them into \
         {out}/merged once all succeed; scripts and logs in {out}",
        plan.shards
    );
    if !s.wait {
        outln!("shards_job={shards_job} merge_job={merge_job}");
        return Ok(());
    }
    submit::wait(&plan, &jobs)?;
    if let Some(w) = curve {
        // The merge job read the curve from complete folders; reading it again here plays nothing.
        return work_odds(WorkOddsArgs {
            out: plan.out.join("merged"),
            write: None,
            concurrency: None,
            ..w
        });
    }
    let merged = crate::record::complete_folders(&plan.out.join("merged"), "match-", |p| {
        p.join(SUMMARY_FILE).is_file()
    })?
    .pop()
    .ok_or_else(|| Failure::Runtime.because("match submit: the merge left no folder"))?;
    let line = std::fs::read_to_string(merged.join(SUMMARY_FILE))?;
    crate::status!("match submit: merged into {}", merged.display());
    outln!("{}", line.trim_end());
    Ok(())
}

/// The settings of a match of bots `a` and `b` that plays every game (a work-odds match's; a match sets its SPRT).
fn settings_of(
    (a, b): (BotSpec, BotSpec),
    games: u64,
    seed: u64,
    shard: Option<Shard>,
    openings_file: &std::path::Path,
) -> anyhow::Result<MatchSettings> {
    check_games(games)?;
    Ok(MatchSettings {
        a,
        b,
        seed,
        games,
        shard: shard.unwrap_or(Shard::ALL),
        openings: openings::load(openings_file).map_err(|e| e.context("--openings"))?,
        bounds: SprtBounds::default(),
        luck_sprt: None,
        sprt_stops: false,
    })
}

fn work_odds(w: WorkOddsArgs) -> anyhow::Result<()> {
    use crate::strength::match_runner::work_odds;
    let concurrency = concurrency_of(w.concurrency)?;
    w.bot.0.check_tables("bot", Some(&w.bot.0), concurrency)?;
    crate::record::check_output_folder("out", &w.out)?;
    let mut locations = vec![
        ("out", w.out.as_path(), Role::Output),
        ("openings", w.openings.as_path(), Role::Input),
    ];
    if let Some(file) = &w.write {
        crate::record::check_output_file("write", file)?;
        locations.push(("write", file, Role::Output));
    }
    crate::record::check_apart(&locations)?;
    let Some(budgets) = w.budgets else {
        if w.bot.0.tc.checked_doubled().is_none() {
            return Err(Failure::BadInput.because(format!(
                "--bot {}: twice its budget does not fit in 64 bits (the doubled side plays at twice it)",
                w.bot.0
            )));
        }
        let settings = settings_of(
            work_odds::sides(w.bot.0),
            w.games,
            w.seed,
            w.shard,
            &w.openings,
        )?;
        let finished = play(&settings, Destination::New(&w.out), concurrency)?;
        crate::status!("work odds: {}", finished.folder.display());
        outln!("{}", finished.line);
        return Ok(());
    };
    let bot = without_tc("bot", Some(w.bot))?;
    let mut seen = std::collections::BTreeSet::new();
    if let Some(twice) = budgets.iter().find(|&&b| !seen.insert(b)) {
        return Err(Failure::BadInput.because(format!("--budgets: {twice} is given twice")));
    }
    let template = settings_of(work_odds::sides(bot), w.games, w.seed, w.shard, &w.openings)?;
    let points = work_odds::play_curve(&template, bot, &budgets, &w.out, concurrency)?;
    for p in &points {
        outln!("{}", work_odds::point_line(p));
    }
    if let Some(file) = &w.write {
        let curve = work_odds::curve_of(&template, bot, points);
        crate::strength::write_json(&curve, file)?;
        crate::status!("work odds: the curve is written to {}", file.display());
    }
    Ok(())
}

fn worth(w: WorthArgs) -> anyhow::Result<()> {
    use crate::strength::{elo_text, read_curve};
    let faster = (w.budget as f64 * w.speedup).round();
    let most = (u64::MAX / 2) as f64;
    if !(1.0..=most).contains(&faster) {
        let nodes = if faster > most {
            format!("about {faster:.1e} nodes, over the largest budget")
        } else {
            format!("{faster} nodes, under 1")
        };
        return Err(Failure::BadInput.because(format!(
            "--speedup {:?} x --budget {}: {nodes} (a budget is 1 to {})",
            w.speedup,
            w.budget,
            u64::MAX / 2
        )));
    }
    let concurrency = concurrency_of(w.concurrency)?;
    crate::record::check_output_folder("out", &w.out)?;
    crate::record::check_apart(&[
        ("out", w.out.as_path(), Role::Output),
        ("openings", &w.openings, Role::Input),
        ("curve", &w.curve, Role::Input),
    ])?;
    let bot = without_tc("bot", w.bot)?;
    bot.check_tables("bot", Some(&bot), concurrency)?;
    let at = |n: u64| BotSpec {
        tc: TimeControl::Nodes(n),
        ..bot
    };
    // The speedup as played: the rounded budget over N.
    let played = faster / w.budget as f64;
    let predicted = match read_curve(&w.curve).map_err(|e| e.context("--curve"))? {
        Ok(c) => c
            .predict(w.budget, &crate::statistics::Interval::exact(played))
            .map_err(|why| why.0),
        Err(why) => Err(why),
    };
    let settings = settings_of(
        (at(faster as u64), at(w.budget)),
        w.games,
        w.seed,
        None,
        &w.openings,
    )?;
    let finished = play(&settings, Destination::New(&w.out), concurrency)?;
    let m =
        crate::strength::match_runner::summary::MatchSummary::read(&finished.folder)?.logistic_elo;
    let [p, p_low, p_high] = match &predicted {
        Ok(p) => {
            let (curve, budget) = (w.curve.display(), w.budget);
            crate::status!(
                "worth: predicted {} off {curve} at {budget} nodes",
                elo_text(p)
            );
            [p.point, p.low, p.high].map(|v| v.to_string())
        }
        Err(why) => {
            crate::status!("worth: no prediction: {why}");
            ["none"; 3].map(String::from)
        }
    };
    crate::status!("worth: {}", finished.folder.display());
    outln!(
        "predicted={p} predicted_low={p_low} predicted_high={p_high} measured={} low={} high={} level={} n={} \
         speedup={played} budget={} faster={}",
        m.point,
        m.low,
        m.high,
        m.level,
        m.n,
        w.budget,
        faster as u64
    );
    Ok(())
}

fn play_match(p: PlayArgs) -> anyhow::Result<()> {
    let (Some(BotSpecArg(a, _)), Some(BotSpecArg(b, _))) = (p.a, p.b) else {
        return Err(Failure::BadInput.because("--a and --b are required"));
    };
    check_games(p.games)?;
    let concurrency = concurrency_of(p.concurrency)?;
    // Named by the larger table, the one to make smaller.
    let (option, big, other) = if a.tt >= b.tt {
        ("a", &a, &b)
    } else {
        ("b", &b, &a)
    };
    big.check_tables(option, Some(other), concurrency)?;
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
        bounds,
        luck_sprt: p.luck_sprt,
        sprt_stops: true,
        ..settings_of((a, b), p.games, p.seed, p.shard, &p.openings)?
    };
    let (option, destination) = match &p.resume {
        Some(dir) => ("resume", Destination::Resume(dir)),
        None => {
            crate::record::check_output_folder("out", &p.out)?;
            ("out", Destination::New(&p.out))
        }
    };
    let (Destination::Resume(dir) | Destination::New(dir)) = destination;
    crate::record::check_apart(&[
        (option, dir, Role::Output),
        ("openings", &p.openings, Role::Input),
    ])?;
    let finished = play(&settings, destination, concurrency)?;
    crate::status!("match: {}", finished.folder.display());
    let mut line = finished.line;
    if p.luck || p.luck_sprt.is_some() {
        let scale = p.luck_scale.or(p.luck_sprt);
        let s = crate::strength::match_runner::luck::apply(&finished.folder, scale)?;
        crate::status!(
            "match: luck at scale {:.0} cp: raw score {:.4}, adjusted {:.4}, variance / {}",
            s.scale,
            s.raw_score,
            s.adj_score,
            s.variance_reduction.map_or_else(
                || "undefined".to_owned(),
                |i| format!("{:.2} [{:.2}, {:.2}]", i.point, i.low, i.high)
            )
        );
        line = format!("{line} {}", s.line());
        let summary = finished.folder.join(SUMMARY_FILE);
        crate::record::write_atomic(&summary, format!("{line}\n").as_bytes())?;
    }
    outln!("{line}");
    Ok(())
}
