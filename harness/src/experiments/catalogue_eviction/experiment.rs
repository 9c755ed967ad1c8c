//! The whole experiment: catalogue, one stream per seed and plan, every policy at every budget replayed over it
//! (in parallel on rayon workers), the results written as CSV and summarised with 95% intervals over seeds.

use super::game_search::{self, GameSearchFindings, NamedTrace, dice_traces};
use super::replay::{StreamCheck, replay};
use super::spec::PolicyKind;
use super::static_sets::best_n;
use super::stream::{BoardPlan, LookupStream, StreamConfig};
use crate::experiments::catalogue_eviction::BestTenRecord;
use crate::experiments::catalogue_eviction::EvictionControlRecord;
use crate::experiments::catalogue_eviction::EvictionRecord;
use crate::experiments::catalogue_eviction::StreamRecord;
use crate::parallel::parallel_map;
use crate::progress::Progress;
use crate::record::schema::{CsvRecord, write_records};
use crate::record::{Provenance, RunMetadata, write_atomic};
use crate::statistics::Interval;
use anyhow::{Context, Result, ensure};
use engine::domineering::{Catalogue, ShapeKey};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Ageing periods K swept by default (lookups between halvings).
pub(crate) const DEFAULT_AGING_PERIODS: [u64; 10] =
    [10, 30, 50, 100, 300, 1000, 3000, 10_000, 30_000, 100_000];

/// The budgets every report quotes.
pub(crate) const HEADLINE_BUDGETS: [usize; 4] = [10, 20, 40, 80];

/// Size of the per-board "best ten".
pub(crate) const BEST_TEN: usize = 10;

/// Every policy, with ageing LFU at each of `periods`.
pub(crate) fn default_policies(periods: &[u64]) -> Vec<PolicyKind> {
    use PolicyKind::*;
    let mut v = vec![Lru, Lfu];
    v.extend(periods.iter().map(|&period| AgingLfu { period }));
    v.extend([
        Sieve, Arc, S3Fifo, WTinyLfu, Fifo, Clock, TwoQ, Lirs, Belady, Unbounded, BestN, FirstN,
    ]);
    v
}

/// The headline budgets plus a sweep in steps of about √2 from 1 up to `distinct` (which is included).
pub(crate) fn default_budgets(distinct: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..64)
        .map(|k| 2f64.powf(k as f64 / 2.0).round() as usize)
        .take_while(|&b| b < distinct)
        .collect();
    v.extend(HEADLINE_BUDGETS.iter().filter(|&&b| b < distinct));
    v.push(distinct.max(1));
    v.sort_unstable();
    v.dedup();
    v
}

/// A one-board-size control run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Control {
    /// Name in results, e.g. `only_5x5`.
    pub name: String,
    pub plan: BoardPlan,
}

impl Control {
    /// The original experiment's missing control: all `games` on one `rows` x `cols` board.
    pub(crate) fn single(rows: usize, cols: usize, games: usize) -> Self {
        Control {
            name: format!("only_{rows}x{cols}"),
            plan: BoardPlan::single(rows, cols, games),
        }
    }
}

/// Everything that defines a run of the experiment; all of it is recorded with the results.
#[derive(Debug, Clone)]
pub(crate) struct Config {
    /// The stream options (board plan, estimate, looked-up sizes, first player).
    pub stream: StreamConfig,
    /// One stream per seed.
    pub seeds: Vec<u64>,
    /// Budgets of the main plan; `None` = the headline budgets and a sweep up to the most distinct keys.
    pub budgets: Option<Vec<usize>>,
    pub policies: Vec<PolicyKind>,
    /// One-board-size controls.
    pub controls: Vec<Control>,
    pub control_budgets: Vec<usize>,
    pub threads: usize,
    /// Where to write the first seed's main stream as CSV.
    pub trace_out: Option<PathBuf>,
    /// Where to write the report (index.md + charts).
    pub report_dir: Option<PathBuf>,
    /// The command that produced this run, quoted in the report.
    pub command: String,
    /// Scenario folder whose families give the dice-chess traces of the game-search comparison (`None`: skip it).
    pub game_search_scenarios: Option<PathBuf>,
    /// When the game-search comparison is skipped on the caller's behalf (the main job's `--quick`): what was left
    /// out and the command that runs it, said in the report and on the console where the comparison would be.
    pub game_search_left_out: Option<String>,
}

impl Default for Config {
    /// The default experiment: the original experiment's run with this project's defaults, 10 seeds, every policy.
    fn default() -> Self {
        Config {
            stream: StreamConfig::default(),
            seeds: (1..=10).collect(),
            budgets: None,
            policies: default_policies(&DEFAULT_AGING_PERIODS),
            controls: vec![Control::single(5, 5, 650), Control::single(6, 6, 650)],
            control_budgets: HEADLINE_BUDGETS.to_vec(),
            threads: crate::parallel::cores(),
            trace_out: None,
            report_dir: None,
            command: "harness eviction".into(),
            game_search_scenarios: Some(PathBuf::from("scenarios")),
            game_search_left_out: None,
        }
    }
}

impl Config {
    pub(crate) fn validate(&self) -> Result<()> {
        self.stream.validate()?;
        ensure!(!self.seeds.is_empty(), "no seeds");
        ensure!(!self.policies.is_empty(), "no policies");
        let distinct: std::collections::BTreeSet<u64> = self.seeds.iter().copied().collect();
        ensure!(
            distinct.len() == self.seeds.len(),
            "a seed is repeated in {:?}",
            self.seeds
        );
        for b in self.budgets.iter().flatten().chain(&self.control_budgets) {
            ensure!(*b >= 1, "budget {b}: a table must hold at least one entry");
        }
        for c in &self.controls {
            ensure!(!c.name.is_empty(), "a control has no name");
        }
        Ok(())
    }
}

/// Per-seed facts about one stream.
#[derive(Debug, Clone)]
pub(crate) struct StreamInfo {
    /// Its row of `streams.csv` (provenance columns empty until written).
    pub row: StreamRecord,
    /// Lookups per batch of the plan.
    pub batch_lookups: Vec<usize>,
    /// Per batch: its best ten shapes with their lookups in that batch, most used first.
    pub best_tens: Vec<Vec<(ShapeKey, usize)>>,
}

/// All results of one plan (the main run or a control).
#[derive(Debug, Clone)]
pub(crate) struct PlanResults {
    /// `main` or the control's name.
    pub name: String,
    pub plan: BoardPlan,
    pub budgets: Vec<usize>,
    /// One entry per seed, in seed order.
    pub streams: Vec<StreamInfo>,
    /// One row per seed x policy x budget (provenance columns empty until written).
    pub rows: Vec<EvictionRecord>,
}

impl PlanResults {
    /// The rows of one policy at one budget, in seed order.
    pub(crate) fn cell(&self, policy: PolicyKind, budget: usize) -> Vec<&EvictionRecord> {
        let policy = policy.to_string();
        let of = |r: &&EvictionRecord| r.budget == budget as u64 && r.policy == policy;
        self.rows.iter().filter(of).collect()
    }

    /// Mean and interval over seeds of `f` applied to one policy's rows at one budget.
    pub(crate) fn estimate(
        &self,
        policy: PolicyKind,
        budget: usize,
        f: impl Fn(&EvictionRecord) -> f64,
    ) -> Interval {
        let xs: Vec<f64> = self.cell(policy, budget).into_iter().map(f).collect();
        Interval::mean(&xs)
    }

    /// Paired difference `a - b` over seeds of `f`.
    pub(crate) fn difference(
        &self,
        a: PolicyKind,
        b: PolicyKind,
        budget: usize,
        f: impl Fn(&EvictionRecord) -> f64,
    ) -> Interval {
        let (ra, rb) = (self.cell(a, budget), self.cell(b, budget));
        let xs: Vec<f64> = ra
            .iter()
            .zip(&rb)
            .filter(|(x, y)| x.seed == y.seed)
            .map(|(x, y)| f(x) - f(y))
            .collect();
        Interval::mean(&xs)
    }

    /// Mean and interval of a per-stream quantity.
    pub(crate) fn stream_estimate(&self, f: impl Fn(&StreamInfo) -> f64) -> Interval {
        let xs: Vec<f64> = self.streams.iter().map(f).collect();
        Interval::mean(&xs)
    }
}

/// Everything the experiment produced.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    pub config: Config,
    /// The policies actually run (in order).
    pub policies: Vec<PolicyKind>,
    pub main: PlanResults,
    pub controls: Vec<PlanResults>,
    pub catalogue_time: Duration,
    pub stream_time: Duration,
    pub replay_time: Duration,
    /// Total lookups replayed over all runs.
    pub lookups_replayed: u64,
    /// Machine, toolchain and revision, read before anything was written (its seed is the first stream seed).
    pub provenance: Provenance,
    /// The catalogue trace and the dice-chess traces through every rule, when scenarios were given.
    pub game_search: Option<GameSearchFindings>,
}

/// What `run` hands back to its caller.
#[derive(Debug, Clone)]
pub(crate) struct Summary {
    /// `eviction.csv`.
    pub csv: PathBuf,
    /// The report's `index.md`, if one was written.
    pub report: Option<PathBuf>,
    /// A short human summary, one line each.
    pub lines: Vec<String>,
}

fn stream_info(stream: &LookupStream, name: &str, plan: &BoardPlan) -> StreamInfo {
    let universe = stream.universe();
    let mut count = vec![0usize; universe];
    for &k in &stream.keys {
        count[k as usize] += 1;
    }
    let best_tens = (0..plan.0.len())
        .map(|b| {
            let keys = stream.batch_keys(b);
            let mut c = vec![0usize; universe];
            for &k in &keys {
                c[k as usize] += 1;
            }
            best_n(&keys, universe, BEST_TEN)
                .into_iter()
                .map(|k| (stream.shapes[k as usize], c[k as usize]))
                .collect()
        })
        .collect();
    let served: usize = best_n(&stream.keys, universe, BEST_TEN)
        .iter()
        .map(|&k| count[k as usize])
        .sum();
    let row = StreamRecord {
        plan: name.to_owned(),
        seed: stream.seed,
        lookups: stream.len() as u64,
        distinct_keys: universe as u64,
        one_hit_keys: count.iter().filter(|&&c| c == 1).count() as u64,
        games: plan.games() as u64,
        left_wins: stream.games.iter().filter(|g| g.left_won).count() as u64,
        moves: stream.games.iter().map(|g| g.moves as u64).sum(),
        placements_scored: stream.placements_scored,
        best_ten_serve: served as f64 / stream.len().max(1) as f64,
        ..StreamRecord::default()
    };
    StreamInfo {
        row,
        batch_lookups: (0..plan.0.len())
            .map(|b| stream.batch_keys(b).len())
            .collect(),
        best_tens,
    }
}

/// Rank of every key by lookups over the whole stream (0 = most used; ties to the earlier arrival).
fn best_ranks(stream: &LookupStream) -> Vec<usize> {
    let universe = stream.universe();
    let mut rank = vec![usize::MAX; universe];
    for (i, k) in best_n(&stream.keys, universe, universe)
        .into_iter()
        .enumerate()
    {
        rank[k as usize] = i;
    }
    rank
}

struct Prepared {
    stream: LookupStream,
    check: StreamCheck,
    ranks: Vec<usize>,
}

/// One policy at one budget replayed over a prepared stream, with how much of the first and of the best `budget`
/// keys it holds at the end.
fn replay_row(prep: &Prepared, policy: PolicyKind, budget: usize) -> Result<EvictionRecord> {
    let r = replay(policy, budget, &prep.stream, &prep.check)
        .map_err(|e| crate::exit::Failure::Mismatch.tag(e))?;
    let distinct = prep.stream.universe();
    let first_set = budget.min(distinct).max(1);
    let held_first = r
        .resident
        .iter()
        .filter(|&&k| (k as usize) < budget)
        .count();
    let held_best = r
        .resident
        .iter()
        .filter(|&&k| prep.ranks[k as usize] < budget)
        .count();
    Ok(EvictionRecord {
        seed: prep.stream.seed,
        policy: policy.to_string(),
        budget: budget as u64,
        lookups: r.tally.lookups,
        hits: r.tally.hits,
        hit_rate: r.tally.hit_rate(),
        re_evaluations: r.tally.re_evaluations,
        misses: r.tally.misses(),
        distinct_keys: distinct as u64,
        overlap_first_n: held_first as f64 / first_set as f64,
        overlap_best_n: held_best as f64 / first_set as f64,
        ..EvictionRecord::default()
    })
}

/// The game-search traces (the first catalogue stream, then the dice-chess searches of the scenarios in `dir`)
/// replayed under every policy.
fn game_search(
    config: &Config,
    dir: &Path,
    first: &LookupStream,
    progress: &Progress,
) -> Result<GameSearchFindings> {
    let mut traces = vec![NamedTrace {
        name: format!("catalogue (seed {})", first.seed),
        origin: None,
        keys: first.keys.clone(),
        universe: first.universe(),
    }];
    traces.extend(dice_traces(dir, config.threads, progress)?);
    game_search::analyse(&traces, &config.policies, config.threads, progress)
}

/// One replay: a stream (its index in the prepared streams, plan by plan, seed by seed), a policy and a budget.
type ReplayJob = (usize, PolicyKind, usize);

/// Each plan's budgets, and every replay of the run.
fn replay_jobs(
    config: &Config,
    prepared: &[Prepared],
    plans: usize,
) -> (Vec<Vec<usize>>, Vec<ReplayJob>) {
    let n_seeds = config.seeds.len();
    // The main plan's budgets (by default a sweep up to its most distinct keys), then the controls'.
    let most_distinct = prepared[..n_seeds]
        .iter()
        .map(|x| x.stream.universe())
        .max();
    let main =
        (config.budgets.clone()).unwrap_or_else(|| default_budgets(most_distinct.unwrap_or(1)));
    let plan_budgets: Vec<Vec<usize>> = std::iter::once(main)
        .chain((1..plans).map(|_| config.control_budgets.clone()))
        .collect();
    let mut run_jobs: Vec<ReplayJob> = Vec::new();
    for i in 0..prepared.len() {
        let p = i / n_seeds;
        for &policy in &config.policies {
            for &b in &plan_budgets[p] {
                run_jobs.push((i, policy, b));
            }
        }
    }
    (plan_budgets, run_jobs)
}

/// Runs the experiment in memory (the only file it may write is the configured trace).
pub(crate) fn execute(config: &Config, progress: &Progress) -> Result<Outcome> {
    config.validate()?;
    let provenance = Provenance::of(&RunMetadata::collect(
        config.seeds.first().copied().unwrap_or(0),
    ));
    let t0 = Instant::now();
    progress.set_message("building the catalogue");
    let catalogue = Catalogue::build();
    let catalogue_time = t0.elapsed();

    let mut plans: Vec<(String, BoardPlan)> = vec![("main".into(), config.stream.plan.clone())];
    plans.extend(
        config
            .controls
            .iter()
            .map(|c| (c.name.clone(), c.plan.clone())),
    );
    let stream_jobs: Vec<(usize, u64)> = (0..plans.len())
        .flat_map(|p| config.seeds.iter().map(move |&s| (p, s)))
        .collect();
    progress.set_message("playing the games");
    progress.set_length(stream_jobs.len() as u64);
    let t1 = Instant::now();
    let prepared = parallel_map(&stream_jobs, config.threads, progress, |&(p, seed)| {
        let sc = StreamConfig {
            plan: plans[p].1.clone(),
            ..config.stream.clone()
        };
        let stream = LookupStream::generate(&sc, seed, &catalogue)
            .with_context(|| format!("generating the {} stream for seed {seed}", plans[p].0))?;
        Ok(Prepared {
            check: StreamCheck::of(&stream),
            ranks: best_ranks(&stream),
            stream,
        })
    })?;
    let stream_time = t1.elapsed();
    if let Some(path) = &config.trace_out {
        prepared[0]
            .stream
            .write_trace_csv(&config.stream.plan, path)
            .with_context(|| format!("writing the trace {}", path.display()))?;
    }

    let n_seeds = config.seeds.len();
    let (plan_budgets, run_jobs) = replay_jobs(config, &prepared, plans.len());
    progress.set_message("replaying the policies");
    progress.set_length(run_jobs.len() as u64);
    let t2 = Instant::now();
    let rows = parallel_map(
        &run_jobs,
        config.threads,
        progress,
        |&(i, policy, budget)| replay_row(&prepared[i], policy, budget),
    )?;
    let replay_time = t2.elapsed();
    let lookups_replayed = rows.iter().map(|r| r.lookups).sum();

    let mut results: Vec<PlanResults> = plans
        .iter()
        .enumerate()
        .map(|(p, (name, plan))| PlanResults {
            name: name.clone(),
            plan: plan.clone(),
            budgets: plan_budgets[p].clone(),
            streams: prepared[p * n_seeds..(p + 1) * n_seeds]
                .iter()
                .map(|x| stream_info(&x.stream, name, plan))
                .collect(),
            rows: Vec::new(),
        })
        .collect();
    for ((i, _, _), row) in run_jobs.iter().zip(rows) {
        results[i / n_seeds].rows.push(row);
    }
    let main = results.remove(0);
    let game_search = match &config.game_search_scenarios {
        Some(dir) => Some(game_search(config, dir, &prepared[0].stream, progress)?),
        None => None,
    };
    Ok(Outcome {
        game_search,
        config: config.clone(),
        policies: config.policies.clone(),
        main,
        controls: results,
        catalogue_time,
        stream_time,
        replay_time,
        lookups_replayed,
        provenance,
    })
}

/// Writes `rows` as the CSV `name` in `out_dir` through the typed schema; returns its path.
pub(crate) fn write_csv<R: CsvRecord>(
    out_dir: &Path,
    name: &str,
    rows: impl IntoIterator<Item = R>,
) -> Result<PathBuf> {
    let path = out_dir.join(name);
    write_atomic(&path, &write_records(rows, &path)?)?;
    Ok(path)
}

/// Writes the CSVs and `config.json` of an outcome into `out_dir`; returns the path of `eviction.csv`.
pub(crate) fn write_results(outcome: &Outcome, out_dir: &Path) -> Result<PathBuf> {
    std::fs::create_dir_all(out_dir).with_context(|| format!("creating {}", out_dir.display()))?;
    let prov = &outcome.provenance;
    let csv = write_csv(
        out_dir,
        "eviction.csv",
        outcome
            .main
            .rows
            .iter()
            .map(|r| r.clone().with_provenance(prov)),
    )?;
    write_csv(
        out_dir,
        "eviction_control.csv",
        outcome.controls.iter().flat_map(|c| {
            c.rows
                .iter()
                .map(|r| EvictionControlRecord::of(&c.name, r))
                .map(|r| r.with_provenance(prov))
        }),
    )?;
    let all = std::iter::once(&outcome.main).chain(&outcome.controls);
    write_csv(
        out_dir,
        "streams.csv",
        all.flat_map(|p| {
            p.streams
                .iter()
                .map(|s| s.row.clone().with_provenance(prov))
        }),
    )?;
    if let Some(g) = &outcome.game_search {
        write_csv(
            out_dir,
            "game_search.csv",
            g.rows.iter().map(|r| r.clone().with_provenance(prov)),
        )?;
    }
    let main = &outcome.main;
    write_csv(
        out_dir,
        "best_tens.csv",
        main.streams.iter().flat_map(|s| {
            s.best_tens.iter().enumerate().flat_map(move |(b, ten)| {
                ten.iter().enumerate().map(move |(rank, (shape, lookups))| {
                    BestTenRecord {
                        seed: s.row.seed,
                        board: main.plan.0[b].board(),
                        rank: rank as u64 + 1,
                        shape: shape.to_string(),
                        cells: shape.cells(),
                        lookups: *lookups as u64,
                        ..BestTenRecord::default()
                    }
                    .with_provenance(prov)
                })
            })
        }),
    )?;
    let config = super::report::Recorded::of(outcome);
    let config_path = out_dir.join("config.json");
    write_atomic(&config_path, &serde_json::to_vec_pretty(&config)?)?;
    Ok(csv)
}

/// Runs the experiment, writes the results into `out_dir` (and the report into the configured report folder),
/// and returns a summary. This is what `harness eviction` and the main job call; the caller finishes `progress`.
pub(crate) fn run(config: &Config, out_dir: &Path, progress: &Progress) -> Result<Summary> {
    let outcome = execute(config, progress)?;
    progress.set_message("writing results");
    let csv = write_results(&outcome, out_dir)?;
    // The report is rendered from the files just written, as `harness report` renders it.
    let report = match &config.report_dir {
        Some(dir) => Some(super::report::write_report(out_dir, dir)?),
        None => None,
    };
    Ok(Summary {
        csv,
        report,
        lines: super::report::summary_lines(&outcome),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn default_budgets_examples() {
        use crate::experiments::catalogue_eviction::experiment::default_budgets;
        assert_eq!(
            default_budgets(30),
            vec![1, 2, 3, 4, 6, 8, 10, 11, 16, 20, 23, 30]
        );
    }
}
